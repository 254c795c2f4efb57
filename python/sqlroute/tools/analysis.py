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
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from sqlroute._native import core
from sqlroute.engine import Engine
from sqlroute.errors import Error
from sqlroute.tools.lint import outline
from sqlroute.tools.workload import WorkloadStatement, statement_shape

SCOPES = ("single", "several", "all")
_BROADCAST_TYPES = ("DatabaseBroadcast", "TableBroadcast", "InstanceBroadcast", "Broadcast")
_VALUES = re.compile(r"\bVALUES?\b", re.IGNORECASE)
_PARENS = re.compile(r"[()]")
MAX_LISTED_ERRORS = 20
MAX_REASONS_PER_SHAPE = 10  # distinct reason texts kept per shape (each range has its own)
MAX_SAMPLES = 50  # statements kept per shape (up to twice as many), for the advisor


def inserted_rows(sql: str) -> int:
    """The number of row tuples in an INSERT's VALUES clause (1 for INSERT ... SET / SELECT)."""
    match = _VALUES.search(sql)
    if not match:
        return 1
    depth, rows = 0, 0
    for paren in _PARENS.findall(sql, match.end()):
        if paren == "(":
            rows += depth == 0
            depth += 1
        else:
            depth -= 1
    return max(rows, 1)


class RouteScopes:
    """Classifies routes (the native plan's route units) against the rule set's data nodes."""

    def __init__(self, engine: Engine) -> None:
        layout = outline(engine)
        self.nodes = {t["name"].lower(): {(ds, actual) for ds, actual in t["nodes"]} for t in layout["sharding_tables"]}
        self.primaries = {group["name"]: group["write"] for group in layout["readwrite_groups"]}
        self.shadows = {shadow for _, shadow in layout["shadow_data_sources"]}

    def touched(self, route_units: Sequence[Tuple[str, str, List[Tuple[str, str]]]]) -> Dict[str, set]:
        """Sharding table -> the (logic data source, actual table) nodes the route units reach."""
        result: Dict[str, set] = defaultdict(set)
        nodes = self.nodes
        for logic_data_source, data_source, tables in route_units:
            for logic, actual in tables:
                table = logic.lower()
                if table in nodes:
                    result[table].add((logic_data_source or data_source, actual))
        return result

    def plan_scope(self, plan: Any) -> str:
        """The scope of a :class:`sqlroute.Plan`."""
        return self.scope(plan.route_type, len(plan.route_units), self.touched(plan._native.route_units))

    def scope(self, route_type: str, unit_count: int, touched: Dict[str, set]) -> str:
        if unit_count <= 1:
            return "single"
        if any(len(self.nodes[table]) > 1 and nodes >= self.nodes[table] for table, nodes in touched.items()):
            return "all"
        if not touched and route_type in _BROADCAST_TYPES:
            return "all"
        return "several"


OTHER_VALUES = "(more, with other values)"


def count_capped(counter: Counter, key: str, cap: int = MAX_REASONS_PER_SHAPE) -> None:
    """Counts ``key``, or :data:`OTHER_VALUES` once ``cap`` distinct keys are there (bounded memory)."""
    if key in counter or len(counter) < cap:
        counter[key] += 1
    else:
        counter[OTHER_VALUES] += 1


def units_summary(histogram: Counter) -> Optional[Dict[str, Any]]:
    """min, max and mean of a {units: statements} histogram (``None`` when empty)."""
    statements = sum(histogram.values())
    if not statements:
        return None
    return {"min": min(histogram), "max": max(histogram),
            "mean": round(sum(units * count for units, count in histogram.items()) / statements, 2)}


