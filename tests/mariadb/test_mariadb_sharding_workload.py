"""sysbench oltp_read_write on the seed's sharding scenario, then more DML, then placement.

Every statement runs through sqlroute + merge and on the unsharded reference database; reads
must return the same rows, writes the same affected-row counts. Afterwards every logic table
must hold the same rows both ways, and every shard exactly the rows its rule assigns it.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from checks import check_select, check_write
from corpus import Query
from datagen import ITEM_COLUMNS, USER_COLUMNS, USER_COUNT, Generator, digits_groups
from result_compare import differences
from sharding_layout import REFERENCE, SHARDS, ShardingLayout

TRANSACTIONS = 40
RANGE_SIZE = 100  # sysbench's --range-size default


@pytest.fixture(scope="module")
def layout(databases) -> ShardingLayout:
    return ShardingLayout.loaded(databases, Generator(seed=7))


def sysbench_transaction(rng: random.Random):
    """One oltp_read_write event (the seed's lua statement list; table sbtest -> t_user)."""
    for _ in range(10):
        yield "read", Query("SELECT c FROM t_user WHERE id=?", (rng.randint(1, USER_COUNT),))
    low = rng.randint(1, USER_COUNT - RANGE_SIZE)
    span = (low, low + RANGE_SIZE - 1)
    yield "read", Query("SELECT c FROM t_user WHERE id BETWEEN ? AND ?", span)
    yield "read", Query("SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", span)
    yield "read", Query("SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", span, order=(0,))
    yield "read", Query("SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", span, order=(0,))
    yield "write", ("UPDATE t_user SET k=k+1 WHERE id=?", (rng.randint(1, USER_COUNT),))
    yield "write", ("UPDATE t_user SET c=? WHERE id=?", (digits_groups(rng, 10), rng.randint(1, USER_COUNT)))
    victim = rng.randint(1, USER_COUNT)
    yield "write", ("DELETE FROM t_user WHERE id=?", (victim,))
    yield "write", ("INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)",
                    (victim, rng.randint(1, USER_COUNT), digits_groups(rng, 10), digits_groups(rng, 5)))


def run(layout, databases, kind, statement) -> None:
    if kind == "read":
        check_select(layout.routed, databases, REFERENCE, statement)
    else:
        check_write(layout.routed, databases, REFERENCE, *statement)


def test_sysbench_oltp_read_write_events(layout, databases) -> None:
    rng = random.Random(3)
    executed = Counter()
    for _ in range(TRANSACTIONS):
        for kind, statement in sysbench_transaction(rng):
            run(layout, databases, kind, statement)
            executed[kind] += 1
    assert executed == {"read": 14 * TRANSACTIONS, "write": 4 * TRANSACTIONS}


MORE_DML = [
    ("INSERT INTO t_user (id, k, c, pad, name, score, status) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?), "
     "(?, ?, ?, ?, ?, ?, ?)", (5001, 1, "x", "y", "zed", 1.5, 0, 5002, 2, "x", "y", "Zed", None, 1,
                               5013, 3, "x", "y", None, -2, 2)),
    ("UPDATE t_user SET k = k + 10, name = ? WHERE id IN (?, ?, ?, ?)", ("moved", 5, 6, 17, 5002)),
    ("UPDATE t_user SET score = score * 2 WHERE id BETWEEN ? AND ?", (100, 180)),
    ("UPDATE t_user SET status = 2 WHERE name = ?", ("dave",)),
    ("DELETE FROM t_user WHERE id BETWEEN ? AND ? AND k < ?", (1000, 1400, 1500)),
    ("DELETE FROM t_user WHERE id IN (?, ?, ?)", (5001, 7, 9999)),
    ("DELETE FROM t_user WHERE score IS NULL AND status = ?", (1,)),
    ("UPDATE t_order SET note = ? WHERE user_id = ? AND order_id < ?", ("done", 3, 600)),
    ("DELETE FROM t_order_item WHERE order_id IN (?, ?, ?)", (10, 11, 12)),
    ("UPDATE t_status SET label = ? WHERE id = ?", ("Refunded", 3)),
]


def test_more_dml_affects_the_same_rows(layout, databases) -> None:
    for sql, params in MORE_DML:
        check_write(layout.routed, databases, REFERENCE, sql, params)
    check_select(layout.routed, databases, REFERENCE, Query("SELECT id, k, name, score, status FROM t_user "
                                                            "WHERE id > ? OR id < ?", (4999, 20)))


def test_generated_keys_are_unique_and_loaded(layout, databases) -> None:
    rng = random.Random(5)
    rows = [(rng.randint(1, 1200), 0, 1, rng.randint(1, 3)) for _ in range(30)]
    rows = [(order_id, databases.run(REFERENCE, "SELECT user_id FROM t_order WHERE order_id = ?", [order_id]).rows[0][0],
             amount, qty) for order_id, _, amount, qty in rows]
    before = len(layout.generated_item_ids)
    assert layout.insert_routed("t_order_item", ITEM_COLUMNS, rows, reference=True) == len(rows)
    new_ids = layout.generated_item_ids[before:]
    assert len(new_ids) == len(rows) and len(set(layout.generated_item_ids)) == len(layout.generated_item_ids)
    assert min(new_ids) > max(layout.generated_item_ids[:before])  # SNOWFLAKE keys grow


@pytest.mark.parametrize("table", ["t_user", "t_order", "t_order_item", "t_status"])
def test_every_logic_table_holds_the_reference_rows(layout, databases, table) -> None:
    expected = databases.run(REFERENCE, f"SELECT * FROM {table}")
    got = layout.routed.execute(f"SELECT * FROM {table}")
    assert len(expected.rows) > 0
    problem = differences(expected.rows, got.rows)
    assert problem is None, problem


def shard_rows(layout, databases, logic):
    for data_source, actual in layout.actual_tables(logic):
        yield data_source, actual, databases.run(SHARDS[data_source], f"SELECT * FROM {actual}")


def test_every_t_user_row_is_on_the_node_its_rule_assigns(layout, databases) -> None:
    seen = []
    for data_source, actual, result in shard_rows(layout, databases, "t_user"):
        suffix = int(actual.rsplit("_", 1)[1])
        assert data_source == f"ds_{suffix % 4}", (data_source, actual)
        misplaced = [row[0] for row in result.rows if row[0] % 10 != suffix]
        assert not misplaced, f"{data_source}.{actual} holds ids {misplaced[:10]}"
        seen.extend(row[0] for row in result.rows)
    reference_ids = [row[0] for row in databases.run(REFERENCE, "SELECT id FROM t_user").rows]
    assert sorted(seen) == sorted(reference_ids)


@pytest.mark.parametrize("table", ["t_order", "t_order_item"])
def test_every_order_row_is_on_the_node_its_rule_assigns(layout, databases, table) -> None:
    count = 0
    for data_source, actual, result in shard_rows(layout, databases, table):
        columns = [c.lower() for c in result.columns]
        user_at, order_at = columns.index("user_id"), columns.index("order_id")
        for row in result.rows:
            assert f"ds_{row[user_at] % 4}" == data_source and actual.endswith(f"_{row[order_at] % 2}"), (
                f"{table} row {row} in {data_source}.{actual}")
        count += len(result.rows)
    assert count == databases.run(REFERENCE, f"SELECT COUNT(*) FROM {table}").rows[0][0]


def test_the_broadcast_table_is_identical_on_every_shard(layout, databases) -> None:
    expected = databases.run(REFERENCE, "SELECT * FROM t_status").rows
    for database in SHARDS.values():
        problem = differences(expected, databases.run(database, "SELECT * FROM t_status").rows)
        assert problem is None, f"{database}: {problem}"
