"""Every example of the README's Python and command-line sections runs as shown.

Python blocks run in order in one namespace, from the repository root; a line
``expression   # shown`` must evaluate to a value whose repr is ``shown``. Shell blocks run
line by line (bash, from a scratch directory that sees examples/ and python/, with `python3`
the interpreter running the tests) and must succeed.
"""

import ast
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

from conftest import REPO_ROOT
from sqlroute.tools.distribution import png_support

SECTIONS = ("## Using it from Python", "## The command line")
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
SHOWN = re.compile(r"^(?P<indent>\s*)(?P<expression>\S.*?)\s+#\s(?P<shown>.+)$")


def section_blocks(language: str) -> List[str]:
    text = (REPO_ROOT / "README.md").read_text()
    blocks = []
    for heading in SECTIONS:
        start = text.index(heading)
        end = text.find("\n## ", start + len(heading))
        blocks += [code for lang, code in BLOCK.findall(text[start:end]) if lang == language]
    return blocks


def is_expression(text: str) -> bool:
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return False
    return True


def checked(block: str) -> str:
    """The block with each `expression   # shown` line turned into a check of repr(expression)."""
    lines = []
    for line in block.splitlines():
        match = SHOWN.match(line)
        if match and is_expression(match["expression"]):
            line = f"{match['indent']}_shows(({match['expression']}), {match['shown']!r})"
        lines.append(line)
    return "\n".join(lines)


def _shows(value: object, shown: str) -> None:
    assert repr(value) == shown


def test_readme_python_examples(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture) -> None:
    blocks = section_blocks("python")
    assert len(blocks) >= 5
    monkeypatch.chdir(REPO_ROOT)
    namespace = {"_shows": _shows}
    for block in blocks:
        assert "_shows(" in checked(block) or "print(" in block or "assert_route(" in block, block
        exec(compile(checked(block), "README.md", "exec"), namespace)
    assert "t_user_7" in capsys.readouterr().out


def shell_lines() -> List[str]:
    return [line for block in section_blocks("sh") for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize("command", shell_lines())
def test_readme_command(command: str, tmp_path: Path) -> None:
    for name in ("examples", "python"):
        (tmp_path / name).symlink_to(REPO_ROOT / name)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "python3").symlink_to(sys.executable)  # `python3` is the one running the tests
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "python"),
               PATH=f"{tmp_path / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=tmp_path, env=env, timeout=120)
    if "--png" in command and png_support() is not None:
        assert result.returncode == 2 and "python3-matplotlib" in result.stderr
        return
    assert result.returncode == 0, result.stdout + result.stderr
    for output in re.findall(r"--(?:html|png) (\S+)", command):
        assert (tmp_path / output).stat().st_size > 0
