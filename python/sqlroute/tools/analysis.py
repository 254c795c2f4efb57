"""Workload analysis (``sqlroute analyze``): how a rule set routes a stream of statements.

Each routed statement gets a *scope*: ``single`` (one route unit: one data source, one set
of actual tables), ``all`` (every data node of a
sharding table it touches, or a broadcast-type route to several data sources) or ``several``.
The report groups statements by shape (literals as ``?``) and adds up route types, unit
counts, full-route reasons (the plan's warnings), the primary/replica split of read/write
groups, the shadow share, and how INSERTed rows spread over data nodes; ``rules`` names the
read/write groups and shadow data sources the rules have (their sections show even when unused).
Each statement of several units adds its plan's scatter reasons (codes and messages) to its
shape and to the workload's count per code. Session statements (TCL, SET, USE) get their own
count and scope ``session``: they follow the session to every data source and are no scatter.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional

from sqlroute.engine import Engine
from sqlroute.errors import Error
from sqlroute.plan import Plan
from sqlroute.session import Session
from sqlroute.tools.lint import outline
from sqlroute.tools.workload import WorkloadStatement, statement_shape

SCOPES = ("single", "several", "all")
_BROADCAST_TYPES = ("DatabaseBroadcast", "TableBroadcast", "InstanceBroadcast", "Broadcast")
_VALUES = re.compile(r"\bVALUES?\b", re.IGNORECASE)
MAX_LISTED_ERRORS = 20


def inserted_rows(sql: str) -> int:
    """The number of row tuples in an INSERT's VALUES clause (1 for INSERT ... SET / SELECT)."""
    match = _VALUES.search(sql)
    if not match:
        return 1
    depth, rows = 0, 0
    for char in sql[match.end():]:
        if char == "(":
            rows += depth == 0
            depth += 1
        elif char == ")":
            depth -= 1
    return max(rows, 1)


class RouteScopes:
    """Classifies plans against the rule set's data nodes."""

    def __init__(self, engine: Engine) -> None:
        layout = outline(engine)
        self.nodes = {t["name"].lower(): {(ds, actual) for ds, actual in t["nodes"]} for t in layout["sharding_tables"]}
        self.primaries = {group["name"]: group["write"] for group in layout["readwrite_groups"]}
        self.shadows = {shadow for _, shadow in layout["shadow_data_sources"]}

    def touched(self, plan: Plan) -> Dict[str, set]:
        """Sharding table -> the (logic data source, actual table) nodes the plan reaches."""
        result: Dict[str, set] = defaultdict(set)
        for unit in plan.route_units:
            for mapping in unit.tables:
                if mapping.logic.lower() in self.nodes:
                    result[mapping.logic.lower()].add((unit.logic_data_source or unit.data_source, mapping.actual))
        return result

    def scope(self, plan: Plan) -> str:
        touched = self.touched(plan)
        if len(plan.route_units) <= 1:
            return "single"
        if any(len(self.nodes[table]) > 1 and nodes >= self.nodes[table] for table, nodes in touched.items()):
            return "all"
        if not touched and plan.route_type in _BROADCAST_TYPES:
            return "all"
        return "several"


@dataclass
class ShapeStats:
    """What one statement shape did over the workload."""

    shape: str
    first_line: int
    count: int = 0
    route_types: Counter = field(default_factory=Counter)
    scopes: Counter = field(default_factory=Counter)
    units: List[int] = field(default_factory=list)
    reasons: Counter = field(default_factory=Counter)
    scatter: Counter = field(default_factory=Counter)  # "CODE: message" -> statements
    errors: Counter = field(default_factory=Counter)

    def to_dict(self) -> Dict[str, Any]:
        units = {"min": min(self.units), "max": max(self.units), "mean": round(sum(self.units) / len(self.units), 2)} \
            if self.units else None
        return {
            "shape": self.shape, "first_line": self.first_line, "count": self.count,
            "route_types": dict(self.route_types), "scopes": dict(self.scopes), "units": units,
            "full_route_reasons": dict(self.reasons), "scatter_reasons": dict(self.scatter),
            "errors": dict(self.errors),
        }


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


