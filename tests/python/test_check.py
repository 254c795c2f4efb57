"""Every problem of a rule file: sqlroute.check_* and `python3 -m sqlroute check`."""

from pathlib import Path

import pytest

import sqlroute
from conftest import EXAMPLE_RULES, SECRET
from test_cli import run

# Independent mistakes, one per marked line: an unknown key, a missing algorithm type, an
# undefined key generator, an unknown algorithm type (found when compiling), a dangling
# binding table, and an undefined data source.
BROKEN_YAML = f"""databaseName: db
dataSources:
  ds_0: {{url: "jdbc:mysql://h/d0", username: u, password: {SECRET}}}
  ds_1: {{url: "jdbc:mysql://h/d1", username: u, password: {SECRET}}}
  ds_2: {{url: "jdbc:mysql://h/d2", username: u, password: {SECRET}}}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${{0..1}}.t_order_${{0..1}}
      tableStrategy:
        standard: {{shardingColumn: order_id, shardingAlgorithmName: t_order_inline}}
      actualDataNode: typo
    t_item:
      actualDataNodes: ds_${{0..1}}.t_item_${{0..1}}
      tableStrategy:
        standard: {{shardingColumn: order_id, shardingAlgorithmName: t_item_mod}}
      keyGenerateStrategy: {{column: id, keyGeneratorName: snowflake}}
  bindingTables:
  - t_order,t_missing
  shardingAlgorithms:
    t_order_inline:
      props: {{algorithm-expression: "t_order_${{order_id % 2}}"}}
    t_item_mod:
      type: MODD
      props: {{sharding-count: 2}}
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw:
      writeDataSourceName: ds_9
      readDataSourceNames: [ds_2]
"""

EXPECTED = [
    ("CONFIG_UNKNOWN_KEY", "rules[0].tables.t_order", "t_order:", "unknown key `actualDataNode`"),
    ("CONFIG_UNKNOWN_ALGORITHM", "rules[0].tables.t_item.keyGenerateStrategy", "keyGenerateStrategy",
     "key generator `snowflake` is not defined"),
    ("CONFIG_INVALID_VALUE", "rules[0].bindingTables[0]", "- t_order,t_missing",
     "binding table `t_missing` is not a sharding table"),
    ("CONFIG_MISSING_KEY", "rules[0].shardingAlgorithms.t_order_inline", "t_order_inline:",
     "missing required key `type`"),
    ("CONFIG_UNKNOWN_ALGORITHM", "rules[0].shardingAlgorithms.t_item_mod", "t_item_mod:", None),
    ("CONFIG_UNKNOWN_DATA_SOURCE", "rules[1].dataSourceGroups.rw.writeDataSourceName", "writeDataSourceName",
     "data source `ds_9` is not defined"),
]

DISTSQL = ('REGISTER STORAGE UNIT ds_0 (HOST="h", PORT=3306, DB="d0", USER="u", PASSWORD="p");\n'
           'CREATE SHARDING TABLE RULE t_a (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id TYPE(NAME="MOD"));\n'
           'CREATE SHARDING TABLE RULE t_b (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id, '
           'TYPE(NAME="HASH_MOD", PROPERTIES("sharding-count"=2)));\n'
           'CREATE BROADCAST TABLE RULE;\n'
           'CREATE SHARDING TABLE RULE t_c (STORAGE_UNITS(ds_7), SHARDING_COLUMN=id, '
           'TYPE(NAME="HASH_MOD", PROPERTIES("sharding-count"=2)));\n')


def line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if needle in line)


def test_check_yaml_string_lists_every_problem_in_text_order() -> None:
    problems = sqlroute.check_yaml_string(BROKEN_YAML)
    assert [(p.code, p.error.path, p.line) for p in problems] == [
        (code, path, line_of(BROKEN_YAML, needle)) for code, path, needle, _ in EXPECTED]
    for problem, (_, _, _, message) in zip(problems, EXPECTED):
        assert isinstance(problem.error, sqlroute.ConfigError)
        if message is not None:
            assert problem.error.message == message
    assert all(SECRET not in str(problem) for problem in problems)


def test_loading_raises_only_the_first_problem() -> None:
    with pytest.raises(sqlroute.ConfigError) as raised:
        sqlroute.Engine.from_yaml_string(BROKEN_YAML)
    assert (raised.value.code, raised.value.path) == ("CONFIG_UNKNOWN_KEY", "rules[0].tables.t_order")


def test_check_of_clean_rules_is_empty() -> None:
    assert sqlroute.check_yaml(EXAMPLE_RULES) == []
    assert sqlroute.check_distsql(DISTSQL.split("CREATE SHARDING TABLE RULE t_a")[0]) == []


def test_check_distsql_lists_every_failing_statement() -> None:
    problems = sqlroute.check_distsql(DISTSQL)
    assert [(p.code, p.line) for p in problems] == [
        ("CONFIG_DISTSQL_SYNTAX", 2), ("CONFIG_DISTSQL_SYNTAX", 4), ("CONFIG_UNKNOWN_DATA_SOURCE", 5)]
    assert problems[0].error.position == (2, 73) and problems[0].where == "2:73"  # at TYPE


def test_problem_repr_and_text() -> None:
    problem = sqlroute.check_yaml_string("dataSources: {ds_0: {url: u}}\nrulez: []\n")[0]
    assert str(problem) == "error[CONFIG_UNKNOWN_KEY]: unknown key `rulez`"
    assert problem.line is None
    keyed = sqlroute.check_yaml_string(BROKEN_YAML)[0]
    line = line_of(BROKEN_YAML, "t_order:")
    assert str(keyed) == f"error[CONFIG_UNKNOWN_KEY] at rules[0].tables.t_order (line {line}): unknown key `actualDataNode`"
    assert "ConfigProblem(error=ConfigError('CONFIG_UNKNOWN_KEY'" in repr(keyed)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_cli_check_lists_every_yaml_problem(tmp_path: Path) -> None:
    result = run("check", str(write(tmp_path, "broken.yaml", BROKEN_YAML)))
    assert result.returncode == 2, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == len(EXPECTED) + 1
    for line, (code, path, needle, _) in zip(lines, EXPECTED):
        assert line.startswith(f"error[{code}] at {path} (line {line_of(BROKEN_YAML, needle)}): ")
    assert lines[-1] == "6 errors: the rules do not load (lint needs rules that load)"
    assert SECRET not in result.stdout + result.stderr


def test_cli_check_lists_every_distsql_problem(tmp_path: Path) -> None:
    result = run("check", str(write(tmp_path, "broken.distsql", DISTSQL)))
    assert result.returncode == 2, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("error[CONFIG_DISTSQL_SYNTAX] at 2:73: unexpected `TYPE`")
    assert lines[1].startswith("error[CONFIG_DISTSQL_SYNTAX] at 4:")
    assert lines[2] == ("error[CONFIG_UNKNOWN_DATA_SOURCE] at distsql[5:1].t_c.actualDataSources: "
                        "data source `ds_7` is not configured; known: ds_0")
    assert result.stdout.endswith("3 errors: the rules do not load (lint needs rules that load)\n")
