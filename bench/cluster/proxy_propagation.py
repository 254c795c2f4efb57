"""How long a DistSQL change run on one sqlroute-proxy takes to reach the other proxy and three
engines on the same ZooKeeper registry (three engines and two proxies), over two
throwaway MariaDB servers. Prints the median, p95 and max over ROUNDS changes, per kind of
instance. Run by bench/cluster/run.sh; not part of the test suite.

Usage: python3 proxy_propagation.py ZOOKEEPER_SERVERS ROUNDS
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
for folder in ("tests/cluster", "tests/proxy", "tests/mariadb", "python"):
    sys.path.insert(0, str(REPO / folder))

import sqlroute  # noqa: E402
from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary  # noqa: E402
from proxy_process import ProxyProcess  # noqa: E402
from schema import SERVER_YAML, create_physical_schema, write_configuration  # noqa: E402

ROUTED = "SELECT * FROM t_order WHERE user_id = 3 AND order_id = 7"
CHANGE = """ALTER SHARDING TABLE RULE t_order (DATANODES('ds_${{0..1}}.t_order_${{0..1}}'),
  DATABASE_STRATEGY(TYPE='standard', SHARDING_COLUMN=user_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='ds_${{user_id % 2}}')))),
  TABLE_STRATEGY(TYPE='standard', SHARDING_COLUMN=order_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='{expression}')))))"""
EXPRESSIONS = ("t_order_0", "t_order_${order_id % 2}")  # t_order_0, then t_order_1 for order 7


def mode(servers: str) -> str:
    return (f"mode:\n  type: Cluster\n  repository:\n    type: ZooKeeper\n    props:\n      namespace: bench_proxies\n"
            f"      server-lists: {servers}\n      timeToLiveSeconds: 10\n      retryIntervalMilliseconds: 1000\n"
            f"      maxRetries: 20\n")


def summary(name: str, seconds: list) -> str:
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return (f"{name:<14} median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms   "
            f"max {ordered[-1] * 1000:7.1f} ms   ({len(ordered)} changes)")


def main() -> None:
    servers_arg, rounds = sys.argv[1], int(sys.argv[2])
    storage = [MariaDbServer(find_binary(SERVER_NAMES), find_binary(INSTALL_NAMES)) for _ in range(2)]
    proxies, engines = [], []
    try:
        for server in storage:
            server.start()
        create_physical_schema(storage)
        for with_files in (True, False):
            conf = Path(tempfile.mkdtemp(prefix="sqlroute-bench-proxy-"))
            if with_files:
                write_configuration(conf, storage)
            (conf / "server.yaml").write_text(SERVER_YAML + mode(servers_arg))
            proxies.append(ProxyProcess(conf))
            proxies[-1].start(timeout=60)
        url = f"zookeeper://{servers_arg}/bench_proxies"
        engines = [sqlroute.Engine.from_cluster(url, database="sharding_db", connect_timeout=20) for _ in range(3)]
        writer = proxies[0].connect()
        reader = proxies[1].connect()
        took = {"proxy": [], "engine": [], "all": []}
        for round_number in range(rounds):
            expression = EXPRESSIONS[round_number % 2]
            expected = "t_order_0" if expression == "t_order_0" else "t_order_1"
            with writer.cursor() as cursor:
                cursor.execute(CHANGE.format(expression=expression))
            written = time.monotonic()
            pending = {"proxy": [reader], "engine": list(engines)}
            while any(pending.values()):
                for kind, instances in pending.items():
                    for instance in list(instances):
                        if kind == "proxy":
                            with instance.cursor() as cursor:
                                cursor.execute("PREVIEW " + ROUTED)
                                routed = cursor.fetchall()[0][1]
                        else:
                            routed = instance.route(ROUTED).units[0].sql
                        if f"FROM {expected} " in routed:
                            took[kind].append(time.monotonic() - written)
                            instances.remove(instance)
                if time.monotonic() - written > 30:
                    raise SystemExit(f"round {round_number}: not every instance changed within 30 s")
            took["all"].append(time.monotonic() - written)
        print("DistSQL on one proxy -> the other proxy and 3 engines (1 ZooKeeper, 2 MariaDB, one machine)")
        print(summary("other proxy", took["proxy"]))
        print(summary("each engine", took["engine"]))
        print(summary("all instances", took["all"]))
        writer.close()
        reader.close()
    finally:
        for engine in engines:
            engine.close()
        for proxy in proxies:
            if proxy.process is not None:
                proxy.stop()
        for server in storage:
            server.stop()


if __name__ == "__main__":
    main()
