"""Random differential test of the merge: generated SELECTs through sqlroute + merge against the
same rows unsharded, on real MariaDB, under sharding, read/write + sharding and encrypt + sharding.

CI runs a fixed seed of 2,000 queries per rule set; `bash scripts/fuzz.sh merge SECONDS` runs new
seeds. A wrong result fails with its rule set, seed, index and statement, so it can be replayed;
a typed error counts as unsupported, never as a pass. Failing queries found by the fuzz run are
kept in merge_regressions/ and replayed here.
"""

from __future__ import annotations

import pytest

from differential import MergeTestDatabases, Statistics, run_one
from merge_differential import create_layouts, load_regressions, run_seed
from merge_schema import RULE_SETS

SEED = 29
QUERIES = 2000


@pytest.fixture(scope="module")
def layouts(mariadb):
    databases = MergeTestDatabases(mariadb)
    yield create_layouts(databases)
    databases.close()


@pytest.mark.parametrize("rule_set", sorted(RULE_SETS))
def test_generated_queries_merge_to_the_reference(layouts, rule_set) -> None:
    stats = Statistics()
    run_seed(layouts[rule_set], SEED, QUERIES, stats)
    print(stats.summary())
    assert not stats.wrong, f"{len(stats.wrong)} wrong results; the first:\n{stats.wrong[0][1]}"
    assert stats.counts["invalid"] <= QUERIES // 100, stats.summary()
    assert stats.counts["pass"] >= QUERIES // 2, stats.summary()


REGRESSION_CASES = list(load_regressions())


@pytest.mark.parametrize("name,rule_set,expect,query", REGRESSION_CASES, ids=[c[0] for c in REGRESSION_CASES])
def test_regression_case(layouts, name, rule_set, expect, query) -> None:
    """Each case runs twice: the second time its plan comes from the plan cache. A case may name
    the outcome it expects (`expect: pass` or `unsupported`); else either is accepted."""
    layout = layouts[rule_set]
    allowed = (expect,) if expect else ("pass", "unsupported")
    for _ in range(2):
        verdict = run_one(layout.routed, layout.databases, layout.rule_set.reference, query)
        assert verdict.outcome in allowed, f"{name}: {query.sql}\n{verdict.outcome} {verdict.detail}"
