"""Table metadata read from the storage units when a logical database is built and after DDL, as
ShardingSphere-Proxy loads it and its MetaDataRefreshEngine refreshes it: `!SINGLE` places the
tables it finds, `SELECT *` and INSERT without a column list use the real visible columns, a
table created through the proxy routes as a single table, DDL reads again only the storage
units it ran on, and an unreadable storage unit is
logged without its password while the others keep working."""

from __future__ import annotations

import pytest

from proxy_process import ProxyProcess, free_port
from schema import data_sources_yaml

SINGLE_YAML = """\
databaseName: meta_db
{data_sources}rules:
- !SINGLE
  tables: ["*.*"]
  defaultDataSource: ds_1
- !ENCRYPT
  tables:
    t_account:
      columns:
        pwd:
          cipher: {{name: pwd_cipher, encryptorName: aes}}
  encryptors:
    aes: {{type: AES, props: {{aes-key-value: MetaKey123456789}}}}
"""

DOWN_YAML = """\
databaseName: down_db
{data_sources}rules:
- !SINGLE
  tables: ["*.*"]
"""

DOWN_PASSWORD = "NeverLogged4711"


def rows(connection, sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return [list(row) for row in cursor.fetchall()]


def columns(connection, sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        cursor.fetchall()
        return [column[0] for column in cursor.description]


@pytest.fixture(scope="module")
def meta_proxy(storage_servers):
    for index, server in enumerate(storage_servers):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE meta_ds_{index}")
    with storage_servers[0].connect("meta_ds_0") as connection, connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t_found (id INT PRIMARY KEY, name VARCHAR(16))")
        cursor.execute("INSERT INTO t_found VALUES (7, 'seven')")
        cursor.execute("CREATE TABLE t_account (id INT PRIMARY KEY, pwd_cipher VARCHAR(200), "
                       "audit INT INVISIBLE DEFAULT 0)")
    sources = data_sources_yaml({"ds_0": (storage_servers[0].port, "meta_ds_0"),
                                 "ds_1": (storage_servers[1].port, "meta_ds_1")})
    try:
        with ProxyProcess.running(storage_servers,
                                  files={"database-meta.yaml": SINGLE_YAML.format(data_sources=sources)}) as process:
            yield process
    finally:
        for index, server in enumerate(storage_servers):
            with server.connect() as connection, connection.cursor() as cursor:
                cursor.execute(f"DROP DATABASE meta_ds_{index}")


def test_single_rule_places_the_tables_found_on_the_storage_units(meta_proxy):
    with meta_proxy.connect(database="meta_db") as connection:
        assert rows(connection, "SHOW SINGLE TABLES") == [["t_account", "ds_0"], ["t_found", "ds_0"]]
        assert rows(connection, "PREVIEW SELECT name FROM t_found WHERE id = 7") == [
            ["ds_0", "SELECT name FROM t_found WHERE id = 7"]]
        assert rows(connection, "SELECT name FROM t_found WHERE id = 7") == [["seven"]]


def test_select_star_and_insert_without_columns_use_the_visible_columns(meta_proxy, storage_servers):
    with meta_proxy.connect(database="meta_db") as connection:
        with connection.cursor() as cursor:
            cursor.execute("INSERT INTO t_account VALUES (1, 'plain-secret')")
        assert columns(connection, "SELECT * FROM t_account") == ["id", "pwd"]
        assert rows(connection, "SELECT * FROM t_account") == [[1, "plain-secret"]]
    with storage_servers[0].connect("meta_ds_0") as connection:
        stored = rows(connection, "SELECT id, pwd_cipher, audit FROM t_account")
    assert stored[0][0] == 1 and stored[0][1] != "plain-secret" and stored[0][2] == 0


def test_a_table_created_through_the_proxy_routes_as_a_single_table(meta_proxy, storage_servers):
    with meta_proxy.connect(database="meta_db") as connection:
        with connection.cursor() as cursor:
            cursor.execute("CREATE TABLE t_created (id INT PRIMARY KEY, label VARCHAR(16))")
        assert rows(connection, "SHOW SINGLE TABLE t_created") == [["t_created", "ds_1"]]
        with connection.cursor() as cursor:
            cursor.execute("INSERT INTO t_created VALUES (3, 'three')")
        assert rows(connection, "SELECT * FROM t_created") == [[3, "three"]]
        with connection.cursor() as cursor:
            cursor.execute("ALTER TABLE t_created ADD COLUMN extra INT DEFAULT 5")
        assert columns(connection, "SELECT * FROM t_created") == ["id", "label", "extra"]
        with connection.cursor() as cursor:
            cursor.execute("DROP TABLE t_created")
        assert rows(connection, "SHOW SINGLE TABLES LIKE 't_cr%'") == []
    with storage_servers[1].connect("meta_ds_1") as connection:
        assert rows(connection, "SHOW TABLES") == []


def test_ddl_reads_again_only_the_storage_units_it_ran_on(meta_proxy, storage_servers):
    with storage_servers[0].connect("meta_ds_0") as connection, connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t_behind (id INT PRIMARY KEY)")  # not through the proxy
    with meta_proxy.connect(database="meta_db") as connection, connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t_on_ds_1 (id INT PRIMARY KEY)")  # ds_1, the default data source
        assert rows(connection, "SHOW SINGLE TABLE t_on_ds_1") == [["t_on_ds_1", "ds_1"]]
        assert rows(connection, "SHOW SINGLE TABLE t_behind") == []  # ds_0 was not read again
        cursor.execute("ALTER TABLE t_found ADD COLUMN note INT")  # on ds_0
        assert rows(connection, "SHOW SINGLE TABLE t_behind") == [["t_behind", "ds_0"]]
        cursor.execute("ALTER TABLE t_found DROP COLUMN note")
        cursor.execute("DROP TABLE t_behind")
        cursor.execute("DROP TABLE t_on_ds_1")
        assert rows(connection, "SHOW SINGLE TABLES") == [["t_account", "ds_0"], ["t_found", "ds_0"]]


def test_registered_storage_units_are_read(meta_proxy, storage_servers):
    with meta_proxy.connect(database=None) as connection, connection.cursor() as cursor:
        cursor.execute("CREATE DATABASE registered_db")
        cursor.execute("USE registered_db")
        cursor.execute(f"REGISTER STORAGE UNIT ds_r (HOST='127.0.0.1', PORT={storage_servers[0].port}, "
                       "DB='meta_ds_0', USER='root', PASSWORD='')")
        cursor.execute("LOAD SINGLE TABLE *.*")
        cursor.execute("SHOW SINGLE TABLES LIKE 't\\_found'")
        found = [list(row) for row in cursor.fetchall()]
        cursor.execute("DROP DATABASE registered_db")
    assert found == [["t_found", "ds_r"]]


def test_an_unreadable_storage_unit_is_logged_and_the_others_serve(storage_servers):
    with storage_servers[0].connect() as connection, connection.cursor() as cursor:
        cursor.execute("CREATE DATABASE meta_up_ds")
        cursor.execute("CREATE TABLE meta_up_ds.t_up (id INT PRIMARY KEY)")
    up = data_sources_yaml({"ds_up": (storage_servers[0].port, "meta_up_ds")})
    down = data_sources_yaml({"ds_down": (free_port(), "nowhere")}, password=DOWN_PASSWORD)
    text = DOWN_YAML.format(data_sources=up + down.replace("dataSources:\n", ""))
    try:
        with ProxyProcess.running(storage_servers, files={"database-down.yaml": text}) as process:
            with process.connect(database="down_db") as connection:
                assert rows(connection, "SHOW SINGLE TABLE t_up") == [["t_up", "ds_up"]]
                assert rows(connection, "SELECT COUNT(*) FROM t_up") == [[0]]
            log = process.log()
    finally:
        with storage_servers[0].connect() as connection, connection.cursor() as cursor:
            cursor.execute("DROP DATABASE meta_up_ds")
    assert "storage unit `ds_down`" in log
    assert DOWN_PASSWORD not in log
