"""The single-unit law checker the golden runner applies to every case: what it accepts and,
above all, that it catches the rewrites a single unit must not get (tests/cpp/golden_rewrite_law_test.cc)."""

from typing import Optional

import pytest

import rewrite_law

CONTEXT = rewrite_law.LawContext("sharding_db", [("t_order", "t_order_1"), ("t_order_item", "t_order_item_1")], {"order_id"})


def check(logic: str, unit: str) -> Optional[str]:
    return rewrite_law.violation(logic, unit, CONTEXT)


@pytest.mark.parametrize("logic, unit", [
    ("SELECT * FROM t_order WHERE order_id = 1", "SELECT * FROM t_order_1 WHERE order_id = 1"),
    ("SELECT t_order.order_id FROM `t_order`", "SELECT t_order_1.order_id FROM `t_order_1`"),
    ("SELECT *\n  FROM t_order  o", "SELECT * FROM t_order_1 o"),
    ("CREATE TABLE t_order (id INT, INDEX idx_id (id), CONSTRAINT fk FOREIGN KEY (id) REFERENCES t_order_item (id))",
     "CREATE TABLE t_order_1 (id INT, INDEX idx_id_t_order_1 (id), CONSTRAINT fk_t_order_1 FOREIGN KEY (id) "
     "REFERENCES t_order_item_1 (id))"),
    ("SELECT * FROM sharding_db.t_order", "SELECT * FROM t_order_1"),
    ("SHOW COLUMNS FROM t_order FROM sharding_db", "SHOW COLUMNS FROM t_order_1 "),
    ("SHOW INDEX IN t_order IN `SHARDING_DB`", "SHOW INDEX IN t_order_1 "),
    ("/* SHARDINGSPHERE_HINT: WRITE_ROUTE_ONLY=true */ SELECT 1", "SELECT 1"),
    ("INSERT INTO t_order (user_id) VALUES (?), (?)", "INSERT INTO t_order_1 (user_id, order_id) VALUES (?, ?), (?, ?)"),
    ("INSERT INTO t_order (user_id) VALUES (1)", "INSERT INTO t_order_1 (user_id, order_id) VALUES (1, 1334547148439552000)"),
    ("INSERT INTO t_order SET user_id = 1", "INSERT INTO t_order_1 SET user_id = 1, order_id = 7"),
    ("INSERT INTO t_order VALUES (1, 'x')", "INSERT INTO t_order_1(user_id, status, order_id) VALUES (1, 'x', 7)"),
    ("INSERT INTO t_order (user_id,order_id) VALUES(1,2)", "INSERT INTO t_order_1 (user_id, order_id) VALUES(1, 2)"),
])
def test_allowed(logic: str, unit: str) -> None:
    assert check(logic, unit) is None


@pytest.mark.parametrize("logic, unit, hunk", [
    ("SELECT * FROM other_db.t_order", "SELECT * FROM t_order_1", "tokens [other_db .] became []"),
    ("/* keep */ SELECT 1", "SELECT 1", "tokens [/* keep */] became []"),
    ("INSERT INTO t_order (user_id) VALUES (1)", "INSERT INTO t_order_1 (user_id, status) VALUES (1, 'x')",
     "tokens [] became [, status]"),
    ("SELECT order_id FROM t_order", "SELECT order_id, 7 FROM t_order_1", "tokens [] became [, 7]"),
    ("SELECT * FROM t_order ORDER BY order_id LIMIT 2, 3", "SELECT * FROM t_order_1 ORDER BY order_id LIMIT 0, 5",
     "tokens [2] became [0]"),
    ("SELECT status FROM t_order ORDER BY order_id",
     "SELECT status, order_id AS ORDER_BY_DERIVED_0 FROM t_order_1 ORDER BY order_id",
     "tokens [] became [, order_id AS ORDER_BY_DERIVED_0]"),
    ("SELECT AVG(x) FROM t_order", "SELECT AVG(x), COUNT(x) AS AVG_DERIVED_COUNT_0 FROM t_order_1",
     "tokens [] became [, COUNT ( x ) AS AVG_DERIVED_COUNT_0]"),
    ("SELECT * FROM t_order WHERE order_id IN (1, 3)", "SELECT * FROM t_order_1 WHERE order_id IN (1)",
     "tokens [, 3] became []"),
    ("SELECT * FROM t_order", "SELECT * FROM t_order_1 UNION ALL SELECT * FROM t_order_1",
     "tokens [] became [UNION ALL SELECT * FROM t_order_1]"),
    ("SELECT * FROM t_order", "SELECT * FROM t_order_0", "tokens [t_order] became [t_order_0]"),
    ("SELECT * FROM `t_order`", "SELECT * FROM t_order_1", "tokens [`t_order`] became [t_order_1]"),
    ("SELECT 'a' FROM t_order", "SELECT 'b' FROM t_order_1", "tokens ['a'] became ['b']"),
])
def test_caught(logic: str, unit: str, hunk: str) -> None:
    assert check(logic, unit) == hunk


def test_tokens_cover_mysql_lexemes() -> None:
    tokens = rewrite_law.tokens("SELECT `a``b`, 'it''s', \"q\\\"\", 1.5e+3, ? -- c\n# d\n/* e */ <=> x")
    assert [token.text for token in tokens] == [
        "SELECT", "`a``b`", ",", "'it''s'", ",", "\"q\\\"\"", ",", "1.5e+3", ",", "?", "-- c", "# d", "/* e */", "<=>", "x"]
    assert tokens[1].value == "a`b"
