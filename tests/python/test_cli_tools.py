"""`check`, `analyze` and `distribution`, run as `python3 -m sqlroute` on good and bad inputs."""

import json
from pathlib import Path

import pytest

from conftest import EXAMPLE_RULES, GOLDEN_DIR, REPO_ROOT, SECRET
from test_cli import run

ORDER_RULES = GOLDEN_DIR / "rules" / "order_binding.yaml"
READWRITE_RULES = GOLDEN_DIR / "rules" / "readwrite.yaml"
DISTSQL = ('REGISTER STORAGE UNIT ds_0 (HOST="h", PORT=3306, DB="d0", USER="u", PASSWORD="p"), '
           'ds_1 (HOST="h", PORT=3306, DB="d1", USER="u", PASSWORD="p");\n'
           'CREATE SHARDING TABLE RULE t_user (STORAGE_UNITS(ds_0, ds_1), SHARDING_COLUMN=id, '
           'TYPE(NAME="HASH_MOD", PROPERTIES("sharding-count"=4)));\n')


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def test_check_clean_rules() -> None:
    result = run("check", str(EXAMPLE_RULES))
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout == f"ok: {EXAMPLE_RULES} loads (4 data sources), no warnings\n"


def test_check_distsql_by_extension_and_flag(tmp_path: Path) -> None:
    assert run("check", str(write(tmp_path, "rules.sql", DISTSQL))).returncode == 0
    result = run("check", "--distsql", str(write(tmp_path, "rules.txt", DISTSQL)))
    assert result.returncode == 0, result.stdout


def test_check_reports_the_error_with_its_path_and_no_secret(tmp_path: Path) -> None:
    text = EXAMPLE_RULES.read_text().replace("password: test", f"password: {SECRET}").replace("type: MOD", "type: MODD")
    result = run("check", str(write(tmp_path, "bad.yaml", text)))
    assert result.returncode == 2
    assert result.stdout.startswith("error[CONFIG_UNKNOWN_ALGORITHM] at rules[0].shardingAlgorithms.t_user_mod")
    assert SECRET not in result.stdout + result.stderr


def test_check_reports_a_distsql_position(tmp_path: Path) -> None:
    result = run("check", str(write(tmp_path, "bad.distsql", "REGISTER STORAGE UNIT ds_0 (HOST=;")))
    assert result.returncode == 2
    assert result.stdout.startswith("error[CONFIG_DISTSQL_SYNTAX] at 1:")


def test_check_warns_about_unreachable_nodes(tmp_path: Path) -> None:
    text = ORDER_RULES.read_text().replace("t_order_${0..1}", "t_order_${0..3}").replace(
        "t_order_item_${0..1}", "t_order_item_${0..3}")
    result = run("check", str(write(tmp_path, "rules.yaml", text)))
    assert result.returncode == 1, result.stdout + result.stderr
    assert ("warning[unreachable-nodes] t_order: 4 of 8 data nodes no integer sharding value reaches: "
            "ds_0.t_order_2, ds_0.t_order_3, ds_1.t_order_2, ds_1.t_order_3") in result.stdout
    assert result.stdout.endswith("2 warnings\n")


def test_check_warns_about_scatter_only_tables_binding_strategies_and_spread(tmp_path: Path) -> None:
    text = ORDER_RULES.read_text()
    text = text.replace("t_order_item_inline}", "t_order_item_hash}").replace(
        "  keyGenerators:", "    t_order_item_hash: {type: HASH_MOD, props: {sharding-count: 2}}\n  keyGenerators:")
    text = text.replace("rules:\n- !SHARDING\n  tables:\n", "rules:\n- !SHARDING\n  tables:\n"
                        "    t_log:\n      actualDataNodes: ds_0.t_log_${0..2},ds_1.t_log_0\n"
                        "      databaseStrategy: {none: }\n      tableStrategy:\n"
                        "        hint: {shardingAlgorithmName: log_hint}\n")
    text = text.replace("  keyGenerators:", "    log_hint: {type: HINT_INLINE, props: {algorithm-expression: \"t_log_${value}\"}}\n"
                        "  keyGenerators:")
    result = run("check", str(write(tmp_path, "rules.yaml", text)))
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert "warning[scatter-only] t_log: hint strategies only: statements without hints reach all 4 data nodes" in lines
    assert any(line.startswith("warning[binding-layout] t_order,t_order_item: table strategy differs") for line in lines)
    assert "warning[uneven-spread] t_log: actual tables per data source are uneven (ds_0: 3, ds_1: 1)" in lines


def test_check_unreadable_file(tmp_path: Path) -> None:
    result = run("check", str(tmp_path / "absent.yaml"))
    assert result.returncode == 2 and "CONFIG_FILE_UNREADABLE" in result.stdout


GENERAL_LOG = """/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:
Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock
Time                 Id Command    Argument
2024-01-01T10:00:00.000001Z\t   12 Connect\troot@localhost on sbtest using TCP/IP
2024-01-01T10:00:00.000002Z\t   12 Query\tSELECT * FROM t_user WHERE id = 7
2024-01-01T10:00:00.000003Z\t   12 Query\tSELECT *
FROM t_user
WHERE id IN (1, 2)
2024-01-01T10:00:00.000004Z\t   13 Query\tSELECT COUNT(*) FROM t_user
2024-01-01T10:00:00.000005Z\t   13 Query\tINSERT INTO t_user (id, name) VALUES (1, 'a'), (11, 'b'), (2, 'c')
2024-01-01T10:00:00.000006Z\t   13 Query\tSELEC oops
2024-01-01T10:00:00.000007Z\t   12 Query\tSELECT * FROM t_user WHERE id = 8
2024-01-01T10:00:00.000008Z\t   13 Quit\t
"""


