"""HTML form of a workload analysis (``sqlroute analyze --html FILE``).

One self-contained page: the styles are inline and every chart is an inline SVG drawn here,
so the page needs no script, no stylesheet and no network. Each chart is an ``<svg
data-chart="...">`` whose bars carry ``data-key`` and ``data-value`` with the numbers of the
JSON report, and a ``<title>`` that a browser shows on hover.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any, Dict, List, Sequence, Tuple

from sqlroute.tools.report import SCOPE_LABELS, routing_text

SCOPE_COLOURS = {"single": "#2e7d32", "several": "#f9a825", "all": "#c62828"}
PALETTE = ("#1565c0", "#6a1b9a", "#00838f", "#ef6c00", "#558b2f", "#ad1457", "#4e342e", "#37474f")
CHART_WIDTH = 640
LABEL_WIDTH = 180
BAR_HEIGHT = 18
ROW_GAP = 8
LABEL_ROOM = 14  # height of a label line above a bar
MAX_SIDE_LABEL = 28  # characters that fit in LABEL_WIDTH
MAX_TOP_LABEL = 100

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.4em; } h2 { font-size: 1.15em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5em 0; } td, th { border: 1px solid #ddd; padding: 2px 8px; }
th { background: #f4f4f4; text-align: left; } td.n { text-align: right; }
code { font-size: 12px; } svg text { font: 12px system-ui, sans-serif; fill: #222; }
.legend span { display: inline-block; margin-right: 1.5em; }
.legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; }
.none { color: #777; }
"""


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _short(text: str, limit: int = MAX_SIDE_LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _legend(colours: Sequence[Tuple[str, str]]) -> str:
    items = "".join(f'<span><i style="background:{colour}"></i>{escape(label)}</span>' for label, colour in colours)
    return f'<p class="legend">{items}</p>'


def stacked_bars(chart: str, rows: Sequence[Tuple[str, Dict[str, int]]], colours: Dict[str, str],
                 labels: Dict[str, str]) -> str:
    """One horizontal bar per row, split into its parts in proportion (each bar is 100%)."""
    height = len(rows) * (BAR_HEIGHT + ROW_GAP) + ROW_GAP
    span = CHART_WIDTH - LABEL_WIDTH - 10
    parts: List[str] = []
    for index, (row, counts) in enumerate(rows):
        y = ROW_GAP + index * (BAR_HEIGHT + ROW_GAP)
        total = sum(counts.values())
        parts.append(f'<g data-row="{escape(row)}"><text x="0" y="{y + BAR_HEIGHT - 5}">{escape(_short(row))}</text>')
        x = float(LABEL_WIDTH)
        for key, count in counts.items():
            width = span * count / total if total else 0.0
            tip = f"{row}: {labels.get(key, key)} {count} ({_percent(count, total)})"
            parts.append(f'<rect data-key="{escape(key)}" data-value="{count}" x="{x:.1f}" y="{y}" '
                         f'width="{width:.1f}" height="{BAR_HEIGHT}" fill="{colours[key]}">'
                         f'<title>{escape(tip)}</title></rect>')
            if width >= 40:  # room for the share inside the segment
                parts.append(f'<text x="{x + 4:.1f}" y="{y + BAR_HEIGHT - 5}" style="fill:#fff">'
                             f'{_percent(count, total)}</text>')
            x += width
        parts.append("</g>")
    legend = _legend([(labels.get(key, key), colour) for key, colour in colours.items()])
    return (f'<svg data-chart="{chart}" xmlns="http://www.w3.org/2000/svg" width="{CHART_WIDTH}" height="{height}" '
            f'role="img">{"".join(parts)}</svg>{legend}')


def value_bars(chart: str, values: Sequence[Tuple[str, int]], colour: str = PALETTE[0],
               labels_above: bool = False) -> str:
    """One horizontal bar per (label, value), scaled to the largest value; long labels (statements)
    go on a line above their bar, short ones (data nodes) to its left."""
    label_room = LABEL_ROOM if labels_above else 0
    left = 0 if labels_above else LABEL_WIDTH
    row = label_room + BAR_HEIGHT + ROW_GAP
    height = len(values) * row + ROW_GAP
    span = CHART_WIDTH - left - 60
    most = max((value for _, value in values), default=0) or 1
    parts: List[str] = []
    for index, (label, value) in enumerate(values):
        y = ROW_GAP + index * row + label_room
        width = span * value / most
        shown = _short(label, MAX_TOP_LABEL) if labels_above else _short(label)
        label_y = y - 3 if labels_above else y + BAR_HEIGHT - 5
        parts.append(f'<text x="0" y="{label_y}">{escape(shown)}</text>'
                     f'<rect data-key="{escape(label)}" data-value="{value}" x="{left}" y="{y}" '
                     f'width="{width:.1f}" height="{BAR_HEIGHT}" fill="{colour}"><title>{escape(label)}: {value}'
                     f'</title></rect><text x="{left + width + 4:.1f}" y="{y + BAR_HEIGHT - 5}">{value}</text>')
    return (f'<svg data-chart="{chart}" xmlns="http://www.w3.org/2000/svg" width="{CHART_WIDTH}" height="{height}" '
            f'role="img">{"".join(parts)}</svg>')


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    head = "".join(f"<th>{escape(str(cell))}</th>" for cell in header)
    body = "".join("<tr>" + "".join(f'<td class="n">{cell}</td>' if isinstance(cell, (int, float))
                                    else f"<td>{escape(str(cell))}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _none(text: str) -> str:
    return f'<p class="none">{escape(text)}</p>'


def _scopes_section(report: Dict[str, Any]) -> str:
    scopes, routed = report["scopes"], report["routed"]
    html = ["<h2>Where statements go</h2>",
            f"<p>{report['statements']} statements, {routed} routed, {report['errors']} errors; "
            f"{_percent(scopes['single'], routed)} to one node; "
            f"{report['session_statements']} session statements (TCL, SET, USE), not counted as scatter.</p>",
            stacked_bars("scopes", [("all statements", scopes)], SCOPE_COLOURS, SCOPE_LABELS)]
    if report["tables"]:
        html.append("<h2>Per table</h2>")
        html.append(stacked_bars("tables", list(report["tables"].items()), SCOPE_COLOURS, SCOPE_LABELS))
        html.append(_table(("table", "one node", "several nodes", "all nodes"),
                           [(table, c["single"], c["several"], c["all"]) for table, c in report["tables"].items()]))
    return "".join(html)


def _scatter_section(report: Dict[str, Any], top: int) -> str:
    html = ["<h2>Top statements routed to all nodes</h2>"]
    scatter = report["top_scatter"][:top]
    if not scatter:
        return html[0] + _none("No statement was routed to all nodes.")
    html.append(value_bars("top_scatter", [(entry["shape"], entry["count"]) for entry in scatter],
                           SCOPE_COLOURS["all"], labels_above=True))
    rows = "".join(f'<tr><td class="n">{entry["count"]}</td><td><code>{escape(entry["shape"])}</code></td>'
                   f'<td>{"<br>".join(escape(reason) for reason in entry["reasons"])}</td>'
                   f'<td>{"<br>".join(escape(reason) for reason in entry["scatter_reasons"])}</td></tr>' for entry in scatter)
    html.append(f"<table><tr><th>count</th><th>statement</th><th>why</th><th>scatter reasons</th></tr>{rows}</table>")
    if report["scatter_reasons"]:
        html.append("<h2>Scatter reasons</h2>")
        html.append(_table(("code", "statements"), list(report["scatter_reasons"].items())))
    return "".join(html)


def _split_section(title: str, chart: str, counts: Dict[str, int], colours: Dict[str, str], rules: List[str],
                   what: str) -> str:
    if not rules:
        return f"<h2>{escape(title)}</h2>" + _none(f"The rules have no {what}.")
    if not sum(counts.values()):
        return f"<h2>{escape(title)}</h2>" + _none(f"No route unit reached {', '.join(rules)}.")
    total = sum(counts.values())
    text = ", ".join(f"{key} {count} ({_percent(count, total)})" for key, count in counts.items())
    return (f"<h2>{escape(title)}</h2><p>{escape(text)} of {total} units.</p>"
            + stacked_bars(chart, [("route units", counts)], colours, {}))


def _insert_section(report: Dict[str, Any]) -> str:
    html = ["<h2>INSERTed rows per data node</h2>"]
    if not report["insert_rows"]:
        return html[0] + _none("No INSERT was routed.")
    for index, (table, nodes) in enumerate(report["insert_rows"].items()):
        html.append(f"<h3>{escape(table)}: {sum(nodes.values())} rows</h3>")
        html.append(value_bars(f"insert_rows:{table}", list(nodes.items()), PALETTE[index % len(PALETTE)]))
    return "".join(html)


def _shapes_section(report: Dict[str, Any], top: int) -> str:
    rows = []
    for shape in report["shapes"][:top]:
        scopes = ", ".join(f"{SCOPE_LABELS[k]} {v}" for k, v in shape["scopes"].items())
        errors = ", ".join(f"{k} {v}" for k, v in shape["errors"].items())
        rows.append((shape["count"], ", ".join(shape["route_types"]) or "-", scopes or errors, shape["shape"]))
    return (f"<h2>Statement shapes (top {len(rows)} of {len(report['shapes'])})</h2>"
            + _table(("count", "route type", "scope", "shape"), rows))


def _advice_section(report: Dict[str, Any]) -> str:
    if "advice" not in report:
        return ""
    html = ["<h2>Advice</h2>"]
    if not report["advice"]:
        return html[0] + _none("No statement was routed to more than one node.")
    for entry in report["advice"]:
        html.append(f'<h3><code>{escape(entry["shape"])}</code></h3><p>{entry["count"]} statements. Now: '
                    f'{escape(routing_text(entry["current"]))} ({escape(", ".join(entry["reasons"]))}).</p>')
        rows = []
        for suggestion in entry["suggestions"]:
            workload = suggestion["workload"]
            changes = "<br>".join(f'<code>{escape(change["path"])}: {escape(json.dumps(change["value"]))}</code>'
                                  for change in suggestion["changes"])
            rows.append(f'<tr data-kind="{escape(suggestion["kind"])}"><td>{escape(suggestion["title"])}</td>'
                        f'<td>{escape(routing_text(suggestion["routing"]))}</td>'
                        f'<td>{_percent_share(workload["single_share_before"])} &rarr; '
                        f'{_percent_share(workload["single_share_after"])}</td>'
                        f'<td>{escape(suggestion["note"])}</td><td>{changes}</td></tr>')
        if rows:
            html.append("<table><tr><th>suggestion</th><th>routing of these statements</th>"
                        "<th>table's statements on one node</th><th>note</th><th>rule change</th></tr>"
                        + "".join(rows) + "</table>")
        else:
            html.append(_none("No change considered routes these statements better."))
        if entry["considered"]:
            html.append("<p>Considered: " + "; ".join(escape(note) for note in entry["considered"]) + ".</p>")
    return "".join(html)


def _percent_share(share: float) -> str:
    return f"{100 * share:.1f}%"


def _errors_section(report: Dict[str, Any]) -> str:
    if not report["error_list"]:
        return ""
    rows = [(e["line"], e["code"], e["message"]) for e in report["error_list"]]
    return f"<h2>Errors ({report['errors']})</h2>" + _table(("line", "code", "message"), rows)


def format_analysis_html(report: Dict[str, Any], source: str, top: int = 10) -> str:
    """The report as one self-contained HTML page with inline SVG charts."""
    shadow = report["shadow"]
    sections = [
        _scopes_section(report),
        _scatter_section(report, top),
        _split_section("Read/write splitting", "readwrite", report["readwrite"],
                       {"primary": PALETTE[0], "replica": PALETTE[2]}, report["rules"]["readwrite_groups"],
                       "read/write splitting group"),
        _split_section("Shadow", "shadow", {"shadow": shadow["shadow_units"],
                                            "production": shadow["units"] - shadow["shadow_units"]},
                       {"shadow": PALETTE[5], "production": PALETTE[7]}, report["rules"]["shadow_data_sources"],
                       "shadow data source"),
        _advice_section(report),
        _insert_section(report),
        _shapes_section(report, top),
        _errors_section(report),
    ]
    return _page(f"sqlroute workload analysis: {source}", sections)


def _page(title: str, sections: Sequence[str]) -> str:
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head><body><h1>{escape(title)}</h1>{''.join(sections)}</body></html>\n")


def _shape_routing(routing: Dict[str, Any]) -> str:
    parts = [f"{SCOPE_LABELS.get(key, key)} {count}" for key, count in routing["scopes"].items()]
    if routing["units"] is not None:
        parts.append(f"units mean {routing['units']['mean']}")
    parts += [f"{code} {count}" for code, count in routing["errors"].items()]
    return ", ".join(parts) or "-"


def format_comparison_html(result: Dict[str, Any], source: str, top: int = 10) -> str:
    """A what-if comparison as one self-contained page: both rule sets side by side."""
    left, right = result["sides"]
    names = (left["rules"], right["rules"])
    summary = [("hit rate (one node)", _percent_share(left["single_node_share"]),
                _percent_share(right["single_node_share"])),
               ("units per statement", left["units_per_statement"]["mean"], right["units_per_statement"]["mean"]),
               ("routed", left["routed"], right["routed"]), ("errors", left["errors"], right["errors"]),
               ("session statements", left["session_statements"], right["session_statements"])]
    sections = [f"<h2>Where statements go</h2><p>{left['statements']} statements, routed under each rule set.</p>",
                _table(("", *names), summary),
                stacked_bars("compare_scopes", [(name, side["scopes"]) for name, side in zip(names, (left, right))],
                             SCOPE_COLOURS, SCOPE_LABELS)]
    histograms = [side["units_per_statement"]["histogram"] for side in (left, right)]
    units = sorted({*histograms[0], *histograms[1]}, key=int)
    sections.append("<h2>Units per statement</h2>" + _table(
        ("units", *names), [(int(number), histograms[0].get(number, 0), histograms[1].get(number, 0)) for number in units]))
    sections.append("<h2>INSERTed rows per data node</h2>")
    if not result["insert_rows"]:
        sections.append(_none("No INSERT was routed."))
    for table, nodes in result["insert_rows"].items():
        sections.append(f"<h3>{escape(table)}</h3>" + _table(("data node", *names),
                                                              [(node, *counts) for node, counts in nodes.items()]))
    changed = result["changed_shapes"]
    sections.append(f"<h2>Shapes whose routing changes ({len(changed)} of {result['shapes']})</h2>")
    if changed:
        sections.append(_table(("count", "shape", *names), [(entry["count"], entry["shape"], _shape_routing(entry["before"]),
                                                             _shape_routing(entry["after"])) for entry in changed[:top]]))
    else:
        sections.append(_none("Every shape routes the same way under both rule sets."))
    return _page(f"sqlroute what-if: {source}: {names[0]} vs {names[1]}", sections)
