"""Text form of a workload analysis (``sqlroute analyze`` without ``--json``)."""

from __future__ import annotations

import json
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


def units_text(units: Dict[str, Any]) -> str:
    """``3`` or ``1..10``: the span of a units summary."""
    return str(units["min"]) if units["min"] == units["max"] else f"{units['min']}..{units['max']}"


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
        unit_text = "-" if shape["units"] is None else units_text(shape["units"])
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
    lines += advice_lines(report.get("advice"))
    if report["error_list"]:
        lines += ["", f"Errors ({report['errors']}):"]
        lines += [f"  line {e['line']}: error[{e['code']}]: {e['message']}" for e in report["error_list"]]
    return "\n".join(lines) + "\n"


def routing_text(routing: Dict[str, Any]) -> str:
    """``20 statements: 18 to one node, units 1..2 (mean 1.1)`` (and errors)."""
    text = f"{routing['statements']} statements: {routing['single']} to one node"
    if routing["units"] is not None:
        text += f", units {units_text(routing['units'])} (mean {routing['units']['mean']})"
    if routing["errors"]:
        text += ", errors " + _counts(routing["errors"])
    return text


def advice_lines(advice: Any) -> List[str]:
    """The advisor's section: per shape its routing now, then each suggestion with its routing."""
    if advice is None:
        return []
    lines = ["", "Advice (what would route the top statements routed to several or all nodes):"]
    if not advice:
        lines.append("  no statement was routed to more than one node")
    for entry in advice:
        lines.append(f"  {entry['count']} x {_short(entry['shape'])}")
        lines.append(f"      now: {routing_text(entry['current'])} ({', '.join(entry['reasons'])})")
        for suggestion in entry["suggestions"]:
            workload = suggestion["workload"]
            lines.append(f"      try: {suggestion['title']}")
            lines.append(f"           routes {routing_text(suggestion['routing'])}")
            lines.append(f"           `{workload['table']}` statements on one node: "
                         f"{_percent_share(workload['single_share_before'])} -> "
                         f"{_percent_share(workload['single_share_after'])}")
            if suggestion["note"]:
                lines.append(f"           note: {suggestion['note']}")
            for change in suggestion["changes"]:
                lines.append(f"           set {change['path']}: {json.dumps(change['value'])}")
        lines += [f"      considered: {note}" for note in entry["considered"]]
    return lines


def _percent_share(share: float) -> str:
    return f"{100 * share:.1f}%"


def _scopes_text(routing: Dict[str, Any]) -> str:
    text = _counts({SCOPE_LABELS.get(key, key): count for key, count in routing["scopes"].items()}) or "-"
    if routing["units"] is not None:
        text += f"; units {units_text(routing['units'])} (mean {routing['units']['mean']})"
    if routing["errors"]:
        text += "; errors " + _counts(routing["errors"])
    return text


def format_comparison(result: Dict[str, Any], source: str, top: int = 10) -> str:
    """A what-if comparison (:func:`sqlroute.tools.compare.compare`) as text, the two rule sets side by side."""
    left, right = result["sides"]
    lines = [f"Workload: {source}: {left['statements']} statements under two rule sets", ""]
    rows = [("hit rate (one node)", _percent_share(left["single_node_share"]), _percent_share(right["single_node_share"])),
            ("routed", left["routed"], right["routed"]), ("errors", left["errors"], right["errors"]),
            ("session statements", left["session_statements"], right["session_statements"])]
    rows += [(SCOPE_LABELS[scope], left["scopes"][scope], right["scopes"][scope]) for scope in left["scopes"]]
    rows.append(("units per statement", left["units_per_statement"]["mean"], right["units_per_statement"]["mean"]))
    histograms = [side["units_per_statement"]["histogram"] for side in (left, right)]
    for units in sorted({*histograms[0], *histograms[1]}, key=int):
        rows.append((f"  statements to {units} unit{'' if units == '1' else 's'}", histograms[0].get(units, 0),
                     histograms[1].get(units, 0)))
    lines += ["  " + line for line in _table(("", left["rules"], right["rules"]), rows)]
    if result["insert_rows"]:
        lines += ["", "INSERTed rows per data node:"]
        for table, nodes in result["insert_rows"].items():
            lines += ["  " + line for line in _table((table, left["rules"], right["rules"]),
                                                     [(node, *counts) for node, counts in nodes.items()])]
    changed = result["changed_shapes"]
    lines += ["", f"Shapes whose routing changes: {len(changed)} of {result['shapes']}"]
    for entry in changed[:top]:
        lines.append(f"  {entry['count']} x {_short(entry['shape'])}")
        lines.append(f"      {left['rules']}: {_scopes_text(entry['before'])}")
        lines.append(f"      {right['rules']}: {_scopes_text(entry['after'])}")
    return "\n".join(lines) + "\n"
