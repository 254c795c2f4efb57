"""DDL over bound sharding tables, run for real: the units sqlroute emits for CREATE TABLE with a
foreign key to a bound table, ALTER TABLE ... ADD CONSTRAINT, CREATE INDEX, a sharding view,
ANALYZE / OPTIMIZE TABLE and DROP TABLE of several tables run on two shard databases, and each
node then holds the tables, indexes, constraints and views ShardingSphere's route leaves there:
every actual table of t_order with its bound t_order_item table, foreign keys between the bound
actual tables, constraint names suffixed with the actual table and index names kept."""

from __future__ import annotations

from typing import Dict, List, Set, Tuple

import pymysql
import pytest

import sqlroute
from mariadb_paths import GOLDEN_RULES

SHARDS = {"ds_0": "sr_ddl_0", "ds_1": "sr_ddl_1"}
ORDERS = {"ds_0": ["t_order_0", "t_order_1"], "ds_1": ["t_order_0", "t_order_1"]}

CREATE = [
    "CREATE TABLE t_order (order_id BIGINT PRIMARY KEY, user_id INT NOT NULL, status VARCHAR(10), "
    "CONSTRAINT chk_user CHECK (user_id >= 0)) ENGINE=InnoDB",
    "CREATE TABLE t_order_item (item_id BIGINT PRIMARY KEY, order_id BIGINT NOT NULL, user_id INT NOT NULL, "
    "CONSTRAINT fk_order FOREIGN KEY (order_id) REFERENCES t_order (order_id)) ENGINE=InnoDB",
    "CREATE INDEX idx_status ON t_order (status)",
    "ALTER TABLE t_order_item ADD CONSTRAINT uk_item UNIQUE (order_id, item_id)",
    "CREATE VIEW t_order_view AS SELECT order_id, user_id FROM t_order",
    "CREATE TABLE t_contact (contact_id BIGINT PRIMARY KEY, user_id INT) ENGINE=InnoDB",
    "CREATE TABLE t_account (account_id BIGINT PRIMARY KEY, contact_id BIGINT, user_id INT, "
    "CONSTRAINT fk_contact FOREIGN KEY (contact_id) REFERENCES t_contact (contact_id)) ENGINE=InnoDB",
]


@pytest.fixture(scope="module")
def shards(databases):
    engine = sqlroute.Engine.from_yaml(GOLDEN_RULES / "ddl_sharding.yaml")
    for database in SHARDS.values():
        databases.recreate(database)
    for sql in CREATE:
        run(engine, databases, sql)
    return engine


def run(engine: sqlroute.Engine, databases, sql: str, params=()) -> List[Tuple]:
    rows: List[Tuple] = []
    for unit in engine.route(sql, list(params)).units:
        rows += databases.run(SHARDS[unit.data_source], unit.sql, unit.params).rows
    return rows


def query(databases, ds: str, sql: str) -> Set[Tuple]:
    return set(databases.run(SHARDS[ds], sql.format(db=SHARDS[ds])).rows)


def constraints(databases, ds: str) -> Set[Tuple[str, str, str]]:
    return query(databases, ds, "SELECT TABLE_NAME, CONSTRAINT_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS "
                                "WHERE CONSTRAINT_SCHEMA = '{db}' AND CONSTRAINT_TYPE <> 'PRIMARY KEY'")


@pytest.mark.parametrize("ds", sorted(SHARDS))
def test_each_node_holds_every_bound_actual_table_and_view(shards, databases, ds: str) -> None:
    tables = query(databases, ds, "SELECT TABLE_NAME, TABLE_TYPE FROM information_schema.TABLES WHERE TABLE_SCHEMA = '{db}'")
    assert tables == {("t_order_0", "BASE TABLE"), ("t_order_1", "BASE TABLE"), ("t_order_item_0", "BASE TABLE"),
                      ("t_order_item_1", "BASE TABLE"), ("t_order_view_0", "VIEW"), ("t_order_view_1", "VIEW"),
                      ("t_contact", "BASE TABLE"), ("t_account", "BASE TABLE")}
    views = dict(query(databases, ds, "SELECT TABLE_NAME, VIEW_DEFINITION FROM information_schema.VIEWS WHERE TABLE_SCHEMA = '{db}'"))
    for suffix in ("0", "1"):
        assert f"`t_order_{suffix}`" in views[f"t_order_view_{suffix}"], views


@pytest.mark.parametrize("ds", sorted(SHARDS))
def test_constraints_are_named_per_actual_table_and_indexes_keep_their_name(shards, databases, ds: str) -> None:
    expected = {("t_account", "fk_contact_t_account", "FOREIGN KEY")}
    for suffix in ("0", "1"):
        expected |= {(f"t_order_{suffix}", f"chk_user_t_order_{suffix}", "CHECK"),
                     (f"t_order_item_{suffix}", f"fk_order_t_order_item_{suffix}", "FOREIGN KEY"),
                     (f"t_order_item_{suffix}", f"uk_item_t_order_item_{suffix}", "UNIQUE")}
    assert constraints(databases, ds) == expected
    references = query(databases, ds, "SELECT TABLE_NAME, REFERENCED_TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS "
                                      "WHERE CONSTRAINT_SCHEMA = '{db}'")
    assert references == {("t_order_item_0", "t_order_0"), ("t_order_item_1", "t_order_1"), ("t_account", "t_contact")}
    indexes = query(databases, ds, "SELECT TABLE_NAME, INDEX_NAME FROM information_schema.STATISTICS "
                                   "WHERE TABLE_SCHEMA = '{db}' AND INDEX_NAME = 'idx_status'")
    assert indexes == {("t_order_0", "idx_status"), ("t_order_1", "idx_status")}


def test_foreign_keys_hold_between_the_bound_actual_tables(shards, databases) -> None:
    run(shards, databases, "INSERT INTO t_order (order_id, user_id, status) VALUES (?, ?, ?)", (11, 1, "new"))
    run(shards, databases, "INSERT INTO t_order_item (item_id, order_id, user_id) VALUES (?, ?, ?)", (101, 11, 1))
    assert query(databases, "ds_1", "SELECT item_id, order_id FROM t_order_item_1") == {(101, 11)}
    with pytest.raises(pymysql.err.IntegrityError):  # order 13 is in no t_order_1 of ds_1
        run(shards, databases, "INSERT INTO t_order_item (item_id, order_id, user_id) VALUES (?, ?, ?)", (102, 13, 1))


def test_analyze_and_optimize_reach_every_bound_actual_table(shards, databases) -> None:
    for statement in ("ANALYZE TABLE t_order, t_order_item", "OPTIMIZE TABLE t_order, t_order_item"):
        rows = run(shards, databases, statement)
        reached = {(row[0].split(".")[0], row[0].split(".")[1]) for row in rows}
        assert reached == {(db, table) for db in SHARDS.values() for n in "01" for table in (f"t_order_{n}", f"t_order_item_{n}")}


def test_drop_view_and_bound_tables_leave_the_nodes_empty(shards, databases) -> None:
    run(shards, databases, "DROP VIEW t_order_view")
    run(shards, databases, "DROP TABLE t_order_item, t_order")
    run(shards, databases, "DROP TABLE t_account, t_contact")
    for ds in SHARDS:
        assert query(databases, ds, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '{db}'") == set()
