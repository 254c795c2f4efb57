// The hand-written lexer gives exactly the tokens of the generated ANTLR lexer: types, channels,
// code-point indexes, lines and columns, and the same error where no token starts.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "parser/lexer_check.h"
#include "support/golden.h"

namespace sqlroute::parser {
namespace {

void ExpectSameTokens(const std::string& sql) {
  Lexed by_hand = LexByHand(sql);
  Lexed generated = LexWithGeneratedLexer(sql);
  EXPECT_EQ(Describe(by_hand), Describe(generated)) << "statement: " << sql;
}

void CollectSql(const YAML::Node& node, std::vector<std::string>& out) {
  if (node.IsMap()) {
    for (const auto& entry : node) {
      if (entry.first.as<std::string>() == "sql" && entry.second.IsScalar()) out.push_back(entry.second.as<std::string>());
      CollectSql(entry.second, out);
    }
  } else if (node.IsSequence()) {
    for (const auto& item : node) CollectSql(item, out);
  }
}

TEST(LexerTest, GoldenStatementsLexAsTheGeneratedLexerLexesThem) {
  std::vector<std::string> statements;
  for (const char* folder : {"parse", "route"}) {
    for (const auto& file : testing_support::GoldenFiles(folder)) CollectSql(YAML::LoadFile(file), statements);
  }
  ASSERT_GT(statements.size(), 1000u);
  for (const auto& sql : statements) ExpectSameTokens(sql);
}

TEST(LexerTest, EdgesOfEveryTokenRule) {
  static const char* const kCases[] = {
      // numbers, identifiers that start with digits
      "1 1.5 .5 1. 1e5 1E+5 1e-5 1.e5 .5e5 1e 1e+ 1.5e 1ex 1e5x 12abc 123 0x1F 0X1F 0x 0x1G 0b01 0b012 0b 1.2.3",
      "a.5 t1.col 1.col 1..2 $a a$ _a 9$ 1_2",
      // quoted texts
      "'a' 'a''b' 'a\\'b' 'a\\\\' '' '''' 'a'b' \"a\" \"a\"\"b\" \"a\\\"b\" `a` `a``b` ``",
      "X'0F' x'' X'0G' x'0f b'01' B'' b'012' N'abc' n'' N 'abc' xn'a'",
      "_utf8mb4'x' _utf8 'x' _utf8mb4 \t\n'x' _UTF8 'x' _foo 'x' _ab'x' _$a'x' _latin1\f'x' _binary'x'",
      // variables
      "@a @a.b.c @'x' @`x` @\"x\" @ @@ @@a @@session.x @@a.b.c @@a. @@`x` @@'x' @1 @$ @.",
      // comments
      "/* c */ /**/ /***/ /*/ */ /**/ x */ /*!50000 SELECT */ /*! 1 */ /*!*/ */ a",
      "/*!50000 SELECT /* inner */ 1 */ 2 */",
      "# line\nSELECT 1 -- c\n--\n-- \t\n--x --\r\n-->1 a--b",
      "SELECT 1 /* unterminated",
      // operators
      ":= <=> <= >= <> != << >> && || ->> -> = < > + - * / % ^ & | ~ ! ( ) { } , ; . ? @ := :",
      "a->'$.x' a->>'$.x' a-->b a<=>b a<<=b",
      // keywords in any case, words around them
      "select SELECT SeLeCt selectx select$ select1 _select auto_increment AUTO_INCREMENT avg_row_length",
      "SECONDARY_ENGINE SECONDARY_ENGINE_ATTRIBUTE skip null not_null key_block_size",
      // non-ASCII
      "SELECT 'é' FROM 数据 WHERE `名` = \"ü\" AND é1 = 1 -- ß\n/* 文 */ x",
      "数据'x' _é'x' @é @@é",
      // lines and columns
      "SELECT\n  a,\r\n  b\n\nFROM t",
  };
  for (const char* sql : kCases) ExpectSameTokens(sql);
}

TEST(LexerTest, ErrorsPointWhereTheGeneratedLexerPoints) {
  static const char* const kCases[] = {"SELECT 'abc",   "SELECT \"abc",   "SELECT `abc",  "SELECT 1 \\ 2",
                                       "SELECT [1]",    "SELECT 'a''",    "x'0f",         "N'abc",
                                       "_utf8 'x",      "@'x",            "@@`x",         "SELECT 'a\\'",
                                       "SELECT \x01 1", "é \x7f",         "a ] b",        "'é"};
  for (const char* sql : kCases) {
    ExpectSameTokens(sql);
    EXPECT_FALSE(LexByHand(sql).error.empty()) << sql;
  }
}

// Texts built from pieces where token rules meet: the two lexers must agree on every one.
TEST(LexerTest, RandomPiecesLexAlike) {
  static const char* const kPieces[] = {
      "/*", "*/", "/*!", "!", "*", "/", "--", "-", " ", "\t", "\n", "\r", "#", "'", "''", "\"", "`", "\\",
      "x", "X", "b", "N", "n", "e", "E", "_", "_utf8", "_latin1", "$", "0", "1", "9", "0x", "0b", "f", ".",
      "@", "@@", "<", "=", ">", ":", "|", "&", "select", "FROM", "a", "é", "数", "?", ";", "(", "+", "5",
      "\\'", "\f", "\v", "0x1", "1e", "e+", "X'", "N'", "b'", "'a", "@'", "@`", "_utf8 ", "utf8mb4", "\x7f",
      "AUTO_INCREMENT", "avg_row_length", "->", "->>", "{", "}", "~", "^", "%", "1.", ".5", "@a.", "*/*", "/**/",
      "--\t", "-- ", "\"\"", "``"};
  std::mt19937 random(20261201);
  std::uniform_int_distribution<std::size_t> piece(0, sizeof(kPieces) / sizeof(kPieces[0]) - 1);
  std::uniform_int_distribution<int> length(1, 16);
  for (int i = 0; i < 20000; ++i) {
    std::string sql;
    for (int n = length(random); n > 0; --n) sql += kPieces[piece(random)];
    Lexed by_hand = LexByHand(sql);
    Lexed generated = LexWithGeneratedLexer(sql);
    ASSERT_EQ(Describe(by_hand), Describe(generated)) << "statement: " << sql;
  }
}

}  // namespace
}  // namespace sqlroute::parser
