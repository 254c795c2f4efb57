"""Runs every case of tests/golden/route/*.yaml through the public Python API, with the same
checks as tests/cpp/golden_route_test.cc."""

import functools
from pathlib import Path

import pytest

import golden_support
import rewrite_law
import sqlroute
from conftest import GOLDEN_DIR

CASES, PROBLEMS = golden_support.load_all(GOLDEN_DIR / "route", golden_support.route_file_cases)
SUCCESS_CASES = [case for case in CASES if case.error is None]
FILES = sorted(path.name for path in (GOLDEN_DIR / "route").glob("*.yaml"))


@pytest.mark.parametrize("name", FILES)
def test_golden_file_is_valid(name: str) -> None:
    assert name not in PROBLEMS, PROBLEMS.get(name)


@functools.lru_cache(maxsize=None)
def engine_for(rules: Path) -> sqlroute.Engine:
    return sqlroute.Engine.from_yaml(rules)


@functools.lru_cache(maxsize=None)
def engine_without_encrypt(rules: Path) -> sqlroute.Engine:
    return sqlroute.Engine.from_yaml_string(rewrite_law.without_encrypt(rules.read_text(encoding="utf-8")))


@functools.lru_cache(maxsize=None)
def key_columns(rules: Path) -> frozenset:
    return frozenset(rewrite_law.key_columns(golden_support.load(rules)))


BARE_ENGINE = sqlroute.Engine.from_yaml_string("dataSources: {ds: {url: x}}")


def assert_error(case: golden_support.RouteCase, engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.Error) as caught:
        plan = engine.route(case.sql, case.params, hints=case.hints)
        pytest.fail(f"expected error {case.error.code}, got:\n{plan.explain()}")
    golden_support.check_error(caught.value, case.error)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_golden_route(case: golden_support.RouteCase) -> None:
    engine = engine_for(case.rules)
    if case.error is not None:
        assert_error(case, engine)
        return
    plan = engine.route(case.sql, case.params, hints=case.hints)
    if case.route_type is not None:
        assert plan.route_type == case.route_type, plan.explain()
    assert case.units is not None
    assert len(plan.units) == len(case.units), plan.explain()
    for unit, expected in zip(plan.units, case.units):
        actual = golden_support.ExpectedUnit(unit.data_source, unit.sql, tuple(golden_support.describe(unit.params)))
        assert (unit.data_source == expected.data_source and golden_support.sql_matches(unit.sql, expected.sql)
                and golden_support.params_match(unit.params, expected.params)), f"{actual} != {expected}\n{plan.explain()}"
    if case.warnings is not None:
        assert plan.warnings == case.warnings
    if case.scatter_reasons is not None:
        assert [f"{r.code}: {r.message}" for r in plan.scatter_reasons] == case.scatter_reasons
    if case.notes is not None:
        assert plan.notes == case.notes
    for unit in plan.units:  # invariant: every rewritten SQL re-parses
        try:
            sqlroute.parse(unit.sql)
        except sqlroute.SqlSyntaxError as error:
            pytest.fail(f"rewritten SQL does not parse: {unit.sql!r}: {error}")


@pytest.mark.parametrize("case", SUCCESS_CASES, ids=[case.id for case in SUCCESS_CASES])
def test_golden_untouched_without_rules(case: golden_support.RouteCase) -> None:
    """Invariant: a statement no rule touches comes back byte-identical."""
    try:
        plan = BARE_ENGINE.route(case.sql, case.params)
    except sqlroute.Error as error:
        pytest.skip(f"the statement needs its own rules: {error}")
    assert len(plan.units) == 1
    expected = case.sql
    if case.sql.startswith(("/* SHARDINGSPHERE_HINT:", "/* ShardingSphere hint:")):
        expected = case.sql[case.sql.index("*/") + 2:].strip()
    assert plan.units[0].sql == expected


@pytest.mark.parametrize("case", SUCCESS_CASES, ids=[case.id for case in SUCCESS_CASES])
def test_golden_single_unit_changes_only_names(case: golden_support.RouteCase) -> None:
    """Invariant: with a single route unit nothing but names changes (README, "Invariants")."""
    engine = engine_without_encrypt(case.rules)
    plan = engine.route(case.sql, case.params, hints=case.hints)
    if len(plan.route_units) != 1 or len(plan.units) != 1:
        return  # the law is about one unit
    context = rewrite_law.LawContext(
        engine.database_name, [(m.logic, m.actual) for m in plan.route_units[0].tables], set(key_columns(case.rules)))
    problem = rewrite_law.violation(case.sql, plan.units[0].sql, context)
    assert problem is None, f"{problem}\nlogic: {case.sql}\nunit:  {plan.units[0].sql}"


def test_no_case_expects_overlapping_tokens() -> None:
    """Invariant: tokens never overlap. The rewriter checks every statement and fails with
    REWRITE_CONFLICT, which no case may expect."""
    assert not [case.id for case in CASES if case.error is not None and case.error.code == "REWRITE_CONFLICT"]


def test_golden_route_cases_exist() -> None:
    assert CASES, "no route cases found under tests/golden/route"
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "case names must be unique within a file"
