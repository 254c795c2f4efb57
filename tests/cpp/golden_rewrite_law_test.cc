// The single-unit law checker the golden runner applies to every case: what it accepts and,
// above all, that it catches the rewrites a single unit must not get.
#include <gtest/gtest.h>

#include "support/rewrite_law.h"

namespace sqlroute::testing_support {
namespace {

LawContext Context() { return {"sharding_db", {{"t_order", "t_order_1"}, {"t_order_item", "t_order_item_1"}}, {"order_id"}}; }

void ExpectAllowed(const std::string& logic, const std::string& unit) {
  EXPECT_EQ(SingleUnitLawViolation(logic, unit, Context()), "") << logic << "  ->  " << unit;
}

void ExpectViolation(const std::string& logic, const std::string& unit, const std::string& hunk) {
  EXPECT_EQ(SingleUnitLawViolation(logic, unit, Context()), hunk) << logic << "  ->  " << unit;
}

TEST(RewriteLawTest, NamesMayChange) {
  ExpectAllowed("SELECT * FROM t_order WHERE order_id = 1", "SELECT * FROM t_order_1 WHERE order_id = 1");
  ExpectAllowed("SELECT t_order.order_id FROM `t_order`", "SELECT t_order_1.order_id FROM `t_order_1`");
  ExpectAllowed("SELECT *\n  FROM t_order  o", "SELECT * FROM t_order_1 o");
  ExpectAllowed("CREATE TABLE t_order (id INT, INDEX idx_id (id), CONSTRAINT fk FOREIGN KEY (id) REFERENCES t_order_item (id))",
                "CREATE TABLE t_order_1 (id INT, INDEX idx_id_t_order_1 (id), CONSTRAINT fk_t_order_1 FOREIGN KEY (id) "
                "REFERENCES t_order_item_1 (id))");
}

TEST(RewriteLawTest, TheLogicalSchemaAndTheHintMayGo) {
  ExpectAllowed("SELECT * FROM sharding_db.t_order", "SELECT * FROM t_order_1");
  ExpectAllowed("SHOW COLUMNS FROM t_order FROM sharding_db", "SHOW COLUMNS FROM t_order_1 ");
  ExpectAllowed("SHOW INDEX IN t_order IN `SHARDING_DB`", "SHOW INDEX IN t_order_1 ");
  ExpectAllowed("/* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY=true */ SELECT 1", "SELECT 1");
  ExpectViolation("SELECT * FROM other_db.t_order", "SELECT * FROM t_order_1", "tokens [other_db .] became []");
  ExpectViolation("/* keep */ SELECT 1", "SELECT 1", "tokens [/* keep */] became []");
}

TEST(RewriteLawTest, AnInsertMayGetItsGeneratedKey) {
  ExpectAllowed("INSERT INTO t_order (user_id) VALUES (?), (?)", "INSERT INTO t_order_1 (user_id, order_id) VALUES (?, ?), (?, ?)");
  ExpectAllowed("INSERT INTO t_order (user_id) VALUES (1)", "INSERT INTO t_order_1 (user_id, order_id) VALUES (1, 1334547148439552000)");
  ExpectAllowed("INSERT INTO t_order SET user_id = 1", "INSERT INTO t_order_1 SET user_id = 1, order_id = 7");
  ExpectAllowed("INSERT INTO t_order VALUES (1, 'x')", "INSERT INTO t_order_1(user_id, status, order_id) VALUES (1, 'x', 7)");
  ExpectAllowed("INSERT INTO t_order (user_id,order_id) VALUES(1,2)", "INSERT INTO t_order_1 (user_id, order_id) VALUES(1, 2)");
  ExpectViolation("INSERT INTO t_order (user_id) VALUES (1)", "INSERT INTO t_order_1 (user_id, status) VALUES (1, 'x')",
                  "tokens [] became [, status]");
  ExpectViolation("SELECT order_id FROM t_order", "SELECT order_id, 7 FROM t_order_1", "tokens [] became [, 7]");
}

TEST(RewriteLawTest, ShardingRewritesOfSeveralUnitsAreCaught) {
  ExpectViolation("SELECT * FROM t_order ORDER BY order_id LIMIT 2, 3", "SELECT * FROM t_order_1 ORDER BY order_id LIMIT 0, 5",
                  "tokens [2] became [0]");
  ExpectViolation("SELECT status FROM t_order ORDER BY order_id",
                  "SELECT status, order_id AS ORDER_BY_DERIVED_0 FROM t_order_1 ORDER BY order_id",
                  "tokens [] became [, order_id AS ORDER_BY_DERIVED_0]");
  ExpectViolation("SELECT AVG(x) FROM t_order", "SELECT AVG(x), COUNT(x) AS AVG_DERIVED_COUNT_0 FROM t_order_1",
                  "tokens [] became [, COUNT ( x ) AS AVG_DERIVED_COUNT_0]");
  ExpectViolation("SELECT * FROM t_order WHERE order_id IN (1, 3)", "SELECT * FROM t_order_1 WHERE order_id IN (1)",
                  "tokens [, 3] became []");
  ExpectViolation("SELECT * FROM t_order", "SELECT * FROM t_order_1 UNION ALL SELECT * FROM t_order_1",
                  "tokens [] became [UNION ALL SELECT * FROM t_order_1]");
  ExpectViolation("SELECT * FROM t_order", "SELECT * FROM t_order_0", "tokens [t_order] became [t_order_0]");
  ExpectViolation("SELECT * FROM `t_order`", "SELECT * FROM t_order_1", "tokens [`t_order`] became [t_order_1]");
  ExpectViolation("SELECT 'a' FROM t_order", "SELECT 'b' FROM t_order_1", "tokens ['a'] became ['b']");
}

TEST(RewriteLawTest, TokensCoverMySqlLexemes) {
  std::vector<LawToken> tokens = LawTokens("SELECT `a``b`, 'it''s', \"q\\\"\", 1.5e+3, ? -- c\n# d\n/* e */ <=> x");
  std::vector<std::string> texts;
  for (const auto& token : tokens) texts.push_back(token.text);
  EXPECT_EQ(texts, (std::vector<std::string>{"SELECT", "`a``b`", ",", "'it''s'", ",", "\"q\\\"\"", ",", "1.5e+3", ",", "?",
                                             "-- c", "# d", "/* e */", "<=>", "x"}));
  EXPECT_EQ(tokens[1].value, "a`b");
}

}  // namespace
}  // namespace sqlroute::testing_support
