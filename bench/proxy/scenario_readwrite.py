"""Seed 003's read/write splitting: a primary and a replica joined by real MariaDB replication, the
seed's DistSQL (write_ds, read_ds, FIXED_REPLICA_RANDOM), sysbench prepared through the proxy as the
seed does; direct and HAProxy go to the primary. During each proxy run the servers' own statement
counters must show every read on the replica and every write on the primary; afterwards the replica
must hold exactly the primary's rows."""

from __future__ import annotations

from typing import List

from bench_processes import ScenarioProcesses, add_seed_account, direct, mariadb_client, proxy_endpoint
from bench_scenario import Scenario
from seed_distsql import new_database, register_storage_units
from server_counters import checksum, routing_check
from sysbench_runs import sysbench

DESCRIPTION = ("FIXED_REPLICA_RANDOM over a primary and a replica with MariaDB replication; "
               "direct and HAProxy: the primary")
RULE = """CREATE READWRITE_SPLITTING RULE readwrite_ds (
WRITE_STORAGE_UNIT=write_ds,
READ_STORAGE_UNITS(read_ds),
TYPE(NAME="FIXED_REPLICA_RANDOM")
);
"""


def run(scenario: Scenario) -> None:
    settings = scenario.settings
    with ScenarioProcesses(settings) as processes:
        pair = processes.replicated_pair()
        add_seed_account(pair.primary, "test")  # replicated, as every later statement
        proxy = processes.proxy()
        mariadb_client(proxy, new_database("sphereex_demo") + register_storage_units(
            ("write_ds", pair.primary.port, "test"), ("read_ds", pair.replica.port, "test")) + RULE)
        through_proxy = proxy_endpoint(proxy, "sphereex_demo")
        sysbench(through_proxy, "oltp_point_select", "prepare", settings.table_size)
        pair.wait_synced()
        endpoints = [direct(pair.primary, "test"), processes.haproxy(pair.primary, "test"), through_proxy]
        failures: List[str] = []
        for test in settings.tests:
            scenario.measure(endpoints, test, settings.load_threads, routing_check(
                {"the primary": pair.primary, "the replica": pair.replica},
                lambda endpoint: ("the replica", "the primary") if endpoint is through_proxy else None, failures))
        scenario.conclude("every read through the proxy counted as a SELECT on the replica, none on the primary; "
                          "every write on the primary, none sent to the replica", failures)
        pair.wait_synced()
        if checksum(pair.primary, "test.sbtest1") != checksum(pair.replica, "test.sbtest1"):
            raise AssertionError("the replica's sbtest1 differs from the primary's after replication caught up")
        scenario.passed("after the runs the replica's sbtest1 has the primary's checksum")
