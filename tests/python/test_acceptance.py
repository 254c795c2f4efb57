"""The example rule set from Python: its unit, a syntax error, a config error."""

from pathlib import Path

import pytest

import sqlroute
from conftest import EXAMPLE_RULES
from sqlroute import SqlUnit


def test_example_routes_to_one_unit() -> None:
    engine = sqlroute.Engine.from_yaml(EXAMPLE_RULES)
    plan = engine.route("SELECT * FROM t_user WHERE id = ?", [7])
    assert plan.units == [SqlUnit(data_source="ds_3", sql="SELECT * FROM t_user_7 WHERE id = ?", params=[7])]
    assert repr(plan.units) == "[SqlUnit(data_source='ds_3', sql='SELECT * FROM t_user_7 WHERE id = ?', params=[7])]"


def test_typo_is_a_syntax_error_with_position(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.SqlSyntaxError) as caught:
        engine.route("SELEC 1")
    assert caught.value.position == (1, 1)
    assert caught.value.code == "SQL_SYNTAX_ERROR"
    assert caught.value.category == "syntax"


def test_malformed_rule_file_names_the_key_path(tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text(EXAMPLE_RULES.read_text().replace("shardingColumn: id\n", ""))
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_yaml(rules)
    assert caught.value.code == "CONFIG_MISSING_KEY"
    assert caught.value.path == "rules[0].autoTables.t_user.shardingStrategy"


def test_missing_rule_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_yaml(tmp_path / "absent.yaml")
    assert caught.value.code == "CONFIG_FILE_UNREADABLE"
