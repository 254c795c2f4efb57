#!/usr/bin/env python3
"""Writes the statement checklist of grammar/README.md from tests/golden/parse/manual.yaml.

  python3 scripts/statement_checklist.py          rewrites the checklist between its markers
  python3 scripts/statement_checklist.py --check  exits 1 when the README's checklist is stale

Each case of manual.yaml (section, statement, sql, kind, tables) becomes one checked item:
the parser test suite parses every case (kind, tables, spans) and round-trips it through the
model's spans (tests/cpp/parser_checklist_test.cc).
"""

import sys
from pathlib import Path
from typing import Dict, List

import yaml

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "golden" / "parse" / "manual.yaml"
README = ROOT / "grammar" / "README.md"
START = "<!-- checklist: written by scripts/statement_checklist.py -->"
END = "<!-- end of checklist -->"


def cell(text: str) -> str:
    return text.replace("|", "\\|")


def checklist(cases: List[Dict]) -> str:
    lines: List[str] = []
    section = None
    for case in cases:
        if case["section"] != section:
            section = case["section"]
            lines += ["", f"### {section}", "", "| | Statement | Kind | Tables | Golden case |", "|---|---|---|---|---|"]
        tables = ", ".join(case.get("tables") or []) or "–"
        lines.append(f"| [x] | {cell(case['statement'])} | {case['kind']} | {cell(tables)} | `{cell(case['sql'])}` |")
    return "\n".join([START, *lines, "", END])


def rendered(readme: str, cases: List[Dict]) -> str:
    head, rest = readme.split(START, 1)
    _, tail = rest.split(END, 1)
    return head + checklist(cases) + tail


def main() -> int:
    cases = yaml.safe_load(CASES.read_text())["cases"]
    readme = README.read_text()
    wanted = rendered(readme, cases)
    if "--check" in sys.argv[1:]:
        if wanted != readme:
            print(f"{README} is stale: run python3 scripts/statement_checklist.py", file=sys.stderr)
            return 1
        return 0
    README.write_text(wanted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
