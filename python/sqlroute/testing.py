"""Helpers for unit-testing rule sets with pytest.

>>> from sqlroute.testing import assert_route, engine_fixture
>>> engine = engine_fixture("examples/sharding.yaml")        # in a conftest.py or test module
>>> def test_point_select(engine):
...     assert_route(engine, "SELECT * FROM t_user WHERE id = ?", [7],
...                  data_sources=["ds_3"], tables=["t_user_7"])
"""

from __future__ import annotations

import difflib
import os
import pprint
from typing import Any, Callable, List, Mapping, Optional, Sequence, Union

from sqlroute.engine import Engine
from sqlroute.hints import Hints
from sqlroute.plan import Plan, SqlUnit


def _diff(label: str, expected: Any, actual: Any) -> str:
    lines = difflib.unified_diff(
        pprint.pformat(expected, width=100).splitlines(),
        pprint.pformat(actual, width=100).splitlines(),
        fromfile=f"expected {label}",
        tofile=f"actual {label}",
        lineterm="",
    )
    return "\n".join(lines)


def assert_route(
    engine: Engine,
    sql: str,
    params: Optional[Sequence[Any]] = None,
    *,
    hints: Union[Hints, Mapping[str, Any], None] = None,
    data_sources: Optional[Sequence[str]] = None,
    tables: Optional[Sequence[str]] = None,
    units: Optional[Sequence[SqlUnit]] = None,
    route_type: Optional[str] = None,
) -> Plan:
    """Routes ``sql`` and checks the parts of the plan that are given.

    ``data_sources`` and ``tables`` are the distinct data sources and actual tables in
    route order; ``units`` the exact units. On a mismatch raises ``AssertionError`` with a
    diff per differing part and the explain table. Returns the plan.
    """
    plan = engine.route(sql, params, hints=hints)
    checks = [
        ("data sources", data_sources, plan.data_sources),
        ("tables", tables, plan.actual_tables),
        ("units", units, plan.units),
        ("route type", route_type, plan.route_type),
    ]
    failures = []
    for label, expected, actual in checks:
        if expected is None:
            continue
        if not isinstance(expected, str):
            expected = list(expected)
        if expected != actual:
            failures.append(_diff(label, expected, actual))
    if failures:
        raise AssertionError(f"routing {sql!r} gave a different plan:\n" + "\n".join(failures) + "\n\n" + plan.explain())
    return plan


def engine_fixture(rules: Union[str, "os.PathLike[str]"], *, scope: str = "module") -> Callable[..., Engine]:
    """A pytest fixture that builds an :class:`Engine` from ``rules`` once per ``scope``.

    Assign it to a name in a test module or ``conftest.py``; the name is the fixture name.
    A relative path is resolved against the current directory when the fixture runs.
    """
    import pytest

    @pytest.fixture(scope=scope)
    def engine() -> Engine:
        return Engine.from_yaml(rules)

    return engine


__all__: List[str] = ["assert_route", "engine_fixture"]
