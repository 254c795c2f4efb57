"""sqlroute.merge: the units' results combined as one unsharded database would answer."""

from decimal import Decimal

import pytest

import sqlroute
from conftest import EXAMPLE_RULES


def split(plan: sqlroute.Plan, columns: list, rows_by_table: dict) -> list:
    """One (columns, rows) per unit: the rows of the unit's actual table."""
    return [(columns, rows_by_table.get(route.tables[0].actual, [])) for route in plan.route_units]


def test_order_by_merges_sorted_units_and_applies_the_limit(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id, name FROM t_user ORDER BY id DESC LIMIT 1, 3")
    results = split(plan, ["id", "name"], {
        "t_user_1": [(21, "u"), (11, "k"), (1, "a")],
        "t_user_2": [(12, "l"), (2, "b")],
        "t_user_5": [(5, None)],
    })
    assert sqlroute.merge(plan, results) == (["id", "name"], [(12, "l"), (11, "k"), (5, None)])


def test_group_by_combines_aggregates_and_hides_derived_columns(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT name, COUNT(*), AVG(age) FROM t_user GROUP BY name")
    assert "AVG_DERIVED_COUNT_0" in plan.units[0].sql
    columns = ["name", "COUNT(*)", "AVG(age)", "AVG_DERIVED_COUNT_0", "AVG_DERIVED_SUM_0"]
    results = split(plan, columns, {
        "t_user_0": [("a", 2, Decimal("15.0000"), 2, Decimal("30")), ("b", 1, Decimal("7.0000"), 1, Decimal("7"))],
        "t_user_3": [("A", 1, Decimal("4.0000"), 1, Decimal("4"))],
    })
    merged_columns, rows = sqlroute.merge(plan, results)
    assert merged_columns == ["name", "COUNT(*)", "AVG(age)"]
    assert rows == [("a", 3, Decimal("11.3333")), ("b", 1, Decimal("7.0000"))]
    _, binary_rows = sqlroute.merge(plan, results, collation="binary")
    assert [row[0] for row in binary_rows] == ["A", "a", "b"]


def test_count_distinct_counts_values_across_units(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT COUNT(DISTINCT name) FROM t_user")
    per_table = "SELECT DISTINCT name AS AGGREGATION_DISTINCT_DERIVED_0 FROM t_user_"
    assert plan.units[0].sql == f"{per_table}0 UNION ALL {per_table}4 UNION ALL {per_table}8"
    rows_by_source = {"ds_0": [("x",), ("y",)], "ds_1": [("y",), ("z",)]}
    results = [(["AGGREGATION_DISTINCT_DERIVED_0"], rows_by_source.get(unit.data_source, [])) for unit in plan.units]
    assert sqlroute.merge(plan, results) == (["COUNT(DISTINCT name)"], [(3,)])


def test_transform_maps_each_value_of_the_result(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id, name FROM t_user ORDER BY id")
    results = split(plan, ["id", "name"], {"t_user_1": [(1, "enc:a")], "t_user_2": [(2, "enc:b")]})
    decrypted = sqlroute.merge(plan, results, transform=lambda column, value: value[4:] if column == 1 else value)
    assert decrypted[1] == [(1, "a"), (2, "b")]


def test_a_single_unit_passes_through(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id FROM t_user WHERE id = 7 LIMIT 5")
    assert sqlroute.merge(plan, [(["id"], [(7,)])]) == (["id"], [(7,)])


def test_units_with_different_columns_are_rejected(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id FROM t_user")
    results = [(["id"], [])] * (len(plan.units) - 1) + [(["name"], [])]
    with pytest.raises(sqlroute.MergeError) as raised:
        sqlroute.merge(plan, results)
    assert raised.value.code == "MERGE_COLUMNS_MISMATCH"


def test_unknown_collation_is_a_value_error(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id FROM t_user")
    with pytest.raises(ValueError):
        sqlroute.merge(plan, [], collation="latin1_swedish_ci")


def test_rows_longer_or_shorter_than_their_columns_are_rejected(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id, name FROM t_user ORDER BY id")
    for bad_row in [(1,), (1, "a", "extra")]:
        results = [(["id", "name"], [])] * (len(plan.units) - 1) + [(["id", "name"], [bad_row])]
        with pytest.raises(sqlroute.MergeError) as raised:
            sqlroute.merge(plan, results)
        assert raised.value.code == "MERGE_ROW_LENGTH"
    single = engine.route("SELECT id FROM t_user WHERE id = 7")
    with pytest.raises(sqlroute.MergeError) as raised:
        sqlroute.merge(single, [(["id"], [(7, 8)])])
    assert raised.value.code == "MERGE_ROW_LENGTH"


HAVING_SQL = "SELECT name FROM t_user GROUP BY name HAVING COUNT(*) >= ? ORDER BY name"


def test_having_is_evaluated_on_the_merged_groups_by_default(engine: sqlroute.Engine) -> None:
    plan = engine.route(HAVING_SQL, [3])
    assert plan.units[0].sql == "SELECT name, COUNT(*) AS HAVING_DERIVED_0 FROM t_user_0 GROUP BY name ORDER BY name"
    assert plan.units[0].params == []
    assert not any("HAVING" in w for w in plan.warnings)
    columns = ["name", "HAVING_DERIVED_0"]
    # "a" has two rows in each of two tables: no table alone reaches 3.
    results = split(plan, columns, {"t_user_0": [("a", 2), ("b", 1)], "t_user_1": [("a", 2), ("c", 5)]})
    assert sqlroute.merge(plan, results) == (["name"], [("a",), ("c",)])


def test_having_stays_in_each_unit_with_having_merge_disabled_and_the_plan_warns() -> None:
    rules = EXAMPLE_RULES.read_text() + "props:\n  having-merge-enabled: false\n"
    plan = sqlroute.Engine.from_yaml_string(rules).route(HAVING_SQL, [3])
    assert plan.units[0].sql == "SELECT name FROM t_user_0 GROUP BY name HAVING COUNT(*) >= ? ORDER BY name"
    assert plan.units[0].params == [3]
    assert any(w.startswith("HAVING is evaluated by each data node") for w in plan.warnings)
    # As ShardingSphere merges it: each table filtered its own share, so "a" (2 + 2 rows) is lost.
    results = split(plan, ["name"], {"t_user_1": [("c",)]})
    assert sqlroute.merge(plan, results) == (["name"], [("c",)])


def test_with_rollup_adds_the_super_aggregate_rows(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT name, SUM(age) FROM t_user GROUP BY name WITH ROLLUP")
    assert "ROLLUP" not in plan.units[0].sql
    results = split(plan, ["name", "SUM(age)"], {"t_user_0": [("a", Decimal(3)), ("b", Decimal(4))],
                                                 "t_user_2": [("a", Decimal(5))]})
    assert sqlroute.merge(plan, results)[1] == [("a", Decimal(8)), ("b", Decimal(4)), (None, Decimal(12))]


def test_avg_distinct_averages_the_values_of_every_unit_once(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT AVG(DISTINCT age) FROM t_user")
    results = [(["AGGREGATION_DISTINCT_DERIVED_0"], [(10,), (20,)] if i < 2 else []) for i in range(len(plan.units))]
    assert sqlroute.merge(plan, results) == (["AVG(DISTINCT age)"], [(Decimal("15.0000"),)])


def test_group_concat_with_order_by_on_several_units_is_unsupported(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.UnsupportedSqlError) as raised:
        engine.route("SELECT GROUP_CONCAT(name ORDER BY age SEPARATOR ';') FROM t_user")
    assert raised.value.code == "UNSUPPORTED_SQL"
