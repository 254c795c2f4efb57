"""Every merge streamed through the engine's MergeFeed when each unit has a connection of its own
(max-connections-size-per-query 4): GROUP BY whose ORDER BY keeps the groups together (the
derived ORDER BY included) folds each group as it ends, as ShardingSphere's
GroupByStreamMergedResult; aggregates, DISTINCT aggregates, HAVING and LIMIT / OFFSET over NULLs
and utf8mb4_general_ci variants must equal the same query on one MariaDB holding every row, in the
text and the binary protocol, with encrypted columns decrypted; and a 12 MB grouped result raises
the proxy's peak memory by less than 4 MB (the same units merged in memory by more than 12 MB)."""

from __future__ import annotations

import random
import unicodedata
from decimal import Decimal

import pytest

from binary_protocol import BinaryClient
from proxy_process import ProxyProcess
from schema import ORDER_COLUMNS, data_sources_yaml

GROUP_YAML = """\
databaseName: {name}
{data_sources}rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${{0..1}}.t_order_${{0..1}}
      databaseStrategy: {{standard: {{shardingColumn: user_id, shardingAlgorithmName: by_user}}}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: by_order}}}}
    t_wide:
      actualDataNodes: ds_${{0..1}}.t_wide_${{0..1}}
      databaseStrategy: {{standard: {{shardingColumn: user_id, shardingAlgorithmName: by_user}}}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: by_wide}}}}
    t_secret:
      actualDataNodes: ds_${{0..1}}.t_secret_${{0..1}}
      databaseStrategy: {{standard: {{shardingColumn: user_id, shardingAlgorithmName: by_user}}}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: by_secret}}}}
  shardingAlgorithms:
    by_user: {{type: INLINE, props: {{algorithm-expression: "ds_${{user_id % 2}}"}}}}
    by_order: {{type: INLINE, props: {{algorithm-expression: "t_order_${{order_id % 2}}"}}}}
    by_wide: {{type: INLINE, props: {{algorithm-expression: "t_wide_${{order_id % 2}}"}}}}
    by_secret: {{type: INLINE, props: {{algorithm-expression: "t_secret_${{order_id % 2}}"}}}}
- !ENCRYPT
  tables:
    t_secret:
      columns:
        note:
          cipher: {{name: note_cipher, encryptorName: aes}}
  encryptors:
    aes: {{type: AES, props: {{aes-key-value: GroupKey12345678}}}}
props:
  max-connections-size-per-query: {connections}
"""
WIDE_COLUMNS = "order_id BIGINT NOT NULL PRIMARY KEY, user_id INT NOT NULL, body VARCHAR(4000)"
WIDE_ROWS = [(order_id, order_id % 5, f"{order_id:06d}" + "w" * 3994) for order_id in range(1, 3001)]  # 12 MB
SECRET_ROWS = [(order_id, order_id % 7, f"note {order_id % 5}") for order_id in range(1, 61)]

STATUSES = [None, "paid", "Paid", "PAID ", "new", "New", "sent", "", "zeta", "Ämter", "amter"]


def make_rows(count: int = 300):
    chance = random.Random(2626)
    return [(order_id, chance.randint(0, 9), chance.choice(STATUSES),
             None if chance.random() < 0.15 else Decimal(chance.randint(0, 500)) / 4)
            for order_id in range(1, count + 1)]


