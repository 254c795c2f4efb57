"""Runs tests/golden/parse/*.yaml through sqlroute.parse, with the checks of
tests/cpp/parser_golden_test.cc (span checks aside: spans are not exposed to Python)."""

import pytest

import golden_support
import sqlroute
from conftest import GOLDEN_DIR

CASES, PROBLEMS = golden_support.load_all(GOLDEN_DIR / "parse", golden_support.parse_file_cases)
FILES = sorted(path.name for path in (GOLDEN_DIR / "parse").glob("*.yaml"))


@pytest.mark.parametrize("name", FILES)
def test_golden_file_is_valid(name: str) -> None:
    assert name not in PROBLEMS, PROBLEMS.get(name)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_golden_parse(case: golden_support.ParseCase) -> None:
    if case.error is not None:
        with pytest.raises(sqlroute.Error) as caught:
            statement = sqlroute.parse(case.sql)
            pytest.fail(f"expected error {case.error.code}, got {statement!r}")
        golden_support.check_error(caught.value, case.error)
        return
    statement = sqlroute.parse(case.sql)
    actual = {
        "kind": statement.kind,
        "tables": [table.qualified_name for table in statement.tables],
        "roles": [table.role for table in statement.tables],
        "schemas": list(statement.schemas),
        "indexes": list(statement.indexes),
        "constraints": list(statement.constraints),
        "params": statement.params,
        "comments": len(statement.comments),
        "joins": list(statement.joins),
        "variables": list(statement.variables),
        "windows": list(statement.windows),
        "call_orders": list(statement.call_orders),
    }
    expected = {key: getattr(case, key) for key in actual if getattr(case, key) is not None}
    assert {key: actual[key] for key in expected} == expected
