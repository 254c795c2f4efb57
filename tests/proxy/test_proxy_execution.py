"""Statements through sqlroute-proxy onto two MariaDB storage units: rows land on the shards the
rules name, merged results equal an unsharded reference, prepared statements, LOCAL transactions."""

from __future__ import annotations

import random
import time
from decimal import Decimal

import pymysql
import pytest

from binary_protocol import BinaryClient
from schema import expected_node, physical_orders

ROWS = [(order_id, order_id % 7 + 1, random.Random(order_id).choice(["paid", "new", "sent"]),
         Decimal(order_id * 3 % 100) + Decimal("0.25")) for order_id in range(1, 61)]


@pytest.fixture(scope="module")
def loaded(proxy, storage_servers):
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("DELETE FROM t_order")
        values = ", ".join("(%s, %s, %s, %s)" for _ in ROWS)
        cursor.execute(f"INSERT INTO t_order (order_id, user_id, status, amount) VALUES {values}",
                       [value for row in ROWS for value in row])
        assert cursor.rowcount == len(ROWS)
    with storage_servers[0].connect("reference") as connection, connection.cursor() as cursor:
        cursor.execute("DELETE FROM t_order")
        cursor.executemany("INSERT INTO t_order VALUES (%s, %s, %s, %s)", ROWS)
    return ROWS


def test_inserted_rows_land_on_their_shards(loaded, storage_servers):
    found = physical_orders(storage_servers)
    expected = {}
    for order_id, user_id, _, _ in loaded:
        expected.setdefault(expected_node(order_id, user_id), set()).add(order_id)
    assert {node: ids for node, ids in found.items() if ids} == expected


MERGE_QUERIES = [
    "SELECT order_id, user_id, status, amount FROM t_order ORDER BY amount DESC, order_id",
    "SELECT user_id, COUNT(*) AS c, SUM(amount), MIN(amount), MAX(order_id) FROM t_order GROUP BY user_id ORDER BY user_id",
    "SELECT status, AVG(amount) FROM t_order GROUP BY status ORDER BY status",
    "SELECT order_id FROM t_order ORDER BY order_id LIMIT 5, 10",
    "SELECT DISTINCT status FROM t_order ORDER BY status",
    "SELECT COUNT(*), SUM(amount) FROM t_order WHERE user_id IN (1, 2, 3)",
    "SELECT user_id, COUNT(*) FROM t_order GROUP BY user_id ORDER BY COUNT(*) DESC, user_id LIMIT 3",
]


@pytest.mark.parametrize("sql", MERGE_QUERIES)
def test_merged_results_equal_the_reference(loaded, proxy, reference, sql):
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute(sql)
        through_proxy = cursor.fetchall()
        labels = [column[0] for column in cursor.description]
    with reference.cursor() as cursor:
        cursor.execute(sql)
        assert through_proxy == cursor.fetchall()
        assert labels == [column[0] for column in cursor.description]


def test_update_and_delete_on_shards(loaded, proxy, storage_servers):
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("UPDATE t_order SET status = 'void' WHERE order_id = 7 AND user_id = 1")
        assert cursor.rowcount == 1
        cursor.execute("UPDATE t_order SET amount = amount + 1 WHERE status = 'void'")
        assert cursor.rowcount == 1
        cursor.execute("SELECT status, amount FROM t_order WHERE order_id = 7")
        assert cursor.fetchone() == ("void", Decimal("22.25"))
        cursor.execute("DELETE FROM t_order WHERE order_id = 7")
        assert cursor.rowcount == 1
        cursor.execute("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (7, 1, 'paid', 21.25)")
    assert 7 in physical_orders(storage_servers)[expected_node(7, 1)]


def test_prepared_statements(loaded, proxy):
    with proxy.connect() as connection:
        client = BinaryClient(connection)
        point = client.prepare("SELECT order_id, user_id, status, amount FROM t_order WHERE order_id = ?")
        assert point.params == 1
        assert [column.name for column in point.columns] == ["order_id", "user_id", "status", "amount"]
        columns, rows = client.execute(point, [12])
        assert rows == [[12, 6, ROWS[11][2], "36.25"]]
        columns, rows = client.execute(point, [13])  # types bound once, reused
        assert rows[0][0] == 13
        merged = client.prepare("SELECT user_id, COUNT(*) FROM t_order WHERE user_id IN (?, ?) GROUP BY user_id ORDER BY user_id")
        _, rows = client.execute(merged, [1, 2])
        assert rows == [[1, sum(1 for r in ROWS if r[1] == 1)], [2, sum(1 for r in ROWS if r[1] == 2)]]
        insert = client.prepare("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (?, ?, ?, ?)")
        assert client.execute(insert, [501, 3, None, 1.5]) == 1
        client.send_long_data(insert, 2, b"long ")
        client.send_long_data(insert, 2, b"data")
        assert client.execute(insert, [502, 4, None, 2.5], long_data=[2]) == 1
        client.reset(insert)
        _, rows = client.execute(point, [502])
        assert rows == [[502, 4, "long data", "2.50"]]
        _, rows = client.execute(point, [501])
        assert rows == [[501, 3, None, "1.50"]]
        client.close(point)
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM t_order WHERE order_id IN (501, 502)")
            assert cursor.rowcount == 2


