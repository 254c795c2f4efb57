"""The example test suite under examples/ passes as users would run it."""

import os
import subprocess
import sys

from conftest import REPO_ROOT


def test_example_rule_suite_passes() -> None:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "python"))
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(REPO_ROOT / "examples" / "test_sharding_rules.py")],
        capture_output=True, text=True, env=env, cwd=REPO_ROOT, timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "6 passed" in result.stdout
