"""Two sqlroute-proxy processes and three engines on one registry, the proxies over real MariaDB
servers: the logical databases, DistSQL, replica states and worker ids are the registry's."""

from __future__ import annotations

import shutil
import signal
import tempfile
import time
from pathlib import Path
from typing import Dict, List

import pytest

from cluster_support import CONNECT_TIMEOUT, SESSION_TIMEOUT, unit_sqls, wait_until

# Every change must reach the other instances within this (docs/cluster.md gives the measured times).
PROPAGATION_BOUND = 2.0
DIGEST = "proxy-admin:zk-digest-secret"
ORDER_BY_ID = "SELECT * FROM t_order WHERE user_id = 3 AND order_id = 7"
# t_order's rows all in t_order_0 of their storage unit.
TO_TABLE_0 = """ALTER SHARDING TABLE RULE t_order (
  DATANODES('ds_${0..1}.t_order_${0..1}'),
  DATABASE_STRATEGY(TYPE='standard', SHARDING_COLUMN=user_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='ds_${user_id % 2}')))),
  TABLE_STRATEGY(TYPE='standard', SHARDING_COLUMN=order_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='t_order_0')))),
  KEY_GENERATE_STRATEGY(COLUMN=order_id, TYPE(NAME='SNOWFLAKE')))"""


def mode_yaml(servers: str, namespace: str) -> str:
    return f"""\
mode:
  type: Cluster
  repository:
    type: ZooKeeper
    props:
      namespace: {namespace}
      server-lists: {servers}
      digest: "{DIGEST}"
      timeToLiveSeconds: {int(SESSION_TIMEOUT)}
      retryIntervalMilliseconds: 1000
      maxRetries: {int(CONNECT_TIMEOUT)}
"""


class ClusterProxies:
    """Proxies of one namespace, each with a configuration directory of its own."""

    def __init__(self, zookeeper, namespace: str, storage) -> None:
        from proxy_process import ProxyProcess  # noqa: PLC0415 - tests/proxy is on the path via the fixture
        from schema import SERVER_YAML, write_configuration  # noqa: PLC0415
        self._make = ProxyProcess
        self._server_yaml = SERVER_YAML
        self._mode_yaml = mode_yaml(zookeeper.servers, namespace)
        self._write_configuration = write_configuration
        self.storage = storage
        self.processes: List = []

    def start(self, with_rule_files: bool, server_yaml: str = ""):
        conf_dir = Path(tempfile.mkdtemp(prefix="sqlroute-cluster-proxy-"))
        if with_rule_files:
            self._write_configuration(conf_dir, self.storage)
        (conf_dir / "server.yaml").write_text((server_yaml or self._server_yaml) + self._mode_yaml)
        process = self._make(conf_dir)
        process.start(timeout=60)
        self.processes.append(process)
        return process

    def close(self) -> None:
        for process in self.processes:
            if process.process is not None:
                process.stop()
            shutil.rmtree(process.conf_dir, ignore_errors=True)


def query(proxy, sql: str, database="sharding_db") -> List[tuple]:
    with proxy.connect(database=database) as connection, connection.cursor() as cursor:
        cursor.execute(sql)
        return list(cursor.fetchall())


def execute(proxy, sql: str, database="sharding_db") -> None:
    with proxy.connect(database=database) as connection, connection.cursor() as cursor:
        cursor.execute(sql)


def preview(proxy, sql: str) -> List[str]:
    return [f"{source}: {actual}" for source, actual in query(proxy, "PREVIEW " + sql)]


def compute_nodes(proxy) -> List[Dict[str, str]]:
    with proxy.connect(database=None) as connection, connection.cursor() as cursor:
        cursor.execute("SHOW COMPUTE NODES")
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row)) for row in cursor.fetchall()]


