"""`analyze` on a real general log: MariaDB logs a short sysbench oltp_read_write run on sbtest1.

sysbench prepares sbtest1 and runs a few events (prepared statements: MariaDB logs each Execute
with its values) while the server writes its general log to a file. Under the seed's rule (sbtest1
by id, MOD into 10 tables) the four range statements of each event reach every table because a
span of 100 ids covers every residue of 10, and BEGIN/COMMIT are session statements.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
RULES = REPO_ROOT / "tests" / "mariadb" / "rules" / "sbtest_mod10.yaml"
EVENTS = 20
RANGES = ["SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?", "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
          "SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
          "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c"]
COVERS_ALL = "RANGE_COVERS_ALL: range BETWEEN {} AND {} on `id` of `sbtest1` spans 100 values, which cover every " \
             "table of algorithm `sbtest_mod` (MOD): 10"


@pytest.fixture(scope="module")
def general_log(mariadb, tmp_path_factory) -> Path:
    sysbench = shutil.which("sysbench")
    if sysbench is None:
        pytest.skip("sysbench is not installed (scripts/ensure-deps.sh installs it)")
    log = tmp_path_factory.mktemp("general-log") / "general.log"
    with mariadb.connect() as connection, connection.cursor() as cursor:
        cursor.execute("DROP DATABASE IF EXISTS sbtest_log")
        cursor.execute("CREATE DATABASE sbtest_log")
    base = [sysbench, "oltp_read_write", "--mysql-host=127.0.0.1", f"--mysql-port={mariadb.port}", "--mysql-user=root",
            "--mysql-password=", "--mysql-db=sbtest_log", "--tables=1", "--table-size=1000", "--threads=1"]
    subprocess.run([*base, "prepare"], check=True, capture_output=True, timeout=300)
    with mariadb.connect() as connection, connection.cursor() as cursor:
        cursor.execute("SET GLOBAL general_log_file = %s", (str(log),))
        cursor.execute("SET GLOBAL general_log = ON")
    try:
        subprocess.run([*base, f"--events={EVENTS}", "--time=0", "run"], check=True, capture_output=True, timeout=300)
    finally:
        with mariadb.connect() as connection, connection.cursor() as cursor:
            cursor.execute("SET GLOBAL general_log = OFF")
            cursor.execute("DROP DATABASE sbtest_log")
    return log


def analyze(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "python"))
    return subprocess.run([sys.executable, "-m", "sqlroute", "analyze", str(RULES), *args], capture_output=True,
                          text=True, env=env, timeout=300)


def logged_ranges(log: Path) -> list:
    """(low, high) of every range statement the log holds, read from the log's text."""
    spans = []
    for line in log.read_text(errors="replace").splitlines():
        command, _, sql = line.partition("Execute\t")
        if sql and " BETWEEN " in sql:
            low, high = sql.split(" BETWEEN ")[1].split(" ORDER BY ")[0].split(" AND ")
            spans.append((int(low), int(high)))
    return spans


def test_range_statements_cover_every_table_and_session_statements_stand_apart(general_log: Path) -> None:
    result = analyze(str(general_log), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["errors"] == 0
    shapes = {shape["shape"]: shape for shape in report["shapes"]}
    assert shapes["BEGIN"]["scopes"] == {"session": EVENTS} and shapes["COMMIT"]["scopes"] == {"session": EVENTS}
    # the test's own SET GLOBAL general_log = OFF is logged too
    assert shapes["SET GLOBAL general_log = OFF"]["scopes"] == {"session": 1}
    assert report["session_statements"] == 2 * EVENTS + 1
    scatter = {entry["shape"]: entry for entry in report["top_scatter"]}
    assert sorted(scatter) == sorted(RANGES)
    assert all(scatter[shape]["count"] == EVENTS for shape in RANGES)
    spans = logged_ranges(general_log)
    assert len(spans) == 4 * EVENTS and all(high - low == 99 for low, high in spans)
    assert report["scatter_reasons"] == {"RANGE_COVERS_ALL": 4 * EVENTS}
    for entry in scatter.values():
        for reason in entry["scatter_reasons"]:
            assert reason == "(more, with other values)" or any(reason == COVERS_ALL.format(*span) for span in spans)
    assert report["scopes"]["all"] == 4 * EVENTS and report["scopes"]["several"] == 0
    text = analyze(str(general_log)).stdout
    assert f"Session statements (TCL, SET, USE; not scatter): {2 * EVENTS + 1}\n" in text
    assert f"Scatter reasons: RANGE_COVERS_ALL {4 * EVENTS}\n" in text
    low, high = spans[0]
    assert f"      reason: {COVERS_ALL.format(low, high)}\n" in text


def test_the_advisor_routes_the_logged_ranges_better(general_log: Path) -> None:
    report = json.loads(analyze(str(general_log), "--json").stdout)
    advice = {entry["shape"]: entry for entry in report["advice"]}
    assert set(advice) <= set(RANGES) and len(advice) == 4
    for entry in advice.values():
        kinds = {suggestion["title"].split(" ")[0] for suggestion in entry["suggestions"] if suggestion["kind"] == "algorithm"}
        assert kinds == {"VOLUME_RANGE", "BOUNDARY_RANGE"}
        assert all(suggestion["routing"]["units"]["mean"] < 10 for suggestion in entry["suggestions"])
