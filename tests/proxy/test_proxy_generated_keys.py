"""Keys the engine generates for an INSERT come back as the OK packet's last insert id: the least
of them and of the storage units' own ids, as ShardingSphere-Proxy's UpdateResponseHeader gives it."""

from __future__ import annotations

import shutil

import pytest

from proxy_process import ProxyProcess
from schema import RULES_YAML

# The suite's sharding rules under another name, with a Snowflake key generator on t_order.
KEYS_YAML = RULES_YAML.replace("databaseName: sharding_db", "databaseName: keys_db").replace(
    "        standard: {{shardingColumn: order_id, shardingAlgorithmName: table_inline}}\n",
    "        standard: {{shardingColumn: order_id, shardingAlgorithmName: table_inline}}\n"
    "      keyGenerateStrategy: {{column: order_id, keyGeneratorName: snowflake}}\n").replace(
    "- !BROADCAST", "  keyGenerators:\n    snowflake: {{type: SNOWFLAKE}}\n- !BROADCAST")


@pytest.fixture(scope="module")
def keys_proxy(storage_servers):
    ports = {"port0": storage_servers[0].port, "port1": storage_servers[1].port}
    process = ProxyProcess.configured(storage_servers, files={"database-keys.yaml": KEYS_YAML.format(**ports)})
    try:
        yield process
    finally:
        process.stop()
        shutil.rmtree(process.conf_dir, ignore_errors=True)
        for index, server in enumerate(storage_servers):  # the suite's other tests compare t_order with a reference
            with server.connect(f"demo_ds_{index}") as direct, direct.cursor() as cursor:
                for table in ("t_order_0", "t_order_1"):
                    cursor.execute(f"DELETE FROM {table} WHERE status IN ('gen1', 'gen2', 'explicit')")
                direct.commit()


def test_generated_key_is_the_last_insert_id(keys_proxy, storage_servers):
    with keys_proxy.connect(database="keys_db") as connection, connection.cursor() as cursor:
        cursor.execute("INSERT INTO t_order (user_id, status) VALUES (3, 'gen1'), (3, 'gen2')")
        first = cursor.lastrowid
        assert cursor.rowcount == 2
        cursor.execute("SELECT order_id FROM t_order WHERE user_id = 3 AND status IN ('gen1', 'gen2')")
        generated = sorted(row[0] for row in cursor.fetchall())
    assert len(generated) == 2 and first == generated[0] > 0
    with storage_servers[1].connect("demo_ds_1") as direct, direct.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM (SELECT order_id FROM t_order_0 WHERE status LIKE 'gen%' UNION ALL "
                       "SELECT order_id FROM t_order_1 WHERE status LIKE 'gen%') rows_on_ds_1")
        assert cursor.fetchone()[0] == 2


def test_explicit_key_gives_no_generated_id(keys_proxy):
    with keys_proxy.connect(database="keys_db") as connection, connection.cursor() as cursor:
        cursor.execute("INSERT INTO t_order (order_id, user_id, status) VALUES (9000000000008, 2, 'explicit')")
        assert cursor.lastrowid == 0
