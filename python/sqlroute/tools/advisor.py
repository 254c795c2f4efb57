"""The advisor of ``sqlroute analyze``: what would route the top shapes that scatter.

For each such shape the plans' scatter reasons name the table, the strategy level and, through
the sharding decisions, the column. Each suggestion is a changed copy of the rule set
(:mod:`sqlroute.tools.rule_edits`), loaded by the engine, and judged by routing with it:

- ``algorithm``: a range over a column its algorithm cannot narrow -> VOLUME_RANGE or
  BOUNDARY_RANGE on that column, keeping the number of targets, with bounds from the values the
  workload uses (ShardingSphere's VolumeBasedRangeShardingAlgorithm and
  BoundaryBasedRangeShardingAlgorithm); INTERVAL when those values are date-times (a table of
  ``tables`` at table level: its actual tables become one per interval);
- ``second_column``: no usable condition on the sharding column but an equality on another
  column of the table -> a complex strategy (COMPLEX_INLINE) on both, or, for an auto table
  (standard strategies only), a standard one on the other column;
- ``binding``: several sharding tables, not all bound together, one scattering -> a binding group;
- ``broadcast``: the table as a broadcast table (reads go to one data source);
- ``hint``: a hint strategy the application gives values to (or, for a hint strategy already
  there, the missing hint value).

Each suggestion shows the routing of the shape's sample statements under it, and, to judge it
against the workload, the share of the table's statements routed to one node before and after
(the samples of the table's most frequent shapes, each weighted by its count).
"""

from __future__ import annotations

import datetime
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from sqlroute.engine import Engine
from sqlroute.errors import Error
from sqlroute.hints import Hints
from sqlroute.plan import Plan
from sqlroute.tools.analysis import ShapeStats, units_summary
from sqlroute.tools.lint import outline
from sqlroute.tools.range_algorithms import boundary_range, decision_values, interval, volume_range
from sqlroute.tools.rule_edits import (Change, RuleSet, add_binding_group, make_broadcast, rule_body,
                                       set_actual_data_nodes, set_strategy, table_entry)

ADVISED_SHAPES = 5
RANGE_CODES = ("RANGE_COVERS_ALL", "RANGE_NOT_NARROWED", "RANGE_SPANS_SEVERAL")
NO_VALUE_CODES = ("NO_SHARDING_CONDITION", "OPERATOR_NO_VALUE", "OR_ACROSS_COLUMNS", "SUBQUERY_NOT_FOLLOWED",
                  "NULL_PARAMETER", "WHERE_TOO_COMPLEX")
WRITE_KINDS = ("INSERT", "REPLACE", "UPDATE", "DELETE")
MAX_SECOND_COLUMNS = 2
MAX_JUDGED_SHAPES = 50  # a table's shapes (most statements first) that judge a suggestion and give values
HINT_NOTE = "routed here with the value 0; the application gives the real one"
_EQUALITY = re.compile(r"`?(\w+)`?\s*(?:=\s*\?|IN\s*\(\s*\?)", re.IGNORECASE)
_WHERE = re.compile(r"\bWHERE\b", re.IGNORECASE)
_TRAILING_NUMBER = re.compile(r"\d+$")


@dataclass
class Suggestion:
    """One candidate rule change (or hint) for a shape."""

    kind: str
    table: str
    title: str
    changes: List[Change]
    config: Optional[Dict[str, Any]] = None  # None: the rules as they are (a hint only)
    hints: Optional[Hints] = None
    note: str = ""

    def to_dict(self) -> Dict[str, Any]:
        return {"kind": self.kind, "table": self.table, "title": self.title, "note": self.note,
                "changes": [{"path": path, "value": value} for path, value in self.changes]}


@dataclass
class Routing:
    """How a set of statements routed: statements, routed to one node, units, errors."""

    statements: int = 0
    single: int = 0
    units: Counter = field(default_factory=Counter)
    errors: Counter = field(default_factory=Counter)

    def to_dict(self) -> Dict[str, Any]:
        return {"statements": self.statements, "single": self.single, "units": units_summary(self.units),
                "errors": dict(self.errors)}

    @property
    def mean_units(self) -> float:
        routed = sum(self.units.values())
        return sum(units * count for units, count in self.units.items()) / routed if routed else math.inf


def route_samples(engine: Engine, statements: Iterable[Any], hints: Optional[Hints] = None) -> Tuple[Routing, List[Plan]]:
    routing, plans = Routing(), []
    for statement in statements:
        routing.statements += 1
        try:
            plan = engine.route(statement.sql, statement.params, hints=hints)
        except Error as error:
            routing.errors[error.code] += 1
            continue
        plans.append(plan)
        routing.units[len(plan.route_units)] += 1
        routing.single += len(plan.route_units) <= 1
    return routing, plans


