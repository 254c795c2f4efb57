"""sysbench oltp_point_select through sqlroute-proxy, directly and through HAProxy (bench/proxy/run.sh).

Four MariaDB servers hold the seed's sharding (sbtest1 by MOD, sharding-count 10, over four storage
units, built with the seed's DistSQL through the proxy); a fifth holds the same table unsharded for
the direct and HAProxy runs. Each run reports TPS, QPS, p95 and p99 latency, and for the proxy and
HAProxy their CPU time per query from /proc. After the runs the rows are checked on the shards.
"""

from __future__ import annotations

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "mariadb"))
sys.path.insert(0, str(ROOT / "tests" / "proxy"))

from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary  # noqa: E402
from proxy_process import ProxyProcess, free_port  # noqa: E402

HOST = "127.0.0.1"
SERVER_YAML = "authority:\n  users:\n    - user: root@%\n      password: root\n"
DISTSQL = """CREATE DATABASE sharding_db;
USE sharding_db;
REGISTER STORAGE UNIT {units};
CREATE SHARDING TABLE RULE sbtest1 (
STORAGE_UNITS(ds_0, ds_1, ds_2, ds_3),
SHARDING_COLUMN=id,TYPE(NAME="MOD",PROPERTIES("sharding-count"=10))
);
"""
HAPROXY_CFG = """global
  maxconn 4096
defaults
  mode tcp
  timeout connect 5s
  timeout client 1h
  timeout server 1h
listen mariadb
  bind {host}:{port}
  server direct {host}:{target}
"""


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sysbench(port: int, user: str, password: str, db: str, command: str, table_size: int, *extra: str) -> str:
    args = ["sysbench", "oltp_point_select", f"--mysql-host={HOST}", f"--mysql-port={port}", f"--mysql-user={user}",
            f"--mysql-password={password}", f"--mysql-db={db}", "--tables=1", f"--table-size={table_size}",
            "--rand-type=uniform", "--range_selects=off", "--auto_inc=off", "--percentile=95", *extra, command]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stdout + result.stderr)
    return result.stdout


def run(port, user, password, db, table_size, threads, seconds, pid=None):
    before = cpu_seconds(pid) if pid else 0.0
    out95 = sysbench(port, user, password, db, "run", table_size, f"--threads={threads}", f"--time={seconds}")
    cpu = cpu_seconds(pid) - before if pid else 0.0
    out99 = sysbench(port, user, password, db, "run", table_size, f"--threads={threads}", "--time=3",
                     "--percentile=99")
    tps = float(re.search(r"transactions:\s+\d+\s+\(([\d.]+) per sec", out95).group(1))
    qps = float(re.search(r"queries:\s+\d+\s+\(([\d.]+) per sec", out95).group(1))
    queries = int(re.search(r"queries:\s+(\d+)", out95).group(1))
    ignored = int(re.search(r"ignored errors:\s+(\d+)", out95).group(1))
    p95 = float(re.search(r"95th percentile:\s+([\d.]+)", out95).group(1))
    p99 = float(re.search(r"99th percentile:\s+([\d.]+)", out99).group(1))
    return {"tps": tps, "qps": qps, "p95": p95, "p99": p99, "ignored": ignored,
            "cpu_us": cpu / queries * 1e6 if pid and queries else None}


def check_shards(servers, table_size):
    total = 0
    for unit, server in enumerate(servers):
        with server.connect("sbtest") as connection, connection.cursor() as cursor:
            cursor.execute("SHOW TABLES")
            tables = sorted(row[0] for row in cursor.fetchall())
            expected = sorted(f"sbtest1_{t}" for t in range(10) if t % 4 == unit)
            assert tables == expected, (unit, tables)
            for table in tables:
                suffix = int(table.rsplit("_", 1)[1])
                cursor.execute(f"SELECT COUNT(*), COALESCE(SUM(id % 10 <> {suffix}), 0) FROM {table}")
                count, misplaced = cursor.fetchone()
                assert misplaced == 0, table
                total += count
    assert total == table_size, total


