"""A SELECT whose units each have a connection of their own (max-connections-size-per-query 4) is
merged as the rows arrive, through the engine's MergeFeed: ORDER BY as ShardingSphere's
OrderByStreamMergedResult, a GROUP BY whose ORDER BY keeps the groups together (the derived ORDER
BY included) folded group by group as GroupByStreamMergedResult. Random orderings and GROUP BYs
over NULLs, case, accent and trailing-space variants (utf8mb4_general_ci), DESC keys, aggregates,
DISTINCT aggregates, HAVING and LIMIT / OFFSET must equal the same query on an unsharded copy, in
the text and the binary protocol, with encrypted columns decrypted; a result the merge cuts short
with LIMIT leaves the connections usable, and a 12 MB ordered or grouped result raises the proxy's
peak memory by less than 4 MB (the same units merged in memory, on one connection per data source,
by more than 12 MB)."""

from __future__ import annotations

import random
import unicodedata
from decimal import Decimal

import pytest

from binary_protocol import BinaryClient
from proxy_process import ProxyProcess
from schema import ORDER_COLUMNS, data_sources_yaml

STREAM_YAML = """\
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
SECRET_COLUMNS = "order_id BIGINT NOT NULL PRIMARY KEY, user_id INT NOT NULL, note_cipher VARCHAR(200)"
SECRET_ROWS = [(order_id, order_id % 7, f"note {order_id % 5}") for order_id in range(1, 61)]

STATUSES = [None, "paid", "Paid", "PAID ", "new", "New", "sent", "", "zeta", "Ämter", "amter"]


def make_rows(count: int = 300):
    chance = random.Random(26)
    return [(order_id, chance.randint(0, 9), chance.choice(STATUSES),
             None if chance.random() < 0.15 else Decimal(chance.randint(0, 500)) / 4)
            for order_id in range(1, count + 1)]


@pytest.fixture(scope="module")
def stream_proxy(storage_servers):
    rows = make_rows()
    for index, server in enumerate(storage_servers):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE stream_ds_{index}")
            for table in (0, 1):
                cursor.execute(f"CREATE TABLE stream_ds_{index}.t_order_{table} ({ORDER_COLUMNS})")
                cursor.execute(f"CREATE TABLE stream_ds_{index}.t_wide_{table} ({WIDE_COLUMNS})")
                cursor.execute(f"CREATE TABLE stream_ds_{index}.t_secret_{table} ({SECRET_COLUMNS})")
                cursor.executemany(f"INSERT INTO stream_ds_{index}.t_wide_{table} VALUES (%s, %s, %s)",
                                   [row for row in WIDE_ROWS if (row[1] % 2, row[0] % 2) == (index, table)])
    with storage_servers[0].connect() as connection, connection.cursor() as cursor:
        cursor.execute("CREATE DATABASE stream_ref")
        cursor.execute(f"CREATE TABLE stream_ref.t_order ({ORDER_COLUMNS})")
        cursor.executemany("INSERT INTO stream_ref.t_order VALUES (%s, %s, %s, %s)", rows)
        cursor.execute("CREATE TABLE stream_ref.t_secret (order_id BIGINT PRIMARY KEY, user_id INT, note VARCHAR(64))")
        cursor.executemany("INSERT INTO stream_ref.t_secret VALUES (%s, %s, %s)", SECRET_ROWS)
    sources = data_sources_yaml({f"ds_{i}": (server.port, f"stream_ds_{i}") for i, server in enumerate(storage_servers)})
    try:
        files = {"database-stream.yaml": STREAM_YAML.format(name="stream_db", data_sources=sources, connections=4),
                 # the same units on one connection per data source: merged in memory
                 "database-memory.yaml": STREAM_YAML.format(name="memory_db", data_sources=sources, connections=1)}
        with ProxyProcess.running(storage_servers, files=files) as process:
            with process.connect("stream_db") as connection, connection.cursor() as cursor:
                cursor.executemany("INSERT INTO t_order (order_id, user_id, status, amount) VALUES (%s, %s, %s, %s)",
                                   rows)
                cursor.executemany("INSERT INTO t_secret (order_id, user_id, note) VALUES (%s, %s, %s)", SECRET_ROWS)
            yield process
    finally:
        for index, server in enumerate(storage_servers):
            with server.connect() as connection, connection.cursor() as cursor:
                cursor.execute(f"DROP DATABASE stream_ds_{index}")
                if index == 0:
                    cursor.execute("DROP DATABASE stream_ref")


def random_query(chance: random.Random) -> str:
    keys = chance.sample(["user_id", "status", "amount"], chance.randint(1, 3))
    order = ", ".join(f"{key}{chance.choice(['', ' DESC', ' ASC'])}" for key in keys)
    order += f", order_id{chance.choice(['', ' DESC'])}"  # a total order: ties are not compared
    columns = chance.choice(["order_id, user_id, status, amount", "status, order_id", "amount, status, order_id"])
    limit = chance.choice(["", "", " LIMIT 7", " LIMIT 20, 15", " LIMIT 0", " LIMIT 290, 50"])
    return f"SELECT {columns} FROM t_order ORDER BY {order}{limit}"


AGGREGATES = ["COUNT(*)", "COUNT(amount)", "SUM(amount)", "MIN(amount)", "MAX(order_id)", "AVG(amount)",
              "MIN(status)", "COUNT(DISTINCT amount)", "SUM(DISTINCT order_id % 3)", "AVG(DISTINCT user_id)"]


def random_group_by(chance: random.Random):
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
    """A string as utf8mb4_general_ci compares it: without accents, case or trailing spaces."""
    if not isinstance(value, str):
        return value
    plain = "".join(c for c in unicodedata.normalize("NFD", value) if not unicodedata.combining(c))
    return plain.lower().rstrip(" ")


def answers(connection, sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return [column[0] for column in cursor.description], cursor.fetchall()


def folded_answers(connection, sql, ordered=True):
    """The answer with strings folded (the proxy and MariaDB may each show any member of a group),
    sorted when the query leaves the order open."""
    columns, rows = answers(connection, sql)
    rows = [tuple(folded(value) for value in row) for row in rows]
    return columns, rows if ordered else sorted(rows, key=repr)


def test_random_orderings_equal_the_unsharded_table(stream_proxy, storage_servers):
    chance = random.Random(2026)
    with stream_proxy.connect("stream_db") as proxied, storage_servers[0].connect("stream_ref") as reference:
        for _ in range(80):
            sql = random_query(chance)
            assert answers(proxied, sql) == answers(reference, sql), sql


def test_an_order_by_key_outside_the_projection_is_hidden(stream_proxy, storage_servers):
    sql = "SELECT order_id FROM t_order ORDER BY status DESC, amount, order_id LIMIT 40"
    with stream_proxy.connect("stream_db") as proxied, storage_servers[0].connect("stream_ref") as reference:
        assert answers(proxied, sql) == answers(reference, sql)


def test_the_binary_protocol_streams_the_merged_rows(stream_proxy, storage_servers):
    with stream_proxy.connect("stream_db") as connection:
        client = BinaryClient(connection)
        prepared = client.prepare("SELECT order_id, status FROM t_order WHERE amount > ? ORDER BY status, order_id")
        columns, rows = client.execute(prepared, [40])
    with storage_servers[0].connect("stream_ref") as reference, reference.cursor() as cursor:
        cursor.execute("SELECT order_id, status FROM t_order WHERE amount > 40 ORDER BY status, order_id")
        expected = [list(row) for row in cursor.fetchall()]
    assert [column.name for column in columns] == ["order_id", "status"] and len(expected) > 100
    decoded = [[row[0], row[1].decode() if isinstance(row[1], bytes) else row[1]] for row in rows]
    assert decoded == expected


def test_connections_stay_usable_after_a_limit_cuts_the_stream(stream_proxy):
    with stream_proxy.connect("stream_db") as connection:
        for _ in range(30):  # more statements than the pools hold connections
            _, rows = answers(connection, "SELECT order_id FROM t_order ORDER BY order_id LIMIT 3")
            assert rows == ((1,), (2,), (3,))
        _, rows = answers(connection, "SELECT COUNT(*) FROM t_order")
        assert rows == ((300,),)


def test_random_group_bys_equal_the_unsharded_table(stream_proxy, storage_servers):
    chance = random.Random(2626)
    with stream_proxy.connect("stream_db") as proxied, storage_servers[0].connect("stream_ref") as reference:
        for _ in range(80):
            sql, ordered = random_group_by(chance)
            assert folded_answers(proxied, sql, ordered) == folded_answers(reference, sql, ordered), sql


def test_the_binary_protocol_streams_the_groups(stream_proxy, storage_servers):
    sql = "SELECT user_id, COUNT(*), SUM(amount), AVG(amount) FROM t_order WHERE amount > ? GROUP BY user_id"
    with stream_proxy.connect("stream_db") as connection:
        client = BinaryClient(connection)
        columns, rows = client.execute(client.prepare(sql), [20])
    with storage_servers[0].connect("stream_ref") as reference, reference.cursor() as cursor:
        cursor.execute(sql.replace("?", "20") + " ORDER BY user_id")
        expected = [list(row) for row in cursor.fetchall()]
    assert [column.name for column in columns] == ["user_id", "COUNT(*)", "SUM(amount)", "AVG(amount)"]
    assert len(expected) == 10
    assert [[row[0], row[1], Decimal(str(row[2])), Decimal(str(row[3]))] for row in rows] == expected


def test_encrypted_columns_are_decrypted_in_the_streamed_merge(stream_proxy, storage_servers):
    with stream_proxy.connect("stream_db") as proxied, storage_servers[0].connect("stream_ref") as reference:
        # groups of one row each (order_id is the key): the note is the group's
        grouped = "SELECT order_id, note, COUNT(*) FROM t_secret GROUP BY order_id ORDER BY order_id DESC LIMIT 5, 10"
        assert folded_answers(proxied, grouped) == folded_answers(reference, grouped)
        ordered = "SELECT order_id, note FROM t_secret ORDER BY order_id DESC LIMIT 5, 10"
        assert folded_answers(proxied, ordered) == folded_answers(reference, ordered)
        single = "SELECT order_id, note FROM t_secret WHERE user_id = 3 AND order_id = 10"  # one unit
        assert folded_answers(proxied, single) == folded_answers(reference, single) == (["order_id", "note"], [(10, "note 0")])


def test_connections_stay_usable_after_a_limit_cuts_the_groups(stream_proxy):
    with stream_proxy.connect("stream_db") as connection:
        for _ in range(30):  # more statements than the pools hold connections
            _, rows = answers(connection, "SELECT user_id, COUNT(*) FROM t_order GROUP BY user_id LIMIT 2")
            assert [row[0] for row in rows] == [0, 1]
        _, rows = answers(connection, "SELECT COUNT(*) FROM t_order")
        assert rows == ((300,),)


def peak_rss_kb(process: ProxyProcess) -> int:
    status = open(f"/proc/{process.process.pid}/status").read()
    return int(status.split("VmHWM:")[1].split()[0])


def test_the_streamed_merge_holds_no_result_in_memory(stream_proxy):
    order_by = "SELECT order_id, body FROM t_wide ORDER BY order_id DESC"
    group_by = "SELECT order_id, MAX(body) FROM t_wide GROUP BY order_id ORDER BY order_id DESC"
    expected = tuple((row[0], row[2]) for row in reversed(WIDE_ROWS))
    growth = []
    # streamed first: the peak only grows
    for database, sql in (("stream_db", order_by), ("stream_db", group_by), ("memory_db", group_by)):
        before = peak_rss_kb(stream_proxy)
        with stream_proxy.connect(database) as connection:
            assert answers(connection, sql)[1] == expected
        growth.append(peak_rss_kb(stream_proxy) - before)
    assert max(growth[:2]) < 4 * 1024 < 12 * 1024 < growth[2], growth
