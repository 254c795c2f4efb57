"""Runs generated SELECTs through sqlroute + merge and on the reference, and judges each one.

Outcomes:
- ``pass``: the merged result is one MariaDB could have returned for the statement;
- ``unsupported``: sqlroute raised a typed error (counted by code and reason, never a pass);
- ``invalid``: the reference rejected the statement (a generator defect, reported);
- ``wrong``: anything else: other rows, a unit MariaDB rejects, a crash of the merge.

A result "MariaDB could have returned": rows compare as MariaDB compares them (numbers by value,
strings under utf8mb4_general_ci, GROUP_CONCAT by its elements). Without ORDER BY the result is a
multiset, and under LIMIT any sub-multiset of the right size. With ORDER BY, the reference's
full result sorted as MariaDB sorts (NULL first, strings by collation) fixes the key of every
position; rows whose keys tie may come in any order, and at a LIMIT boundary any of the tied
rows may be the ones returned.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple

import pymysql

import sqlroute
from merge_queries import GenQuery
from result_compare import norm_value
from routed_db import Databases, RoutedDatabase

# MariaDB 10.11 loses rows of SELECT DISTINCT ... ORDER BY over a derived table it merges into the
# outer query and pushes an OR condition into: units and reference read derived tables as written.
DERIVED_AS_WRITTEN = "SET SESSION optimizer_switch = 'derived_merge=off,condition_pushdown_for_derived=off'"


class MergeTestDatabases(Databases):
    """The differential test's connections, with MariaDB's derived-table rewrites off."""

    def connection(self, name: str) -> pymysql.connections.Connection:
        if name not in self._connections:
            self._connections[name] = self.server.connect(name, init_command=DERIVED_AS_WRITTEN)
        return self._connections[name]


def norm(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray)):
        try:
            value = bytes(value).decode()
        except UnicodeDecodeError:
            return ("bytes", bytes(value))
    if isinstance(value, str):
        return ("str", value.rstrip(" ").casefold())
    return norm_value(value)


def norm_concat(value: Any, separator: str) -> Any:
    if isinstance(value, (bytes, bytearray)):
        value = bytes(value).decode()
    if isinstance(value, str):
        return ("concat", tuple(sorted(element.rstrip(" ").casefold() for element in value.split(separator))))
    return norm(value)


def norm_row(row: Sequence[Any], concat: Dict[int, str]) -> Tuple[Any, ...]:
    return tuple(norm_concat(v, concat[i]) if i in concat else norm(v) for i, v in enumerate(row))


def sort_by_keys(rows: List[Tuple[Any, Any]], descending: Sequence[bool]) -> List[Tuple[Any, Any]]:
    """(row, key) pairs in ORDER BY order: keys are normalized values, NULL before any value."""
    def compare(a: Tuple[Any, Any], b: Tuple[Any, Any]) -> int:
        for (x, y, desc) in zip(a[1], b[1], descending):
            if x == y:
                continue
            if x[0] == "null" or y[0] == "null":
                order = -1 if x[0] == "null" else 1
            else:
                order = -1 if x[1] < y[1] else 1
            return -order if desc else order
        return 0
    return sorted(rows, key=functools.cmp_to_key(compare))


@dataclass
class Verdict:
    outcome: str
    detail: str = ""


def judge(query: GenQuery, reference_rows: Sequence[Sequence[Any]], got_rows: Sequence[Sequence[Any]]) -> Optional[str]:
    """None when `got_rows` is a result MariaDB could have returned, else what is wrong."""
    concat = dict(query.concat)
    width = query.width
    full = [(norm_row(row[:width], concat), tuple(norm(v) for v in row[width:])) for row in reference_rows]
    if query.descending:
        full = sort_by_keys(full, query.descending)
    got = [norm_row(row, concat) for row in got_rows]
    if any(len(row) != width for row in got):
        return f"width: expected {width} columns"
    start = min(query.offset, len(full))
    end = len(full) if query.count is None else min(len(full), start + query.count)
    if len(got) != end - start:
        return f"row count: expected {end - start}, got {len(got)}"
    if not query.descending:
        pool = Counter(row for row, _ in full)
        if query.count is None and query.offset == 0:
            return None if pool == Counter(got) else multiset_difference(pool, Counter(got))
        extra = Counter(got) - pool
        return None if not extra else f"rows the reference does not have: {list(extra.elements())[:3]}"
    runs: Dict[Tuple[Any, ...], Counter] = {}
    for row, key in full:
        runs.setdefault(key, Counter())[row] += 1
    taken: Dict[Tuple[Any, ...], Counter] = {}
    for position, row in enumerate(got):
        key = full[start + position][1]
        taken.setdefault(key, Counter())[row] += 1
    for key, rows in taken.items():
        extra = rows - runs[key]
        if extra:
            return f"at ORDER BY key {key}: rows the reference does not have there: {list(extra.elements())[:3]}"
    return None


def multiset_difference(want: Counter, have: Counter) -> str:
    missing = list((want - have).elements())
    extra = list((have - want).elements())
    return f"missing {len(missing)} {missing[:3]}, unexpected {len(extra)} {extra[:3]}"


def reason_of(error: sqlroute.Error) -> str:
    """A short reason for the statistics: the code and the message without its SQL excerpts."""
    message = re.sub(r"`[^`]*`", "`…`", error.message)
    message = re.sub(r"\d+", "N", message)
    return f"{error.code}: {message[:110]}"


@dataclass
class Statistics:
    counts: Counter = field(default_factory=Counter)
    unsupported: Counter = field(default_factory=Counter)
    invalid: Counter = field(default_factory=Counter)
    wrong: List[Tuple[GenQuery, str]] = field(default_factory=list)

    def add(self, query: GenQuery, verdict: Verdict) -> None:
        self.counts[verdict.outcome] += 1
        if verdict.outcome == "unsupported":
            self.unsupported[verdict.detail] += 1
        elif verdict.outcome == "invalid":
            self.invalid[verdict.detail] += 1
        elif verdict.outcome == "wrong":
            self.wrong.append((query, verdict.detail))

    def merge(self, other: "Statistics") -> None:
        self.counts.update(other.counts)
        self.unsupported.update(other.unsupported)
        self.invalid.update(other.invalid)
        self.wrong.extend(other.wrong)

    def summary(self) -> str:
        total = sum(self.counts.values())
        lines = [f"{total} queries: " + ", ".join(f"{self.counts[k]} {k}" for k in
                                                   ("pass", "unsupported", "invalid", "wrong"))]
        if total:
            lines.append(f"unsupported share: {100.0 * self.counts['unsupported'] / total:.1f} %")
        for reason, count in self.unsupported.most_common():
            lines.append(f"  {count:6d}  {reason}")
        for reason, count in self.invalid.most_common(5):
            lines.append(f"  invalid {count}: {reason}")
        return "\n".join(lines)


def run_one(routed: RoutedDatabase, databases: Databases, reference: str, query: GenQuery) -> Verdict:
    try:
        expected = databases.run(reference, query.reference_sql, query.reference_params)
    except pymysql.MySQLError as error:
        return Verdict("invalid", f"{error.args[0]}: {str(error.args[-1])[:80]}")
    try:
        plan = routed.route(query.sql, query.params)
    except sqlroute.Error as error:
        return Verdict("unsupported", reason_of(error))
    try:
        got = routed.execute_plan(plan)
    except sqlroute.Error as error:
        return Verdict("unsupported", reason_of(error))
    except pymysql.MySQLError as error:
        units = "\n".join(f"    {u.data_source}: {u.sql} {list(u.params)}" for u in plan.units)
        return Verdict("wrong", f"a unit failed on MariaDB: {error.args}\n{units}")
    problem = judge(query, expected.rows, got.rows)
    if problem:
        units = "\n".join(f"    {u.data_source}: {u.sql} {list(u.params)}" for u in plan.units)
        return Verdict("wrong", f"{problem}\n  units:\n{units}\n  got (first 6): {got.rows[:6]}\n"
                                f"  reference (first 6): {expected.rows[:6]}")
    return Verdict("pass")


def describe(rule_set: str, seed: int, index: int, query: GenQuery, detail: str) -> str:
    return (f"rule set {rule_set}, seed {seed}, query {index}:\n  {query.sql}\n  params: {list(query.params)}\n"
            f"  {detail}")