@pytest.fixture(scope="module")
def group_proxy(storage_servers):
    rows = make_rows()
    for index, server in enumerate(storage_servers):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE group_ds_{index}")
            for table in (0, 1):
                cursor.execute(f"CREATE TABLE group_ds_{index}.t_order_{table} ({ORDER_COLUMNS})")
                cursor.execute(f"CREATE TABLE group_ds_{index}.t_wide_{table} ({WIDE_COLUMNS})")
                cursor.execute(f"CREATE TABLE group_ds_{index}.t_secret_{table} "
                               "(order_id BIGINT NOT NULL PRIMARY KEY, user_id INT NOT NULL, note_cipher VARCHAR(200))")
                cursor.executemany(f"INSERT INTO group_ds_{index}.t_wide_{table} VALUES (%s, %s, %s)",
                                   [row for row in WIDE_ROWS if (row[1] % 2, row[0] % 2) == (index, table)])
    with storage_servers[0].connect() as connection, connection.cursor() as cursor:
        cursor.execute("CREATE DATABASE group_ref")
        cursor.execute(f"CREATE TABLE group_ref.t_order ({ORDER_COLUMNS})")
        cursor.executemany("INSERT INTO group_ref.t_order VALUES (%s, %s, %s, %s)", rows)
        cursor.execute("CREATE TABLE group_ref.t_secret (order_id BIGINT PRIMARY KEY, user_id INT, note VARCHAR(64))")
        cursor.executemany("INSERT INTO group_ref.t_secret VALUES (%s, %s, %s)", SECRET_ROWS)
    sources = data_sources_yaml({f"ds_{i}": (server.port, f"group_ds_{i}") for i, server in enumerate(storage_servers)})
    try:
        files = {"database-group.yaml": GROUP_YAML.format(name="group_db", data_sources=sources, connections=4),
                 # the same units on one connection per data source: merged in memory
                 "database-memory.yaml": GROUP_YAML.format(name="memory_db", data_sources=sources, connections=1)}
        with ProxyProcess.running(storage_servers, files=files) as process:
            with process.connect("group_db") as connection, connection.cursor() as cursor:
                cursor.executemany("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (%s, %s, %s, %s)",
                                   rows)
                cursor.executemany("INSERT INTO t_secret (order_id, user_id, note) VALUES (%s, %s, %s)", SECRET_ROWS)
            yield process
    finally:
        for index, server in enumerate(storage_servers):
            with server.connect() as connection, connection.cursor() as cursor:
                cursor.execute(f"DROP DATABASE group_ds_{index}")
                if index == 0:
                    cursor.execute("DROP DATABASE group_ref")


AGGREGATES = ["COUNT(*)", "COUNT(amount)", "SUM(amount)", "MIN(amount)", "MAX(order_id)", "AVG(amount)",
              "MIN(status)", "COUNT(DISTINCT amount)", "SUM(DISTINCT order_id % 3)", "AVG(DISTINCT user_id)"]


def random_query(chance: random.Random):
    """A GROUP BY query and whether its rows come in a defined order."""
    keys = chance.sample(["user_id", "status"], chance.randint(1, 2))
    columns = ", ".join(keys + chance.sample(AGGREGATES, chance.randint(1, 3)))
    having = chance.choice(["", "", " HAVING COUNT(*) > 3", " HAVING SUM(amount) > 150"])
    order = chance.choice(["none", "same", "permuted", "aggregate"])
    if order == "none":  # the rewrite orders the units by the group items
        return f"SELECT {columns} FROM t_order GROUP BY {', '.join(keys)}{having}", False
    if order == "permuted":
        keys = list(reversed(keys))
    items = [f"{key}{chance.choice(['', ' DESC', ' ASC'])}" for key in keys]
    if order == "aggregate":  # a different ORDER BY: every group is held, then sorted
        items.insert(0, "COUNT(*) DESC")
    limit = chance.choice(["", " LIMIT 3", " LIMIT 2, 4", " LIMIT 0", " LIMIT 1, 100"])
    group = ", ".join(chance.sample(keys, len(keys)))
    return f"SELECT {columns} FROM t_order GROUP BY {group}{having} ORDER BY {', '.join(items)}{limit}", True


def folded(value):
    """utf8mb4_general_ci's equality: the proxy and MariaDB may each show any member of a group."""
    if not isinstance(value, str):
        return value
    plain = "".join(c for c in unicodedata.normalize("NFD", value) if not unicodedata.combining(c))
    return plain.lower().rstrip(" ")


