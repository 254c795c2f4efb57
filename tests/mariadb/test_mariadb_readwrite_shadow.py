"""The seed's read/write splitting and shadow scenarios on real databases.

Read/write splitting (readwrite.yaml): writes must reach only the primary, reads only the
replica (replication is simulated by copying the primary after each write). Shadow
(shadow.yaml): a row goes to the shadow database exactly when its INSERT has status = 1
(VALUE_MATCH, operation insert) or the statement carries /*shadow:true*/ (SIMPLE_HINT).
"""

from __future__ import annotations

import random

import pytest

import sqlroute
from checks import check_select, check_write
from mariadb_paths import GOLDEN_RULES
from corpus import Query
from datagen import USER_COLUMNS, USER_COUNT, USER_DDL, Generator, digits_groups
from result_compare import differences
from routed_db import RoutedDatabase
from sharding_layout import insert_sql

PRIMARY, REPLICA, RW_REFERENCE = "sr_rw_primary", "sr_rw_replica", "sr_rw_reference"
PROD, SHADOW, REF_PROD, REF_SHADOW = "sr_prod", "sr_shadow", "sr_reference_prod", "sr_reference_shadow"
ROWS = 1000


def table_rows(databases, database):
    return databases.run(database, "SELECT * FROM t_user").rows


@pytest.fixture(scope="module")
def rw(databases) -> RoutedDatabase:
    for database in (PRIMARY, REPLICA, RW_REFERENCE):
        databases.recreate(database, [USER_DDL.format(table="t_user")])
    routed = RoutedDatabase(sqlroute.Engine.from_yaml(GOLDEN_RULES / "readwrite.yaml"), databases,
                            {"write_ds": PRIMARY, "read_ds": REPLICA})
    rows = Generator(seed=21).users(ROWS)
    databases.insert_many(RW_REFERENCE, "t_user", USER_COLUMNS, rows)
    for start in range(0, ROWS, 50):
        batch = rows[start:start + 50]
        outcome = routed.execute(insert_sql("t_user", USER_COLUMNS, len(batch)), [v for r in batch for v in r])
        assert {ds for ds, _ in outcome.unit_sql} == {"write_ds"}
    assert table_rows(databases, REPLICA) == []  # nothing was written to the replica
    replicate(databases)
    return routed


def replicate(databases) -> None:
    databases.run(REPLICA, "DELETE FROM t_user")
    databases.run(REPLICA, f"INSERT INTO t_user SELECT * FROM `{PRIMARY}`.t_user")


def test_reads_go_to_the_replica_and_match_the_reference(rw, databases) -> None:
    rng = random.Random(23)
    for _ in range(40):
        low = rng.randint(1, ROWS - 100)
        for query in (Query("SELECT c FROM t_user WHERE id=?", (rng.randint(1, ROWS),)),
                      Query("SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", (low, low + 99)),
                      Query("SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", (low, low + 99),
                            order=(0,))):
            outcome = check_select(rw, databases, RW_REFERENCE, query)
            assert [ds for ds, _ in outcome.unit_sql] == ["read_ds"], query


def test_writes_go_to_the_primary_only(rw, databases) -> None:
    rng = random.Random(29)
    for _ in range(20):
        row_id = rng.randint(1, ROWS)
        for sql, params in (("UPDATE t_user SET k=k+1 WHERE id=?", (row_id,)),
                            ("UPDATE t_user SET c=? WHERE id=?", (digits_groups(rng, 10), row_id)),
                            ("DELETE FROM t_user WHERE id=?", (row_id,)),
                            ("INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)", (row_id, 5, "c", "p"))):
            outcome = check_write(rw, databases, RW_REFERENCE, sql, params)
            assert [ds for ds, _ in outcome.unit_sql] == ["write_ds"], sql
    assert differences(table_rows(databases, RW_REFERENCE), table_rows(databases, PRIMARY)) is None
    assert differences(table_rows(databases, RW_REFERENCE), table_rows(databases, REPLICA)) is not None
    replicate(databases)
    check_select(rw, databases, RW_REFERENCE, Query("SELECT * FROM t_user"))


