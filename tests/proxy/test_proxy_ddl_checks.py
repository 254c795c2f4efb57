"""DDL checked against the metadata read from the storage units, as ShardingSphere-Proxy's sharding
DDL checkers check it: CREATE TABLE of a table the schema holds is MySQL error 1050 (42S01), DROP
TABLE of one it lacks 1146 (42S02), CREATE INDEX of a name the table has 10005 (42S01), DROP INDEX
of a name no table has 10004 (42S02), with ShardingSphere's texts, before any storage unit sees the
statement; the metadata read again after each DDL keeps the checks right."""

from __future__ import annotations

import pytest

from binary_protocol import BinaryClient, ServerError
from proxy_process import ProxyProcess
from schema import data_sources_yaml

RULES_YAML = """\
databaseName: ddl_db
{data_sources}rules:
- !SHARDING
  tables:
    t_ticket:
      actualDataNodes: ds_${{0..1}}.t_ticket_${{0..1}}
      tableStrategy:
        standard: {{shardingColumn: ticket_id, shardingAlgorithmName: ticket_mod}}
  defaultDatabaseStrategy:
    standard: {{shardingColumn: user_id, shardingAlgorithmName: database_mod}}
  shardingAlgorithms:
    database_mod: {{type: INLINE, props: {{algorithm-expression: "ds_${{user_id % 2}}"}}}}
    ticket_mod: {{type: INLINE, props: {{algorithm-expression: "t_ticket_${{ticket_id % 2}}"}}}}
- !SINGLE
  tables: ["*.*"]
  defaultDataSource: ds_0
"""

CREATE_TICKET = "CREATE TABLE t_ticket (ticket_id BIGINT PRIMARY KEY, user_id INT, title VARCHAR(32))"


@pytest.fixture(scope="module")
def ddl_proxy(storage_servers):
    for index, server in enumerate(storage_servers):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE ddl_ds_{index}")
    sources = data_sources_yaml({f"ds_{index}": (server.port, f"ddl_ds_{index}")
                                 for index, server in enumerate(storage_servers)})
    try:
        with ProxyProcess.running(storage_servers,
                                  files={"database-ddl.yaml": RULES_YAML.format(data_sources=sources)}) as process:
            yield process
    finally:
        for index, server in enumerate(storage_servers):
            with server.connect() as connection, connection.cursor() as cursor:
                cursor.execute(f"DROP DATABASE ddl_ds_{index}")


def execute(connection, sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)


def refused(connection, sql):
    """The error packet the statement gets: (code, SQLSTATE, message)."""
    client = BinaryClient(connection)
    with pytest.raises(ServerError) as raised:
        client.execute(client.prepare(sql))
    return raised.value.code, raised.value.state, raised.value.message


def actual_tables(storage_servers, pattern):
    found = []
    for index, server in enumerate(storage_servers):
        with server.connect(f"ddl_ds_{index}") as connection, connection.cursor() as cursor:
            cursor.execute(f"SHOW TABLES LIKE '{pattern}'")
            found += [f"ds_{index}.{row[0]}" for row in cursor.fetchall()]
    return sorted(found)


def test_create_drop_create_follows_the_refreshed_metadata(ddl_proxy, storage_servers):
    with ddl_proxy.connect(database="ddl_db") as connection:
        assert refused(connection, "DROP TABLE t_ticket") == (1146, "42S02", "Table 't_ticket' doesn't exist")
        execute(connection, CREATE_TICKET)
        assert actual_tables(storage_servers, "t\\_ticket\\_%") == [
            "ds_0.t_ticket_0", "ds_0.t_ticket_1", "ds_1.t_ticket_0", "ds_1.t_ticket_1"]
        assert refused(connection, CREATE_TICKET) == (1050, "42S01", "Table 't_ticket' already exists")
        execute(connection, "CREATE TABLE IF NOT EXISTS t_ticket (ticket_id BIGINT PRIMARY KEY)")
        execute(connection, "DROP TABLE t_ticket")
        assert actual_tables(storage_servers, "t\\_ticket\\_%") == []
        assert refused(connection, "DROP TABLE t_ticket") == (1146, "42S02", "Table 't_ticket' doesn't exist")
        execute(connection, CREATE_TICKET)
        execute(connection, "INSERT INTO t_ticket (ticket_id, user_id, title) VALUES (3, 1, 'three')")
        with connection.cursor() as cursor:
            cursor.execute("SELECT title FROM t_ticket WHERE ticket_id = 3 AND user_id = 1")
            assert cursor.fetchall() == (("three",),)
        execute(connection, "DROP TABLE t_ticket")


def test_single_tables_and_indexes_are_checked(ddl_proxy, storage_servers):
    with ddl_proxy.connect(database="ddl_db") as connection:
        execute(connection, "CREATE TABLE t_memo (memo_id INT PRIMARY KEY, body VARCHAR(32))")
        assert refused(connection, "CREATE TABLE t_memo (memo_id INT)") == (
            1050, "42S01", "Table 't_memo' already exists")
        execute(connection, "CREATE INDEX idx_body ON t_memo (body)")
        assert refused(connection, "CREATE INDEX idx_body ON t_memo (body)") == (
            10005, "42S01", "Index 'idx_body' already exists.")
        execute(connection, "DROP INDEX idx_body ON t_memo")
        assert refused(connection, "DROP INDEX idx_body ON t_memo") == (
            10004, "42S02", "Index 'idx_body' does not exist.")
        assert refused(connection, "DROP TABLE t_memo, t_gone") == (1146, "42S02", "Table 't_gone' doesn't exist")
        assert actual_tables(storage_servers, "t\\_memo") == ["ds_0.t_memo"]
        execute(connection, "DROP TABLE t_memo")
        assert actual_tables(storage_servers, "t\\_memo") == []