@pytest.fixture
def cluster(zookeeper, namespace, registry_url, storage_pair):
    """Proxy A starts first on the empty registry with the suite's rule files, proxy B with none;
    then three engines join for sharding_db."""
    import sqlroute  # noqa: PLC0415
    proxies = ClusterProxies(zookeeper, namespace, storage_pair)
    engines = []
    try:
        first = proxies.start(with_rule_files=True)
        second = proxies.start(with_rule_files=False)
        for _ in range(3):
            engines.append(sqlroute.Engine.from_cluster(registry_url, database="sharding_db", digest=DIGEST,
                                                        session_timeout=SESSION_TIMEOUT,
                                                        connect_timeout=CONNECT_TIMEOUT))
        yield first, second, engines, proxies
    finally:
        for engine in engines:
            engine.close()
        proxies.close()


def test_the_first_proxy_persists_its_rule_files_and_every_instance_serves_them(cluster, kazoo_client, namespace):
    first, second, engines, _ = cluster
    expected = ["ds_1: SELECT * FROM t_order_1 WHERE user_id = 3 AND order_id = 7"]
    for proxy in (first, second):
        assert sorted(row[0] for row in query(proxy, "SHOW DATABASES")) == ["readwrite_db", "sharding_db"]
        assert preview(proxy, ORDER_BY_ID) == expected
    for engine in engines:
        assert unit_sqls(engine, ORDER_BY_ID, []) == expected
    kazoo_client.add_auth("digest", DIGEST)
    table = f"/{namespace}/metadata/sharding_db/rules/sharding/tables/t_order"
    active = kazoo_client.get(table + "/active_version")[0].decode()
    assert b"actualDataNodes: ds_${0..1}.t_order_${0..1}" in kazoo_client.get(f"{table}/versions/{active}")[0]


def test_show_compute_nodes_lists_the_proxies_and_engines(cluster):
    first, second, engines, _ = cluster
    rows = compute_nodes(second)
    assert list(rows[0]) == ["instance_id", "instance_type", "host", "port", "status", "mode_type", "worker_id",
                             "labels", "version", "database_name"]
    proxies = sorted((row for row in rows if row["instance_type"] == "PROXY"), key=lambda row: int(row["port"]))
    assert [(row["host"], int(row["port"])) for row in proxies] == sorted(
        [("127.0.0.1", first.port), ("127.0.0.1", second.port)], key=lambda pair: pair[1])
    jdbc = {row["instance_id"] for row in rows if row["instance_type"] == "JDBC"}
    assert jdbc == {engine.instance_id for engine in engines}
    assert all(row["status"] == "OK" and row["mode_type"] == "Cluster" for row in rows)
    worker_ids = [int(row["worker_id"]) for row in rows]
    assert len(set(worker_ids)) == 5 and all(0 <= worker < 1024 for worker in worker_ids)
    assert all(row["database_name"] == "sharding_db" for row in rows if row["instance_type"] == "JDBC")
    assert compute_nodes(first) == rows


def test_distsql_on_one_proxy_changes_routing_on_every_instance_within_the_bound(cluster, storage_pair):
    first, second, engines, _ = cluster
    execute(first, TO_TABLE_0)
    changed = time.monotonic()
    expected = ["ds_1: SELECT * FROM t_order_0 WHERE user_id = 3 AND order_id = 7"]
    assert preview(first, ORDER_BY_ID) == expected  # the proxy that ran it routes on it at once
    took = [wait_until(lambda: preview(second, ORDER_BY_ID) == expected, timeout=PROPAGATION_BOUND)]
    for engine in engines:
        wait_until(lambda: unit_sqls(engine, ORDER_BY_ID, []) == expected, timeout=PROPAGATION_BOUND)
        took.append(time.monotonic() - changed)
    assert max(took) < PROPAGATION_BOUND
    # The other proxy executes on the new rules: an odd order id lands in t_order_0 of ds_1.
    execute(second, "INSERT INTO t_order (order_id, user_id, status) VALUES (900007, 3, 'cluster')")
    try:
        with storage_pair[1].connect("demo_ds_1") as direct, direct.cursor() as cursor:
            cursor.execute("SELECT order_id FROM t_order_0 WHERE status = 'cluster'")
            assert [row[0] for row in cursor.fetchall()] == [900007]
    finally:
        execute(second, "DELETE FROM t_order WHERE user_id = 3 AND order_id = 900007")


