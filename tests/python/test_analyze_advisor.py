"""The advisor of `analyze`: each suggestion is a rule change whose routing the engine gives."""

import json
import math
import random
from pathlib import Path

import sqlroute
from conftest import EXAMPLE_RULES, GOLDEN_DIR, SECRET
from sqlroute.tools.analysis import analyze
from sqlroute.tools.html_report import format_analysis_html
from sqlroute.tools.report import format_analysis
from sqlroute.tools.workload import WorkloadStatement
from test_cli import run
from test_cli_tools import write

SCATTER_RULES = GOLDEN_DIR / "rules" / "scatter.yaml"
SYSBENCH_RULES = GOLDEN_DIR / "rules" / "sysbench_sharding.yaml"
RANGE = "SELECT c FROM t_user WHERE id BETWEEN {} AND {}"
DATA_SOURCES = {f"ds_{index}": {"url": f"jdbc:mysql://127.0.0.1:3306/ds_{index}"} for index in range(4)}


def statements(sqls):
    return [WorkloadStatement(line, sql) for line, sql in enumerate(sqls, start=1)]


def sysbench_like(count: int = 60):
    """(statements, the ids they name): point selects, ranges of 100 ids and inserts over ids 1..1000,
    as sysbench's oltp_read_write."""
    rng = random.Random(4)
    sqls, ids = [], []
    for _ in range(count):
        point, low, inserted = rng.randint(1, 1000), rng.randint(1, 900), rng.randint(1, 1000)
        sqls += [f"SELECT c FROM t_user WHERE id = {point}", RANGE.format(low, low + 99),
                 f"INSERT INTO t_user (id, k, c, pad) VALUES ({inserted}, 1, 'c', 'p')"]
        ids += [point, low, low + 99, inserted]
    return sqls, ids


def advice_for(rules: Path, sqls, shape: str):
    report = analyze(sqlroute.Engine.from_yaml(rules), statements(sqls), advise=5)
    return report, next(entry for entry in report["advice"] if entry["shape"] == shape)


def suggestion(entry, kind: str, title_part: str = ""):
    return next(s for s in entry["suggestions"] if s["kind"] == kind and title_part in s["title"])


def auto_table_rules(algorithm: dict) -> sqlroute.Engine:
    """The sysbench rule with another algorithm for t_user's id."""
    return sqlroute.Engine.from_dict({"databaseName": "sharding_db", "dataSources": DATA_SOURCES, "rules": [{"!SHARDING": {
        "autoTables": {"t_user": {"actualDataSources": "ds_${0..3}", "shardingStrategy": {
            "standard": {"shardingColumn": "id", "shardingAlgorithmName": "candidate"}}}},
        "shardingAlgorithms": {"candidate": algorithm}}}]})


def units_of(engine: sqlroute.Engine, sqls) -> dict:
    units = [len(engine.route(sql).route_units) for sql in sqls]
    return {"min": min(units), "max": max(units), "mean": round(sum(units) / len(units), 2)}


def test_ranges_get_range_algorithms_with_bounds_from_the_workload() -> None:
    sqls, ids = sysbench_like()
    report, entry = advice_for(SYSBENCH_RULES, sqls, RANGE.format("?", "?"))
    assert entry["current"]["units"] == {"min": 10, "max": 10, "mean": 10.0}
    assert entry["reasons"] == ["RANGE_COVERS_ALL"]
    low, high = min(ids), max(ids)
    volume = math.ceil((high - low + 1) / 8)  # 10 tables: 8 full volumes plus one below and one above
    ranges = [sql for sql in sqls if "BETWEEN" in sql]
    volume_range = suggestion(entry, "algorithm", "VOLUME_RANGE")
    props = {"range-lower": low, "range-upper": low + 8 * volume, "sharding-volume": volume}
    assert volume_range["changes"][1] == {"path": "shardingAlgorithms.t_user_id_volume_range",
                                          "value": {"type": "VOLUME_RANGE", "props": props}}
    assert volume_range["routing"]["units"] == units_of(auto_table_rules({"type": "VOLUME_RANGE", "props": props}), ranges)
    assert volume_range["routing"]["units"]["max"] <= 2
    boundary = suggestion(entry, "algorithm", "BOUNDARY_RANGE")
    ranges_prop = boundary["changes"][1]["value"]["props"]["sharding-ranges"]
    assert len(ranges_prop.split(",")) == 9
    assert boundary["routing"]["units"] == units_of(
        auto_table_rules({"type": "BOUNDARY_RANGE", "props": {"sharding-ranges": ranges_prop}}), ranges)
    # judged against the workload: every t_user statement, before and after
    assert volume_range["workload"]["single_share_before"] == report["single_node_share"]
    assert volume_range["workload"]["single_share_after"] > report["single_node_share"]
    assert "INTERVAL on `id` of `t_user`: the workload's values are numbers, not date-times" in entry["considered"]