class WorkloadAnalysis:
    """Accumulates routed statements; :meth:`report` gives the summary as plain data."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.scopes = RouteScopes(engine)
        self.shapes: Dict[str, ShapeStats] = {}
        self.sessions: Dict[Optional[str], Session] = defaultdict(Session)
        self.scope_counts: Counter = Counter()
        self.table_scopes: Dict[str, Counter] = defaultdict(Counter)
        self.readwrite: Counter = Counter()
        self.shadow_units = 0
        self.units = 0
        self.insert_rows: Dict[str, Counter] = defaultdict(Counter)
        self.errors: List[Dict[str, Any]] = []
        self.error_count = 0
        self.statements = 0
        self.session_statements = 0
        self.scatter_codes: Counter = Counter()

    def add(self, statement: WorkloadStatement) -> None:
        self.statements += 1
        shape = statement_shape(statement.sql)
        stats = self.shapes.setdefault(shape, ShapeStats(shape, statement.line))
        stats.count += 1
        try:
            plan = self.engine.route(statement.sql, statement.params, session=self.sessions[statement.connection])
        except Error as error:
            stats.errors[error.code] += 1
            self.error_count += 1
            if len(self.errors) < MAX_LISTED_ERRORS:
                self.errors.append({"line": statement.line, "code": error.code, "message": error.message})
            return
        stats.route_types[plan.route_type] += 1
        if plan.session_statement:
            stats.scopes["session"] += 1
            self.session_statements += 1
            return
        scope = self.scopes.scope(plan)
        stats.scopes[scope] += 1
        stats.units.append(len(plan.route_units))
        for reason in plan.scatter_reasons:
            stats.scatter[f"{reason.code}: {reason.message}"] += 1
            self.scatter_codes[reason.code] += 1
        if scope == "all":
            fallback = [reason.message for reason in plan.scatter_reasons] or [f"{plan.route_type} route"]
            for reason in plan.warnings or fallback:
                stats.reasons[reason] += 1
        self.scope_counts[scope] += 1
        for table in self.scopes.touched(plan):
            self.table_scopes[table][scope] += 1
        self._count_units(plan)

    def _count_units(self, plan: Plan) -> None:
        self.units += len(plan.route_units)
        for unit in plan.route_units:
            primary = self.scopes.primaries.get(unit.logic_data_source)
            if primary is not None:
                self.readwrite["primary" if unit.data_source == primary else "replica"] += 1
            self.shadow_units += unit.data_source in self.scopes.shadows
        if plan.statement_kind in ("INSERT", "REPLACE"):
            for route_unit, sql_unit in zip(plan.route_units, plan.units):
                for mapping in route_unit.tables:
                    data_source = route_unit.logic_data_source or route_unit.data_source
                    node = f"{data_source}.{mapping.actual}"
                    self.insert_rows[mapping.logic][node] += inserted_rows(sql_unit.sql)

    def report(self) -> Dict[str, Any]:
        """The analysis as JSON-ready data (see the module docstring)."""
        routed = sum(self.scope_counts.values())
        shapes = sorted(self.shapes.values(), key=lambda s: (-s.count, s.first_line))
        scatter = sorted((s for s in shapes if s.scopes["all"]), key=lambda s: (-s.scopes["all"], s.first_line))
        return {
            "statements": self.statements,
            "routed": routed,
            "errors": self.error_count,
            "scopes": {scope: self.scope_counts[scope] for scope in SCOPES},
            "session_statements": self.session_statements,
            "scatter_reasons": dict(self.scatter_codes.most_common()),
            "single_node_share": _share(self.scope_counts["single"], routed),
            "tables": {table: {scope: counts[scope] for scope in SCOPES} for table, counts in sorted(self.table_scopes.items())},
            "shapes": [s.to_dict() for s in shapes],
            "top_scatter": [{"shape": s.shape, "count": s.scopes["all"], "reasons": sorted(s.reasons),
                             "scatter_reasons": sorted(s.scatter)} for s in scatter],
            "rules": {"readwrite_groups": sorted(self.scopes.primaries),
                      "shadow_data_sources": sorted(self.scopes.shadows)},
            "readwrite": {"primary": self.readwrite["primary"], "replica": self.readwrite["replica"]},
            "shadow": {"units": self.units, "shadow_units": self.shadow_units,
                       "share": _share(self.shadow_units, self.units)},
            "insert_rows": {table: dict(sorted(nodes.items())) for table, nodes in sorted(self.insert_rows.items())},
            "error_list": self.errors,
        }


def analyze(engine: Engine, statements: Iterable[WorkloadStatement],
            progress: Optional[Callable[[int], None]] = None) -> Dict[str, Any]:
    """Routes every statement and returns :meth:`WorkloadAnalysis.report`; ``progress(n)`` is called as it goes."""
    analysis = WorkloadAnalysis(engine)
    for index, statement in enumerate(statements, start=1):
        analysis.add(statement)
        if progress is not None:
            progress(index)
    return analysis.report()