@dataclass
class ShapeStats:
    """What one statement shape did over the workload; ``samples`` are some of its statements.

    ``outcomes`` counts statements per (route type, scope, units, tables); :meth:`fold` turns them
    into the per-shape counters (one count per statement instead of five keeps a long log fast).
    """

    shape: str
    first_line: int
    count: int = 0
    kind: Optional[Tuple[str, bool]] = None  # (statement kind, session statement): the same for a shape
    outcomes: Counter = field(default_factory=Counter)
    route_types: Counter = field(default_factory=Counter)
    scopes: Counter = field(default_factory=Counter)
    units: Counter = field(default_factory=Counter)  # route units -> statements
    reasons: Counter = field(default_factory=Counter)
    scatter: Counter = field(default_factory=Counter)  # "CODE: message" -> statements
    errors: Counter = field(default_factory=Counter)
    tables: Dict[str, Counter] = field(default_factory=dict)  # sharding table -> scope -> statements
    samples: List[WorkloadStatement] = field(default_factory=list)
    sample_stride: int = 1

    def sample(self, statement: WorkloadStatement) -> None:
        """Keeps every ``sample_stride``-th statement; when twice :data:`MAX_SAMPLES` are kept, every
        other one goes and the stride doubles, so the samples spread over the whole workload."""
        self.samples.append(statement)
        if len(self.samples) == 2 * MAX_SAMPLES:
            del self.samples[::2]
            self.sample_stride *= 2

    def fold(self, sharding_tables: Dict[str, Any]) -> None:
        """Sets route_types, scopes, units and tables from the outcomes."""
        self.route_types, self.scopes, self.units, self.tables = Counter(), Counter(), Counter(), {}
        for (route_type, scope, units, tables), count in self.outcomes.items():
            self.route_types[route_type] += count
            self.scopes[scope] += count
            if scope == "session":
                continue
            self.units[units] += count
            for table in {name.lower() for name in ((tables,) if isinstance(tables, str) else tables)}:
                if table in sharding_tables:
                    self.tables.setdefault(table, Counter())[scope] += count

    def to_dict(self) -> Dict[str, Any]:
        return {
            "shape": self.shape, "first_line": self.first_line, "count": self.count,
            "route_types": dict(self.route_types), "scopes": dict(self.scopes), "units": units_summary(self.units),
            "full_route_reasons": dict(self.reasons), "scatter_reasons": dict(self.scatter),
            "errors": dict(self.errors),
        }


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


