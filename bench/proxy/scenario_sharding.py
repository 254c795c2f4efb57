"""Seed 003's sharding: sbtest1 split by MOD (sharding-count 10) over four storage units, each its own
MariaDB server, built with the seed's DistSQL through the proxy; a fifth server holds the same table
unsharded for the direct and HAProxy runs. Afterwards every row must sit in sbtest1_<id % 10> on
ds_<(id % 10) % 4>, and no other table may exist on the shards."""

from __future__ import annotations

from pathlib import Path

from bench_processes import ScenarioProcesses, add_seed_account, direct, mariadb_client, proxy_endpoint
from bench_scenario import POINT_SELECT, Scenario
from seed_distsql import new_database, register_storage_units
from sysbench_runs import sysbench

SHARDS = 4
SHARDING_COUNT = 10
RULE = """CREATE SHARDING TABLE RULE sbtest1 (
STORAGE_UNITS(ds_0, ds_1, ds_2, ds_3),
SHARDING_COLUMN=id,TYPE(NAME="MOD",PROPERTIES("sharding-count"=10))
);
"""
DESCRIPTION = ("MOD sharding-count=10 over 4 storage units (4 servers) on sbtest1; "
               "direct and HAProxy: one server with sbtest1 unsharded")


def check_shards(shards, table_size: int) -> None:
    total = 0
    for unit, server in enumerate(shards):
        with server.connect("sbtest") as connection, connection.cursor() as cursor:
            cursor.execute("SHOW TABLES")
            tables = sorted(row[0] for row in cursor.fetchall())
            expected = sorted(f"sbtest1_{t}" for t in range(SHARDING_COUNT) if t % SHARDS == unit)
            if tables != expected:
                raise AssertionError(f"ds_{unit} holds tables {tables}, the MOD rule names {expected}")
            for table in tables:
                suffix = int(table.rsplit("_", 1)[1])
                cursor.execute(f"SELECT COUNT(*), COALESCE(SUM(id % {SHARDING_COUNT} <> {suffix}), 0) FROM {table}")
                count, misplaced = cursor.fetchone()
                if misplaced:
                    raise AssertionError(f"ds_{unit}.{table} holds {misplaced} rows of other shards")
                total += count
    if total != table_size:
        raise AssertionError(f"the shards hold {total} rows, sysbench prepared {table_size}")


def run(scenario: Scenario) -> None:
    settings = scenario.settings
    with ScenarioProcesses(settings) as processes:
        servers = processes.servers(SHARDS + 1)
        shards, single = servers[:SHARDS], servers[SHARDS]
        for server in servers:
            add_seed_account(server, "sbtest")
        proxy = processes.proxy()
        units = [(f"ds_{index}", shard.port, "sbtest") for index, shard in enumerate(shards)]
        mariadb_client(proxy, new_database("sharding_db") + register_storage_units(*units) + RULE)
        through_proxy = proxy_endpoint(proxy, "sharding_db")
        endpoints = [direct(single, "sbtest"), processes.haproxy(single, "sbtest"), through_proxy]
        if settings.baseline_proxy:
            baseline = processes.baseline_proxy(proxy, Path(settings.baseline_proxy))
            endpoints.append(proxy_endpoint(baseline, "sharding_db", "proxy (baseline binary)"))
        sysbench(through_proxy, "oltp_read_write", "prepare", settings.table_size)
        sysbench(endpoints[0], "oltp_read_write", "prepare", settings.table_size)
        for test in settings.tests:
            for threads in settings.threads if test == POINT_SELECT else [settings.load_threads]:
                scenario.measure(endpoints, test, threads)
        check_shards(shards, settings.table_size)
        scenario.passed(f"all {settings.table_size} rows in sbtest1_<id % 10> on ds_<(id % 10) % 4>, "
                        "no other table on the shards")
