"""Runs every case of tests/golden/route/*.yaml through the public Python API, with the same
checks as tests/cpp/golden_route_test.cc."""

import functools
from pathlib import Path

import pytest

import golden_support
import sqlroute
from conftest import GOLDEN_DIR

CASES, PROBLEMS = golden_support.load_all(GOLDEN_DIR / "route", golden_support.route_file_cases)
FILES = sorted(path.name for path in (GOLDEN_DIR / "route").glob("*.yaml"))


@pytest.mark.parametrize("name", FILES)
def test_golden_file_is_valid(name: str) -> None:
    assert name not in PROBLEMS, PROBLEMS.get(name)


@functools.lru_cache(maxsize=None)
def engine_for(rules: Path) -> sqlroute.Engine:
    return sqlroute.Engine.from_yaml(rules)


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
    actual = [
        golden_support.ExpectedUnit(unit.data_source, unit.sql, tuple(golden_support.describe(unit.params)))
        for unit in plan.units
    ]
    assert actual == case.units, plan.explain()
    if case.warnings is not None:
        assert plan.warnings == case.warnings
    if case.notes is not None:
        assert plan.notes == case.notes


def test_golden_route_cases_exist() -> None:
    assert CASES, "no route cases found under tests/golden/route"
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids)), "case names must be unique within a file"
