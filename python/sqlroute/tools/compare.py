"""What-if comparison (``sqlroute analyze RULES LOG --compare OTHER``): one workload, two rule sets.

Every statement is routed under both rule sets (each with its own sessions). The result puts
side by side the hit rate (the share of routed statements that went to one node), the units
per statement, the scopes, the INSERTed rows per data node, and lists the shapes whose routing
changed (scopes, units or errors differ), most statements first.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Iterable, List, Optional

from sqlroute.engine import Engine
from sqlroute.tools.analysis import ShapeStats, WorkloadAnalysis, units_summary
from sqlroute.tools.workload import WorkloadStatement

SIDE_KEYS = ("statements", "routed", "errors", "session_statements", "scopes", "single_node_share",
             "units_per_statement", "scatter_reasons")


def _routing(stats: ShapeStats) -> Dict[str, Any]:
    return {"scopes": dict(stats.scopes), "units": units_summary(stats.units), "errors": dict(stats.errors)}


def compare(engine: Engine, other: Engine, statements: Iterable[WorkloadStatement], names: List[str],
            progress: Optional[Callable[[int], None]] = None) -> Dict[str, Any]:
    """Routes ``statements`` under ``engine`` and ``other`` (``names``: how to call the two)."""
    left, right = WorkloadAnalysis(engine), WorkloadAnalysis(other)
    for statement in statements:
        left.add(statement)
        right.add(statement)
        if progress is not None:
            progress(statement.line)
    reports = [left.report(), right.report()]
    sides = [dict({"rules": name}, **{key: report[key] for key in SIDE_KEYS}) for name, report in zip(names, reports)]
    insert_rows: Dict[str, Dict[str, List[int]]] = {}
    for index, report in enumerate(reports):
        for table, nodes in report["insert_rows"].items():
            for node, rows in nodes.items():
                insert_rows.setdefault(table, {}).setdefault(node, [0, 0])[index] = rows
    changed = []
    for shape, before in left.shapes.items():
        after = right.shapes[shape]
        routing = [_routing(before), _routing(after)]
        if routing[0] != routing[1]:
            changed.append({"shape": shape, "count": before.count, "first_line": before.first_line,
                            "before": routing[0], "after": routing[1]})
    changed.sort(key=lambda entry: (-entry["count"], entry["first_line"]))
    return {"sides": sides,
            "insert_rows": {table: dict(sorted(nodes.items())) for table, nodes in sorted(insert_rows.items())},
            "changed_shapes": changed, "shapes": len(left.shapes)}
