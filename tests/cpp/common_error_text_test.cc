#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "sqlroute/error_text.h"

namespace sqlroute {
namespace {

constexpr std::string_view kIndexGiven[] = {"index", "given"};
constexpr std::string_view kIndexOnly[] = {"index"};
constexpr std::string_view kIndexTable[] = {"index", "table"};
constexpr std::string_view kIndexTwice[] = {"index", "index", "given"};
constexpr std::string_view kFormat = "no value is bound to parameter {index} ({given} given)";

// The check Message<> runs when a throw site compiles: exactly the format's names, each once.
static_assert(detail::TakesExactly(kFormat, kIndexGiven, 2));
static_assert(!detail::TakesExactly(kFormat, kIndexOnly, 1), "a missing name is rejected");
static_assert(!detail::TakesExactly(kFormat, kIndexTable, 2), "an unknown name is rejected");
static_assert(!detail::TakesExactly(kFormat, kIndexTwice, 3), "a name given twice is rejected");
static_assert(!detail::TakesExactly("unpaired } brace", kIndexOnly, 0));
static_assert(detail::TakesExactly("write ${{...}}", kIndexOnly, 0), "doubled braces are literal");

TEST(ErrorText, EveryCatalogueMessageRendersWithItsArguments) {
  for (const MessageEntry& entry : kMessages) {
    std::vector<std::string_view> names = MessageArgNames(entry.format);
    std::vector<std::string> values;
    for (std::string_view name : names) values.push_back("<" + std::string(name) + " value>");
    std::vector<const std::string*> pointers;
    for (const std::string& value : values) pointers.push_back(&value);
    ASSERT_TRUE(detail::TakesExactly(entry.format, names.data(), names.size())) << entry.name;
    std::string rendered = detail::Render(entry.format, names.data(), pointers.data(), names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
      EXPECT_NE(rendered.find(values[i]), std::string::npos) << entry.name << ": " << rendered;
      EXPECT_EQ(rendered.find("{" + std::string(names[i]) + "}"), std::string::npos) << entry.name;
    }
    EXPECT_FALSE(rendered.empty()) << entry.name;
  }
}

TEST(ErrorText, EachTextIsOneEntryOfItsCode) {
  std::set<std::pair<int, std::string_view>> seen;
  std::set<std::string_view> names;
  for (const MessageEntry& entry : kMessages) {
    EXPECT_TRUE(seen.insert({entry.prefix ? -1 : static_cast<int>(entry.code), entry.format}).second)
        << "twice in the catalogue: " << entry.format;
    EXPECT_TRUE(names.insert(entry.name).second) << entry.name;
  }
}

TEST(ErrorText, TextRendersArgumentsAndCarriesTheCode) {
  ErrorText text = Message<msg::ParameterNotBound>(arg::index = 3, arg::given = std::size_t{2});
  EXPECT_EQ(text.code, ErrorCode::PARAMETER_MISSING);
  EXPECT_EQ(text.message, "no value is bound to parameter 3 (2 given)");
  Error error(Message<msg::ParameterNotBound>(arg::given = 0, arg::index = 1), SourcePosition{1, 8, 7});
  EXPECT_STREQ(error.what(), "[PARAMETER_MISSING] no value is bound to parameter 1 (0 given) [at 1:8]");
  Error config(Message<msg::MissingKey>(arg::key = "type"), std::string("rules[0]"));
  EXPECT_STREQ(config.what(), "[CONFIG_MISSING_KEY] missing required key `type` [at rules[0]]");
}

TEST(ErrorText, DoubledBracesAndCharactersRenderLiterally) {
  EXPECT_EQ(Message<msg::InlinePropertyAccess>().message, "property access is not supported; write ${...}");
  EXPECT_EQ(Message<msg::InlineUnclosedPlaceholder>().message, "unclosed placeholder, expected `}`");
  EXPECT_EQ(Message<msg::DistSqlUnexpectedCharacter>(arg::character = '#').message, "unexpected character `#`");
}

TEST(ErrorText, PrefixedKeepsTheWrappedCode) {
  Error inner(Message<msg::ParameterNotBound>(arg::index = 2, arg::given = 1));
  ErrorText text = Prefixed<msg::InParameterSet>(inner, arg::set = 4);
  EXPECT_EQ(text.code, ErrorCode::PARAMETER_MISSING);
  EXPECT_EQ(text.message, "in parameter set 4: no value is bound to parameter 2 (1 given)");
}

TEST(ErrorText, MergeCodesHaveTheirOwnCategory) {
  for (ErrorCode code : {ErrorCode::MERGE_COLUMNS_MISMATCH, ErrorCode::MERGE_COLUMN_NOT_FOUND,
                         ErrorCode::MERGE_VALUE_INVALID, ErrorCode::MERGE_ROW_LENGTH}) {
    EXPECT_EQ(CategoryOf(code), ErrorCategory::Merge) << ErrorCodeName(code);
  }
  EXPECT_EQ(CategoryName(ErrorCategory::Merge), "merge");
}

}  // namespace
}  // namespace sqlroute
