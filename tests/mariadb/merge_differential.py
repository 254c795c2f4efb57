"""Sets up the differential merge test's rule sets and runs seeds of generated queries on them.

Used by test_mariadb_merge_differential.py (a fixed seed in CI) and by merge_fuzz.py
(`bash scripts/fuzz.sh merge SECONDS`: new seeds for as long as asked).
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any, Dict

import yaml

from differential import MergeTestDatabases, Statistics, describe, run_one
from merge_queries import GenQuery, QueryGenerator
from merge_schema import RULE_SETS, MergeData, MergeLayout

REGRESSIONS = Path(__file__).resolve().parent / "merge_regressions"


def create_layouts(databases: MergeTestDatabases) -> Dict[str, MergeLayout]:
    """Every rule set's layout; read/write + sharding reads the sharding rule set's databases."""
    data = MergeData()
    layouts = {name: MergeLayout(databases, rule_set) for name, rule_set in RULE_SETS.items()}
    layouts["sharding"].create(data)
    layouts["encrypt"].create(data)
    return layouts


def run_seed(layout: MergeLayout, seed: int, count: int, stats: Statistics) -> None:
    generator = QueryGenerator(seed, encrypted=layout.rule_set.encrypted)
    for index in range(count):
        query = generator.query()
        verdict = run_one(layout.routed, layout.databases, layout.rule_set.reference, query)
        if verdict.outcome == "wrong":
            verdict.detail = describe(layout.rule_set.name, seed, index, query, verdict.detail)
        stats.add(query, verdict)


def encode(value: Any) -> Any:
    return {"decimal": str(value)} if isinstance(value, Decimal) else value


def decode(value: Any) -> Any:
    return Decimal(value["decimal"]) if isinstance(value, dict) else value


def save_regression(rule_set: str, query: GenQuery, detail: str, directory: Path = REGRESSIONS) -> Path:
    """Writes a failing query as a regression case that test_mariadb_merge_differential.py replays
    (a decimal parameter as {decimal: "1.50"})."""
    directory.mkdir(parents=True, exist_ok=True)
    case = {"rule_set": rule_set, "found": detail.splitlines()[0], **query.replay()}
    for key in ("params", "reference_params"):
        case[key] = [encode(v) for v in case[key]]
    number = len(list(directory.glob("*.yaml"))) + 1
    path = directory / f"case_{number:03d}.yaml"
    path.write_text(yaml.safe_dump(case, sort_keys=False, allow_unicode=True))
    return path


def load_regressions(directory: Path = REGRESSIONS):
    """(file name, rule set, expected outcome or None for pass-or-unsupported, query) of each case."""
    for path in sorted(directory.glob("*.yaml")):
        case = yaml.safe_load(path.read_text())
        for key in ("params", "reference_params"):
            case[key] = [decode(v) for v in case[key]]
        yield path.name, case["rule_set"], case.get("expect"), GenQuery.from_replay(case)
