"""Property: for random statements from a small grammar, sqlroute + merge equals the reference.

Filters on the sharding column and on other columns, ORDER BY (unique keys) with LIMIT/offset,
GROUP BY with aggregates and an optional HAVING the merge evaluates. LIMIT values are literals.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from checks import check_select
from corpus import Query
from datagen import Generator
from sharding_layout import REFERENCE, ShardingLayout


@pytest.fixture(scope="module")
def layout(databases) -> ShardingLayout:
    return ShardingLayout.loaded(databases, Generator(seed=41))


ID = st.integers(min_value=-5, max_value=3010)
FILTER = st.one_of(
    st.builds(lambda v: ("id = ?", [v]), ID),
    st.builds(lambda a, b: ("id BETWEEN ? AND ?", [min(a, b), max(a, b)]), ID, ID),
    st.builds(lambda vs: ("id IN (" + ", ".join("?" * len(vs)) + ")", vs), st.lists(ID, min_size=1, max_size=8)),
    st.builds(lambda v: ("k < ?", [v]), st.integers(0, 3000)),
    st.builds(lambda v: ("status = ?", [v]), st.integers(0, 2)),
    st.builds(lambda v: ("name = ?", [v]), st.sampled_from(["alice", "BOB", "eve", "nobody"])),
    st.just(("score IS NULL", [])),
)
WHERE = st.lists(FILTER, max_size=2).map(
    lambda fs: (" WHERE " + " AND ".join(f for f, _ in fs) if fs else "", [p for _, ps in fs for p in ps]))
AGGREGATES = st.lists(st.sampled_from(["COUNT(*)", "SUM(k)", "MIN(k)", "MAX(k)", "AVG(k)", "AVG(score)",
                                       "MIN(name)", "MAX(score)", "COUNT(name)"]), min_size=1, max_size=4, unique=True)
HAVING = st.one_of(
    st.just(""),
    st.builds(lambda a, op, v: f" HAVING {a} {op} {v}", st.sampled_from(["COUNT(*)", "SUM(k)", "MIN(k)", "AVG(k)"]),
              st.sampled_from([">", "<=", "<>"]), st.integers(0, 1500)),
)
LIMIT = st.one_of(st.just(""), st.builds(lambda o, n: f" LIMIT {o}, {n}", st.integers(0, 50), st.integers(0, 30)))


@st.composite
def statements(draw):
    where, params = draw(WHERE)
    shape = draw(st.sampled_from(["plain", "ordered", "grouped", "aggregate"]))
    if shape == "plain":
        return Query(f"SELECT id, k, name FROM t_user{where}", tuple(params))
    if shape == "ordered":
        key = draw(st.sampled_from(["k", "score", "name", "id"]))
        direction = draw(st.sampled_from(["", " DESC"]))
        return Query(f"SELECT {key}, id FROM t_user{where} ORDER BY {key}{direction}, id{draw(LIMIT)}",
                     tuple(params), order=(0, 1))
    aggregates = ", ".join(draw(AGGREGATES))
    if shape == "aggregate":
        return Query(f"SELECT {aggregates} FROM t_user{where}", tuple(params))
    group = draw(st.sampled_from(["status", "name", "k % 4"]))
    return Query(f"SELECT {group} AS g, {aggregates} FROM t_user{where} GROUP BY g{draw(HAVING)} ORDER BY g",
                 tuple(params), order=(0,))


@settings(max_examples=150, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(query=statements())
def test_random_statements_match_the_reference(layout, databases, query) -> None:
    check_select(layout.routed, databases, REFERENCE, query)
