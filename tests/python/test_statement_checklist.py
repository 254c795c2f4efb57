"""grammar/README.md's statement checklist is the one scripts/statement_checklist.py writes from
tests/golden/parse/manual.yaml, and every statement of it routes or is refused by name."""

import subprocess
import sys

import pytest
import yaml

import sqlroute
from conftest import GOLDEN_DIR, REPO_ROOT

# The shared t_user rules (rules listed last) with the checklist's tables as single tables of the
# logical database; its `db1.` names are not in it.
RULES = (GOLDEN_DIR / "rules" / "two_shard_mod4.yaml").read_text() + """
- !SINGLE
  tables: ["*.*"]
metadata:
  t1: {dataSource: ds_1, columns: [id, a, b, c, r]}
  t2: {dataSource: ds_0, columns: [a, b, c]}
  v1: {dataSource: ds_0, columns: [a]}
  s1: {dataSource: ds_1, columns: [next_not_cached_value]}
  s2: {dataSource: ds_1, columns: [next_not_cached_value]}
"""

CASES = yaml.safe_load((GOLDEN_DIR / "parse" / "manual.yaml").read_text())["cases"]


def test_checklist_is_up_to_date() -> None:
    result = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "statement_checklist.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.fixture(scope="module")
def checklist_engine() -> sqlroute.Engine:
    return sqlroute.Engine.from_yaml_string(RULES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['section']}: {c['statement']}" for c in CASES])
def test_checklist_statement_routes_or_is_refused_by_name(checklist_engine: sqlroute.Engine, case) -> None:
    """ShardingRouteEngineFactory's answer for the statement's class, or UNSUPPORTED_SQL naming its kind.
    The metadata already holds the tables the DDL forms create: the DDL checks against it are skipped,
    as the SKIP_METADATA_VALIDATE hint skips them (tests/golden/route/ddl_schema.yaml has those)."""
    try:
        plan = checklist_engine.route(case["sql"], hints=sqlroute.Hints(skip_metadata_validate=True))
    except sqlroute.UnsupportedSqlError as error:
        assert error.message == f"{case['kind']} statements are parsed but not routed"
        return
    except sqlroute.Error as error:
        outside = [t for t in case["tables"] if t.startswith("db1.")]
        assert error.code == "TABLE_NOT_FOUND" and outside, error
        assert f"`{outside[0]}`" in error.message
        return
    assert plan.units
    assert all(unit.data_source in ("ds_0", "ds_1") for unit in plan.units)
