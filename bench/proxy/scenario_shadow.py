"""Seed 003's shadow database: a production and a shadow server, both prepared by sysbench directly as
the seed does, the seed's DistSQL (VALUE_MATCH on insert + SIMPLE_HINT, here on sbtest1), and two proxy
runs per test: with the seed's modified oltp_common.lua, whose statements carry `/*shadow:true*/`
(shadow), and with sysbench's own (production). Direct and HAProxy go to the production server. The
servers' statement counters must show each proxy run's reads and writes on the one server its rule
names and nothing on the other; afterwards a row inserted with the hint is on the shadow server only
and one inserted without it on the production server only."""

from __future__ import annotations

from typing import List

from bench_processes import ScenarioProcesses, add_seed_account, direct, mariadb_client, proxy_endpoint
from bench_scenario import Scenario
from seed_distsql import new_database, register_storage_units
from server_counters import routing_check
from shadow_lua import write_shadow_lua
from sysbench_runs import sysbench

DESCRIPTION = ("VALUE_MATCH + SIMPLE_HINT on sbtest1 over a production and a shadow server; "
               "direct and HAProxy: the production server")
RULE = """CREATE SHADOW RULE shadowDataSource(
SOURCE=ds,
SHADOW=ds_shadow,
sbtest1(
TYPE(NAME="VALUE_MATCH", PROPERTIES("operation"="insert","column"="status", "value"=1)),
TYPE(NAME="SIMPLE_HINT", PROPERTIES("shadow"=true)))
);
"""
SHADOW_TARGET = "proxy: shadow (hint)"
PRODUCTION_TARGET = "proxy: production"


def ids_above(server, database: str, table_size: int) -> List[int]:
    with server.connect(database) as connection, connection.cursor() as cursor:
        cursor.execute(f"SELECT id FROM sbtest1 WHERE id > {table_size} ORDER BY id")
        return [row[0] for row in cursor.fetchall()]


def check_marker_rows(proxy, production, shadow, table_size: int) -> None:
    hinted, plain = table_size + 1, table_size + 2
    with proxy.connect("sphereex_demo") as connection, connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO sbtest1 (id, k, c, pad) VALUES ({hinted}, 1, 'hinted', 'x') /*shadow:true*/")
        cursor.execute(f"INSERT INTO sbtest1 (id, k, c, pad) VALUES ({plain}, 1, 'plain', 'x')")
    on_shadow, on_production = ids_above(shadow, "shadow_ds", table_size), ids_above(production, "prod_ds", table_size)
    if on_shadow != [hinted] or on_production != [plain]:
        raise AssertionError(f"hinted row {hinted}, plain row {plain}: the shadow server holds {on_shadow}, "
                             f"the production server {on_production}")


def run(scenario: Scenario) -> None:
    settings = scenario.settings
    with ScenarioProcesses(settings) as processes:
        production, shadow = processes.servers(2)
        add_seed_account(production, "prod_ds")
        add_seed_account(shadow, "shadow_ds")
        for server, database in ((production, "prod_ds"), (shadow, "shadow_ds")):
            sysbench(direct(server, database), "oltp_read_only", "prepare", settings.table_size)
        proxy = processes.proxy()
        mariadb_client(proxy, new_database("sphereex_demo") + register_storage_units(
            ("ds", production.port, "prod_ds"), ("ds_shadow", shadow.port, "shadow_ds")) + RULE)
        lua_dir = str(write_shadow_lua(processes.scratch / "shadow-lua"))
        endpoints = [direct(production, "prod_ds"), processes.haproxy(production, "prod_ds"),
                     proxy_endpoint(proxy, "sphereex_demo", SHADOW_TARGET, lua_dir),
                     proxy_endpoint(proxy, "sphereex_demo", PRODUCTION_TARGET)]
        routes = {SHADOW_TARGET: ("the shadow server", "the shadow server"),
                  PRODUCTION_TARGET: ("the production server", "the production server")}
        failures: List[str] = []
        for test in settings.tests:
            scenario.measure(endpoints, test, settings.load_threads, routing_check(
                {"the production server": production, "the shadow server": shadow},
                lambda endpoint: routes.get(endpoint.target), failures))
        scenario.conclude("the hinted runs' reads and writes all on the shadow server, none on production; "
                          "the plain runs' all on production, none on the shadow server", failures)
        check_marker_rows(proxy, production, shadow, settings.table_size)
        scenario.passed("a row inserted with /*shadow:true*/ is on the shadow server only, one inserted without "
                        "it on the production server only")
