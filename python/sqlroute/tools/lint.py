"""Lint checks of a loaded rule set (``sqlroute check``): valid rules that route badly.

- ``scatter-only``: a sharding table no value can narrow (no sharding column, or hint
  strategies only): its common queries go to every data node;
- ``no-table-strategy``: several actual tables per data source but no table strategy, so
  every query reaches all of them;
- ``binding-layout``: tables of one binding group that differ in data sources, tables per
  data source, or in their sharding columns or algorithm types (binding joins would pair
  rows that do not belong together);
- ``unreachable-nodes``: data nodes no sharding value can reach. Checked where that can be
  decided exactly: standard strategies whose algorithms are MOD / HASH_MOD, or INLINE
  expressions that use the column only as ``column % N``. Their result then depends only on
  the value modulo N (and its sign), so routing every integer in ``-(L-1)..L-1`` (L the
  least common multiple of the moduli) through the engine finds every reachable node;
- ``uneven-spread``: a table with more actual tables on some data sources than on others.
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

from sqlroute._native import core
from sqlroute.engine import Engine
from sqlroute.errors import Error

MAX_ENUMERATED_ROUTES = 20000


@dataclass(frozen=True)
class LintWarning:
    """One lint finding: a stable ``rule`` name, the table(s) it is about, and a message."""

    rule: str
    subject: str
    message: str

    def __str__(self) -> str:
        return f"warning[{self.rule}] {self.subject}: {self.message}"


def outline(engine: Engine) -> Dict[str, Any]:
    """The compiled layout of the live rules: sharding tables with nodes and strategies, binding
    groups, read/write groups, shadow mappings and broadcast tables (no secrets)."""
    return core.rules_outline(engine._native)


def _layout(table: Dict[str, Any]) -> Dict[str, int]:
    """Data source -> number of actual tables."""
    return dict(Counter(data_source for data_source, _ in table["nodes"]))


def _narrows(strategy: Dict[str, Any]) -> bool:
    return strategy["kind"] in ("standard", "complex")


def check_scatter(tables: Sequence[Dict[str, Any]]) -> List[LintWarning]:
    result = []
    for table in tables:
        database, table_strategy = table["database_strategy"], table["table_strategy"]
        nodes = len(table["nodes"])
        if nodes > 1 and not _narrows(database) and not _narrows(table_strategy):
            how = "hint strategies only" if "hint" in (database["kind"], table_strategy["kind"]) else "no sharding column"
            result.append(LintWarning("scatter-only", table["name"],
                                   f"{how}: statements without hints reach all {nodes} data nodes"))
        elif table_strategy["kind"] == "none" and max(_layout(table).values(), default=0) > 1:
            result.append(LintWarning("no-table-strategy", table["name"],
                                   "several actual tables per data source but no table strategy: "
                                   "each query reaches all of them"))
    return result


def _signature(strategy: Dict[str, Any]) -> Tuple[str, Tuple[str, ...], str]:
    return strategy["kind"], tuple(column.lower() for column in strategy["columns"]), strategy["type"].upper()


def check_binding_groups(tables: Sequence[Dict[str, Any]], groups: Sequence[Sequence[str]]) -> List[LintWarning]:
    by_name = {table["name"].lower(): table for table in tables}
    result = []
    for group in groups:
        members = [by_name[name.lower()] for name in group if name.lower() in by_name]
        subject = ",".join(group)
        layouts = {member["name"]: _layout(member) for member in members}
        if len({tuple(sorted(layout.items())) for layout in layouts.values()}) > 1:
            shown = "; ".join(f"{name}: {layout}" for name, layout in layouts.items())
            result.append(LintWarning("binding-layout", subject, f"tables per data source differ ({shown})"))
        for level in ("database_strategy", "table_strategy"):
            signatures = {member["name"]: _signature(member[level]) for member in members}
            if len(set(signatures.values())) > 1:
                shown = "; ".join(f"{name}: {kind} {list(columns)} {kind_type or '-'}"
                                  for name, (kind, columns, kind_type) in signatures.items())
                result.append(LintWarning("binding-layout", subject,
                                       f"{level.replace('_', ' ')} differs ({shown})"))
    return result


def _modulus(strategy: Dict[str, Any]) -> Optional[int]:
    """L such that the strategy's result depends only on the integer value's sign and value % L;
    ``None`` when that cannot be shown."""
    kind_type, props = strategy["type"].upper(), strategy["props"]
    if kind_type in ("MOD", "HASH_MOD"):
        count = props.get("sharding-count", "")
        return int(count) if count.isdigit() and int(count) > 0 else None
    if kind_type != "INLINE" or len(strategy["columns"]) != 1:
        return None
    expression = props.get("algorithm-expression", "")
    column = re.escape(strategy["columns"][0])
    uses = list(re.finditer(rf"(?<![\w.]){column}(?!\w)(\s*%\s*(\d+)(?![\w.]))?", expression))
    if any(use.group(2) is None for use in uses):
        return None  # the column is used other than as `column % N`
    moduli = [int(use.group(2)) for use in uses]
    return math.lcm(*moduli) if moduli else 1


def reachable_nodes(engine: Engine, table: Dict[str, Any]) -> Optional[set]:
    """Every (data source, table) a sharding value can reach, or ``None`` when not decidable."""
    columns: Dict[str, int] = {}
    for level in ("database_strategy", "table_strategy"):
        strategy = table[level]
        if strategy["kind"] == "none":
            continue
        modulus = _modulus(strategy) if strategy["kind"] == "standard" else None
        if modulus is None:
            return None
        column = strategy["columns"][0]
        columns[column] = math.lcm(columns.get(column, 1), modulus)
    if not columns:
        return None
    ranges = [range(-(modulus - 1), modulus) for modulus in columns.values()]
    if math.prod(len(values) for values in ranges) > MAX_ENUMERATED_ROUTES:
        return None
    where = " AND ".join(f"{column} = ?" for column in columns)
    # The sharding columns, not `*`: an encrypt table needs metadata for `*`.
    sql = f"SELECT {', '.join(columns)} FROM {table['name']} WHERE {where}"
    reached = set()
    for values in itertools.product(*ranges):
        try:
            plan = engine.route(sql, list(values))
        except Error:
            continue  # values no node takes (e.g. a negative suffix)
        for unit in plan.route_units:
            for mapping in unit.tables:
                if mapping.logic.lower() == table["name"].lower():
                    reached.add((unit.logic_data_source or unit.data_source, mapping.actual))
    return reached


def check_unreachable(engine: Engine, tables: Sequence[Dict[str, Any]]) -> List[LintWarning]:
    result = []
    for table in tables:
        reached = reachable_nodes(engine, table)
        if reached is None:
            continue
        missing = [f"{ds}.{actual}" for ds, actual in table["nodes"] if (ds, actual) not in reached]
        if missing:
            shown = ", ".join(missing[:8]) + (f" and {len(missing) - 8} more" if len(missing) > 8 else "")
            result.append(LintWarning("unreachable-nodes", table["name"],
                                   f"{len(missing)} of {len(table['nodes'])} data nodes no integer sharding value "
                                   f"reaches: {shown}"))
    return result


def check_spread(tables: Sequence[Dict[str, Any]]) -> List[LintWarning]:
    result = []
    for table in tables:
        layout = _layout(table)
        if len(layout) > 1 and max(layout.values()) - min(layout.values()) > 1:
            shown = ", ".join(f"{ds}: {count}" for ds, count in layout.items())
            result.append(LintWarning("uneven-spread", table["name"], f"actual tables per data source are uneven ({shown})"))
    return result


def lint(engine: Engine) -> List[LintWarning]:
    """Every lint warning for the engine's live rules, table by table."""
    layout = outline(engine)
    tables = layout["sharding_tables"]
    warnings: List[LintWarning] = []
    warnings += check_scatter(tables)
    warnings += check_binding_groups(tables, layout["binding_groups"])
    warnings += check_unreachable(engine, tables)
    warnings += check_spread(tables)
    return warnings

