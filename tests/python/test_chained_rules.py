"""Chained logical data sources and single tables (rules::DataSourceGraph, rules::SingleRule):
each rule file of tests/golden/rules/ that has a DistSQL twin (`<name>.distsql`) routes every
case of tests/golden/route/<name>.yaml to the same units when built from DistSQL, and the rule
errors of chains and single tables are typed config errors with their key paths."""

from pathlib import Path

import pytest
import yaml

import golden_support
import sqlroute
from conftest import GOLDEN_DIR

class _TaggedLoader(yaml.SafeLoader):
    """Reads rule files, taking `!SHARDING`-style tags for plain mappings."""


_TaggedLoader.add_multi_constructor("!", lambda loader, suffix, node: loader.construct_mapping(node, deep=True))


def read_yaml(text: str) -> dict:
    return yaml.load(text, Loader=_TaggedLoader)


TWINS = sorted(path.stem for path in (GOLDEN_DIR / "rules").glob("*.distsql"))


def distsql_engine(name: str) -> sqlroute.Engine:
    """The DistSQL twin, with the YAML file's `metadata:` (DistSQL has none: ShardingSphere reads it)."""
    metadata = read_yaml((GOLDEN_DIR / "rules" / f"{name}.yaml").read_text(encoding="utf-8")).get("metadata")
    engine = sqlroute.Engine.from_distsql((GOLDEN_DIR / "rules" / f"{name}.distsql").read_text(encoding="utf-8"))
    return engine.with_metadata(yaml.safe_dump(metadata)) if metadata else engine


def test_every_twin_has_route_cases() -> None:
    assert TWINS, "no DistSQL twins"
    for name in TWINS:
        assert (GOLDEN_DIR / "route" / f"{name}.yaml").exists(), name


@pytest.mark.parametrize("name", TWINS)
def test_distsql_twin_routes_the_golden_cases(name: str) -> None:
    engine = distsql_engine(name)
    cases = golden_support.route_file_cases(GOLDEN_DIR / "route" / f"{name}.yaml")
    assert cases
    for case in cases:
        if case.error is not None:
            with pytest.raises(sqlroute.Error) as caught:
                engine.route(case.sql, case.params, hints=case.hints)
            golden_support.check_error(caught.value, case.error)
            continue
        plan = engine.route(case.sql, case.params, hints=case.hints)
        got = [(unit.data_source, unit.sql) for unit in plan.units]
        assert got == [(unit.data_source, unit.sql) for unit in case.units], f"{case.id}\n{plan.explain()}"
        for unit, expected in zip(plan.units, case.units):
            assert golden_support.params_match(unit.params, expected.params), case.id


def test_distsql_twin_builds_the_same_rules() -> None:
    """The exported rules of each twin name the same logical data sources as its YAML file."""
    for name in TWINS:
        from_yaml = read_yaml(sqlroute.Engine.from_yaml(GOLDEN_DIR / "rules" / f"{name}.yaml").export_yaml())
        from_distsql = read_yaml(distsql_engine(name).export_yaml())
        assert sorted(from_yaml["dataSources"]) == sorted(from_distsql["dataSources"]), name


