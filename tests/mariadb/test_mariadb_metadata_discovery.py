"""Metadata read from real databases, as ShardingSphere reads its storage units when it starts.

Two MariaDB servers (the session's and one of this module's) hold three databases: ds_0 and ds_1
carry the sharding tables' actual tables, single tables (one of them in both data sources) and an
encrypted table; a third data source on a closed port is unreachable. Discovery through Python
(PyMySQL) and through C++ (MariaDB Connector/C, ``sqlroute-discover``) must give the metadata
written out by hand for the same schema; INSERT without a column list then writes the visible
columns only, on the node the rules name.
"""

from __future__ import annotations

import io
import json
import socket
import subprocess
import time
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

import sqlroute
from mariadb_paths import REPO_ROOT
from mariadb_server import HOST, INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary, free_port
from routed_db import Databases

USER = "sr_meta"
PASSWORD = "Pw-7c1e9a-secret"

ORDER = ("CREATE TABLE {t} (order_id BIGINT PRIMARY KEY, user_id INT NOT NULL, note VARCHAR(20) INVISIBLE, "
         "status VARCHAR(10), total BIGINT AS (order_id * 2) VIRTUAL, KEY idx_user_{t} (user_id))")
ITEM = ("CREATE TABLE {t} (item_id BIGINT AUTO_INCREMENT PRIMARY KEY, order_id BIGINT, user_id INT, "
        "audit VARCHAR(10) INVISIBLE DEFAULT 'none', quantity INT)")
DDL = {
    "ds_0": [ORDER.format(t="t_order_0"), ORDER.format(t="t_order_1"), ITEM.format(t="t_order_item_0"),
             ITEM.format(t="t_order_item_1"),
             "CREATE TABLE t_user (user_id INT PRIMARY KEY, pwd_cipher VARCHAR(200), pwd_assisted VARCHAR(200), "
             "name VARCHAR(20), UNIQUE KEY uk_name (name))",
             "CREATE TABLE t_dup (id INT PRIMARY KEY, v INT)"],
    "ds_1": [ORDER.format(t="t_order_0"), ORDER.format(t="t_order_1"), ITEM.format(t="t_order_item_0"),
             ITEM.format(t="t_order_item_1"),
             "CREATE TABLE t_ref (id INT PRIMARY KEY)",
             "CREATE TABLE t_child (id INT PRIMARY KEY, ref INT, CONSTRAINT fk_child FOREIGN KEY (ref) REFERENCES t_ref (id))",
             "CREATE TABLE t_dup (id INT PRIMARY KEY, v INT)"],
}

# The same schema written by hand, as the engine folds it: logic tables, single tables placed
# (t_dup on the first data source holding it), the cipher column named by its logical column.
HAND_WRITTEN = """
metadata:
  t_order:
    columns: [{name: order_id, primaryKey: true}, user_id, {name: note, visible: false}, status, {name: total, generated: true}]
    indexes: [{name: PRIMARY, columns: [order_id], unique: true}, {name: idx_user, columns: [user_id]}]
  t_order_item:
    columns: [{name: item_id, autoIncrement: true, primaryKey: true}, order_id, user_id, {name: audit, visible: false}, quantity]
    indexes: [{name: PRIMARY, columns: [item_id], unique: true}]
  t_dup:
    - {columns: [{name: id, primaryKey: true}, v], indexes: [{name: PRIMARY, columns: [id], unique: true}], dataSource: ds_0}
    - {columns: [{name: id, primaryKey: true}, v], indexes: [{name: PRIMARY, columns: [id], unique: true}], dataSource: ds_1}
  t_user:
    columns: [{name: user_id, primaryKey: true}, pwd, name]
    indexes: [{name: PRIMARY, columns: [user_id], unique: true}, {name: uk_name, columns: [name], unique: true}]
    dataSource: ds_0
  t_child:
    columns: [{name: id, primaryKey: true}, ref]
    indexes: [{name: PRIMARY, columns: [id], unique: true}, {name: fk_child, columns: [ref]}]
    constraints: [{name: fk_child, referencedTable: t_ref}]
    dataSource: ds_1
  t_ref:
    columns: [{name: id, primaryKey: true}]
    indexes: [{name: PRIMARY, columns: [id], unique: true}]
    dataSource: ds_1
"""