class WorkloadAnalysis:
    """Accumulates routed statements; :meth:`report` gives the summary as plain data."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._route = engine._native.route  # the native call: the Plan wrapper is not needed here
        self.scopes = RouteScopes(engine)
        self._splits = bool(self.scopes.primaries or self.scopes.shadows)
        self.shapes: Dict[str, ShapeStats] = {}
        self.sessions: Dict[Optional[str], Any] = defaultdict(core.Session)
        self.readwrite: Counter = Counter()
        self.shadow_units = 0
        self.insert_rows: Dict[str, Counter] = defaultdict(Counter)
        self.errors: List[Dict[str, Any]] = []
        self.error_count = 0
        self.statements = 0
        self.scatter_codes: Counter = Counter()

    def add(self, statement: WorkloadStatement) -> None:
        self.statements += 1
        shape = statement_shape(statement.sql)
        stats = self.shapes.get(shape)
        if stats is None:
            stats = self.shapes[shape] = ShapeStats(shape, statement.line)
        stats.count += 1
        if stats.count % stats.sample_stride == 0:
            stats.sample(statement)
        try:
            plan = self._route(statement.sql, statement.params, None, self.sessions[statement.connection])
        except Error as error:
            stats.errors[error.code] += 1
            self.error_count += 1
            if len(self.errors) < MAX_LISTED_ERRORS:
                self.errors.append({"line": statement.line, "code": error.code, "message": error.message})
            return
        route_type = plan.route_type
        if stats.kind is None:
            stats.kind = (plan.statement_kind, plan.session_statement)
        kind, session = stats.kind
        if session:
            stats.outcomes[(route_type, "session", 0, ())] += 1
            return
        route_units = plan.route_units
        count = len(route_units)
        if count == 1:  # the common case: its sharding tables are sorted out by fold()
            tables = route_units[0][2]
            names = tables[0][0] if len(tables) == 1 else tuple(logic for logic, _ in tables)
            stats.outcomes[(route_type, "single", 1, names)] += 1
        else:
            touched = self.scopes.touched(route_units)
            scope = self.scopes.scope(route_type, count, touched)
            stats.outcomes[(route_type, scope, count, tuple(touched))] += 1
            self._count_reasons(stats, plan, scope, route_type)
        if self._splits:
            self._count_splits(route_units)
        if kind in ("INSERT", "REPLACE"):
            self._count_insert_rows(plan, route_units)

    def _count_reasons(self, stats: ShapeStats, plan: Any, scope: str, route_type: str) -> None:
        reasons = plan.scatter_reasons
        for code, _, _, message in reasons:
            count_capped(stats.scatter, f"{code}: {message}")
            self.scatter_codes[code] += 1
        if scope == "all":
            fallback = [message for _, _, _, message in reasons] or [f"{route_type} route"]
            for reason in plan.warnings or fallback:
                count_capped(stats.reasons, reason)

    def _count_splits(self, route_units: Sequence[Tuple[str, str, List[Tuple[str, str]]]]) -> None:
        for logic_data_source, data_source, _ in route_units:
            primary = self.scopes.primaries.get(logic_data_source)
            if primary is not None:
                self.readwrite["primary" if data_source == primary else "replica"] += 1
            self.shadow_units += data_source in self.scopes.shadows

    def _count_insert_rows(self, plan: Any, route_units: Sequence[Tuple[str, str, List[Tuple[str, str]]]]) -> None:
        for (logic_data_source, data_source, tables), (_, sql, _) in zip(route_units, plan.units):
            rows = inserted_rows(sql)
            for logic, actual in tables:
                self.insert_rows[logic][f"{logic_data_source or data_source}.{actual}"] += rows

    def report(self) -> Dict[str, Any]:
        """The analysis as JSON-ready data (see the module docstring)."""
        scope_counts, table_scopes, unit_counts = Counter(), defaultdict(Counter), Counter()
        for stats in self.shapes.values():
            stats.fold(self.scopes.nodes)
            scope_counts.update(stats.scopes)
            unit_counts.update(stats.units)
            for table, counts in stats.tables.items():
                table_scopes[table].update(counts)
        session_statements = scope_counts.pop("session", 0)
        routed = sum(scope_counts.values())
        units = sum(count * number for number, count in unit_counts.items())
        shapes = sorted(self.shapes.values(), key=lambda s: (-s.count, s.first_line))
        scatter = sorted((s for s in shapes if s.scopes["all"]), key=lambda s: (-s.scopes["all"], s.first_line))
        return {
            "statements": self.statements,
            "routed": routed,
            "errors": self.error_count,
            "scopes": {scope: scope_counts[scope] for scope in SCOPES},
            "session_statements": session_statements,
            "scatter_reasons": dict(self.scatter_codes.most_common()),
            "single_node_share": _share(scope_counts["single"], routed),
            "tables": {table: {scope: counts[scope] for scope in SCOPES} for table, counts in sorted(table_scopes.items())},
            "shapes": [s.to_dict() for s in shapes],
            "top_scatter": [{"shape": s.shape, "count": s.scopes["all"], "reasons": sorted(s.reasons),
                             "scatter_reasons": sorted(s.scatter)} for s in scatter],
            "rules": {"readwrite_groups": sorted(self.scopes.primaries),
                      "shadow_data_sources": sorted(self.scopes.shadows)},
            "readwrite": {"primary": self.readwrite["primary"], "replica": self.readwrite["replica"]},
            "shadow": {"units": units, "shadow_units": self.shadow_units,
                       "share": _share(self.shadow_units, units)},
            "units_per_statement": {"mean": round(units / routed, 2) if routed else 0.0,
                                    "histogram": {str(number): unit_counts[number] for number in sorted(unit_counts)}},
            "insert_rows": {table: dict(sorted(nodes.items())) for table, nodes in sorted(self.insert_rows.items())},
            "error_list": self.errors,
        }


def analyze(engine: Engine, statements: Iterable[WorkloadStatement],
            progress: Optional[Callable[[int], None]] = None, advise: int = 0) -> Dict[str, Any]:
    """Routes every statement and returns :meth:`WorkloadAnalysis.report`; ``progress(line)`` is called
    with each statement's line as it goes. With ``advise``, the report's ``advice`` holds the
    advisor's suggestions (:mod:`sqlroute.tools.advisor`) for that many top scattering shapes."""
    analysis = run_analysis(engine, statements, progress)
    report = analysis.report()
    if advise:
        from sqlroute.tools.advisor import Advisor  # noqa: PLC0415 - it imports this module

        report["advice"] = Advisor(engine, list(analysis.shapes.values())).advise(advise)
    return report


def run_analysis(engine: Engine, statements: Iterable[WorkloadStatement],
                 progress: Optional[Callable[[int], None]] = None) -> WorkloadAnalysis:
    """Routes every statement into a :class:`WorkloadAnalysis` (see :func:`analyze`)."""
    analysis = WorkloadAnalysis(engine)
    add = analysis.add
    if progress is None:
        for statement in statements:
            add(statement)
    else:
        for statement in statements:
            add(statement)
            progress(statement.line)
    return analysis
