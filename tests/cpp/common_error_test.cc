#include <gtest/gtest.h>

#include "sqlroute/error.h"

namespace sqlroute {
namespace {

TEST(ErrorTest, CarriesCodeCategoryAndPosition) {
  Error error(ErrorCode::SQL_SYNTAX_ERROR, "unexpected token", SourcePosition{2, 5, 17});
  EXPECT_EQ(error.code(), ErrorCode::SQL_SYNTAX_ERROR);
  EXPECT_EQ(error.category(), ErrorCategory::Syntax);
  EXPECT_EQ(error.message(), "unexpected token");
  ASSERT_TRUE(error.position().has_value());
  EXPECT_EQ(error.position()->line, 2);
  EXPECT_STREQ(error.what(), "[SQL_SYNTAX_ERROR] unexpected token [at 2:5]");
}

TEST(ErrorTest, ConfigErrorNamesKeyPath) {
  Error error(ErrorCode::CONFIG_MISSING_KEY, "missing `type`", std::string("rules[0].shardingAlgorithms.mod"));
  EXPECT_EQ(error.category(), ErrorCategory::Config);
  EXPECT_EQ(error.config_path(), "rules[0].shardingAlgorithms.mod");
  EXPECT_STREQ(error.what(), "[CONFIG_MISSING_KEY] missing `type` [at rules[0].shardingAlgorithms.mod]");
}

TEST(ErrorTest, CatalogueKeepsShardingSphereCodes) {
  EXPECT_EQ(ShardingSphereCode(ErrorCode::SHARDING_VALUE_NULL), 20020);
  EXPECT_EQ(ShardingSphereCode(ErrorCode::INSERT_MULTIPLE_NODES), 20087);
  EXPECT_EQ(ErrorCodeName(ErrorCode::ROUTED_TARGET_NOT_EXIST), "ROUTED_TARGET_NOT_EXIST");
}

TEST(ErrorTest, PositionAtCountsLinesAndColumns) {
  SourcePosition position = PositionAt("SELECT 1\nFROM x", 11);
  EXPECT_EQ(position.line, 2);
  EXPECT_EQ(position.column, 3);
  EXPECT_EQ(position.offset, 11u);
}

}  // namespace
}  // namespace sqlroute
