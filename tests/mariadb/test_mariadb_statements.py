"""MariaDB 10.11 statements the grammar accepts, run for real on the seed's sharding scenario:
INSERT/DELETE ... RETURNING give the reference database's rows, and IF [NOT] EXISTS DDL runs on
every actual table (twice, the second time doing nothing) and leaves the data as the reference's."""

from __future__ import annotations

from typing import Any, List, Sequence, Tuple

import pytest

from checks import check_select
from corpus import Query
from datagen import Generator
from result_compare import differences
from sharding_layout import REFERENCE, ShardingLayout


@pytest.fixture(scope="module")
def layout(databases) -> ShardingLayout:
    return ShardingLayout.loaded(databases, Generator())


def returned_rows(layout: ShardingLayout, databases, sql: str, params: Sequence[Any]) -> List[Tuple[Any, ...]]:
    """The rows every unit of the routed statement returned (RETURNING rows are not merged)."""
    rows: List[Tuple[Any, ...]] = []
    for unit in layout.routed.route(sql, params).units:
        rows += databases.run(layout.routed.data_sources[unit.data_source], unit.sql, unit.params).rows
    return rows


@pytest.mark.parametrize("sql, params", [
    ("INSERT INTO t_user (id, k, c, pad, name, score, status) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id, k, name",
     (7001, 5, "c", "p", "ret", 1.5, 0)),
    ("INSERT INTO t_user (id, k, c, pad, name, score, status) VALUES (?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?) "
     "RETURNING id, status", (7002, 1, "c", "p", None, None, 1, 7013, 2, "c", "p", "x", 2.5, 2)),
    ("DELETE FROM t_user WHERE id = ? RETURNING id, k, name", (7001,)),
    ("DELETE FROM t_user WHERE id IN (?, ?) RETURNING id", (7002, 7013)),
    ("INSERT INTO t_user (id, k, c, pad, name, score, status) VALUES (?, ?, ?, ?, ?, ?, ?) "
     "RETURNING t_user.id, `t_user`.name, t_user.*", (7004, 3, "c", "p", "q", 0.5, 1)),
    ("DELETE FROM t_user WHERE id = ? RETURNING t_user.k, t_user.*", (7004,)),
])
def test_returning_gives_the_reference_rows(layout, databases, sql: str, params) -> None:
    expected = databases.run(REFERENCE, sql, params).rows
    got = returned_rows(layout, databases, sql, params)
    assert expected, sql
    problem = differences(expected, got, order_columns=None, concat_columns=(), separator=",")
    assert not problem, f"{problem}\n  statement: {sql}"


@pytest.mark.parametrize("sql", [
    "ALTER TABLE IF EXISTS t_user ADD COLUMN IF NOT EXISTS note VARCHAR(10) NULL",
    "CREATE INDEX IF NOT EXISTS idx_k ON t_user (k)",
    "DROP INDEX IF EXISTS idx_k ON t_user",
    "ALTER TABLE t_user DROP COLUMN IF EXISTS note",
])
def test_if_exists_ddl_runs_on_every_actual_table_twice(layout, databases, sql: str) -> None:
    for _ in range(2):
        databases.run(REFERENCE, sql)
        plan = layout.routed.route(sql)
        assert len(plan.units) == 10, [u.sql for u in plan.units]
        layout.routed.execute_plan(plan)
    check_select(layout.routed, databases, REFERENCE, Query("SELECT * FROM t_user WHERE id BETWEEN ? AND ?", (1, 60)))
