"""`analyze --html`, `distribution --png` and progress on a terminal."""

import io
import json
import os
import pty
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Dict, List

import pytest

from conftest import EXAMPLE_RULES, GOLDEN_DIR, REPO_ROOT
from sqlroute.cli import progress_reporter
from sqlroute.tools.distribution import png_support
from test_cli import run
from test_cli_tools import GENERAL_LOG, READWRITE_RULES, write


class ChartParser(HTMLParser):
    """Collects every chart's bars ({chart: {row: {key: value}}}) and the tags used."""

    def __init__(self) -> None:
        super().__init__()
        self.charts: Dict[str, Dict[str, Dict[str, int]]] = {}
        self.tags: List[str] = []
        self.attributes: List[Dict[str, str]] = []
        self.chart = ""
        self.row = ""

    def handle_starttag(self, tag: str, attrs) -> None:
        attributes = dict(attrs)
        self.tags.append(tag)
        self.attributes.append(attributes)
        if tag == "svg":
            self.chart = attributes["data-chart"]
            self.charts[self.chart] = {}
            self.row = ""
        elif tag == "g" and "data-row" in attributes:
            self.row = attributes["data-row"]
        elif tag == "rect" and "data-key" in attributes:
            self.charts[self.chart].setdefault(self.row, {})[attributes["data-key"]] = int(attributes["data-value"])


def analyze(tmp_path: Path, rules: Path, workload: Path) -> tuple:
    """(JSON report, parsed HTML page) of one run with --json and --html."""
    page = tmp_path / "report.html"
    result = run("analyze", str(rules), str(workload), "--json", "--html", str(page))
    assert result.returncode == 0, result.stderr
    parser = ChartParser()
    parser.feed(page.read_text(encoding="utf-8"))
    return json.loads(result.stdout), parser, page.read_text(encoding="utf-8")


def test_html_charts_carry_the_json_figures(tmp_path: Path) -> None:
    report, page, text = analyze(tmp_path, EXAMPLE_RULES, write(tmp_path, "general.log", GENERAL_LOG))
    charts = page.charts
    assert charts["scopes"] == {"all statements": report["scopes"]}
    assert charts["tables"] == report["tables"]
    assert charts["top_scatter"] == {"": {entry["shape"]: entry["count"] for entry in report["top_scatter"]}}
    for table, nodes in report["insert_rows"].items():
        assert charts[f"insert_rows:{table}"] == {"": nodes}
    assert report["rules"] == {"readwrite_groups": [], "shadow_data_sources": []}
    assert "readwrite" not in charts and "shadow" not in charts
    assert "The rules have no read/write splitting group." in text and "The rules have no shadow data source." in text
    for entry in report["top_scatter"]:
        for reason in entry["reasons"]:
            assert reason in text


def test_html_shows_the_primary_replica_split(tmp_path: Path) -> None:
    workload = write(tmp_path, "rw.sql", "SELECT * FROM t\nSELECT * FROM t\nUPDATE t SET a = 1\n")
    report, page, _ = analyze(tmp_path, READWRITE_RULES, workload)
    assert page.charts["readwrite"] == {"route units": report["readwrite"]}
    assert report["readwrite"] == {"primary": 1, "replica": 2}


def test_html_shows_the_shadow_share(tmp_path: Path) -> None:
    workload = write(tmp_path, "shadow.sql", "INSERT INTO t_user (id, status) VALUES (1, 1)\n"
                                             "INSERT INTO t_user (id, status) VALUES (2, 0)\n"
                                             "INSERT INTO t_user (id, status) VALUES (3, 0)\n")
    report, page, _ = analyze(tmp_path, GOLDEN_DIR / "rules" / "shadow.yaml", workload)
    assert report["shadow"] == {"units": 3, "shadow_units": 1, "share": 0.3333}
    assert page.charts["shadow"] == {"route units": {"shadow": 1, "production": 2}}


def test_unused_read_write_and_shadow_rules_still_show(tmp_path: Path) -> None:
    shadow_rules = GOLDEN_DIR / "rules" / "shadow.yaml"
    workload = write(tmp_path, "w.sql", "INSERT INTO t_user (id, status) VALUES (1, 0)\n")
    assert "\nShadow: 0 of 1 units (0.0%)\n" in run("analyze", str(shadow_rules), str(workload)).stdout
    report, page, _ = analyze(tmp_path, shadow_rules, workload)
    assert report["rules"] == {"readwrite_groups": [], "shadow_data_sources": ["ds_shadow"]}
    assert page.charts["shadow"] == {"route units": {"shadow": 0, "production": 1}}

    workload = write(tmp_path, "r.sql", "SELEC oops\n")
    assert "\nRead/write splitting: primary 0 (-), replica 0 (-) of 0 units\n" in run(
        "analyze", str(READWRITE_RULES), str(workload)).stdout
    report, page, text = analyze(tmp_path, READWRITE_RULES, workload)
    assert report["rules"] == {"readwrite_groups": ["readwrite_ds"], "shadow_data_sources": []}
    assert "readwrite" not in page.charts and "No route unit reached readwrite_ds." in text


def test_html_page_is_self_contained(tmp_path: Path) -> None:
    _, page, text = analyze(tmp_path, EXAMPLE_RULES, REPO_ROOT / "examples" / "demo.sql")
    assert text.startswith("<!DOCTYPE html>")
    assert not {"script", "link", "img", "iframe", "object"} & set(page.tags)
    references = [value for attributes in page.attributes for name, value in attributes.items()
                  if name in ("src", "href") and value]
    assert references == []
    assert "http" not in text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert page.tags.count("svg") >= 4


