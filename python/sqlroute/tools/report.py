"""Text form of a workload analysis (``sqlroute analyze`` without ``--json``)."""

from __future__ import annotations

from typing import Any, Dict, List, Sequence

SCOPE_LABELS = {"single": "one node", "several": "several nodes", "all": "all nodes", "session": "session"}
MAX_SHAPE_WIDTH = 90


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> List[str]:
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    return [" | ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]


def _short(shape: str) -> str:
    return shape if len(shape) <= MAX_SHAPE_WIDTH else shape[: MAX_SHAPE_WIDTH - 3] + "..."


def _counts(counter: Dict[str, int]) -> str:
    return ", ".join(f"{key} {count}" for key, count in counter.items())


def format_analysis(report: Dict[str, Any], source: str, top: int = 10) -> str:
    """The report as readable text: summary, per table, top shapes, scatter reasons, splits, errors."""
    routed = report["routed"]
    scopes = report["scopes"]
    lines = [f"Workload: {source}: {report['statements']} statements, {routed} routed, {report['errors']} errors"]
    lines.append("Routes: " + ", ".join(f"{SCOPE_LABELS[scope]} {_percent(count, routed)} ({count})"
                                        for scope, count in scopes.items()))
    lines.append(f"Session statements (TCL, SET, USE; not scatter): {report['session_statements']}")
    if report["scatter_reasons"]:
        lines.append("Scatter reasons: " + _counts(report["scatter_reasons"]))
    if report["tables"]:
        lines += ["", "Per table:"]
        rows = [(table, c["single"], c["several"], c["all"]) for table, c in report["tables"].items()]
        lines += ["  " + line for line in _table(("table", "one node", "several", "all"), rows)]
    lines += ["", f"Statement shapes (top {min(top, len(report['shapes']))} of {len(report['shapes'])}):"]
    rows = []
    for shape in report["shapes"][:top]:
        units = shape["units"]
        unit_text = "-" if units is None else (str(units["min"]) if units["min"] == units["max"]
                                               else f"{units['min']}..{units['max']}")
        routes = _counts(shape["route_types"]) or "error"
        rows.append((shape["count"], routes, unit_text, _counts(shape["scopes"]) or _counts(shape["errors"]),
                     _short(shape["shape"])))
    lines += ["  " + line for line in _table(("count", "route type", "units", "scope", "shape"), rows)]
    if report["top_scatter"]:
        lines += ["", "Statements routed to all nodes:"]
        for entry in report["top_scatter"][:top]:
            lines.append(f"  {entry['count']} x {_short(entry['shape'])}")
            lines += [f"      why: {reason}" for reason in entry["reasons"]]
            lines += [f"      reason: {reason}" for reason in entry["scatter_reasons"]]
    readwrite = report["readwrite"]
    if report["rules"]["readwrite_groups"]:
        total = readwrite["primary"] + readwrite["replica"]
        lines += ["", f"Read/write splitting: primary {readwrite['primary']} ({_percent(readwrite['primary'], total)}), "
                      f"replica {readwrite['replica']} ({_percent(readwrite['replica'], total)}) of {total} units"]
    shadow = report["shadow"]
    if report["rules"]["shadow_data_sources"]:
        lines += ["", f"Shadow: {shadow['shadow_units']} of {shadow['units']} units "
                      f"({_percent(shadow['shadow_units'], shadow['units'])})"]
    if report["insert_rows"]:
        lines += ["", "INSERTed rows per data node:"]
        for table, nodes in report["insert_rows"].items():
            lines.append(f"  {table}: " + ", ".join(f"{node} {count}" for node, count in nodes.items()))
    if report["error_list"]:
        lines += ["", f"Errors ({report['errors']}):"]
        lines += [f"  line {e['line']}: error[{e['code']}]: {e['message']}" for e in report["error_list"]]
    return "\n".join(lines) + "\n"