RULE_ERRORS = [
    ("logical data sources that name each other form a cycle", """
dataSources: {db_0: {url: "jdbc:mysql://127.0.0.1:3306/db_0"}}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw_a: {writeDataSourceName: shadow_b, readDataSourceNames: [db_0]}
- !SHADOW
  dataSources:
    shadow_b: {productionDataSourceName: rw_a, shadowDataSourceName: db_0}
""", "CONFIG_DATA_SOURCE_CYCLE", "rules[0].dataSourceGroups.rw_a",
     "logical data sources refer to each other in a cycle: rw_a -> shadow_b -> rw_a"),
    ("a read/write group that names itself", """
dataSources: {db_0: {url: "jdbc:mysql://127.0.0.1:3306/db_0"}}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw: {writeDataSourceName: db_0, readDataSourceNames: [rw]}
""", "CONFIG_DATA_SOURCE_CYCLE", "rules[0].dataSourceGroups.rw",
     "logical data sources refer to each other in a cycle: rw -> rw"),
    ("sharding data nodes naming an unknown shadow data source", """
dataSources: {db_0: {url: "jdbc:mysql://127.0.0.1:3306/db_0"}, db_0_shadow: {url: "jdbc:mysql://127.0.0.1:3306/s"}}
rules:
- !SHARDING
  tables:
    t_order: {actualDataNodes: "shadow_${0..1}.t_order"}
- !SHADOW
  dataSources:
    shadow_0: {productionDataSourceName: db_0, shadowDataSourceName: db_0_shadow}
""", "CONFIG_UNKNOWN_DATA_SOURCE", "rules[0].tables.t_order.actualDataNodes", None),
    ("a single table found in another data source than the one named", """
dataSources: {ds_0: {url: "jdbc:mysql://127.0.0.1:3306/a"}, ds_1: {url: "jdbc:mysql://127.0.0.1:3306/b"}}
rules:
- !SINGLE
  tables: ["ds_1.*", "ds_1.t_user"]
metadata:
  t_user: [{dataSource: ds_0, columns: [id]}, {dataSource: ds_1, columns: [id]}]
""", "CONFIG_SINGLE_RULE_INVALID", "rules[0].tables",
     "Invalid single rule configuration, reason is: Single table `ds_0.t_user` is found that does not match ds_1.t_user."),
    ("a single table named with any data source must exist in one", """
dataSources: {ds_0: {url: "jdbc:mysql://127.0.0.1:3306/a"}, ds_1: {url: "jdbc:mysql://127.0.0.1:3306/b"}}
rules:
- !SINGLE
  tables: ["*.t_missing"]
metadata:
  t_user: {dataSource: ds_0, columns: [id]}
""", "CONFIG_SINGLE_TABLE_NOT_FOUND", "rules[0].tables", "Single table '*.t_missing' does not exist."),
    ("single tables of a data source that does not exist", """
dataSources: {ds_0: {url: "jdbc:mysql://127.0.0.1:3306/a"}}
rules:
- !SINGLE
  tables: ["ds_9.*"]
""", "CONFIG_SINGLE_RULE_INVALID", "rules[0].tables",
     "Invalid single rule configuration, reason is: Data source `ds_9` does not exist in database `logic_db`."),
    ("a sharding table is no single table", """
dataSources: {ds_0: {url: "jdbc:mysql://127.0.0.1:3306/a"}}
rules:
- !SHARDING
  tables:
    t_order: {actualDataNodes: "ds_0.t_order_${0..1}"}
- !SINGLE
  tables: ["ds_0.t_order_1", "ds_0.*"]
""", "CONFIG_SINGLE_RULE_INVALID", "rules[1].tables",
     "Invalid single rule configuration, reason is: Table `t_order_1` existed and is not a single table in database `logic_db`."),
]


@pytest.mark.parametrize("text,code,path,message", [case[1:] for case in RULE_ERRORS], ids=[case[0] for case in RULE_ERRORS])
def test_rule_error(text: str, code: str, path: str, message: str) -> None:
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_yaml_string(text)
    assert caught.value.code == code
    assert caught.value.path == path
    if message is not None:
        assert caught.value.message == message
    assert [problem.code for problem in sqlroute.check_yaml_string(text)][:1] == [code]


def test_metadata_places_single_tables_after_loading() -> None:
    """Metadata given later (Engine.with_metadata) places the `*.*` tables as the rule file's would."""
    rules = (GOLDEN_DIR / "rules" / "single_all_tables.yaml").read_text(encoding="utf-8")
    metadata = read_yaml(rules)["metadata"]
    bare = sqlroute.Engine.from_yaml_string(rules[:rules.index("metadata:")])
    with pytest.raises(sqlroute.Error):
        bare.route("SELECT * FROM t_city")
    placed = bare.with_metadata(yaml.safe_dump(metadata))
    assert [unit.data_source for unit in placed.route("SELECT * FROM t_city").units] == ["ds_1"]
