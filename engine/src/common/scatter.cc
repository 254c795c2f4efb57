#include "sqlroute/scatter.h"

#include "sqlroute/error_text.h"

namespace sqlroute {
namespace {

// The {names} a format may use: each is one field of ScatterReason.
constexpr std::string_view kFieldNames[] = {"level", "table",  "column", "algorithm", "type",       "span",
                                            "detail", "kind", "count",  "values",    "span_values"};
constexpr std::size_t kFields = sizeof(kFieldNames) / sizeof(kFieldNames[0]);

constexpr bool NamesOnlyFields(std::string_view format) {
  bool known = true;
  bool well_formed = detail::ScanFormat(format, [&](std::string_view name) {
    bool found = false;
    for (std::string_view field : kFieldNames) found = found || field == name;
    known = known && found;
  });
  return well_formed && known;
}

constexpr bool AllFormatsNameFields() {
  for (const ScatterEntry& entry : kScatterEntries) {
    if (!NamesOnlyFields(entry.format)) return false;
  }
  return true;
}
static_assert(AllFormatsNameFields(), "a scatter reason's format names something that is not a ScatterReason field");

std::string SpanValues(const ScatterSpan& span) {
  if (!span.bounded) return "unbounded";
  if (span.last < span.first) return "0";
  // In 128 bits: the span of two 64-bit bounds may not fit 64.
  unsigned __int128 count = static_cast<unsigned __int128>(static_cast<__int128>(span.last) - span.first) + 1;
  std::string digits;
  for (; count > 0; count /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(count % 10)));
  return digits;
}

}  // namespace

const char* ScatterLevelName(ScatterLevel level) {
  switch (level) {
    case ScatterLevel::DataSource: return "data source";
    case ScatterLevel::Table: return "table";
    default: return "statement";
  }
}

std::string ScatterReason::message() const {
  const std::string fields[kFields] = {ScatterLevelName(level), table, column, algorithm, type, text, text, text,
                                       std::to_string(count), std::to_string(values), SpanValues(span)};
  const std::string* values_of[kFields];
  for (std::size_t i = 0; i < kFields; ++i) values_of[i] = &fields[i];
  return detail::Render(kScatterEntries[static_cast<std::size_t>(code)].format, kFieldNames, values_of, kFields);
}

}  // namespace sqlroute