def answers(connection, sql, ordered=True):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        rows = [tuple(folded(value) for value in row) for row in cursor.fetchall()]
        return [column[0] for column in cursor.description], rows if ordered else sorted(rows, key=repr)


def test_random_group_bys_equal_the_unsharded_table(group_proxy, storage_servers):
    chance = random.Random(26)
    with group_proxy.connect("group_db") as proxied, storage_servers[0].connect("group_ref") as reference:
        for _ in range(80):
            sql, ordered = random_query(chance)
            assert answers(proxied, sql, ordered) == answers(reference, sql, ordered), sql


def test_the_binary_protocol_streams_the_groups(group_proxy, storage_servers):
    sql = "SELECT user_id, COUNT(*), SUM(amount), AVG(amount) FROM t_order WHERE amount > ? GROUP BY user_id"
    with group_proxy.connect("group_db") as connection:
        client = BinaryClient(connection)
        columns, rows = client.execute(client.prepare(sql), [20])
    with storage_servers[0].connect("group_ref") as reference, reference.cursor() as cursor:
        cursor.execute(sql.replace("?", "20") + " ORDER BY user_id")
        expected = [list(row) for row in cursor.fetchall()]
    assert [column.name for column in columns] == ["user_id", "COUNT(*)", "SUM(amount)", "AVG(amount)"]
    assert len(expected) == 10
    assert [[row[0], row[1], Decimal(str(row[2])), Decimal(str(row[3]))] for row in rows] == expected


def test_encrypted_columns_are_decrypted_in_the_streamed_merge(group_proxy, storage_servers):
    with group_proxy.connect("group_db") as proxied, storage_servers[0].connect("group_ref") as reference:
        # groups of one row each (order_id is the key): the note is the group's
        grouped = "SELECT order_id, note, COUNT(*) FROM t_secret GROUP BY order_id ORDER BY order_id DESC LIMIT 5, 10"
        assert answers(proxied, grouped) == answers(reference, grouped)
        ordered = "SELECT order_id, note FROM t_secret ORDER BY order_id DESC LIMIT 5, 10"
        assert answers(proxied, ordered) == answers(reference, ordered)
        single = "SELECT order_id, note FROM t_secret WHERE user_id = 3 AND order_id = 10"  # one unit
        assert answers(proxied, single) == answers(reference, single) == (["order_id", "note"], [(10, "note 0")])


def test_connections_stay_usable_after_a_limit_cuts_the_groups(group_proxy):
    with group_proxy.connect("group_db") as connection:
        for _ in range(30):  # more statements than the pools hold connections
            _, rows = answers(connection, "SELECT user_id, COUNT(*) FROM t_order GROUP BY user_id LIMIT 2")
            assert [row[0] for row in rows] == [0, 1]
        _, rows = answers(connection, "SELECT COUNT(*) FROM t_order")
        assert rows == [(300,)]


def peak_rss_kb(process: ProxyProcess) -> int:
    status = open(f"/proc/{process.process.pid}/status").read()
    return int(status.split("VmHWM:")[1].split()[0])


def test_the_streamed_group_by_holds_no_result_in_memory(group_proxy):
    sql = "SELECT order_id, MAX(body), COUNT(*) FROM t_wide GROUP BY order_id ORDER BY order_id DESC"
    expected = [(row[0], row[2], 1) for row in reversed(WIDE_ROWS)]
    growth = {}
    for database in ("group_db", "memory_db"):  # streamed first: the peak only grows
        before = peak_rss_kb(group_proxy)
        with group_proxy.connect(database) as connection:
            assert answers(connection, sql)[1] == expected
        growth[database] = peak_rss_kb(group_proxy) - before
    assert growth["group_db"] < 4 * 1024 < 12 * 1024 < growth["memory_db"], growth