def statement_counters(storage_servers):
    """(COM_STMT_PREPARE, COM_STMT_EXECUTE) the storage servers answered so far, summed."""
    totals = [0, 0]
    for server in storage_servers:
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute("SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_stmt_prepare', 'Com_stmt_execute')")
            for name, value in cursor.fetchall():
                totals[name == "Com_stmt_execute"] += int(value)
    return tuple(totals)


def test_a_prepared_single_unit_runs_prepared_on_its_storage_unit(loaded, proxy, storage_servers):
    # As ShardingSphere's MySQL data sources (useServerPrepStmts, cachePrepStmts): the unit is prepared
    # once per storage connection, then executed with binary parameters, its binary rows passed on.
    with proxy.connect() as connection:
        client = BinaryClient(connection)
        point = client.prepare("SELECT order_id, status, amount FROM t_order WHERE user_id = ? AND order_id = ? "
                               "AND status <> ?")  # one unit
        before = statement_counters(storage_servers)
        answers = [client.execute(point, [6, 12, status]) for status in ("none", ROWS[11][2], None, "none", "none")]
        prepares, executes = (after - was for after, was in zip(statement_counters(storage_servers), before))
        assert (prepares, executes) == (1, 5)
        assert [column.name for column in answers[0][0]] == ["order_id", "status", "amount"]
        assert [rows for _, rows in answers] == [[[12, ROWS[11][2], "36.25"]], [], [], [[12, ROWS[11][2], "36.25"]],
                                                 [[12, ROWS[11][2], "36.25"]]]
        with connection.cursor() as cursor:
            cursor.execute("SELECT order_id, status, amount FROM t_order WHERE order_id = 12")
            assert cursor.fetchall() == ((12, ROWS[11][2], Decimal("36.25")),)


def test_transaction_across_shards_rolls_back_and_commits(loaded, proxy, storage_servers):
    connection = proxy.connect(autocommit=False)
    try:
        with connection.cursor() as cursor:
            cursor.execute("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (601, 1, 'tx', 1), (602, 2, 'tx', 2)")
            cursor.execute("SELECT COUNT(*) FROM t_order WHERE status = 'tx'")
            assert cursor.fetchone() == (2,)  # the transaction sees its own rows
        with proxy.connect() as other, other.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM t_order WHERE status = 'tx'")
            assert cursor.fetchone() == (0,)  # nobody else does
        connection.rollback()
        with connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM t_order WHERE status = 'tx'")
            assert cursor.fetchone() == (0,)
            cursor.execute("BEGIN")
            cursor.execute("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (603, 1, 'tx', 3), (604, 2, 'tx', 4)")
            cursor.execute("COMMIT")
    finally:
        connection.close()
    found = physical_orders(storage_servers)
    assert 603 in found[expected_node(603, 1)] and 604 in found[expected_node(604, 2)]
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("DELETE FROM t_order WHERE status = 'tx'")
        assert cursor.rowcount == 2


def test_failed_commit_is_reported(loaded, proxy, storage_servers):
    connection = proxy.connect(autocommit=False)
    try:
        with connection.cursor() as cursor:
            cursor.execute("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (701, 1, 'lost', 1)")  # user_id 1: ds_1
        with storage_servers[1].connect() as admin, admin.cursor() as cursor:
            cursor.execute("SELECT id FROM information_schema.PROCESSLIST WHERE db = 'demo_ds_1' AND id <> CONNECTION_ID()")
            for (backend_id,) in cursor.fetchall():
                cursor.execute(f"KILL {backend_id}")
        with pytest.raises(pymysql.err.MySQLError) as failure:
            connection.commit()
        assert "COMMIT failed on storage unit `ds_1`" in str(failure.value)
    finally:
        connection.close()
    time.sleep(0.6)  # the pool checks connections idle over 500 ms before handing them out
    with proxy.connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM t_order WHERE order_id = 701")
        assert cursor.fetchone() == (0,)


def test_reads_follow_the_session_for_read_write_splitting(proxy):
    with proxy.connect(database="readwrite_db") as connection, connection.cursor() as cursor:
        cursor.execute("SELECT copy FROM t_where WHERE id = 1")
        assert cursor.fetchone() == ("replica",)
        cursor.execute("BEGIN")
        cursor.execute("SELECT copy FROM t_where WHERE id = 1")
        assert cursor.fetchone() == ("primary",)  # transactionalReadQueryStrategy: PRIMARY
        cursor.execute("COMMIT")
        cursor.execute("SELECT copy FROM t_where WHERE id = 1")
        assert cursor.fetchone() == ("replica",)
