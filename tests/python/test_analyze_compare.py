"""`analyze --compare`: one workload routed under two rule sets, side by side."""

import json
from pathlib import Path

import sqlroute
from conftest import GOLDEN_DIR
from sqlroute.tools.analysis import analyze
from sqlroute.tools.compare import compare
from sqlroute.tools.html_report import format_comparison_html
from sqlroute.tools.report import format_comparison
from sqlroute.tools.workload import WorkloadStatement
from test_cli import run
from test_cli_reports import ChartParser
from test_cli_tools import write

MOD_RULES = GOLDEN_DIR / "rules" / "sysbench_sharding.yaml"
VOLUME_RULES_TEXT = MOD_RULES.read_text().replace(
    "t_user_mod: {type: MOD, props: {sharding-count: 10}}",
    "t_user_mod: {type: VOLUME_RANGE, props: {range-lower: 1, range-upper: 801, sharding-volume: 100}}")
WORKLOAD = ["BEGIN", "SELECT c FROM t_user WHERE id = 5", "SELECT c FROM t_user WHERE id BETWEEN 101 AND 200",
            "SELECT c FROM t_user WHERE id BETWEEN 150 AND 249", "INSERT INTO t_user (id, c) VALUES (7, 'a'), (17, 'b')",
            "INSERT INTO t_user (id, c) VALUES (950, 'c')", "SELECT c FROM t_user WHERE c LIKE '%1%'", "COMMIT"]


def statements():
    return [WorkloadStatement(line, sql, [], "1") for line, sql in enumerate(WORKLOAD, start=1)]


def engines(tmp_path: Path):
    volume = write(tmp_path, "volume.yaml", VOLUME_RULES_TEXT)
    return sqlroute.Engine.from_yaml(MOD_RULES), sqlroute.Engine.from_yaml(volume), volume


def test_both_sides_are_what_analyze_gives_each(tmp_path: Path) -> None:
    mod, volume, _ = engines(tmp_path)
    result = compare(mod, volume, statements(), ["mod", "volume"])
    for side, engine in zip(result["sides"], (mod, volume)):
        alone = analyze(engine, statements())
        assert side["single_node_share"] == alone["single_node_share"]
        assert side["units_per_statement"] == alone["units_per_statement"]
        assert side["scopes"] == alone["scopes"] and side["session_statements"] == 2
    # MOD 10: the point select and both INSERTs on one node; VOLUME_RANGE (volumes of 100 from 1) also
    # the range 101..200 (table 2), while 150..249 reaches tables 2 and 3
    assert [side["single_node_share"] for side in result["sides"]] == [0.5, 0.6667]
    assert [side["units_per_statement"] for side in result["sides"]] == [
        {"mean": 5.5, "histogram": {"1": 3, "10": 3}},
        {"mean": 2.67, "histogram": {"1": 4, "2": 1, "10": 1}}]


def test_rows_per_node_and_the_shapes_that_change(tmp_path: Path) -> None:
    mod, volume, _ = engines(tmp_path)
    result = compare(mod, volume, statements(), ["mod", "volume"])
    # ids 7 and 17: MOD -> t_user_7 (ds_3), volume 1 -> t_user_1 (ds_1); 950: t_user_0 (ds_0) / t_user_9 (ds_1)
    assert result["insert_rows"] == {"t_user": {"ds_0.t_user_0": [1, 0], "ds_1.t_user_1": [0, 2],
                                                "ds_1.t_user_9": [0, 1], "ds_3.t_user_7": [2, 0]}}
    changed = {entry["shape"]: entry for entry in result["changed_shapes"]}
    assert list(changed) == ["SELECT c FROM t_user WHERE id BETWEEN ? AND ?"]  # the INSERTs stay on one node
    ranges = changed["SELECT c FROM t_user WHERE id BETWEEN ? AND ?"]
    assert ranges["before"] == {"scopes": {"all": 2}, "units": {"min": 10, "max": 10, "mean": 10.0}, "errors": {}}
    assert ranges["after"] == {"scopes": {"single": 1, "several": 1}, "units": {"min": 1, "max": 2, "mean": 1.5},
                               "errors": {}}


def test_the_command_line_compares_as_text_json_and_html(tmp_path: Path) -> None:
    _, _, volume = engines(tmp_path)
    workload = write(tmp_path, "w.sql", "\n".join(WORKLOAD) + "\n")
    page = tmp_path / "compare.html"
    result = run("analyze", str(MOD_RULES), str(workload), "--compare", str(volume), "--json", "--html", str(page))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [side["rules"] for side in data["sides"]] == [str(MOD_RULES), str(volume)]
    text = run("analyze", str(MOD_RULES), str(workload), "--compare", str(volume)).stdout
    assert text == format_comparison(data, str(workload))
    assert "\n  hit rate (one node)      | 50.0%" in text and "Shapes whose routing changes: 1 of 7\n" in text
    html = page.read_text()
    assert html == format_comparison_html(data, str(workload))
    parser = ChartParser()
    parser.feed(html)
    assert parser.charts["compare_scopes"] == {str(MOD_RULES): data["sides"][0]["scopes"],
                                               str(volume): data["sides"][1]["scopes"]}
    assert not {"script", "link", "img"} & set(parser.tags)
