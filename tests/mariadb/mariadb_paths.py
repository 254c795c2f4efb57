"""Paths the real-database suite reads."""

from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
RULES_DIR = Path(__file__).resolve().parent / "rules"
GOLDEN_RULES = REPO_ROOT / "tests" / "golden" / "rules"
