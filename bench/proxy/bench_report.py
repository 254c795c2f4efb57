"""The benchmark's report: a table per scenario (TPS, QPS, p95 and p99 latency, CPU time per query of
the proxy or HAProxy, and the ratios against direct and HAProxy in the same test and thread count),
its data checks and problems, as text, as one self-contained HTML page with inline SVG charts, and
as JSON for scripts."""

from __future__ import annotations

import dataclasses
import html
import json
from pathlib import Path
from typing import List, Optional

from bench_scenario import Row, Scenario

HEADER = (f"{'test':<18} {'threads':>7} {'target':<26} {'TPS':>9} {'QPS':>10} {'p95 ms':>8} {'p99 ms':>8}"
          f" {'CPU us/q':>9} {'/direct':>8} {'/HAProxy':>9}")
COLORS = {"direct": "#8a8a8a", "HAProxy": "#4f86b0"}
PROXY_COLOR = "#c8612f"
BAR_WIDTH = 420


def baseline(scenario: Scenario, row: Row, target: str) -> Optional[float]:
    for other in scenario.rows:
        if (other.test, other.threads, other.target) == (row.test, row.threads, target):
            return other.result.tps
    return None


def ratio(row: Row, base: Optional[float]) -> str:
    return f"{row.result.tps / base:.1%}" if base else "-"


def table(scenario: Scenario) -> List[str]:
    lines = [f"== {scenario.name}: {scenario.description}", HEADER]
    for row in scenario.rows:
        r = row.result
        cpu = f"{r.cpu_us:.1f}" if r.cpu_us is not None else "-"
        lines.append(f"{row.test:<18} {row.threads:>7} {row.target:<26} {r.tps:>9.1f} {r.qps:>10.1f} {r.p95:>8.2f}"
                     f" {r.p99:>8.2f} {cpu:>9} {ratio(row, baseline(scenario, row, 'direct')):>8}"
                     f" {ratio(row, baseline(scenario, row, 'HAProxy')):>9}")
    lines += [f"data check passed: {check}" for check in scenario.checks]
    lines += [f"note: {note}" for note in scenario.notes]
    lines += [f"PROBLEM: {problem}" for problem in scenario.problems]
    return lines


def text(scenarios: List[Scenario], preamble: str) -> str:
    blocks = [preamble] + ["\n".join(table(scenario)) for scenario in scenarios]
    return "\n\n".join(blocks) + "\n"


def bars(rows: List[Row], value, label: str) -> str:
    """A horizontal bar chart of one figure per row."""
    shown = [(row, value(row)) for row in rows if value(row) is not None]
    if not shown:
        return ""
    peak = max(v for _, v in shown) or 1.0
    parts, y = [f'<text x="0" y="12" font-weight="bold">{html.escape(label)}</text>'], 22
    for row, v in shown:
        length = max(1, int(BAR_WIDTH * v / peak))
        color = COLORS.get(row.target, PROXY_COLOR)
        name = html.escape(f"{row.test.replace('oltp_', '')} {row.threads} thr {row.target}")
        parts.append(f'<text x="0" y="{y + 11}">{name}</text>'
                     f'<rect x="300" y="{y}" width="{length}" height="14" fill="{color}"/>'
                     f'<text x="{305 + length}" y="{y + 11}">{v:.1f}</text>')
        y += 18
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{BAR_WIDTH + 380}" height="{y + 4}" font-size="11"'
            f' font-family="sans-serif">{"".join(parts)}</svg>')


def page(scenarios: List[Scenario], preamble: str) -> str:
    sections = []
    for scenario in scenarios:
        sections.append(f"<h2>{html.escape(scenario.name)}</h2><pre>{html.escape(chr(10).join(table(scenario)))}</pre>"
                        + bars(scenario.rows, lambda row: row.result.tps, "TPS")
                        + bars(scenario.rows, lambda row: row.result.cpu_us, "CPU us per query (proxy, HAProxy)")
                        + bars(scenario.rows, lambda row: row.result.p99, "p99 latency ms"))
    return ("<!doctype html><meta charset=utf-8><title>sqlroute-proxy: the seeds' scenarios</title>"
            f"<h1>sqlroute-proxy: the seeds' scenarios</h1><pre>{html.escape(preamble)}</pre>{''.join(sections)}")


def write(scenarios: List[Scenario], preamble: str, out: Path) -> str:
    out.mkdir(parents=True, exist_ok=True)
    report = text(scenarios, preamble)
    (out / "proxy.txt").write_text(report)
    (out / "proxy.html").write_text(page(scenarios, preamble))
    (out / "proxy.json").write_text(json.dumps([dataclasses.asdict(scenario) for scenario in scenarios], indent=1))
    return report
