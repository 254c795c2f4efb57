"""The HTML reports of `analyze` (with advice, and with --compare) as headless Chromium renders them.

Chromium (Debian's `chromium`, installed by scripts/ensure-deps.sh) loads the page from a file with
the network off and prints the DOM it built (`--dump-dom`); the text a reader sees is read from that
DOM, and the DOM must hold every table row and chart of the page as written (a page the browser had
to repair would lose or move some).
"""

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path
from typing import List

import pytest

from conftest import GOLDEN_DIR
from test_analyze_compare import VOLUME_RULES_TEXT, WORKLOAD
from test_cli import run
from test_cli_tools import write

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/ensure-deps.sh installs it)")
RULES = GOLDEN_DIR / "rules" / "sysbench_sharding.yaml"


class TextParser(HTMLParser):
    """The visible text of a page (no <style> or <title>), one string per text node, and its tags."""

    def __init__(self) -> None:
        super().__init__()
        self.texts: List[str] = []
        self.tags: List[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        self.tags.append(tag)
        self.hidden += tag in ("style", "title", "head")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("style", "title", "head")

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


def parsed(html: str) -> TextParser:
    parser = TextParser()
    parser.feed(html)
    return parser


def rendered(page: Path, tmp_path: Path) -> TextParser:
    result = subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         f"--user-data-dir={tmp_path / 'chromium-profile'}", "--proxy-server=127.0.0.1:9", "--dump-dom",
         page.as_uri()], capture_output=True, text=True, timeout=180)
    assert result.returncode == 0, result.stderr[-2000:]
    return parsed(result.stdout)


def check_rendered_as_written(page: Path, tmp_path: Path) -> str:
    """The page's text as Chromium rendered it, after checking the DOM kept every row and chart."""
    dom, source = rendered(page, tmp_path), parsed(page.read_text(encoding="utf-8"))
    assert dom.texts == source.texts
    for tag in ("tr", "svg", "rect", "h2", "table"):
        assert dom.tags.count(tag) == source.tags.count(tag), tag
    assert "script" not in dom.tags
    return "\n".join(dom.texts)


def test_the_analysis_page_with_its_advice_renders(tmp_path: Path) -> None:
    workload = write(tmp_path, "w.sql", "\n".join(WORKLOAD) + "\n")
    page = tmp_path / "report.html"
    assert run("analyze", str(RULES), str(workload), "--html", str(page)).returncode == 0
    text = check_rendered_as_written(page, tmp_path)
    assert "2 session statements (TCL, SET, USE), not counted as scatter." in text
    assert "RANGE_COVERS_ALL: range BETWEEN 101 AND 200 on `id` of `t_user` spans 100 values" in text
    assert "Advice" in text and "VOLUME_RANGE on `id` of `t_user`" in text and "`t_user` as a broadcast table" in text


def test_the_comparison_page_renders(tmp_path: Path) -> None:
    workload = write(tmp_path, "w.sql", "\n".join(WORKLOAD) + "\n")
    other = write(tmp_path, "volume.yaml", VOLUME_RULES_TEXT)
    page = tmp_path / "compare.html"
    assert run("analyze", str(RULES), str(workload), "--compare", str(other), "--html", str(page)).returncode == 0
    text = check_rendered_as_written(page, tmp_path)
    assert "hit rate (one node)\n50.0%\n66.7%" in text
    assert "Shapes whose routing changes (1 of 7)" in text
    assert "SELECT c FROM t_user WHERE id BETWEEN ? AND ?\nall nodes 2, units mean 10.0\none node 1, several nodes 1, units mean 1.5" in text
