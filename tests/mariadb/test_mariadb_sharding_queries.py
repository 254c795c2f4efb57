"""The query corpus on the seed's sharding scenario: sqlroute + merge vs one unsharded database."""

from __future__ import annotations

import pytest

from checks import check_select
from corpus import SHARDING_TEMPLATES, instantiate
from datagen import Generator
from sharding_layout import REFERENCE, ShardingLayout

CASES = instantiate(SHARDING_TEMPLATES, seed=11)


@pytest.fixture(scope="module")
def layout(databases) -> ShardingLayout:
    return ShardingLayout.loaded(databases, Generator())


@pytest.mark.parametrize("query", [pytest.param(q, marks=m, id=f"{i:03d} {q.label()}") for i, (q, m) in enumerate(CASES)])
def test_query_matches_the_reference_database(layout: ShardingLayout, databases, query) -> None:
    check_select(layout.routed, databases, REFERENCE, query)