def test_html_escapes_statement_text(tmp_path: Path) -> None:
    workload = write(tmp_path, "w.sql", "SELECT <b> FROM t_user\n")
    report, page, text = analyze(tmp_path, EXAMPLE_RULES, workload)
    assert report["errors"] == 1
    assert "<b>" not in text and "b" not in page.tags
    assert "SELECT &lt;b&gt; FROM t_user" in text


def test_text_report_carries_every_section(tmp_path: Path) -> None:
    workload = write(tmp_path, "w.sql", "SELECT COUNT(*) FROM t_user\nINSERT INTO t_user (id, name) VALUES (1, 'a')\n"
                                        "SELECT * FROM t_user WHERE id = 7\n")
    out = run("analyze", str(EXAMPLE_RULES), str(workload)).stdout
    for heading in ("Routes: one node", "Per table:", "Statements routed to all nodes:", "      why: ",
                    "INSERTed rows per data node:\n  t_user: ds_1.t_user_1 1"):
        assert heading in out


@pytest.mark.skipif(png_support() is not None, reason=str(png_support()))
def test_distribution_png(tmp_path: Path) -> None:
    image = tmp_path / "spread.png"
    result = run("distribution", str(EXAMPLE_RULES), "t_user", "--range", "1..100", "--png", str(image))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("t_user by id: 100 values")
    assert image.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_distribution_png_without_matplotlib(tmp_path: Path) -> None:
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text("import sys\nsys.modules['matplotlib'] = None  # as if not installed\n")
    env = dict(os.environ, PYTHONPATH=f"{hide}{os.pathsep}{REPO_ROOT / 'python'}")
    result = subprocess.run([sys.executable, "-m", "sqlroute", "distribution", str(EXAMPLE_RULES), "t_user", "--range",
                             "1..10", "--png", str(tmp_path / "x.png")], capture_output=True, text=True, env=env,
                            timeout=60)
    assert result.returncode == 2
    assert result.stderr == ("error: --png: PNG output needs matplotlib "
                             "(Debian: apt-get install python3-matplotlib)\n")
    assert not (tmp_path / "x.png").exists()


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_terminal_and_for_long_runs() -> None:
    assert progress_reporter("analyze", 1000, io.StringIO()) is None
    assert progress_reporter("analyze", 50, Terminal()) is None
    err = Terminal()
    report = progress_reporter("analyze", 1000, err)
    for done in range(1, 1001):
        report(done)
    shown = err.getvalue()
    assert shown.count("\r") == 100 and shown.endswith("\ranalyze: 1000/1000\n")
    assert "\ranalyze: 10/1000" in shown and "\ranalyze: 11/1000" not in shown


def run_on_terminal(*args: str) -> tuple:
    """Runs the CLI with stderr on a pseudo-terminal: (exit status, stdout, what the terminal showed)."""
    controller, terminal = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "python"))
    process = subprocess.Popen([sys.executable, "-m", "sqlroute", *args], stdout=subprocess.PIPE, stderr=terminal,
                               cwd=REPO_ROOT, env=env)
    os.close(terminal)
    shown = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # the terminal closed when the process ended
            break
        if not chunk:
            break
        shown += chunk
    stdout = process.stdout.read()
    process.stdout.close()
    os.close(controller)
    return process.wait(timeout=60), stdout.decode(), shown.decode()


def test_distribution_over_a_big_range_shows_progress_on_a_terminal() -> None:
    status, stdout, shown = run_on_terminal("distribution", str(EXAMPLE_RULES), "t_user", "--range", "1..5000")
    assert status == 0
    assert "distribution: 50/5000" in shown and shown.rstrip().endswith("distribution: 5000/5000")
    assert stdout.startswith("t_user by id: 5000 values")
    piped = run("distribution", str(EXAMPLE_RULES), "t_user", "--range", "1..5000")
    assert piped.stderr == ""


def test_analyze_of_a_big_log_shows_progress_on_a_terminal(tmp_path: Path) -> None:
    workload = write(tmp_path, "big.sql", "".join(f"SELECT * FROM t_user WHERE id = {i}\n" for i in range(2000)))
    status, stdout, shown = run_on_terminal("analyze", str(EXAMPLE_RULES), str(workload))
    assert status == 0
    assert "analyze: 20/2000" in shown and shown.rstrip().endswith("analyze: 2000/2000")
    assert "2000 statements, 2000 routed" in stdout


def test_a_long_general_log_keeps_its_progress_on_stderr(tmp_path: Path) -> None:
    """Progress goes by log line (multi-line statements and other entries included) and never into
    the JSON on stdout; without a terminal there is none."""
    entries = ["Time\t\t    Id Command\tArgument\n"]
    for index in range(3000):
        entries.append(f"\t\t     {index % 4 + 1} Execute\tSELECT * FROM t_user\nWHERE id = {index}\n")
        if index % 100 == 0:
            entries.append(f"\t\t     {index % 4 + 1} Close stmt\t\n")
    log = write(tmp_path, "general.log", "".join(entries))
    lines = len(log.read_text().splitlines())
    status, stdout, shown = run_on_terminal("analyze", str(EXAMPLE_RULES), str(log), "--json")
    assert status == 0
    report = json.loads(stdout)
    assert report["statements"] == 3000 and report["scopes"]["single"] == 3000
    steps = [int(part.split("/")[0].removeprefix("analyze: ")) for part in shown.strip().split("\r") if part]
    assert len(steps) >= 50 and steps == sorted(steps) and steps[-1] == lines
    assert shown.rstrip().endswith(f"analyze: {lines}/{lines}")
    piped = run("analyze", str(EXAMPLE_RULES), str(log), "--json")
    assert piped.stderr == "" and json.loads(piped.stdout) == report
