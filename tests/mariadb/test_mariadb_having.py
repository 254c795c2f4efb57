"""HAVING on several shards, both settings of the prop having-merge-enabled, on real MariaDB.

Off (ShardingSphere 5.5's unit SQL, SQL federation off): every unit keeps the HAVING, so each node
filters its own share of a group and the merge sums what passed. On (the default), the merge
evaluates HAVING on the merged groups and the result is the unsharded database's.
"""

from __future__ import annotations

from collections import Counter

import pytest

import sqlroute
from datagen import Generator
from routed_db import RoutedDatabase
from sharding_layout import REFERENCE, RULES, SHARDS, ShardingLayout

SQL = "SELECT status, COUNT(*) AS n FROM t_user GROUP BY status HAVING COUNT(*) > ? ORDER BY status"


@pytest.fixture(scope="module")
def layout(databases) -> ShardingLayout:
    return ShardingLayout.loaded(databases, Generator())


def shardingsphere_engine() -> sqlroute.Engine:
    rules = RULES.read_text()
    assert "having-merge-enabled: true" in rules
    return sqlroute.Engine.from_yaml_string(rules.replace("having-merge-enabled: true", "having-merge-enabled: false"))


def actual_tables(layout: ShardingLayout):
    """(physical database, actual table) of every t_user node."""
    plan = layout.routed.route("SELECT status FROM t_user")
    return [(SHARDS[unit.data_source], unit.tables[0].actual) for unit in plan.route_units]


def rows(outcome) -> list:
    return [(status, int(count)) for status, count in outcome.rows]


def threshold(layout: ShardingLayout, databases) -> int:
    """The largest count one table holds of a group that has more rows in total: that group
    passes `COUNT(*) > threshold` in the unsharded database and on no table alone."""
    per_table = Counter()
    for database, table in actual_tables(layout):
        for status, count in databases.run(database, f"SELECT status, COUNT(*) FROM {table} GROUP BY status").rows:
            per_table[status] = max(per_table[status], count)
    totals = dict(databases.run(REFERENCE, "SELECT status, COUNT(*) FROM t_user GROUP BY status").rows)
    split = [per_table[status] for status, total in totals.items() if total > per_table[status]]
    assert split, "the generated rows give no group spread over several tables"
    return max(split)


def test_merge_enabled_matches_the_unsharded_database(layout: ShardingLayout, databases) -> None:
    limit = threshold(layout, databases)
    routed = layout.routed.execute(SQL, [limit])
    assert "HAVING" not in routed.plan.units[0].sql
    assert rows(routed) == rows(databases.run(REFERENCE, SQL, [limit]))


def test_having_merge_off_sends_having_to_each_node_and_merges_what_each_passed(layout: ShardingLayout, databases) -> None:
    limit = threshold(layout, databases)
    routed = RoutedDatabase(shardingsphere_engine(), databases, SHARDS).execute(SQL, [limit])
    assert all("HAVING COUNT(*) > ?" in unit.sql for unit in routed.plan.units)
    passed = Counter()
    for database, table in actual_tables(layout):
        for status, count in databases.run(database, SQL.replace("t_user", table), [limit]).rows:
            passed[status] += count
    assert rows(routed) == sorted(passed.items())
    assert rows(routed) != rows(databases.run(REFERENCE, SQL, [limit]))  # the documented difference


def test_groups_of_one_node_keep_their_having_in_the_units_and_match_the_unsharded_database(
        layout: ShardingLayout, databases) -> None:
    sql = "SELECT id, SUM(k) AS s FROM t_user GROUP BY id HAVING SUM(k) > ? ORDER BY id"
    median = sorted(k for (k,) in databases.run(REFERENCE, "SELECT k FROM t_user").rows)[layout_size(databases) // 2]
    routed = layout.routed.execute(sql, [median])
    assert len(routed.plan.units) > 1
    assert all("HAVING SUM(k) > ?" in unit.sql for unit in routed.plan.units)  # as ShardingSphere sends it
    expected = [(row_id, int(total)) for row_id, total in databases.run(REFERENCE, sql, [median]).rows]
    assert expected and [(row_id, int(total)) for row_id, total in routed.rows] == expected


def layout_size(databases) -> int:
    return int(databases.run(REFERENCE, "SELECT COUNT(*) FROM t_user").rows[0][0])
