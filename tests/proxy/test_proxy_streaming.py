"""Execution on the proxy's I/O threads: a single-route result larger than the proxy's write buffer
is streamed to the client row by row (text and binary protocol, inside multi-statements), and a
statement that finds its storage unit's pool empty waits for a connection without holding up
the others, then times out with HikariCP's message."""

from __future__ import annotations

import shutil
from concurrent.futures import ThreadPoolExecutor

import pymysql
import pytest

from binary_protocol import BinaryClient
from proxy_process import ProxyProcess

# 400 rows of 1 KiB: several times the 64 KiB the proxy buffers before writing.
DOCS = [(i, f"doc {i} " + "x" * (1000 + i % 37)) for i in range(1, 401)]

# One storage unit whose pool holds a single connection.
POOL_YAML = """\
databaseName: pool_db
dataSources:
  ds_0: {{url: "jdbc:mysql://127.0.0.1:{port}/demo_ds_0", username: root, password: "", maxPoolSize: 1,
          connectionTimeoutMilliseconds: 700}}
rules:
- !SINGLE
  tables: ["*.*"]
"""


@pytest.fixture(scope="module")
def docs(proxy):
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("DELETE FROM t_doc")
        cursor.executemany("INSERT INTO t_doc (id, body) VALUES (%s, %s)", DOCS)
    yield DOCS
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("DELETE FROM t_doc")


def test_a_large_single_route_result_reaches_the_client_whole(docs, proxy):
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT id, body FROM t_doc ORDER BY id")  # a broadcast table: one unit
        assert [tuple(row) for row in cursor.fetchall()] == docs


def test_a_streamed_result_in_the_binary_protocol(docs, proxy):
    with proxy.connect() as connection:
        client = BinaryClient(connection)
        prepared = client.prepare("SELECT id, body FROM t_doc WHERE id > ? ORDER BY id")
        columns, rows = client.execute(prepared, [100])
        assert [column.name for column in columns] == ["id", "body"]
        assert [(row[0], row[1].decode() if isinstance(row[1], bytes) else row[1]) for row in rows] == docs[100:]


def test_a_streamed_result_between_other_statements(docs, proxy):
    with proxy.connect(client_flag=pymysql.constants.CLIENT.MULTI_STATEMENTS) as connection:
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM t_doc; SELECT id, body FROM t_doc ORDER BY id; SELECT 1 + 1")
            assert cursor.fetchall() == ((len(docs),),)
            assert cursor.nextset()
            assert [tuple(row) for row in cursor.fetchall()] == docs
            assert cursor.nextset()
            assert cursor.fetchall() == ((2,),)
            assert not cursor.nextset()


@pytest.fixture(scope="module")
def pool_proxy(storage_servers):
    process = ProxyProcess.configured(storage_servers, files={"database-pool.yaml": POOL_YAML.format(
        port=storage_servers[0].port)})
    yield process
    process.stop()
    shutil.rmtree(process.conf_dir, ignore_errors=True)


def test_a_statement_waits_for_the_pool_and_then_times_out(pool_proxy):
    holder = pool_proxy.connect("pool_db")
    waiter = pool_proxy.connect("pool_db")
    try:
        with holder.cursor() as cursor:
            cursor.execute("BEGIN")
            cursor.execute("SELECT COUNT(*) FROM t_config")  # the transaction holds the only connection
        with waiter.cursor() as cursor, pytest.raises(pymysql.err.OperationalError) as failure:
            cursor.execute("SELECT COUNT(*) FROM t_config")
        assert failure.value.args[1] == ("Connection is not available for storage unit `ds_0`, request timed out "
                                         "after 700ms.")
        with holder.cursor() as cursor:
            cursor.execute("SELECT 1 FROM t_config LIMIT 1")  # the holder goes on meanwhile
            cursor.execute("COMMIT")
        with waiter.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM t_config")  # the connection is back in the pool
            assert cursor.fetchone()[0] >= 0
    finally:
        holder.close()
        waiter.close()


def test_waiting_statements_are_served_as_the_connection_frees(pool_proxy):
    def count(connection):
        with connection, connection.cursor() as cursor:
            answers = []
            for _ in range(20):
                cursor.execute("SELECT COUNT(*) FROM t_config")
                answers.append(cursor.fetchone()[0])
            return answers

    clients = [pool_proxy.connect("pool_db") for _ in range(6)]
    with ThreadPoolExecutor(len(clients)) as threads:
        answers = [answer for client_answers in threads.map(count, clients) for answer in client_answers]
    assert len(answers) == 6 * 20 and len(set(answers)) == 1
