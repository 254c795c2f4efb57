// Robustness: arbitrary input only ever yields a statement or a sqlroute::Error, and parsing
// from several threads at once gives the same results as parsing alone.
#include <gtest/gtest.h>

#include <random>
#include <thread>

#include "parser/sql_parser.h"
#include "sqlroute/error.h"

namespace sqlroute::parser {
namespace {

// Parses `sql`; true when it parsed, false on a sqlroute::Error. Any other exception escapes.
bool Parses(const std::string& sql) {
  try {
    Parse(sql);
    return true;
  } catch (const Error&) {
    return false;
  }
}

TEST(ParserRobustnessTest, RandomTokenSoupNeverEscapesAsAnythingButError) {
  static const char* const kPieces[] = {
      "SELECT", "FROM", "WHERE", "(", ")", ",", "t", "a.b", "?", "'x'", "1", "1.5", "AND", "OR", "NOT",
      "IN", "BETWEEN", "LIKE", "IS", "NULL", "=", "+", "-", "*", "JOIN", "ON", "INSERT", "INTO", "VALUES",
      "UPDATE", "SET", "DELETE", "CREATE", "TABLE", "INT", "PRIMARY", "KEY", "UNION", "ORDER", "BY",
      "LIMIT", "CASE", "WHEN", "THEN", "END", "/*", "*/", "/*!", "--", "#", "\n", "`", "\"", "'", "@",
      "@@", ";", "é", "数据", "\\", "0x", "X'", "_utf8mb4'", "INTERVAL", "DAY", "->", "->>", "!", "~"};
  std::mt19937 random(42);
  std::uniform_int_distribution<size_t> piece(0, sizeof(kPieces) / sizeof(kPieces[0]) - 1);
  std::uniform_int_distribution<int> length(1, 30);
  for (int i = 0; i < 3000; ++i) {
    std::string sql;
    for (int n = length(random); n > 0; --n) {
      sql += kPieces[piece(random)];
      sql += ' ';
    }
    EXPECT_NO_THROW(Parses(sql)) << sql;
  }
}

TEST(ParserRobustnessTest, RandomBytesNeverEscapeAsAnythingButError) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<int> length(0, 64);
  for (int i = 0; i < 2000; ++i) {
    std::string sql;
    for (int n = length(random); n > 0; --n) sql += static_cast<char>(byte(random));
    EXPECT_NO_THROW(Parses(sql));
  }
}

TEST(ParserRobustnessTest, ParallelParsesAgree) {
  const std::vector<std::string> statements = {
      "SELECT c FROM sbtest1 WHERE id = ?",
      "INSERT INTO t (a, b) VALUES (1, 2), (3, 4)",
      "UPDATE t SET a = a + 1 WHERE b IN (SELECT b FROM u)",
      "SELECT a, COUNT(*) FROM t1 JOIN t2 USING (id) GROUP BY a ORDER BY 2 DESC LIMIT 5",
      "CREATE TABLE x (id INT PRIMARY KEY, v VARCHAR(10))",
      "SELECT * FROM t WHERE a = 1 OR (b = 2 AND c LIKE 'x%')",
  };
  std::vector<size_t> expected;
  for (const auto& sql : statements) expected.push_back(Parse(sql).exprs.size());
  std::vector<std::thread> threads;
  std::vector<int> mismatches(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 300; ++i) {
        size_t k = static_cast<size_t>(i + t) % statements.size();
        if (Parse(statements[k]).exprs.size() != expected[k]) ++mismatches[static_cast<size_t>(t)];
      }
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

}  // namespace
}  // namespace sqlroute::parser