def test_each_proxy_generates_snowflake_keys_with_its_registry_worker_id(cluster, storage_pair):
    first, second, _, _ = cluster
    execute(first, TO_TABLE_0)
    workers = {int(row["port"]): int(row["worker_id"]) for row in compute_nodes(first) if row["instance_type"] == "PROXY"}
    try:
        for proxy in (first, second):
            wait_until(lambda: preview(proxy, ORDER_BY_ID)[0].endswith("FROM t_order_0 WHERE user_id = 3 AND order_id = 7"))
            execute(proxy, f"INSERT INTO t_order (user_id, status) VALUES (5, 'key{proxy.port}')")
            with storage_pair[1].connect("demo_ds_1") as direct, direct.cursor() as cursor:
                cursor.execute("SELECT order_id FROM t_order_0 WHERE status = %s", (f"key{proxy.port}",))
                ((key,),) = cursor.fetchall()
            assert (key >> 12) & 0x3FF == workers[proxy.port]  # Snowflake: timestamp, 10 worker bits, sequence
    finally:
        execute(first, "DELETE FROM t_order WHERE user_id = 5")


def test_databases_and_storage_units_created_on_one_proxy_are_served_by_all(cluster, storage_pair):
    first, second, _, _ = cluster
    execute(first, "CREATE DATABASE cluster_db", database=None)
    wait_until(lambda: ("cluster_db",) in query(second, "SHOW DATABASES"), timeout=PROPAGATION_BOUND)
    port = storage_pair[0].port
    execute(second, f"REGISTER STORAGE UNIT ds_x (URL='jdbc:mysql://127.0.0.1:{port}/demo_ds_0', USER='root', "
                    "PASSWORD='')", database="cluster_db")
    execute(second, "CREATE SHARDING TABLE RULE t_order (STORAGE_UNITS(ds_x), SHARDING_COLUMN=order_id, "
                    "TYPE(NAME='MOD', PROPERTIES('sharding-count'='2')))", database="cluster_db")
    count = "SELECT COUNT(*) FROM t_order WHERE order_id = 123456789"
    wait_until(lambda: query(first, "PREVIEW " + count, "cluster_db") ==
               [("ds_x", "SELECT COUNT(*) FROM t_order_1 WHERE order_id = 123456789")], timeout=PROPAGATION_BOUND)
    assert [row[0] for row in query(first, "SHOW STORAGE UNITS", "cluster_db")] == ["ds_x"]
    assert query(first, count, "cluster_db") == [(0,)]  # run on ds_x's t_order_1, which holds no such row
    with pytest.raises(Exception, match="database exists"):
        execute(second, "CREATE DATABASE cluster_db", database=None)
    execute(second, "DROP DATABASE cluster_db", database=None)
    wait_until(lambda: ("cluster_db",) not in query(first, "SHOW DATABASES"), timeout=PROPAGATION_BOUND)


def test_a_storage_unit_the_proxy_cannot_pool_is_never_written(cluster):
    first, second, _, _ = cluster
    with pytest.raises(Exception, match="url must be jdbc:mysql"):
        execute(first, "REGISTER STORAGE UNIT ds_bad (URL='jdbc:postgresql://127.0.0.1:5432/x', USER='u', PASSWORD='p')")
    assert sorted(row[0] for row in query(second, "SHOW STORAGE UNITS")) == ["ds_0", "ds_1"]
    assert sorted(row[0] for row in query(first, "SHOW STORAGE UNITS")) == ["ds_0", "ds_1"]


