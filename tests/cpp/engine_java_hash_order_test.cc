// Java's String#hashCode and HashMap table sizes, which order the data sources of a cartesian
// route as ShardingCartesianRouteEngine's HashMap iterates them.
#include <gtest/gtest.h>

#include "route/java_hash_order.h"

namespace sqlroute::route {
namespace {

TEST(JavaStringHashTest, MatchesStringHashCode) {
  EXPECT_EQ(JavaStringHash(""), 0);
  EXPECT_EQ(JavaStringHash("hello"), 99162322);
  EXPECT_EQ(JavaStringHash("polygenelubricants"), INT32_MIN);  // the well-known overflow to MIN_VALUE
  EXPECT_EQ(JavaStringHash("\xC3\xA9"), 0xE9);                  // U+00E9: one UTF-16 unit
  EXPECT_EQ(JavaStringHash("\xF0\x9F\x98\x80"), 0xD83D * 31 + 0xDE00);  // U+1F600: a surrogate pair
}

TEST(JavaStringHashTest, SpreadFoldsTheHighHalf) {
  auto hash = static_cast<uint32_t>(JavaStringHash("polygenelubricants"));
  EXPECT_EQ(JavaSpreadHash("polygenelubricants"), hash ^ (hash >> 16));
  EXPECT_EQ(JavaSpreadHash("hello"), 99162322u ^ (99162322u >> 16));
}

TEST(JavaTableSizeTest, LoadFactorOneDoublesPastTheCapacity) {
  EXPECT_EQ(JavaTableSizeLoadOne(0, 0), 1u);
  EXPECT_EQ(JavaTableSizeLoadOne(2, 2), 2u);
  EXPECT_EQ(JavaTableSizeLoadOne(3, 1), 4u);
  EXPECT_EQ(JavaTableSizeLoadOne(2, 3), 4u);
  EXPECT_EQ(JavaTableSizeLoadOne(2, 5), 8u);
}

TEST(JavaTableSizeTest, DefaultSetGrowsPastThreeQuarters) {
  EXPECT_EQ(JavaDefaultTableSize(0), 16u);
  EXPECT_EQ(JavaDefaultTableSize(12), 16u);
  EXPECT_EQ(JavaDefaultTableSize(13), 32u);
  EXPECT_EQ(JavaDefaultTableSize(25), 64u);
}

}  // namespace
}  // namespace sqlroute::route