def test_an_equality_on_another_column_gets_a_complex_strategy() -> None:
    sqls = ["SELECT * FROM t_order WHERE status = 3", "SELECT * FROM t_order WHERE status = 6",
            "SELECT * FROM t_order WHERE user_id = 1 AND order_id = 2"]
    _, entry = advice_for(SCATTER_RULES, sqls, "SELECT * FROM t_order WHERE status = ?")
    assert entry["current"]["units"]["mean"] == 8.0
    second = suggestion(entry, "second_column")
    assert second["title"] == ("`t_order` by `status` too: data sources: complex on `user_id`, `status` "
                               "(COMPLEX_INLINE); tables: complex on `order_id`, `status` (COMPLEX_INLINE)")
    assert {"path": "shardingAlgorithms.t_order_table_complex", "value": {
        "type": "COMPLEX_INLINE", "props": {"algorithm-expression": "t_order_${status % 4}"}}} in second["changes"]
    assert second["routing"] == {"statements": 2, "single": 2, "units": {"min": 1, "max": 1, "mean": 1.0},
                                 "errors": {}}


def test_unbound_tables_get_a_binding_group(tmp_path: Path) -> None:
    rules = write(tmp_path, "unbound.yaml", SCATTER_RULES.read_text().replace('bindingTables: ["t_order,t_item"]', ""))
    sqls = ["SELECT * FROM t_order o JOIN t_item i ON o.order_id = i.order_id WHERE o.user_id = 1 AND o.order_id = 2"]
    _, entry = advice_for(rules, sqls, "SELECT * FROM t_order o JOIN t_item i ON o.order_id = i.order_id "
                                       "WHERE o.user_id = ? AND o.order_id = ?")
    binding = suggestion(entry, "binding")
    assert binding["changes"] == [{"path": "bindingTables", "value": ["t_item,t_order"]}]
    assert binding["routing"]["single"] == 1
    bound = sqlroute.Engine.from_yaml(SCATTER_RULES)
    assert len(bound.route(sqls[0]).route_units) == 1


def test_like_gets_broadcast_and_a_missing_hint_its_value() -> None:
    sqls = ["SELECT * FROM t_user WHERE c LIKE '%123%'", "INSERT INTO t_user (id, c) VALUES (1, 'x')",
            "SELECT * FROM t_hint WHERE id = 1"]
    report = analyze(sqlroute.Engine.from_yaml(SCATTER_RULES), statements(sqls), advise=5)
    like = next(e for e in report["advice"] if e["shape"] == "SELECT * FROM t_user WHERE c LIKE ?")
    broadcast = suggestion(like, "broadcast")
    assert broadcast["changes"] == [{"path": "autoTables.t_user", "value": None},
                                    {"path": "!BROADCAST.tables", "value": ["t_dict", "t_user"]}]
    assert broadcast["routing"]["single"] == 1
    assert broadcast["note"] == ("every data source holds the whole table; writes (50.0% of its statements) go to "
                                 "every data source")
    assert broadcast["workload"] == {"table": "t_user", "statements": 2, "single_share_before": 0.5,
                                     "single_share_after": 0.5}
    assert "a second column for `t_user`: the statements have no equality on another column" in like["considered"]
    hint = next(e for e in report["advice"] if e["shape"] == "SELECT * FROM t_hint WHERE id = ?")
    value = suggestion(hint, "hint")
    assert value["title"] == "give `t_hint` its hint value (data source level)" and value["changes"] == []
    assert value["routing"]["single"] == 1
    text = format_analysis(report, "workload")
    assert "      try: give `t_hint` its hint value (data source level)\n" in text
    assert "           set autoTables.t_user: null\n" in text
    html = format_analysis_html(report, "workload")
    assert "<h2>Advice</h2>" in html and 'data-kind="broadcast"' in html