RULES = """
databaseName: logic_db
dataSources:
  ds_0: {{url: "jdbc:mysql://{host}:{port_0}/md_ds_0?useSSL=false", username: {user}, password: {password}}}
  ds_1: {{url: "jdbc:mariadb://{host}:{port_1}/md_ds_1", username: {user}, password: {password}}}
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${{0..1}}.t_order_${{0..1}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: t_order_mod}}}}
    t_order_item:
      actualDataNodes: ds_${{0..1}}.t_order_item_${{0..1}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: t_order_item_mod}}}}
      keyGenerateStrategy: {{column: item_id, keyGeneratorName: snowflake}}
  bindingTables: [t_order,t_order_item]
  defaultDatabaseStrategy: {{standard: {{shardingColumn: user_id, shardingAlgorithmName: db_mod}}}}
  shardingAlgorithms:
    db_mod: {{type: INLINE, props: {{algorithm-expression: "ds_${{user_id % 2}}"}}}}
    t_order_mod: {{type: INLINE, props: {{algorithm-expression: "t_order_${{order_id % 2}}"}}}}
    t_order_item_mod: {{type: INLINE, props: {{algorithm-expression: "t_order_item_${{order_id % 2}}"}}}}
  keyGenerators:
    snowflake: {{type: SNOWFLAKE}}
- !ENCRYPT
  tables:
    t_user:
      columns:
        pwd:
          cipher: {{name: pwd_cipher, encryptorName: aes}}
          assistedQuery: {{name: pwd_assisted, encryptorName: md5}}
  encryptors:
    aes: {{type: AES, props: {{aes-key-value: 123456abc, digest-algorithm-name: SHA-1}}}}
    md5: {{type: MD5}}
- !SINGLE
  tables: ["*.*"]
"""


@pytest.fixture(scope="module")
def second_server():
    server = MariaDbServer(find_binary(SERVER_NAMES), find_binary(INSTALL_NAMES))
    try:
        server.start()
        yield server
    finally:
        server.stop()


def _grant(server) -> None:
    with server.connect() as admin, admin.cursor() as cursor:
        cursor.execute(f"CREATE USER IF NOT EXISTS '{USER}'@'{HOST}' IDENTIFIED BY '{PASSWORD}'")
        cursor.execute(f"GRANT ALL ON *.* TO '{USER}'@'{HOST}'")


@pytest.fixture(scope="module")
def schema(mariadb, second_server) -> Dict[str, Tuple[Databases, str]]:
    """Data source -> (its server's databases, database name), recreated for this module."""
    placed = {"ds_0": (Databases(mariadb), "md_ds_0"), "ds_1": (Databases(second_server), "md_ds_1")}
    for server in (mariadb, second_server):
        _grant(server)
    for source, (databases, name) in placed.items():
        databases.recreate(name, DDL[source])
    yield placed
    for databases, _ in placed.values():
        databases.close()


def _rules_text(mariadb, second_server, password: str = PASSWORD, port_1: int = 0) -> str:
    return RULES.format(host=HOST, port_0=mariadb.port, port_1=port_1 or second_server.port, user=USER,
                        password=password)


@pytest.fixture
def rules_file(tmp_path, mariadb, second_server, schema) -> Path:
    path = tmp_path / "rules.yaml"
    path.write_text(_rules_text(mariadb, second_server), encoding="utf-8")
    return path


def _closed_port() -> int:
    return free_port()  # nothing listens there once the probe socket is closed


def _hand_written(rules_file: Path) -> sqlroute.Engine:
    return sqlroute.Engine.from_yaml(rules_file).with_metadata(HAND_WRITTEN)


def test_discovered_metadata_equals_hand_written(rules_file) -> None:
    discovered = sqlroute.Engine.from_yaml(rules_file, discover_metadata=True)
    assert discovered.metadata_storage_units == ["ds_0", "ds_1"]
    assert discovered.export_metadata_yaml() == _hand_written(rules_file).export_metadata_yaml()


def test_every_constructor_discovers(rules_file, mariadb, second_server) -> None:
    expected = _hand_written(rules_file).export_metadata_yaml()
    text = rules_file.read_text(encoding="utf-8")
    assert sqlroute.Engine.from_yaml_string(text, discover_metadata=True).export_metadata_yaml() == expected
    on_distsql = sqlroute.Engine.from_distsql(_distsql(mariadb, second_server), discover_metadata=True)
    assert [u.data_source for u in on_distsql.route("SELECT * FROM t_child").units] == ["ds_1"]