class Advisor:
    """Suggestions for the top shapes of a :class:`WorkloadAnalysis` (after its report)."""

    def __init__(self, engine: Engine, shapes: Sequence[ShapeStats]) -> None:
        self.engine = engine
        self.rules = RuleSet(engine)
        layout = outline(engine)
        self.tables = {entry["name"].lower(): entry for entry in layout["sharding_tables"]}
        self.bindings = [{name.lower() for name in group} for group in layout["binding_groups"]]
        self.shapes = shapes
        self._current: Dict[str, Tuple[Routing, List[Plan]]] = {}
        self._table_shapes: Dict[str, List[ShapeStats]] = {}

    def table_shapes(self, table: str) -> List[ShapeStats]:
        """The shapes that reach ``table``, most statements first, at most :data:`MAX_JUDGED_SHAPES`."""
        if table not in self._table_shapes:
            shapes = sorted((s for s in self.shapes if table in s.tables and s.samples), key=lambda s: -s.count)
            self._table_shapes[table] = shapes[:MAX_JUDGED_SHAPES]
        return self._table_shapes[table]

    def current(self, stats: ShapeStats) -> Tuple[Routing, List[Plan]]:
        if stats.shape not in self._current:
            self._current[stats.shape] = route_samples(self.engine, stats.samples)
        return self._current[stats.shape]

    def advise(self, top: int = ADVISED_SHAPES) -> List[Dict[str, Any]]:
        """Per shape routed to several or all nodes (most to all first, ``top`` of them): its current
        routing, reasons, suggestions and what was considered but does not help. Suggestions come
        best first: the highest share of the table's statements on one node, then the fewest units."""
        scatter = sorted((s for s in self.shapes if s.scopes["all"] + s.scopes["several"]),
                         key=lambda s: (-s.scopes["all"], -s.scopes["several"], s.first_line))
        return [self._advise_shape(stats) for stats in scatter[:top]]

    def _advise_shape(self, stats: ShapeStats) -> Dict[str, Any]:
        routing, plans = self.current(stats)
        considered: List[str] = []
        results = []
        titles = set()
        for suggestion in self._suggestions(stats, plans, considered):
            if suggestion.title in titles:
                continue
            titles.add(suggestion.title)
            try:
                engine = self.engine if suggestion.config is None else self.rules.load(suggestion.config)
            except Error as error:
                considered.append(f"{suggestion.title}: the rules do not load: {error.message}")
                continue
            shape_routing, _ = route_samples(engine, stats.samples, suggestion.hints)
            if shape_routing.mean_units >= routing.mean_units:
                considered.append(f"{suggestion.title}: routes these statements no better")
                continue
            entry = suggestion.to_dict()
            entry["routing"] = shape_routing.to_dict()
            entry["workload"] = self._table_share(suggestion.table, engine, suggestion.hints)
            results.append((-entry["workload"]["single_share_after"], shape_routing.mean_units, entry))
        results.sort(key=lambda item: item[:2])
        return {"shape": stats.shape, "count": stats.count, "current": routing.to_dict(),
                "reasons": sorted({code for code, _, _ in self._reasons(plans)}),
                "suggestions": [entry for _, _, entry in results], "considered": list(dict.fromkeys(considered))}

    def _table_share(self, table: str, engine: Engine, hints: Optional[Hints]) -> Dict[str, Any]:
        """The share of the table's statements (samples weighted by shape count) on one node, before/after."""
        before = after = weight = 0.0
        for stats in self.table_shapes(table):
            current, _ = self.current(stats)
            candidate, _ = route_samples(engine, stats.samples, hints)
            before += stats.count * current.single / len(stats.samples)
            after += stats.count * candidate.single / len(stats.samples)
            weight += stats.count
        return {"table": table, "statements": int(weight), "single_share_before": round(before / weight, 4) if weight else 0.0,
                "single_share_after": round(after / weight, 4) if weight else 0.0}

    @staticmethod
    def _reasons(plans: Iterable[Plan]) -> List[Tuple[str, str, str]]:
        seen: Dict[Tuple[str, str, str], None] = {}
        for plan in plans:
            for reason in plan.scatter_reasons:
                seen.setdefault((reason.code, reason.level, reason.table.lower()), None)
        return list(seen)

    def _suggestions(self, stats: ShapeStats, plans: List[Plan], considered: List[str]) -> Iterable[Suggestion]:
        levels: Dict[str, Dict[str, List[str]]] = {}  # table -> level -> codes
        for code, level, table in self._reasons(plans):
            if table in self.tables:
                levels.setdefault(table, {}).setdefault(level, []).append(code)
        for table, codes in levels.items():
            for level, level_codes in codes.items():
                if any(code in RANGE_CODES for code in level_codes):
                    yield from self._range_algorithms(table, level, plans, considered)
            no_value = [level for level, level_codes in codes.items() if any(c in NO_VALUE_CODES for c in level_codes)]
            if no_value:
                yield from self._second_columns(stats, table, no_value, considered)
            hinted = [level for level, level_codes in codes.items() if "HINT_MISSING" in level_codes]
            if hinted:
                yield self._hint_value(table, hinted)
            elif table_entry(rule_body(self.rules.config, "!SHARDING"), table)[0] == "autoTables":
                considered.append(f"a hint strategy for `{table}`: an auto table takes standard strategies only")
            else:
                yield from self._hint_strategy(table, list(codes), considered)
        if levels:
            yield from self._binding(sorted(stats.tables), considered)
        for table in sorted(levels):
            yield self._broadcast(table)

    def _targets(self, table: str, level: str) -> List[str]:
        """The table's data sources (data source level) or actual tables (table level), in order."""
        index = 0 if level == "data source" else 1
        return list(dict.fromkeys(node[index] for node in self.tables[table]["nodes"]))

    def _range_algorithms(self, table: str, level: str, plans: List[Plan], considered: List[str]) -> Iterable[Suggestion]:
        database_level = level == "data source"
        column = next((d.column for plan in plans for d in plan.decisions
                       if d.table.lower() == table and d.database_level == database_level and d.column), None)
        if column is None:
            return
        numbers: List[float] = []
        datetimes: List[datetime.datetime] = []
        for stats in self.table_shapes(table):
            found_numbers, found_datetimes = decision_values(self.current(stats)[1], table, column, database_level)
            numbers += found_numbers
            datetimes += found_datetimes
        count = len(self._targets(table, level))
        if datetimes:
            yield from self._interval(table, level, column, datetimes, count, considered)
            return
        considered.append(f"INTERVAL on `{column}` of `{table}`: the workload's values are numbers, not date-times")
        for algorithm_type, props in (("VOLUME_RANGE", volume_range(numbers, count)),
                                      ("BOUNDARY_RANGE", boundary_range(numbers, count))):
            if props is not None:
                yield self._algorithm(table, level, column, algorithm_type, props)

    def _interval(self, table: str, level: str, column: str, values: List[datetime.datetime], count: int,
                  considered: List[str]) -> Iterable[Suggestion]:
        """INTERVAL on a table of ``tables`` at table level: its actual tables become one per interval."""
        section, _, _ = table_entry(rule_body(self.rules.config, "!SHARDING"), table)
        if section == "autoTables" or level != "table":
            considered.append(f"INTERVAL on `{column}` of `{table}`: needs a table of `tables` (not an auto table) "
                              "sharded by it at table level")
            return
        fitted = interval(values, count)
        if fitted is None:
            return
        props, suffixes = fitted
        config = self.rules.copy()
        nodes = [f"{data_source}.{table}_{suffix}" for data_source in self._targets(table, "data source")
                 for suffix in suffixes]
        changes = set_actual_data_nodes(config, table, nodes)
        changes += set_strategy(config, table, level, "standard", {"shardingColumn": column},
                                f"{table}_{column}_interval", "INTERVAL", props)
        unit = str(props["datetime-interval-unit"]).lower()
        yield Suggestion("algorithm", table, f"INTERVAL on `{column}` of `{table}` ({props['datetime-interval-amount']} "
                         f"{unit} a table, {len(suffixes)} tables)", changes, config,
                         note="new actual tables, one per interval, named by its start; bounds from the workload")

    def _algorithm(self, table: str, level: str, column: str, algorithm_type: str, props: Dict[str, Any]) -> Suggestion:
        config = self.rules.copy()
        name = f"{table}_{column}_{algorithm_type.lower()}"
        changes = set_strategy(config, table, level, "standard", {"shardingColumn": column}, name, algorithm_type, props)
        settings = ", ".join(f"{key} {value}" for key, value in props.items())
        return Suggestion("algorithm", table, f"{algorithm_type} on `{column}` of `{table}` ({settings})", changes,
                          config, note=f"{level} level; bounds from the values the workload uses")

    def _second_columns(self, stats: ShapeStats, table: str, levels: List[str],
                        considered: List[str]) -> Iterable[Suggestion]:
        """For each other column with an equality: every scattering level shards by it as well."""
        where = _WHERE.split(stats.shape, 1)
        entry = self.tables[table]
        used = {column.lower() for key in ("database_strategy", "table_strategy") for column in entry[key]["columns"]}
        columns = list(dict.fromkeys(column for column in _EQUALITY.findall(where[1]) if column.lower() not in used)) \
            if len(where) > 1 else []
        if not columns:
            considered.append(f"a second column for `{table}`: the statements have no equality on another column")
            return
        auto = table_entry(rule_body(self.rules.config, "!SHARDING"), table)[0] == "autoTables"
        for column in columns[:MAX_SECOND_COLUMNS]:
            config = self.rules.copy()
            changes: List[Change] = []
            titles = []
            for level in levels:
                targets = self._targets(table, level)
                prefix = self._prefix(targets)
                current = entry["table_strategy" if level == "table" else "database_strategy"]["columns"]
                if auto or prefix is None or not current:
                    changes += set_strategy(config, table, level, "standard", {"shardingColumn": column},
                                            f"{table}_{column}_hash_mod", "HASH_MOD", {"sharding-count": len(targets)})
                    titles.append(f"{level}s: standard on `{column}` (HASH_MOD)")
                else:
                    names = [*current, column]
                    changes += set_strategy(config, table, level, "complex", {"shardingColumns": ",".join(names)},
                                            f"{table}_{level.replace(' ', '_')}_complex", "COMPLEX_INLINE",
                                            {"algorithm-expression": f"{prefix}${{{column} % {len(targets)}}}"})
                    titles.append(f"{level}s: complex on `{'`, `'.join(names)}` (COMPLEX_INLINE)")
            note = "an auto table takes standard strategies only" if auto else \
                "the expression uses the second column: statements must give it"
            yield Suggestion("second_column", table, f"`{table}` by `{column}` too: {'; '.join(titles)}", changes,
                             config, note=note)

    @staticmethod
    def _prefix(targets: List[str]) -> Optional[str]:
        """``t_user_`` when the targets are ``t_user_0`` .. ``t_user_<n-1>`` in that order."""
        prefix = _TRAILING_NUMBER.sub("", targets[0]) if targets else ""
        return prefix if targets == [f"{prefix}{index}" for index in range(len(targets))] else None

    @staticmethod
    def _hints(table: str, levels: List[str]) -> Hints:
        values = {table: [0]}
        return Hints(database_values=values if "data source" in levels else {},
                     table_values=values if "table" in levels else {})

    def _hint_value(self, table: str, levels: List[str]) -> Suggestion:
        return Suggestion("hint", table, f"give `{table}` its hint value ({', '.join(levels)} level)", [], None,
                          self._hints(table, levels), note=HINT_NOTE)

    def _hint_strategy(self, table: str, levels: List[str], considered: List[str]) -> Iterable[Suggestion]:
        config = self.rules.copy()
        changes: List[Change] = []
        for level in levels:
            targets = self._targets(table, level)
            prefix = self._prefix(targets)
            if prefix is None:
                considered.append(f"a hint strategy for `{table}`: its {level}s are not numbered 0..{len(targets) - 1}")
                return
            changes += set_strategy(config, table, level, "hint", {}, f"{table}_{level.replace(' ', '_')}_hint",
                                    "HINT_INLINE", {"algorithm-expression": f"{prefix}${{value % {len(targets)}}}"})
        yield Suggestion("hint", table, f"hint strategy for `{table}` ({', '.join(levels)} level, HINT_INLINE)", changes,
                         config, self._hints(table, levels),
                         note="every statement of the table then needs hint values; " + HINT_NOTE)

    def _binding(self, tables: List[str], considered: List[str]) -> Iterable[Suggestion]:
        if len(tables) < 2 or any(set(tables) <= group for group in self.bindings):
            return
        config = self.rules.copy()
        names = [table_entry(rule_body(config, "!SHARDING"), table)[1] for table in tables]
        yield Suggestion("binding", tables[0], f"binding group {', '.join(names)}", add_binding_group(config, names),
                         config, note="the tables must share their layout and sharding columns")

    def _broadcast(self, table: str) -> Suggestion:
        config = self.rules.copy()
        changes = make_broadcast(config, table)
        statements = writes = 0
        for stats in self.shapes:
            if table in stats.tables:
                statements += stats.count
                writes += stats.count if stats.kind and stats.kind[0] in WRITE_KINDS else 0
        share = f"{100 * writes / statements:.1f}%" if statements else "-"
        return Suggestion("broadcast", table, f"`{table}` as a broadcast table", changes, config,
                          note=f"every data source holds the whole table; writes ({share} of its statements) "
                               "go to every data source")
