"""grammar/README.md's statement checklist is the one scripts/statement_checklist.py writes from
tests/golden/parse/manual.yaml."""

import subprocess
import sys

from conftest import REPO_ROOT


def test_checklist_is_up_to_date() -> None:
    result = subprocess.run([sys.executable, str(REPO_ROOT / "scripts" / "statement_checklist.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
