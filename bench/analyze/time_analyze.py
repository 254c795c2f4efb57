"""Times `sqlroute analyze` on a log against routing its statements alone (see run.sh)."""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import time

ROUTE_ONLY = """
import sys
from sqlroute import Engine
from sqlroute.tools.workload import iter_workload_file
engine = Engine.from_yaml(sys.argv[1])
route = engine.route
for statement in iter_workload_file(sys.argv[2]):
    try:
        route(statement.sql)
    except Exception:
        pass
"""


def timed(command: list) -> tuple:
    """(CPU seconds, real seconds) of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    real = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, real


def main() -> None:
    rules, log, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(log, "rb") as handle:
        lines = sum(block.count(b"\n") for block in iter(lambda: handle.read(1 << 20), b""))
    analyze = [sys.executable, "-m", "sqlroute", "analyze", rules, log, "--json"]
    route_only = [sys.executable, "-c", ROUTE_ONLY, rules, log]
    results = {"analyze": [], "route only": []}
    for _ in range(runs):  # alternating, so that a busy spell hits both
        results["analyze"].append(timed(analyze))
        results["route only"].append(timed(route_only))
    print(f"{lines} log lines, {runs} runs each, medians")
    for name, times in results.items():
        cpu = statistics.median(t[0] for t in times)
        real = statistics.median(t[1] for t in times)
        print(f"  {name:10s}  CPU {cpu:6.2f} s ({1e6 * cpu / lines:5.2f} us a line)  real {real:6.2f} s")
    ratio = statistics.median(t[0] for t in results["analyze"]) / statistics.median(t[0] for t in results["route only"])
    print(f"  analyze / route only (CPU): {ratio:.2f}")


if __name__ == "__main__":
    main()
