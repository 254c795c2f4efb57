"""Plan contents, hints, and readable reprs that never show secrets."""

import pytest

import sqlroute
from conftest import SECRET
from sqlroute import Hints, RouteDecision, RouteUnit, SqlUnit, TableMapping


def test_plan_parts(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT * FROM t_user WHERE id IN (?, ?)", [7, 17])
    assert plan.statement_kind == "SELECT"
    assert plan.route_type == "Standard"
    assert plan.logic_sql == "SELECT * FROM t_user WHERE id IN (?, ?)"
    assert plan.route_units == [RouteUnit("ds_3", "ds_3", (TableMapping("t_user", "t_user_7"),))]
    assert plan.decisions == [RouteDecision("t_user", "id", "t_user_mod", "IN (7, 17)", ("t_user_7",), False)]
    assert plan.preview() == [("ds_3", "SELECT * FROM t_user_7 WHERE id IN (?, ?)")]
    assert plan.data_sources == ["ds_3"] and plan.actual_tables == ["t_user_7"]
    assert "t_user_7" in plan.explain() and "Route type: Standard" in plan.explain()


def test_full_route_warns(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT * FROM t_user")
    assert len(plan.route_units) == 10 and plan.warnings
    assert len(plan.units) == 4  # one UNION ALL statement per data source
    assert "warnings=" in repr(plan)


def test_units_are_frozen_and_hashable() -> None:
    unit = SqlUnit("ds_0", "SELECT 1", [1])
    with pytest.raises(AttributeError):
        unit.sql = "x"  # type: ignore[misc]
    assert hash(unit) == hash(SqlUnit("ds_0", "SELECT 1", [1]))


def test_hints_from_dict_or_object_route_alike(engine: sqlroute.Engine) -> None:
    by_dict = engine.route("SELECT * FROM t_user", hints={"data_source_name": "ds_1"})
    by_object = engine.route("SELECT * FROM t_user", hints=Hints(data_source_name="ds_1"))
    assert by_dict.units == by_object.units == [SqlUnit("ds_1", "SELECT * FROM t_user", [])]
    assert by_dict.route_type == "DataSourceHint"


def test_hints_validate_their_keys_and_types() -> None:
    with pytest.raises(ValueError, match="data_source"):
        Hints.from_dict({"data_source": "ds_1"})
    with pytest.raises(TypeError):
        Hints(table_values={"t_user": 7})  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        Hints(shadow="yes")  # type: ignore[arg-type]


def test_hints_repr_and_native_form() -> None:
    hints = Hints(table_values={"t_order": [1, 2]}, database_value_only=None, write_route_only=True)
    assert repr(hints) == "Hints(table_values={'t_order': (1, 2)}, database_value_only=None, write_route_only=True)"
    assert repr(Hints()) == "Hints()"
    assert Hints().to_native() == {}


def test_hint_values_are_converted(engine: sqlroute.Engine) -> None:
    with pytest.raises(TypeError, match=r"hints.table_values\['t_user'\]\[0\]"):
        engine.route("SELECT * FROM t_user", hints={"table_values": {"t_user": [object()]}})


def test_reprs_never_show_secrets(secret_engine: sqlroute.Engine) -> None:
    plan = secret_engine.route("SELECT * FROM t_user WHERE id = ?", [3])
    shown = [repr(secret_engine), repr(plan), plan.explain(), str(plan.preview()), repr(plan.route_units)]
    assert all(SECRET not in text for text in shown)
    assert repr(secret_engine) == (
        "Engine(database='sharding_db', data_sources=['ds_0', 'ds_1', 'ds_2', 'ds_3'], source='<string>')")


def test_config_errors_never_show_secrets() -> None:
    text = f"""databaseName: db
dataSources:
  ds_0: {{url: "jdbc:mysql://h/db", username: u, password: {SECRET}}}
rules:
- !SHARDING
  tables:
    t: {{actualDataNodes: ds_0.t_${{0..1}}, tableStrategy: {{standard: {{shardingColumn: id, shardingAlgorithmName: a}}}}}}
  shardingAlgorithms:
    a: {{type: NO_SUCH_TYPE, props: {{aes-key-value: {SECRET}}}}}
"""
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_yaml_string(text)
    assert SECRET not in str(caught.value) and SECRET not in repr(caught.value)