def report(results, threads_list, out: Path):
    lines = ["sysbench oltp_point_select (sharding: MOD 10 over 4 storage units; direct/HAProxy: one server)", "",
             f"{'threads':>7} {'target':>8} {'TPS':>10} {'QPS':>10} {'p95 ms':>8} {'p99 ms':>8} {'CPU us/q':>9}"
             f" {'/direct':>8} {'/HAProxy':>9}"]
    for threads in threads_list:
        direct = results[(threads, "direct")]["tps"]
        haproxy = results[(threads, "haproxy")]["tps"]
        for target in ("direct", "haproxy", "proxy"):
            r = results[(threads, target)]
            cpu = f"{r['cpu_us']:.1f}" if r["cpu_us"] is not None else "-"
            lines.append(f"{threads:>7} {target:>8} {r['tps']:>10.1f} {r['qps']:>10.1f} {r['p95']:>8.2f} {r['p99']:>8.2f}"
                         f" {cpu:>9} {r['tps'] / direct:>8.1%} {r['tps'] / haproxy:>9.1%}")
    text = "\n".join(lines) + "\n"
    (out / "proxy.txt").write_text(text)
    bars = []
    width = 560
    peak = max(r["tps"] for r in results.values())
    y = 10
    colors = {"direct": "#888", "haproxy": "#59a", "proxy": "#c63"}
    for threads in threads_list:
        for target in ("direct", "haproxy", "proxy"):
            tps = results[(threads, target)]["tps"]
            length = int(width * tps / peak)
            bars.append(f'<text x="0" y="{y + 12}">{threads} thr {target}</text>'
                        f'<rect x="120" y="{y}" width="{length}" height="16" fill="{colors[target]}"/>'
                        f'<text x="{125 + length}" y="{y + 12}">{tps:.0f}</text>')
            y += 20
        y += 10
    page = (f"<!doctype html><meta charset=utf-8><title>sqlroute-proxy benchmark</title><pre>{html.escape(text)}</pre>"
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width + 200}" height="{y}" font-size="12"'
            f' font-family="sans-serif">{"".join(bars)}</svg>')
    (out / "proxy.html").write_text(page)
    print(text)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--threads", default="1 8 32")
    parser.add_argument("--time", type=int, default=20)
    parser.add_argument("--table-size", type=int, default=100000)
    args = parser.parse_args()
    threads_list = [int(t) for t in args.threads.split()]
    servers = [MariaDbServer(find_binary(SERVER_NAMES), find_binary(INSTALL_NAMES)) for _ in range(5)]
    conf_dir = Path(tempfile.mkdtemp(prefix="sqlroute-proxy-bench-"))
    proxy = ProxyProcess(conf_dir)
    haproxy = None
    try:
        for server in servers:
            server.start()
            with server.connect() as connection, connection.cursor() as cursor:
                cursor.execute("CREATE DATABASE sbtest")
        shards, single = servers[:4], servers[4]
        (conf_dir / "server.yaml").write_text(SERVER_YAML)
        proxy.start()
        units = ", ".join(f'ds_{i} (HOST="{HOST}", PORT={s.port}, DB="sbtest", USER="root", PASSWORD="")'
                          for i, s in enumerate(shards))
        subprocess.run(["mariadb", "-h", HOST, "-P", str(proxy.port), "-uroot", "-proot"],
                       input=DISTSQL.format(units=units), text=True, check=True)
        sysbench(proxy.port, "root", "root", "sharding_db", "prepare", args.table_size)
        sysbench(single.port, "root", "", "sbtest", "prepare", args.table_size)
        haproxy_port = free_port()
        (conf_dir / "haproxy.cfg").write_text(HAPROXY_CFG.format(host=HOST, port=haproxy_port, target=single.port))
        haproxy = subprocess.Popen(["haproxy", "-f", str(conf_dir / "haproxy.cfg")])
        time.sleep(1)
        results = {}
        for threads in threads_list:
            results[(threads, "direct")] = run(single.port, "root", "", "sbtest", args.table_size, threads, args.time)
            results[(threads, "haproxy")] = run(haproxy_port, "root", "", "sbtest", args.table_size, threads, args.time,
                                                haproxy.pid)
            results[(threads, "proxy")] = run(proxy.port, "root", "root", "sharding_db", args.table_size, threads,
                                              args.time, proxy.process.pid)
        assert all(r["ignored"] == 0 for r in results.values())
        check_shards(shards, args.table_size)
        report(results, threads_list, args.out)
        print("data check: every row on the shard MOD 10 names, none elsewhere")
    finally:
        if haproxy is not None:
            haproxy.terminate()
            haproxy.wait()
        proxy.stop()
        for server in servers:
            server.stop()
        shutil.rmtree(conf_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
