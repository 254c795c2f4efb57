"""sqlroute.testing: assert_route and the engine fixture factory."""

import pytest

import sqlroute
from conftest import EXAMPLE_RULES
from sqlroute.testing import assert_route, engine_fixture

example_engine = engine_fixture(EXAMPLE_RULES)


def test_fixture_builds_the_engine(example_engine: sqlroute.Engine) -> None:
    assert example_engine.data_source_names == ["ds_0", "ds_1", "ds_2", "ds_3"]


def test_assert_route_passes_and_returns_the_plan(example_engine: sqlroute.Engine) -> None:
    plan = assert_route(example_engine, "SELECT * FROM t_user WHERE id = ?", [7],
                        data_sources=["ds_3"], tables=["t_user_7"], route_type="Standard")
    assert plan.units[0].sql == "SELECT * FROM t_user_7 WHERE id = ?"


def test_assert_route_failure_shows_a_diff_and_the_plan(example_engine: sqlroute.Engine) -> None:
    with pytest.raises(AssertionError) as caught:
        assert_route(example_engine, "SELECT * FROM t_user WHERE id = ?", [7], data_sources=["ds_1"],
                     tables=["t_user_7"])
    message = str(caught.value)
    assert "-['ds_1']" in message and "+['ds_3']" in message
    assert "expected tables" not in message  # only the differing part is diffed
    assert "Logic SQL:" in message
