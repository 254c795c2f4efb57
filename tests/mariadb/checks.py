"""Runs one logic statement through sqlroute + merge and on a reference database, and compares."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from corpus import Query
from result_compare import differences
from routed_db import Databases, Outcome, RoutedDatabase


def describe(query: Query, routed: Outcome, expected: Outcome, problem: str) -> str:
    units = "\n".join(f"    {ds}: {sql}" for ds, sql in routed.unit_sql[:12])
    return (f"{problem}\n  statement: {query.sql}\n  params: {list(query.params)}\n  units:\n{units}\n"
            f"  expected columns {expected.columns}, got {routed.columns}\n"
            f"  expected rows (first 5) {expected.rows[:5]}\n  got rows (first 5) {routed.rows[:5]}")


def check_select(routed_db: RoutedDatabase, databases: Databases, reference: str, query: Query,
                 reference_sql: Optional[str] = None, hints: Any = None) -> Outcome:
    """Asserts the routed+merged result equals the reference database's; returns the routed outcome."""
    expected = databases.run(reference, reference_sql or query.sql, query.params)
    got = routed_db.execute(query.sql, query.params, hints=hints)
    if [c.lower() for c in got.columns] != [c.lower() for c in expected.columns]:
        raise AssertionError(describe(query, got, expected, "column labels differ"))
    order = tuple(range(len(expected.columns))) if query.exact_order else query.order
    problem = differences(expected.rows, got.rows, order_columns=order, concat_columns=query.concat,
                          separator=query.separator)
    if problem:
        raise AssertionError(describe(query, got, expected, problem))
    return got


def check_write(routed_db: RoutedDatabase, databases: Databases, reference: str, sql: str,
                params: Sequence[Any] = (), reference_sql: Optional[str] = None, hints: Any = None) -> Outcome:
    """Runs a DML statement both ways and asserts equal affected-row counts."""
    expected = databases.run(reference, reference_sql or sql, params)
    got = routed_db.execute(sql, params, hints=hints)
    assert got.rowcount == expected.rowcount, (
        f"affected rows: expected {expected.rowcount}, got {got.rowcount}\n  statement: {sql}\n  params: {list(params)}"
        f"\n  units: {got.unit_sql}")
    return got