def test_advice_from_the_command_line_shows_no_secret(tmp_path: Path) -> None:
    rules = write(tmp_path, "rules.yaml", EXAMPLE_RULES.read_text().replace("password: test", f"password: {SECRET}"))
    workload = write(tmp_path, "w.sql", "SELECT * FROM t_user WHERE name LIKE '%a%'\n"
                                        "SELECT * FROM t_user WHERE id BETWEEN 1 AND 50\n")
    page = tmp_path / "report.html"
    for args in (["--json"], [], ["--html", str(page)]):
        result = run("analyze", str(rules), str(workload), *args)
        assert result.returncode == 0, result.stderr
        assert SECRET not in result.stdout + result.stderr
    assert SECRET not in page.read_text()
    report = json.loads(run("analyze", str(rules), str(workload), "--json").stdout)
    assert [entry["shape"] for entry in report["advice"]] == ["SELECT * FROM t_user WHERE name LIKE ?",
                                                              "SELECT * FROM t_user WHERE id BETWEEN ? AND ?"]
    assert "advice" not in json.loads(run("analyze", str(rules), str(workload), "--json", "--advise", "0").stdout)


def test_the_advisor_leaves_the_engine_as_it_was() -> None:
    engine = sqlroute.Engine.from_yaml(SYSBENCH_RULES)
    before = engine.export_yaml()
    report = analyze(engine, statements(sysbench_like(10)[0]), advise=5)
    assert report["advice"][0]["suggestions"]
    assert engine.export_yaml() == before


def log_rules(nodes: str, table_algorithm: dict) -> sqlroute.Engine:
    """t_log: data source by user_id (MOD 2), table by the date-time `created` with ``table_algorithm``."""
    return sqlroute.Engine.from_dict({"databaseName": "logs", "dataSources": {
        name: DATA_SOURCES[name] for name in ("ds_0", "ds_1")}, "rules": [{"!SHARDING": {
            "tables": {"t_log": {"actualDataNodes": nodes,
                                 "databaseStrategy": {"standard": {"shardingColumn": "user_id",
                                                                   "shardingAlgorithmName": "db_mod"}},
                                 "tableStrategy": {"standard": {"shardingColumn": "created",
                                                                "shardingAlgorithmName": "by_created"}}}},
            "shardingAlgorithms": {"db_mod": {"type": "MOD", "props": {"sharding-count": 2}},
                                   "by_created": table_algorithm}}}]})


def test_date_time_ranges_get_an_interval_algorithm() -> None:
    sqls = [f"SELECT * FROM t_log WHERE user_id = {user} AND created BETWEEN '{low}' AND '{high}'"
            for user, low, high in ((1, "2024-01-03 00:00:00", "2024-01-09 00:00:00"),
                                    (2, "2024-03-03 00:00:00", "2024-03-09 00:00:00"),
                                    (3, "2024-07-02 00:00:00", "2024-07-30 10:00:00"))]
    engine = log_rules("ds_${0..1}.t_log_${0..3}", {"type": "HASH_MOD", "props": {"sharding-count": 4}})
    report = analyze(engine, statements(sqls), advise=5)
    entry = report["advice"][0]
    assert entry["shape"] == "SELECT * FROM t_log WHERE user_id = ? AND created BETWEEN ? AND ?"
    assert entry["reasons"] == ["RANGE_NOT_NARROWED"]
    interval = suggestion(entry, "algorithm", "INTERVAL")
    # January to July: 7 months over 4 tables a data source -> 2 months a table
    assert interval["title"] == "INTERVAL on `created` of `t_log` (2 months a table, 4 tables)"
    nodes = ",".join(f"ds_{ds}.t_log_{month}" for ds in (0, 1) for month in ("202401", "202403", "202405", "202407"))
    props = {"datetime-pattern": "yyyy-MM-dd HH:mm:ss", "datetime-lower": "2024-01-01 00:00:00",
             "datetime-upper": "2024-07-30 10:00:00", "sharding-suffix-pattern": "yyyyMM",
             "datetime-interval-amount": 2, "datetime-interval-unit": "MONTHS"}
    assert interval["changes"][0] == {"path": "tables.t_log.actualDataNodes", "value": nodes}
    assert interval["changes"][2]["value"] == {"type": "INTERVAL", "props": props}
    by_hand = log_rules(nodes, {"type": "INTERVAL", "props": props})
    assert interval["routing"]["units"] == units_of(by_hand, sqls) == {"min": 1, "max": 1, "mean": 1.0}
