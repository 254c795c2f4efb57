// SQL_HINT and SIMPLE_HINT (ShardingSphere's SQLHintShadowAlgorithm and SimpleHintShadowAlgorithm)
// and the 5.0/5.1 shadow hint comment parser (ShadowHintExtractor).
#include <gtest/gtest.h>

#include "algorithm/shadow/simple_shadow_hint.h"
#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"

namespace sqlroute {
namespace {

using shadow::ParseSimpleShadowHint;
using Pairs = std::map<std::string, std::string>;

ShadowCheckInput HintInput(Pairs hints, bool shadow_hint = false) {
  ShadowCheckInput input;
  input.operation = "select";
  input.hints = std::move(hints);
  input.shadow_hint = shadow_hint;
  return input;
}

TEST(ShadowHintComment, Parse) {
  EXPECT_EQ(ParseSimpleShadowHint("/*shadow:true*/"), (Pairs{{"shadow", "true"}}));
  EXPECT_EQ(ParseSimpleShadowHint("/* shadow : true , user_id : 2 */"), (Pairs{{"shadow", "true"}, {"user_id", "2"}}));
  EXPECT_EQ(ParseSimpleShadowHint("/*shadow:true,@TRACE_CONTEXT@span-1:x@TRACE_CONTEXT@user_id:2*/"),
            (Pairs{{"shadow", "true"}, {"user_id", "2"}}));
  EXPECT_EQ(ParseSimpleShadowHint("shadow:true"), (Pairs{{"shadow", "true"}}));
  EXPECT_EQ(ParseSimpleShadowHint("/*url:http://x,flag,:v*/"), (Pairs{{"url", "http://x"}}));
  EXPECT_TRUE(ParseSimpleShadowHint("/* just a comment */").empty());
}

TEST(ShadowSqlHint, MatchesTheShadowFlag) {
  auto algorithm = AlgorithmRegistry::Global().CreateShadow("SQL_HINT", {}, "algo");
  EXPECT_TRUE(algorithm->IsHintAlgorithm());
  EXPECT_TRUE(algorithm->IsShadow(HintInput({}, true)));
  EXPECT_FALSE(algorithm->IsShadow(HintInput({{"shadow", "true"}}, false)));
}

TEST(ShadowSimpleHint, EveryPropMustBeInTheHint) {
  auto algorithm =
      AlgorithmRegistry::Global().CreateShadow("SIMPLE_HINT", {{"shadow", "true"}, {"user_id", "2"}}, "algo");
  EXPECT_TRUE(algorithm->IsHintAlgorithm());
  EXPECT_TRUE(algorithm->IsShadow(HintInput(ParseSimpleShadowHint("/*shadow:true,user_id:2*/"))));
  EXPECT_TRUE(algorithm->IsShadow(HintInput(ParseSimpleShadowHint("/*user_id:2, shadow:true, extra:x*/"))));
  EXPECT_FALSE(algorithm->IsShadow(HintInput(ParseSimpleShadowHint("/*shadow:true*/"))));
  EXPECT_FALSE(algorithm->IsShadow(HintInput(ParseSimpleShadowHint("/*shadow:true,user_id:3*/"))));
  EXPECT_FALSE(algorithm->IsShadow(HintInput({}, true)));
}

TEST(ShadowSimpleHint, SeedScenarioProps) {
  auto algorithm = AlgorithmRegistry::Global().CreateShadow("SIMPLE_HINT", {{"shadow", "true"}}, "algo");
  EXPECT_TRUE(algorithm->IsShadow(HintInput(ParseSimpleShadowHint("/*shadow:true*/"))));
  EXPECT_FALSE(algorithm->IsShadow(HintInput(ParseSimpleShadowHint("/*shadow:false*/"))));
  EXPECT_FALSE(algorithm->IsShadow(HintInput({})));
}

TEST(ShadowSimpleHint, NeedsProps) {
  try {
    AlgorithmRegistry::Global().CreateShadow("SIMPLE_HINT", {}, "algo");
    FAIL() << "empty props must be rejected";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::CONFIG_ALGORITHM_PROPS);
  }
}

}  // namespace
}  // namespace sqlroute
