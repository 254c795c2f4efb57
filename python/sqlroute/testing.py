"""Helpers for unit-testing rule sets with pytest.

>>> from sqlroute.testing import assert_route, assert_single_node, assert_no_full_route, engine_fixture
>>> engine = engine_fixture("examples/sharding.yaml")        # in a conftest.py or test module
>>> def test_point_select(engine):
...     assert_route(engine, "SELECT * FROM t_user WHERE id = ?", [7],
...                  data_sources=["ds_3"], tables=["t_user_7"])
>>> def test_lookups_stay_on_one_node(engine):
...     assert_single_node(engine, "UPDATE t_user SET name = ? WHERE id = ?", ["x", 3])
...     assert_no_full_route(engine, ["SELECT * FROM t_user WHERE id IN (1, 2)",
...                                   ("SELECT * FROM t_user WHERE id = ?", [7])])

``examples/test_sharding_rules.py`` is a complete suite to copy.
"""

from __future__ import annotations

import difflib
import os
import pprint
from pathlib import Path
from typing import Any, Callable, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from sqlroute.engine import Engine
from sqlroute.hints import Hints
from sqlroute.plan import Plan, SqlUnit
from sqlroute.session import Session
from sqlroute.tools.analysis import RouteScopes
from sqlroute.tools.rule_files import load_rules
from sqlroute.tools.workload import read_workload

HintsArg = Union[Hints, Mapping[str, Any], None]
Workload = Union[str, "os.PathLike[str]", Iterable[Union[str, Tuple[str, Sequence[Any]]]]]


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
    hints: HintsArg = None,
    session: Optional[Session] = None,
    data_sources: Optional[Sequence[str]] = None,
    tables: Optional[Sequence[str]] = None,
    units: Optional[Sequence[SqlUnit]] = None,
    route_type: Optional[str] = None,
) -> Plan:
    """Routes ``sql`` and checks the parts of the plan that are given.

    ``data_sources`` and ``tables`` are the distinct data sources and actual tables in
    route order; ``units`` the exact units. ``session`` (a :class:`sqlroute.Session`) routes
    inside a connection's state. On a mismatch raises ``AssertionError`` with a diff per
    differing part and the explain table. Returns the plan.
    """
    plan = engine.route(sql, params, hints=hints, session=session)
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


def assert_single_node(
    engine: Engine,
    sql: str,
    params: Optional[Sequence[Any]] = None,
    *,
    hints: HintsArg = None,
    session: Optional[Session] = None,
) -> Plan:
    """Routes ``sql`` and checks that it reaches exactly one data node (one route unit).

    On failure the ``AssertionError`` lists the units, the route's warnings (why it
    scattered) and the explain table. Returns the plan.
    """
    plan = engine.route(sql, params, hints=hints, session=session)
    if len(plan.route_units) != 1:
        nodes = "\n".join(f"  {unit.data_source}: {', '.join(m.actual for m in unit.tables) or '-'}"
                          for unit in plan.route_units)
        why = "".join(f"\n  why: {warning}" for warning in plan.warnings)
        raise AssertionError(f"{sql!r} routes to {len(plan.route_units)} data nodes, not one:\n{nodes}{why}\n\n"
                             f"{plan.explain()}")
    return plan


def _statements(workload: Workload) -> List[Tuple[str, str, List[Any]]]:
    """``(where, sql, params)`` per statement of a workload file or sequence."""
    if isinstance(workload, (str, os.PathLike)) and Path(workload).is_file():
        text = Path(workload).read_text(encoding="utf-8")
        return [(f"{workload}:{s.line}", s.sql, list(s.params)) for s in read_workload(text)]
    if isinstance(workload, str):
        raise ValueError(f"workload {workload!r} is not a file; give a list of statements instead")
    result = []
    for index, item in enumerate(workload):
        sql, params = (item, []) if isinstance(item, str) else (item[0], list(item[1]))
        result.append((f"workload[{index}]", sql, params))
    return result


def assert_no_full_route(engine: Engine, workload: Workload, *, hints: HintsArg = None) -> None:
    """Checks that no statement of ``workload`` reaches every data node of a sharding table.

    ``workload`` is a statement file or MySQL general log (path), or a sequence of SQL
    strings and ``(sql, params)`` pairs. Statements route in order through one
    :class:`sqlroute.Session`. The ``AssertionError`` lists every offending statement with
    the engine's reasons.
    """
    scopes = RouteScopes(engine)
    session = Session()
    offenders = []
    for where, sql, params in _statements(workload):
        plan = engine.route(sql, params, hints=hints, session=session)
        if scopes.plan_scope(plan) == "all":
            reasons = "; ".join(plan.warnings) or f"{plan.route_type} route"
            offenders.append(f"  {where}: {sql!r} -> {len(plan.route_units)} data nodes ({reasons})")
    if offenders:
        raise AssertionError(f"{len(offenders)} statement(s) route to every data node:\n" + "\n".join(offenders))


def engine_fixture(
    rules: Union[str, "os.PathLike[str]"],
    *,
    scope: str = "module",
    metadata: Union[Mapping[str, Sequence[str]], str, None] = None,
) -> Callable[..., Engine]:
    """A pytest fixture that builds an :class:`Engine` from ``rules`` once per ``scope``.

    ``rules`` is a YAML file or a DistSQL script (``*.sql`` / ``*.distsql``); ``metadata``
    adds table metadata (see :meth:`Engine.with_metadata`). Assign the result to a name in a
    test module or ``conftest.py``; the name is the fixture name. A relative path is
    resolved against the current directory when the fixture runs.
    """
    import pytest

    @pytest.fixture(scope=scope)
    def engine() -> Engine:
        loaded = load_rules(rules)
        return loaded if metadata is None else loaded.with_metadata(metadata)

    return engine


__all__: List[str] = ["assert_no_full_route", "assert_route", "assert_single_node", "engine_fixture"]
