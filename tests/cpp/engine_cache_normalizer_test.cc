// The plan cache's tokenizer: which tokens are literals, their classes, values and spans, and
// which statements it leaves to the parser.
#include <gtest/gtest.h>

#include <string>

#include "cache/sql_normalizer.h"

namespace sqlroute::cache {
namespace {

std::string Shape(std::string_view sql) {
  auto normalized = Normalize(sql);
  if (!normalized) return "<none>";
  std::string readable;
  for (char c : normalized->shape) readable += c == '\x01' ? '#' : c;
  return readable;
}

std::vector<std::string> LiteralTexts(std::string_view sql) {
  std::vector<std::string> texts;
  auto normalized = Normalize(sql);
  for (const auto& t : normalized->literals) texts.emplace_back(sql.substr(t.begin, t.end - t.begin));
  return texts;
}

TEST(CacheNormalizerTest, NumbersByLexerClass) {
  EXPECT_EQ(Shape("SELECT 1, 12.5, .5, 1., 1e5, 1.5E-3, 0x1F, X'0a', 0b101, b'11'"),
            "SELECT #i, #d, #d, #d, #f, #f, #x, #x, #b, #b");
  EXPECT_EQ(LiteralTexts("SELECT 1.5E-3 + 7"), (std::vector<std::string>{"1.5E-3", "7"}));
}

TEST(CacheNormalizerTest, DigitsFollowedByLettersAreIdentifiers) {
  EXPECT_EQ(Shape("SELECT 1abc, 1e5x, 0x1g, 0b12, 0X1F, 1e FROM t1"), "SELECT 1abc, 1e5x, 0x1g, 0b12, 0X1F, 1e FROM t1");
  EXPECT_EQ(Shape("SELECT t1.5, a1 FROM t"), "SELECT t1#d, a1 FROM t");  // the lexer reads .5 after t1
}

TEST(CacheNormalizerTest, StringsWithEscapesAndDoubledQuotes) {
  EXPECT_EQ(Shape(R"(SELECT 'it''s', 'a\'b', "x""y", "q\"", N'n', _utf8mb4'c', '')"), "SELECT #s, #s, #q, #q, #n, #c, #s");
  EXPECT_EQ(LiteralTexts(R"(SELECT 'a\\' , 'b')"), (std::vector<std::string>{R"('a\\')", "'b'"}));
}

TEST(CacheNormalizerTest, DecodesLikeTheParser) {
  EXPECT_EQ(DecodeLiteral("7", LiteralClass::Integer), Value::Int(7));
  EXPECT_EQ(DecodeLiteral("2147483648", LiteralClass::Integer), Value::Long(2147483648LL));
  EXPECT_EQ(DecodeLiteral("99999999999999999999", LiteralClass::Integer), Value::BigInt("99999999999999999999"));
  EXPECT_EQ(DecodeLiteral(".50", LiteralClass::Decimal), Value::Decimal("0.50"));
  EXPECT_EQ(DecodeLiteral("1.5e2", LiteralClass::Float), Value::Double(150));
  EXPECT_EQ(DecodeLiteral("X'4142'", LiteralClass::Hex), Value::Bytes("AB"));
  EXPECT_EQ(DecodeLiteral("0b1000001", LiteralClass::Bits), Value::Bytes("A"));
  EXPECT_EQ(DecodeLiteral(R"('it''s\n\%')", LiteralClass::String), Value::String("it's\n\\%"));
  EXPECT_EQ(DecodeLiteral(R"(N'x\ty')", LiteralClass::National), Value::String("x\ty"));
  EXPECT_EQ(DecodeLiteral("_utf8mb4'\xC3\xA9'", LiteralClass::Charset), Value::String("\xC3\xA9"));
}

TEST(CacheNormalizerTest, CommentsAreKeptAsWritten) {
  EXPECT_EQ(Shape("SELECT 1 /* 2 '3' */ # 4\n-- 5\nFROM t --\n"), "SELECT #i /* 2 '3' */ # 4\n-- 5\nFROM t --\n");
  EXPECT_EQ(Shape("SELECT 5--3"), "SELECT #i--#i");  // '--' without a space is two minus signs
  EXPECT_EQ(Shape("SELECT /*!50000 7 */ 8"), "SELECT /*!50000 #i */ #i");  // versioned comments hold SQL
}

TEST(CacheNormalizerTest, QuotedNamesAndVariablesAreNoLiterals) {
  EXPECT_EQ(Shape("SELECT `1`, `a``2`, @x1, @'v', @\"w\", @@session.sql_mode, @@`x` FROM t WHERE id = ?"),
            "SELECT `1`, `a``2`, @x1, @'v', @\"w\", @@session.sql_mode, @@`x` FROM t WHERE id = ?");
}

TEST(CacheNormalizerTest, NonAsciiTextKeepsByteSpans) {
  std::string sql = "SELECT \xE5\x90\x8D FROM t WHERE c = '\xE4\xB8\xAD\xE6\x96\x87' AND d = 3";
  auto normalized = Normalize(sql);
  ASSERT_TRUE(normalized);
  ASSERT_EQ(normalized->literals.size(), 2u);
  EXPECT_EQ(sql.substr(normalized->literals[0].begin, normalized->literals[0].end - normalized->literals[0].begin),
            "'\xE4\xB8\xAD\xE6\x96\x87'");
  EXPECT_EQ(normalized->literals[1].type, LiteralClass::Integer);
}

TEST(CacheNormalizerTest, LeavesStatementsOverTheLiteralCapToTheParser) {
  EXPECT_TRUE(Normalize("SELECT 1, 'a', 2", 3).has_value());
  EXPECT_FALSE(Normalize("SELECT 1, 'a', 2, 3", 3).has_value());
  EXPECT_TRUE(Normalize("SELECT a FROM t", 0).has_value());
}

TEST(CacheNormalizerTest, PunctuationRunsAndShortLiteralsKeepTheirShape) {
  EXPECT_EQ(Shape("SELECT(1,2),(3)=-4;--x"), "SELECT(#i,#i),(#i)=-#i;--x");
  EXPECT_EQ(Shape("a IN (1,2,3,4,5,6,7,8,9)"), "a IN (#i,#i,#i,#i,#i,#i,#i,#i,#i)");
  EXPECT_EQ(LiteralTexts("x=1.5e3,y=12ab,z=7"), (std::vector<std::string>{"1.5e3", "7"}));
}

TEST(CacheNormalizerTest, LeavesUnterminatedAndControlTextToTheParser) {
  for (const char* sql : {"SELECT 'abc", "SELECT \"abc\\\"", "SELECT `a", "SELECT 1 /* x", "SELECT @'x",
                          "SELECT N'x", "SELECT _utf8'x", "SELECT \x02 1"}) {
    EXPECT_FALSE(Normalize(sql).has_value()) << sql;
  }
}

TEST(CacheNormalizerTest, ArbitraryBytesNeverCrash) {
  const std::string alphabet = "'\"`\\/*!#-@?0x1bBeE.5 N_\n\x80\xff";
  std::string sql;
  uint32_t seed = 12345;
  for (int round = 0; round < 2000; ++round) {
    sql.clear();
    for (int i = 0; i < 40; ++i) {
      seed = seed * 1103515245u + 12345u;
      sql += alphabet[(seed >> 16) % alphabet.size()];
    }
    auto normalized = Normalize(sql);
    if (!normalized) continue;
    for (const auto& t : normalized->literals) {
      ASSERT_LT(t.begin, t.end);
      ASSERT_LE(t.end, sql.size());
    }
  }
}

}  // namespace
}  // namespace sqlroute::cache