def test_primary_reads_when_asked(rw, databases) -> None:
    for sql, hints in (("SELECT id, k FROM t_user WHERE id < 20 FOR UPDATE", None),
                       ("SELECT id, k FROM t_user WHERE id < 20", {"write_route_only": True})):
        outcome = check_select(rw, databases, RW_REFERENCE, Query(sql), hints=hints)
        assert [ds for ds, _ in outcome.unit_sql] == ["write_ds"], sql


@pytest.fixture(scope="module")
def shadow(databases) -> RoutedDatabase:
    for database in (PROD, SHADOW, REF_PROD, REF_SHADOW):
        databases.recreate(database, [USER_DDL.format(table="t_user")])
    routed = RoutedDatabase(sqlroute.Engine.from_yaml(GOLDEN_RULES / "shadow.yaml"), databases,
                            {"ds": PROD, "ds_shadow": SHADOW})
    rows = Generator(seed=31).users(ROWS)
    sql = insert_sql("t_user", USER_COLUMNS, 1)
    for row in rows:  # one row per INSERT, as sysbench does: VALUE_MATCH decides per statement
        check_write(routed, databases, REF_SHADOW if row[-1] == 1 else REF_PROD, sql, row)
    return routed


def test_inserted_rows_are_in_the_database_the_value_match_names(shadow, databases) -> None:
    for actual, expected in ((PROD, REF_PROD), (SHADOW, REF_SHADOW)):
        want = table_rows(databases, expected)
        assert want, expected
        assert differences(want, table_rows(databases, actual)) is None, actual
    assert {row[-1] for row in table_rows(databases, SHADOW)} == {1}
    assert 1 not in {row[-1] for row in table_rows(databases, PROD)}


def seed_shadow_statements(rng: random.Random):
    """The seed's modified oltp_common.lua statement list: hinted statements go to the shadow."""
    row_id = rng.randint(1, ROWS)
    low = rng.randint(1, ROWS - 100)
    yield "read", True, Query("SELECT c FROM t_user WHERE id=? /*shadow:true*/", (row_id,))
    yield "read", False, Query("SELECT c FROM t_user WHERE id BETWEEN ? AND ?", (low, low + 99))
    yield "read", False, Query("SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", (low, low + 99))
    yield "read", False, Query("SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", (low, low + 99), order=(0,))
    yield "read", False, Query("SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", (low, low + 99),
                               order=(0,))
    yield "write", True, ("UPDATE t_user SET k=k+1 WHERE id=? /*shadow:true*/", (row_id,))
    yield "write", True, ("UPDATE t_user SET c=? WHERE id=? /*shadow:true*/", (digits_groups(rng, 10), row_id))
    yield "write", False, ("UPDATE t_user SET k=k+1 WHERE id=?", (row_id,))
    yield "write", True, ("DELETE FROM t_user WHERE id=? /*shadow:true*/", (row_id,))
    yield "write", True, ("INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)/*shadow:true*/",
                          (row_id, rng.randint(1, USER_COUNT), digits_groups(rng, 10), digits_groups(rng, 5)))
    new_id = ROWS + rng.randint(1, 10 ** 6)
    status = rng.choice([0, 1, 2])
    yield "write", status == 1, ("INSERT INTO t_user (id, k, c, pad, status) VALUES (?, ?, ?, ?, ?)",
                                 (new_id, 1, "c", "p", status))


def test_the_seed_statements_reach_the_database_their_hint_names(shadow, databases) -> None:
    rng = random.Random(37)
    for _ in range(30):
        for kind, to_shadow, statement in seed_shadow_statements(rng):
            reference, target = (REF_SHADOW, "ds_shadow") if to_shadow else (REF_PROD, "ds")
            if kind == "read":
                outcome = check_select(shadow, databases, reference, statement, reference_sql=statement.sql)
            else:
                outcome = check_write(shadow, databases, reference, *statement)
            assert {ds for ds, _ in outcome.unit_sql} == {target}, statement
    for actual, expected in ((PROD, REF_PROD), (SHADOW, REF_SHADOW)):
        assert differences(table_rows(databases, expected), table_rows(databases, actual)) is None, actual
