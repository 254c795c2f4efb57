// Algorithms throw sqlroute::Error with a code, never std::invalid_argument or std::logic_error.
#include <gtest/gtest.h>

#include "algorithm/keygen/snowflake_epoch.h"
#include "algorithm/shadow/java_regex.h"
#include "algorithm/sharding/datetime_pattern.h"
#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm_test::kPath;
using algorithm_test::Standard;
using algorithm_test::Target;

TEST(AlgorithmErrors, InlineExpressionThatDoesNotParseIsAPropsError) {
  EXPECT_PROPS_ERROR(Standard("INLINE", {{"algorithm-expression", "t_order_${order_id % }"}}),
                     "Inline expression `t_order_${order_id % }` is invalid at position 22: expected an expression");
}

TEST(AlgorithmErrors, IntervalPatternProblemsAreSqlrouteErrors) {
  EXPECT_SQLROUTE_ERROR(algorithm::DateTimePattern("yyyy-MM-dd 'T"), CONFIG_ALGORITHM_PROPS,
                        "unterminated quote in pattern `yyyy-MM-dd 'T`");
  EXPECT_PROPS_ERROR(Standard("INTERVAL", {{"datetime-pattern", "yyyy-MM-dd #"},
                                           {"datetime-lower", "2024-01-01 #"},
                                           {"sharding-suffix-pattern", "yyyyMM"},
                                           {"datetime-interval-amount", "1"},
                                           {"datetime-interval-unit", "MONTHS"}}),
                     "Invalid `datetime-pattern`: unsupported character `#` in pattern `yyyy-MM-dd #`.");
}

TEST(AlgorithmErrors, HashModValueWithoutJavaHashIsAShardingValueError) {
  auto hash_mod = Standard("HASH_MOD", {{"sharding-count", "4"}});
  EXPECT_SQLROUTE_ERROR(
      hash_mod->DoSharding({"t_order_0", "t_order_1", "t_order_2", "t_order_3"}, Target(), Value::Bytes("\x01")),
      SHARDING_VALUE_INVALID,
      "Invalid sharding value bytes:X'01' for HASH_MOD sharding algorithm: its Java hash code is not "
      "defined here.");
}

TEST(AlgorithmErrors, EncryptPropsErrorsNameTheProp) {
  EXPECT_PROPS_ERROR(AlgorithmRegistry::Global().CreateEncryptor("SM4", {{"sm4-key", "00"}}, kPath),
                     "`sm4-key` must be 16 bytes written as 32 hex digits");
}

TEST(AlgorithmErrors, LoadBalancerWeightThatIsNoNumber) {
  try {
    AlgorithmRegistry::Global().CreateLoadBalancer("WEIGHT", {{"read_ds_0", "heavy"}}, kPath);
    ADD_FAILURE() << "expected CONFIG_ALGORITHM_PROPS";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
    EXPECT_EQ(error.message(), "Weight `heavy` of available target `read_ds_0` should be number.");
  }
}

TEST(AlgorithmErrors, ZoneAndRegexProblemsAreSqlrouteErrors) {
  EXPECT_SQLROUTE_ERROR(algorithm::SnowflakeEpochMillis(std::string("Mars/Olympus")), CONFIG_ALGORITHM_PROPS,
                        "unknown zone id");
  EXPECT_SQLROUTE_ERROR(shadow::JavaRegex("a++"), CONFIG_ALGORITHM_PROPS, "possessive quantifiers are not supported");
  EXPECT_SQLROUTE_ERROR(shadow::JavaRegex("\\p{Alpha}"), CONFIG_ALGORITHM_PROPS,
                        "\\p{...} character classes are not supported");
}

}  // namespace
}  // namespace sqlroute
