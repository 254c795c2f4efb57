"""sysbench as the seeds run it (`--rand-type=uniform --range_selects=off --auto_inc=off`, one table,
never `--mysql-ignore-errors`), and what one run measured: TPS, QPS, p95 and p99 latency from the
run's latency histogram, and the CPU time a process (the proxy, HAProxy) spent per query, from /proc."""

from __future__ import annotations

import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HOST = "127.0.0.1"
SEED_OPTIONS = ("--tables=1", "--rand-type=uniform", "--range_selects=off", "--auto_inc=off", "--max-requests=0")


@dataclass(frozen=True)
class Endpoint:
    """Where sysbench connects: a MariaDB server, HAProxy in front of one, or the proxy."""
    target: str  # the report's name for it: "direct", "HAProxy", "proxy", "proxy (AES)", ...
    port: int
    user: str
    password: str
    database: str
    pid: Optional[int] = None  # the process whose CPU time per query is reported
    lua_dir: Optional[str] = None  # a directory whose oltp_common.lua replaces sysbench's own


@dataclass(frozen=True)
class RunResult:
    tps: float
    qps: float
    p95: float  # ms
    p99: float  # ms
    reads: int
    writes: int
    queries: int
    ignored: int
    cpu_us: Optional[float]  # CPU time of the endpoint's process per query, in microseconds


def cpu_seconds(pid: int) -> float:
    """utime + stime of a process, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sysbench(endpoint: Endpoint, test: str, command: str, table_size: int, *extra: str) -> str:
    args = ["sysbench", test, f"--mysql-host={HOST}", f"--mysql-port={endpoint.port}",
            f"--mysql-user={endpoint.user}", f"--mysql-password={endpoint.password}",
            f"--mysql-db={endpoint.database}", f"--table-size={table_size}", *SEED_OPTIONS, *extra, command]
    env = dict(os.environ)
    if endpoint.lua_dir:
        env["LUA_PATH"] = f"{endpoint.lua_dir}/?.lua;;"
    result = subprocess.run(args, capture_output=True, text=True, env=env)
    output = result.stdout + result.stderr
    if result.returncode != 0 or "FATAL" in output:
        raise RuntimeError(f"sysbench {test} {command} against {endpoint.target} failed:\n{output[-3000:]}")
    return result.stdout


def histogram(output: str) -> List[Tuple[float, int]]:
    """The (latency ms, count) buckets of sysbench's --histogram report."""
    return [(float(value), int(count))
            for value, count in re.findall(r"^\s*([\d.]+) \|\**\s+(\d+)$", output, re.MULTILINE)]


def percentile(buckets: List[Tuple[float, int]], percent: float) -> float:
    """The least bucket value at or below which `percent` % of the events fall, as sysbench computes it."""
    total = sum(count for _, count in buckets)
    needed = total * percent / 100
    seen = 0
    for value, count in buckets:
        seen += count
        if seen >= needed:
            return value
    raise ValueError("empty latency histogram")


def number(pattern: str, output: str, cast=float):
    match = re.search(pattern, output)
    if not match:
        raise RuntimeError(f"no `{pattern}` in sysbench's report:\n{output[-2000:]}")
    return cast(match.group(1))


def run(endpoint: Endpoint, test: str, table_size: int, threads: int, seconds: int) -> RunResult:
    before = cpu_seconds(endpoint.pid) if endpoint.pid else 0.0
    output = sysbench(endpoint, test, "run", table_size, f"--threads={threads}", f"--time={seconds}",
                      "--percentile=99", "--histogram=on")
    cpu = cpu_seconds(endpoint.pid) - before if endpoint.pid else None
    buckets = histogram(output)
    queries = number(r"queries:\s+(\d+)", output, int)
    return RunResult(tps=number(r"transactions:\s+\d+\s+\(([\d.]+) per sec", output),
                     qps=number(r"queries:\s+\d+\s+\(([\d.]+) per sec", output),
                     p95=percentile(buckets, 95), p99=percentile(buckets, 99),
                     reads=number(r"read:\s+(\d+)", output, int), writes=number(r"write:\s+(\d+)", output, int),
                     queries=queries, ignored=number(r"ignored errors:\s+(\d+)", output, int),
                     cpu_us=cpu / queries * 1e6 if cpu is not None and queries else None)


def median_result(results: List[RunResult]) -> RunResult:
    """Each figure's median over rounds of the same run (counts summed)."""
    def median(values):
        ordered = sorted(values)
        middle = len(ordered) // 2
        return ordered[middle] if len(ordered) % 2 else (ordered[middle - 1] + ordered[middle]) / 2

    figures: Dict[str, object] = {}
    for name in ("tps", "qps", "p95", "p99"):
        figures[name] = median([getattr(r, name) for r in results])
    cpus = [r.cpu_us for r in results if r.cpu_us is not None]
    figures["cpu_us"] = median(cpus) if cpus else None
    for name in ("reads", "writes", "queries", "ignored"):
        figures[name] = sum(getattr(r, name) for r in results)
    return RunResult(**figures)
