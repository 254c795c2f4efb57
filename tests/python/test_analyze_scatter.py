"""`analyze` aggregates the plans' scatter reasons and keeps session statements in their own row."""

from pathlib import Path

import sqlroute
from sqlroute.tools.analysis import analyze
from sqlroute.tools.html_report import format_analysis_html
from sqlroute.tools.report import format_analysis
from sqlroute.tools.workload import WorkloadStatement

RULES = Path(__file__).resolve().parents[1] / "golden" / "rules" / "scatter.yaml"

WORKLOAD = [
    "BEGIN",
    "SELECT c FROM t_user WHERE id = 7",
    "SELECT c FROM t_user WHERE id BETWEEN 1 AND 100",
    "SELECT c FROM t_user WHERE id BETWEEN 201 AND 300",
    "SELECT c FROM t_user WHERE c LIKE '%123%'",
    "SET autocommit = 1",
    "COMMIT",
]
COVERS_ALL = ("RANGE_COVERS_ALL: range BETWEEN {} AND {} on `id` of `t_user` spans 100 values, which cover every "
              "table of algorithm `user_mod` (MOD): 10")


def report():
    engine = sqlroute.Engine.from_yaml(str(RULES))
    return analyze(engine, [WorkloadStatement(line, sql) for line, sql in enumerate(WORKLOAD, start=1)])


def test_plan_carries_the_reasons_and_explain_shows_them():
    engine = sqlroute.Engine.from_yaml(str(RULES))
    plan = engine.route("SELECT c FROM t_user WHERE id BETWEEN ? AND ?", [1, 100])
    assert [(r.code, r.level, r.table) for r in plan.scatter_reasons] == [("RANGE_COVERS_ALL", "table", "t_user")]
    assert "Scatter:    " + COVERS_ALL.format(1, 100) + "\n" in plan.explain()
    begin = engine.route("BEGIN")
    assert begin.session_statement and begin.scatter_reasons == []
    assert "Session:    a session statement" in begin.explain()


def test_session_statements_are_counted_apart_from_scatter():
    data = report()
    assert data["session_statements"] == 3
    assert data["routed"] == 4
    assert data["scopes"] == {"single": 1, "several": 0, "all": 3}
    shapes = {shape["shape"]: shape for shape in data["shapes"]}
    assert shapes["BEGIN"]["scopes"] == {"session": 1} and shapes["COMMIT"]["scopes"] == {"session": 1}
    assert all(entry["shape"] not in ("BEGIN", "COMMIT", "SET autocommit = ?") for entry in data["top_scatter"])


def test_reasons_are_aggregated_by_code_and_by_shape():
    data = report()
    assert data["scatter_reasons"] == {"RANGE_COVERS_ALL": 2, "NO_SHARDING_CONDITION": 1}
    ranges = next(e for e in data["top_scatter"] if e["shape"] == "SELECT c FROM t_user WHERE id BETWEEN ? AND ?")
    assert ranges["count"] == 2
    assert ranges["scatter_reasons"] == sorted([COVERS_ALL.format(1, 100), COVERS_ALL.format(201, 300)])


def test_text_and_html_show_the_reasons_and_the_session_row():
    data = report()
    text = format_analysis(data, "workload")
    assert "Session statements (TCL, SET, USE; not scatter): 3\n" in text
    assert "Scatter reasons: RANGE_COVERS_ALL 2, NO_SHARDING_CONDITION 1\n" in text
    assert "      reason: " + COVERS_ALL.format(1, 100) + "\n" in text
    html = format_analysis_html(data, "workload")
    assert "3 session statements (TCL, SET, USE), not counted as scatter" in html
    assert "<th>scatter reasons</th>" in html and "RANGE_COVERS_ALL: range BETWEEN 1 AND 100" in html
