"""sqlroute.testing: assert_route and the engine fixture factory."""

from pathlib import Path

import pytest

import sqlroute
from conftest import EXAMPLE_RULES
from sqlroute.testing import assert_no_full_route, assert_route, assert_single_node, engine_fixture

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


def test_assert_route_with_a_session(example_engine: sqlroute.Engine) -> None:
    session = sqlroute.Session()
    assert_route(example_engine, "BEGIN", session=session, route_type="DatabaseBroadcast")
    assert session.in_transaction


def test_assert_single_node(example_engine: sqlroute.Engine) -> None:
    plan = assert_single_node(example_engine, "SELECT * FROM t_user WHERE id = ?", [7])
    assert plan.data_sources == ["ds_3"]
    with pytest.raises(AssertionError) as caught:
        assert_single_node(example_engine, "SELECT * FROM t_user WHERE id IN (?, ?)", [1, 2])
    message = str(caught.value)
    assert "routes to 2 data nodes, not one" in message
    assert "ds_1: t_user_1" in message and "ds_2: t_user_2" in message and "Logic SQL:" in message


def test_assert_no_full_route_lists_every_offender(example_engine: sqlroute.Engine, tmp_path: Path) -> None:
    assert_no_full_route(example_engine, [("SELECT * FROM t_user WHERE id = ?", [7]), "SELECT 1"])
    workload = tmp_path / "workload.sql"
    workload.write_text("SELECT * FROM t_user WHERE id = 1\nSELECT * FROM t_user\n"
                        "SELECT * FROM t_user WHERE id + 1 = ? -- params: 3\n")
    with pytest.raises(AssertionError) as caught:
        assert_no_full_route(example_engine, workload)
    message = str(caught.value)
    assert message.startswith("2 statement(s) route to every data node")
    assert f"{workload}:2: 'SELECT * FROM t_user' -> 10 data nodes (full route: the statement has no WHERE clause)" \
        in message
    assert f"{workload}:3:" in message and "operator +" in message


def test_assert_no_full_route_rejects_a_missing_file(example_engine: sqlroute.Engine) -> None:
    with pytest.raises(ValueError, match="not a file"):
        assert_no_full_route(example_engine, "no/such/workload.sql")


def test_engine_fixture_reads_distsql_and_metadata(tmp_path: Path) -> None:
    script = tmp_path / "rules.distsql"
    script.write_text('REGISTER STORAGE UNIT ds_0 (HOST="h", PORT=3306, DB="d", USER="u", PASSWORD="p");\n'
                      'CREATE SHARDING TABLE RULE t_user (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id, '
                      'TYPE(NAME="MOD", PROPERTIES("sharding-count"=2)));\n')
    fixture = engine_fixture(script, metadata={"t_user": ["id", "name"]})
    built = fixture.__wrapped__()  # the function pytest calls
    assert built.data_source_names == ["ds_0"]
    assert built.route("INSERT INTO t_user VALUES (?, ?)", [1, "a"]).actual_tables == ["t_user_1"]
