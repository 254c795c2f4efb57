"""The storage units' pools follow their HikariCP settings, counted on the backend: minPoolSize
connections open at start, idle connections past idleTimeoutMilliseconds closed down to
minPoolSize, connections past maxLifetimeMilliseconds replaced; SHOW STORAGE UNITS shows them."""

from __future__ import annotations

import threading
import time

import pytest

from backend_count import backend_ids, wait_for
from proxy_process import ProxyProcess

POOL_DB = "pool_ds"


@pytest.fixture(scope="module")
def pool_database(storage_servers):
    with storage_servers[0].connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"CREATE DATABASE IF NOT EXISTS {POOL_DB}")
        cursor.execute(f"CREATE TABLE IF NOT EXISTS {POOL_DB}.t_pool (id INT PRIMARY KEY)")
    return storage_servers[0]


def rule_file(server, **pool) -> str:
    settings = "".join(f"    {key}: {value}\n" for key, value in pool.items())
    return (f"databaseName: pool_db\ndataSources:\n  ds_pool:\n"
            f"    url: jdbc:mysql://127.0.0.1:{server.port}/{POOL_DB}\n    username: root\n    password: \"\"\n"
            f"{settings}rules: []\n")


def pool_ids(server) -> set:
    return backend_ids(server, POOL_DB)


def run_concurrently(proxy, count: int, sql: str) -> None:
    connections = [proxy.connect("pool_db") for _ in range(count)]
    try:
        def run(connection):
            with connection.cursor() as cursor:
                cursor.execute(sql)
                cursor.fetchall()
        threads = [threading.Thread(target=run, args=(c,)) for c in connections]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        for connection in connections:
            connection.close()


def test_min_pool_size_open_at_start(storage_servers, pool_database):
    files = {"database-pool.yaml": rule_file(pool_database, maxPoolSize=5, minPoolSize=3)}
    with ProxyProcess.running(storage_servers, files=files) as proxy:
        assert wait_for(lambda: len(pool_ids(pool_database)) == 3)
        time.sleep(1.5)  # and no more than the minimum while nothing runs
        assert len(pool_ids(pool_database)) == 3
    assert wait_for(lambda: not pool_ids(pool_database))  # closed when the proxy stops


def test_idle_timeout_closes_extras_down_to_min(storage_servers, pool_database):
    files = {"database-pool.yaml": rule_file(pool_database, maxPoolSize=4, minPoolSize=1,
                                             idleTimeoutMilliseconds=1000)}
    with ProxyProcess.running(storage_servers, files=files) as proxy:
        run_concurrently(proxy, 4, "SELECT SLEEP(0.5)")
        opened = len(pool_ids(pool_database))
        assert opened == 4
        assert wait_for(lambda: len(pool_ids(pool_database)) == 1)
        time.sleep(2)  # never below the minimum
        assert len(pool_ids(pool_database)) == 1


def test_max_lifetime_replaces_a_connection(storage_servers, pool_database):
    files = {"database-pool.yaml": rule_file(pool_database, maxPoolSize=2, minPoolSize=1,
                                             maxLifetimeMilliseconds=2000)}
    with ProxyProcess.running(storage_servers, files=files) as proxy:
        first = wait_for(lambda: pool_ids(pool_database))
        assert len(first) == 1
        replaced = wait_for(lambda: (ids := pool_ids(pool_database)) and not ids & first and ids)
        assert replaced and len(replaced) == 1
        with proxy.connect("pool_db") as connection, connection.cursor() as cursor:
            cursor.execute("SELECT COUNT(*) FROM t_pool")
            assert cursor.fetchone() == (0,)


def test_registered_pool_settings_show_and_apply(storage_servers, pool_database):
    with ProxyProcess.running(storage_servers) as proxy:
        with proxy.connect(None) as connection, connection.cursor() as cursor:
            cursor.execute("CREATE DATABASE pool_db")
            cursor.execute("USE pool_db")
            cursor.execute(f"REGISTER STORAGE UNIT ds_pool (HOST='127.0.0.1', PORT={pool_database.port}, "
                           f"DB='{POOL_DB}', USER='root', PASSWORD='', PROPERTIES(\"maxPoolSize\"=\"7\", "
                           "\"minPoolSize\"=\"2\", \"idleTimeoutMilliseconds\"=\"12345\", "
                           "\"maxLifetimeMilliseconds\"=\"543210\", \"connectionTimeoutMilliseconds\"=\"4000\"))")
            cursor.execute("SHOW STORAGE UNITS")
            names = [column[0] for column in cursor.description]
            row = dict(zip(names, cursor.fetchone()))
        assert {key: row[key] for key in ("connection_timeout_milliseconds", "idle_timeout_milliseconds",
                                          "max_lifetime_milliseconds", "max_pool_size", "min_pool_size")} == {
            "connection_timeout_milliseconds": "4000", "idle_timeout_milliseconds": "12345",
            "max_lifetime_milliseconds": "543210", "max_pool_size": "7", "min_pool_size": "2"}
        assert wait_for(lambda: len(pool_ids(pool_database)) == 2)


def test_unset_pool_settings_show_hikari_defaults(storage_servers, pool_database):
    files = {"database-pool.yaml": rule_file(pool_database)}
    with ProxyProcess.running(storage_servers, files=files) as proxy:
        with proxy.connect("pool_db") as connection, connection.cursor() as cursor:
            cursor.execute("SHOW STORAGE UNITS")
            row = cursor.fetchone()
        # HikariDataSourcePoolMetaData's defaults: 30 s, 60 s, 35 min, 50, 1.
        assert row[5:10] == ("30000", "60000", "2100000", "50", "1")
