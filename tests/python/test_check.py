"""Every problem of a rule file: sqlroute.check_* and `python3 -m sqlroute check`."""

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import golden_support
import sqlroute
from conftest import EXAMPLE_RULES, GOLDEN_DIR, SECRET
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


# --- laws tying check to loading: no problem exactly when the rules load, and the error loading
# raises is always one of the problems (the first one found; the list is in text order).

RULE_FILES = sorted((GOLDEN_DIR / "rules").glob("*.yaml"))


def golden_config_cases(name: str) -> list:
    """name, yaml / distsql of each case of tests/golden/config/NAME.yaml."""
    root = golden_support.items(golden_support.load(GOLDEN_DIR / "config" / f"{name}.yaml"), None, name)
    cases = [golden_support.items(case, None, name) for case in golden_support.sequence(root["cases"], name)]
    return [{key: golden_support.text(node, name) for key, node in case.items() if key in ("name", "yaml", "distsql")}
            for case in cases]


GOLDEN_CONFIG = {name: golden_config_cases(name)
                 for name in ("validation_errors", "distsql_errors", "distsql_rules", "legacy_forms")}


def same_error(problem: sqlroute.ConfigProblem, error: sqlroute.Error) -> bool:
    return (problem.code, problem.error.message, problem.error.path, problem.error.position) == (
        error.code, error.message, error.path, error.position)


def assert_check_agrees_with_loading(check, load, text: str) -> None:
    problems = check(text)
    try:
        load(text)
    except sqlroute.Error as error:
        assert any(same_error(problem, error) for problem in problems), (error, problems)
    else:
        assert problems == []
    assert [p.line or 10**9 for p in problems] == sorted(p.line or 10**9 for p in problems)


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda path: path.stem)
def test_golden_rule_files_have_no_problem(path: Path) -> None:
    assert sqlroute.check_yaml(path) == []


@pytest.mark.parametrize("case", GOLDEN_CONFIG["validation_errors"] + GOLDEN_CONFIG["legacy_forms"],
                         ids=lambda case: case["name"])
def test_golden_yaml_cases(case: dict) -> None:
    assert_check_agrees_with_loading(sqlroute.check_yaml_string, sqlroute.Engine.from_yaml_string, case["yaml"])


@pytest.mark.parametrize("case", GOLDEN_CONFIG["distsql_errors"] + GOLDEN_CONFIG["distsql_rules"],
                         ids=lambda case: case["name"])
def test_golden_distsql_cases(case: dict) -> None:
    assert_check_agrees_with_loading(sqlroute.check_distsql, sqlroute.Engine.from_distsql, case["distsql"])


def mutate(text: str, data) -> str:
    """The text with a few lines deleted, duplicated or with one word replaced."""
    lines = text.splitlines()
    for _ in range(data.draw(st.integers(1, 3))):
        index = data.draw(st.integers(0, len(lines) - 1))
        action = data.draw(st.sampled_from(["delete", "duplicate", "word"]))
        if action == "delete":
            del lines[index]
        elif action == "duplicate":
            lines.insert(index, lines[index])
        else:
            words = re.findall(r"\w+", lines[index])
            if words:
                word = data.draw(st.sampled_from(words))
                lines[index] = lines[index].replace(word, data.draw(st.sampled_from(["x", "ds_9", "MODD", ""])), 1)
        if not lines:
            break
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_rule_files(data) -> None:
    text = data.draw(st.sampled_from(RULE_FILES)).read_text()
    assert_check_agrees_with_loading(sqlroute.check_yaml_string, sqlroute.Engine.from_yaml_string, mutate(text, data))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_distsql_scripts(data) -> None:
    script = data.draw(st.sampled_from(GOLDEN_CONFIG["distsql_rules"]))["distsql"]
    assert_check_agrees_with_loading(sqlroute.check_distsql, sqlroute.Engine.from_distsql, mutate(script, data))


def test_cli_check_as_json(tmp_path: Path) -> None:
    result = run("check", "--json", str(write(tmp_path, "broken.yaml", BROKEN_YAML)))
    assert result.returncode == 2, result.stderr
    report = json.loads(result.stdout)
    assert report["warnings"] == []
    assert [(p["code"], p["path"], p["line"]) for p in report["problems"]] == [
        (code, path, line_of(BROKEN_YAML, needle)) for code, path, needle, _ in EXPECTED]
    assert report["problems"][0] == {"code": "CONFIG_UNKNOWN_KEY", "message": "unknown key `actualDataNode`",
                                     "path": "rules[0].tables.t_order", "position": None,
                                     "line": line_of(BROKEN_YAML, "t_order:"), "column": 5}
    distsql = json.loads(run("check", "--json", str(write(tmp_path, "broken.distsql", DISTSQL))).stdout)
    assert distsql["problems"][0]["position"] == [2, 73]
    clean = run("check", "--json", str(EXAMPLE_RULES))
    assert (clean.returncode, json.loads(clean.stdout)) == (0, {"problems": [], "warnings": []})


def test_cli_check_lint_warnings_as_json(tmp_path: Path) -> None:
    text = (GOLDEN_DIR / "rules" / "order_binding.yaml").read_text().replace(
        "t_order_${0..1}", "t_order_${0..3}").replace("t_order_item_${0..1}", "t_order_item_${0..3}")
    result = run("check", "--json", str(write(tmp_path, "rules.yaml", text)))
    assert result.returncode == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["problems"] == []
    assert [(w["rule"], w["subject"]) for w in report["warnings"]] == [
        ("unreachable-nodes", "t_order"), ("unreachable-nodes", "t_order_item")]
    assert report["warnings"][0]["message"].startswith("4 of 8 data nodes no integer sharding value reaches")