def test_a_replica_disabled_on_one_proxy_is_disabled_on_every_instance(cluster, registry_url):
    import sqlroute  # noqa: PLC0415
    first, second, _, _ = cluster
    where = "SELECT copy FROM t_where WHERE id = 1"
    assert query(second, where, "readwrite_db") == [("replica",)]
    engine = sqlroute.Engine.from_cluster(registry_url, database="readwrite_db", digest=DIGEST,
                                          session_timeout=SESSION_TIMEOUT, connect_timeout=CONNECT_TIMEOUT)
    try:
        assert [unit.data_source for unit in engine.route(where).units] == ["read_ds"]
        execute(first, "ALTER READWRITE_SPLITTING RULE readwrite_ds DISABLE read_ds", "readwrite_db")
        assert query(first, where, "readwrite_db") == [("primary",)]
        wait_until(lambda: query(second, where, "readwrite_db") == [("primary",)], timeout=PROPAGATION_BOUND)
        wait_until(lambda: [unit.data_source for unit in engine.route(where).units] == ["write_ds"],
                   timeout=PROPAGATION_BOUND)
        execute(second, "ALTER READWRITE_SPLITTING RULE readwrite_ds ENABLE read_ds", "readwrite_db")
        wait_until(lambda: query(first, where, "readwrite_db") == [("replica",)], timeout=PROPAGATION_BOUND)
        with pytest.raises(Exception, match="read_nowhere"):
            execute(first, "ALTER READWRITE_SPLITTING RULE readwrite_ds DISABLE read_nowhere", "readwrite_db")
    finally:
        engine.close()


def test_a_restarted_proxy_serves_the_registry_not_its_rule_files(cluster):
    first, second, _, _ = cluster
    execute(second, TO_TABLE_0)
    expected = ["ds_1: SELECT * FROM t_order_0 WHERE user_id = 3 AND order_id = 7"]
    first.stop()
    first.start(timeout=60)  # its directory still has the first start's rule files
    assert preview(first, ORDER_BY_ID) == expected
    # SIGHUP reads the registry again; the rules stay the registry's.
    first.process.send_signal(signal.SIGHUP)
    wait_until(lambda: "rules reloaded" in first.log(), timeout=10)
    assert preview(first, ORDER_BY_ID) == expected
    assert len([row for row in compute_nodes(second) if row["instance_type"] == "PROXY"]) == 2


def test_the_registry_digest_never_reaches_the_logs_or_the_client(cluster):
    first, second, _, _ = cluster
    with pytest.raises(Exception) as failure:
        execute(first, "ALTER SHARDING TABLE RULE t_nowhere (STORAGE_UNITS(ds_0), SHARDING_COLUMN=id, "
                       "TYPE(NAME='MOD', PROPERTIES('sharding-count'='2')))")
    for text in (str(failure.value), first.log(), second.log(), str(compute_nodes(first))):
        assert "zk-digest-secret" not in text


def test_global_rules_are_persisted_and_the_registry_authority_wins(cluster, kazoo_client, namespace):
    import pymysql  # noqa: PLC0415
    _, _, _, proxies = cluster
    third = proxies.start(with_rule_files=False, server_yaml="authority:\n  users:\n    - user: only_third@%\n"
                                                             "      password: third\n"
                                                             "sqlParser:\n  sqlStatementCache: {initialCapacity: 128}\n")
    with third.connect(database="sharding_db", user="sharding", password="sharding") as connection:
        assert connection.open  # a user of the first proxy's server.yaml, from the registry
    with pytest.raises(pymysql.err.OperationalError, match="Access denied"):
        third.connect(database=None, user="only_third", password="third")
    kazoo_client.add_auth("digest", DIGEST)
    authority = kazoo_client.get(f"/{namespace}/rules/authority/versions/0")[0].decode()
    assert "user: sharding@%" in authority and "privilege:" in authority
    parser = kazoo_client.get(f"/{namespace}/rules/sql_parser/versions/0")[0].decode()
    assert "initialCapacity: 128" in parser  # the third's own global rule, which the registry lacked