def _distsql(mariadb, second_server) -> str:
    """The two storage units registered by DistSQL, every table a single table."""
    return "\n".join([
        f"REGISTER STORAGE UNIT ds_0 (HOST='{HOST}', PORT={mariadb.port}, DB='md_ds_0', USER='{USER}', "
        f"PASSWORD='{PASSWORD}'), ds_1 (URL='jdbc:mysql://{HOST}:{second_server.port}/md_ds_1', USER='{USER}', "
        f"PASSWORD='{PASSWORD}');",
        "LOAD SINGLE TABLE *.*;"])


def _execute(schema, plan) -> None:
    for unit in plan.units:
        databases, name = schema[unit.data_source]
        databases.run(name, unit.sql, unit.params)


def _rows(schema, source: str, table: str, columns: str) -> List[tuple]:
    databases, name = schema[source]
    return sorted(databases.run(name, f"SELECT {columns} FROM {table}").rows)


def test_insert_without_a_column_list_writes_the_visible_columns(rules_file, schema) -> None:
    engine = sqlroute.Engine.from_yaml(rules_file, discover_metadata=True)
    _execute(schema, engine.route("INSERT INTO t_order VALUES (1, 0, 'a', DEFAULT), (2, 1, 'b', DEFAULT), "
                                  "(3, 1, 'c', DEFAULT)"))
    _execute(schema, engine.route("REPLACE INTO t_order VALUES (?, ?, ?, DEFAULT)", [4, 0, "d"]))
    assert _rows(schema, "ds_0", "t_order_1", "order_id, user_id, note, status, total") == [(1, 0, None, "a", 2)]
    assert _rows(schema, "ds_0", "t_order_0", "order_id, user_id, note, status, total") == [(4, 0, None, "d", 8)]
    assert _rows(schema, "ds_1", "t_order_0", "order_id, user_id, status") == [(2, 1, "b")]
    assert _rows(schema, "ds_1", "t_order_1", "order_id, user_id, status") == [(3, 1, "c")]
    # The key column is generated and written last; the invisible audit column keeps its default.
    plan = engine.route("INSERT INTO t_order_item VALUES (?, ?, ?), (?, ?, ?)", [1, 0, 10, 2, 1, 20])
    assert [u.sql for u in plan.units] == [
        "INSERT INTO t_order_item_1(order_id, user_id, quantity, item_id) VALUES (?, ?, ?, ?)",
        "INSERT INTO t_order_item_0(order_id, user_id, quantity, item_id) VALUES (?, ?, ?, ?)"]
    _execute(schema, plan)
    item_ds_0 = _rows(schema, "ds_0", "t_order_item_1", "order_id, user_id, audit, quantity, item_id")
    item_ds_1 = _rows(schema, "ds_1", "t_order_item_0", "order_id, user_id, audit, quantity, item_id")
    assert [row[:4] for row in item_ds_0] == [(1, 0, "none", 10)]
    assert [row[:4] for row in item_ds_1] == [(2, 1, "none", 20)]
    assert item_ds_0[0][4] == plan.units[0].params[3] and item_ds_1[0][4] == plan.units[1].params[3]
    for source in ("ds_0", "ds_1"):
        assert _rows(schema, source, "t_order_item_0" if source == "ds_0" else "t_order_item_1", "*") == []


def test_single_tables_are_placed_from_what_the_databases_hold(rules_file) -> None:
    engine = sqlroute.Engine.from_yaml(rules_file, discover_metadata=True)
    assert [u.data_source for u in engine.route("SELECT * FROM t_child").units] == ["ds_1"]
    assert [u.data_source for u in engine.route("SELECT * FROM t_user WHERE pwd = 'x'").units] == ["ds_0"]
    assert [u.data_source for u in engine.route("SELECT * FROM t_dup").units] == ["ds_0"]


def test_the_cli_writes_metadata_that_loads_offline(rules_file, tmp_path) -> None:
    from sqlroute.cli import main
    output = tmp_path / "metadata.yaml"
    assert main(["metadata", str(rules_file), "--output", str(output), "--timeout", "5"], io.StringIO(), io.StringIO()) == 0
    offline = sqlroute.Engine.from_yaml(rules_file).with_metadata(output.read_text(encoding="utf-8"))
    assert offline.export_metadata_yaml() == _hand_written(rules_file).export_metadata_yaml()
    with_section = tmp_path / "rules_with_metadata.yaml"
    with_section.write_text(rules_file.read_text(encoding="utf-8") + output.read_text(encoding="utf-8"), encoding="utf-8")
    assert sqlroute.Engine.from_yaml(with_section).export_metadata_yaml() == offline.export_metadata_yaml()