def test_analyze_a_general_log_as_json(tmp_path: Path) -> None:
    result = run("analyze", str(EXAMPLE_RULES), str(write(tmp_path, "general.log", GENERAL_LOG)), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert (report["statements"], report["routed"], report["errors"]) == (6, 5, 1)
    assert report["scopes"] == {"single": 2, "several": 2, "all": 1}
    assert report["single_node_share"] == 0.4
    assert report["tables"] == {"t_user": {"single": 2, "several": 2, "all": 1}}
    point = report["shapes"][0]
    assert (point["shape"], point["count"], point["route_types"], point["units"]) == (
        "SELECT * FROM t_user WHERE id = ?", 2, {"Standard": 2}, {"min": 1, "max": 1, "mean": 1.0})
    shapes = {shape["shape"]: shape for shape in report["shapes"]}
    assert "SELECT * FROM t_user WHERE id IN (?, ...)" in shapes
    assert shapes["SELEC oops"]["errors"] == {"SQL_SYNTAX_ERROR": 1}
    assert report["top_scatter"] == [{"shape": "SELECT COUNT(*) FROM t_user", "count": 1,
                                      "reasons": ["full route: the statement has no WHERE clause"],
                                      "scatter_reasons": ["NO_SHARDING_CONDITION: no condition on sharding column "
                                                          "`id` of `t_user`: every table (10)"]}]
    assert report["insert_rows"] == {"t_user": {"ds_1.t_user_1": 2, "ds_2.t_user_2": 1}}
    assert report["error_list"][0]["line"] == 11 and report["error_list"][0]["code"] == "SQL_SYNTAX_ERROR"


def test_analyze_the_demo_statements_as_text() -> None:
    result = run("analyze", str(EXAMPLE_RULES), str(REPO_ROOT / "examples" / "demo.sql"))
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "6 statements, 6 routed, 0 errors" in out
    assert "Routes: one node 50.0% (3), several nodes 33.3% (2), all nodes 16.7% (1)" in out
    assert "Statements routed to all nodes:\n  1 x SELECT COUNT(*) FROM t_user\n" \
           "      why: full route: the statement has no WHERE clause" in out


def test_analyze_reports_the_primary_replica_split(tmp_path: Path) -> None:
    workload = write(tmp_path, "rw.sql", "SELECT * FROM t\nSELECT * FROM t\nUPDATE t SET a = 1\n"
                                         "SELECT * FROM t FOR UPDATE\n")
    report = json.loads(run("analyze", str(READWRITE_RULES), str(workload), "--json").stdout)
    assert report["readwrite"] == {"primary": 2, "replica": 2}
    text = run("analyze", str(READWRITE_RULES), str(workload)).stdout
    assert "Read/write splitting: primary 2 (50.0%), replica 2 (50.0%) of 4 units" in text


def test_analyze_reports_the_shadow_share(tmp_path: Path) -> None:
    workload = write(tmp_path, "shadow.sql", "INSERT INTO t_user (id, status) VALUES (1, 1)\n"
                                             "INSERT INTO t_user (id, status) VALUES (2, 0)\n")
    report = json.loads(run("analyze", str(GOLDEN_DIR / "rules" / "shadow.yaml"), str(workload), "--json").stdout)
    assert report["shadow"] == {"units": 2, "shadow_units": 1, "share": 0.5}


def test_analyze_missing_workload(tmp_path: Path) -> None:
    result = run("analyze", str(EXAMPLE_RULES), str(tmp_path / "absent.log"))
    assert result.returncode == 2 and result.stderr.startswith("error: ")


def test_distribution_over_a_range() -> None:
    result = run("distribution", str(EXAMPLE_RULES), "t_user", "--range", "1..100")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "t_user by id: 100 values"
    assert lines[1].startswith("ds_0.t_user_0 | ") and lines[1].endswith(" 10 (10.0%)")
    assert len(lines) == 11


def test_distribution_of_values_from_a_file_as_json(tmp_path: Path) -> None:
    values = write(tmp_path, "values.txt", "7\n17\nlong:27\n3\n'abc'\n")
    result = run("distribution", str(EXAMPLE_RULES), "t_user", "--values", str(values), "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["values"] == 5 and report["columns"] == ["id"]
    assert report["hits"]["ds_3.t_user_7"] == 3 and report["hits"]["ds_3.t_user_3"] == 1
    assert sum(report["hits"].values()) + sum(report["errors"].values()) == 5


def test_distribution_shows_unreachable_nodes_as_zero(tmp_path: Path) -> None:
    text = ORDER_RULES.read_text().replace("t_order_${0..1}", "t_order_${0..3}").replace(
        "t_order_item_${0..1}", "t_order_item_${0..3}")
    result = run("distribution", str(write(tmp_path, "rules.yaml", text)), "t_order", "--range", "0..<40", "--json")
    hits = json.loads(result.stdout)["hits"]
    assert hits["ds_0.t_order_0"] == 20 and hits["ds_1.t_order_1"] == 20
    assert hits["ds_0.t_order_2"] == hits["ds_1.t_order_3"] == hits["ds_0.t_order_1"] == 0


@pytest.mark.parametrize("args, message", [
    (["t_missing", "--range", "1..3"], "`t_missing` is not a sharding table"),
    (["t_user", "--range", "1-3"], "--range must look like"),
])
def test_distribution_bad_input(args, message) -> None:
    result = run("distribution", str(EXAMPLE_RULES), *args)
    assert result.returncode == 2 and message in result.stderr


def test_help_lists_the_new_commands() -> None:
    result = run("--help")
    for command in ("check", "analyze", "distribution"):
        assert command in result.stdout