def test_check_and_analyze_use_discovered_metadata(rules_file, tmp_path) -> None:
    from sqlroute.cli import main
    workload = tmp_path / "workload.sql"
    workload.write_text("SELECT * FROM t_child WHERE id = 1\nINSERT INTO t_order VALUES (5, 1, 'e', DEFAULT)\n",
                        encoding="utf-8")
    out = io.StringIO()
    assert main(["analyze", str(rules_file), str(workload), "--json", "--discover-metadata"], out, io.StringIO()) == 0
    report = json.loads(out.getvalue())
    assert (report["errors"], report["routed"], report["scopes"]["single"]) == (0, 2, 2), report["error_list"]
    out = io.StringIO()
    status = main(["check", str(rules_file), "--discover-metadata"], out, io.StringIO())
    assert status in (0, 1) and "error" not in out.getvalue(), out.getvalue()


def _sqlroute_discover() -> Path:
    binary = REPO_ROOT / "build" / "discovery" / "sqlroute-discover"
    if not binary.exists():
        pytest.fail(f"{binary} is not built (bash scripts/build.sh builds it)")
    return binary


def test_connector_c_discovery_equals_pymysql_discovery(rules_file) -> None:
    result = subprocess.run([str(_sqlroute_discover()), str(rules_file), "--timeout", "5"], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout == sqlroute.Engine.from_yaml(rules_file, discover_metadata=True).export_metadata_yaml()


def _failure(text: str, tmp_path: Path) -> Tuple[sqlroute.Error, subprocess.CompletedProcess]:
    path = tmp_path / "failing.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(sqlroute.ConfigError) as raised:
        sqlroute.Engine.from_yaml(path, discover_metadata=True)
    native = subprocess.run([str(_sqlroute_discover()), str(path), "--timeout", "3"], capture_output=True, text=True,
                            timeout=60)
    return raised.value, native


def test_a_wrong_password_names_the_data_source_and_never_the_password(mariadb, second_server, schema,
                                                                        tmp_path) -> None:
    wrong = "Wrong-pw-5d2f0b"
    error, native = _failure(_rules_text(mariadb, second_server, password=wrong), tmp_path)
    assert error.code == "METADATA_LOAD_FAILED"
    assert "`ds_0`" in error.message and "Access denied" in error.message
    for text in (str(error), repr(error), error.message, repr(error.__cause__), repr(error.__context__)):
        assert wrong not in text and PASSWORD not in text
    assert native.returncode == 2
    assert "METADATA_LOAD_FAILED" in native.stderr and "`ds_0`" in native.stderr
    assert wrong not in native.stderr + native.stdout


def test_an_unreachable_data_source_is_an_error_and_the_engine_keeps_its_metadata(mariadb, second_server, schema,
                                                                                  tmp_path) -> None:
    error, native = _failure(_rules_text(mariadb, second_server, port_1=_closed_port()), tmp_path)
    assert error.code == "METADATA_LOAD_FAILED" and "`ds_1`" in error.message
    assert native.returncode == 2 and "`ds_1`" in native.stderr and PASSWORD not in native.stderr
    path = tmp_path / "unreachable.yaml"
    path.write_text(_rules_text(mariadb, second_server, port_1=_closed_port()), encoding="utf-8")
    engine = sqlroute.Engine.from_yaml(path, metadata={"t_order": ["order_id", "user_id"]})
    before = engine.export_metadata_yaml()
    with pytest.raises(sqlroute.ConfigError):
        engine.with_discovered_metadata(timeout=3)
    assert engine.export_metadata_yaml() == before


def test_a_silent_server_is_bounded_by_the_timeout(mariadb, second_server, schema, tmp_path) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as silent:  # accepts, never greets
        silent.bind((HOST, 0))
        silent.listen(4)
        path = tmp_path / "silent.yaml"
        path.write_text(_rules_text(mariadb, second_server, port_1=silent.getsockname()[1]), encoding="utf-8")
        engine = sqlroute.Engine.from_yaml(path)
        started = time.monotonic()
        with pytest.raises(sqlroute.ConfigError) as raised:
            engine.with_discovered_metadata(timeout=1)
        assert time.monotonic() - started < 10
        assert "`ds_1`" in raised.value.message
        started = time.monotonic()
        native = subprocess.run([str(_sqlroute_discover()), str(path), "--timeout", "1"], capture_output=True,
                                text=True, timeout=60)
        assert native.returncode == 2 and "`ds_1`" in native.stderr
        assert time.monotonic() - started < 10
