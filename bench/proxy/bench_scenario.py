"""What every scenario shares: the run parameters, the measured rows and the data checks it passed.

`Scenario.measure` runs one sysbench test against each endpoint in turn, `rounds` times, and keeps
the median of each figure; a run that ignored errors is a problem of the scenario."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

from sysbench_runs import Endpoint, RunResult, median_result, run

POINT_SELECT = "oltp_point_select"
READ_WRITE = "oltp_read_write"

# Called before a run with its endpoint; what it returns is called with the run's result.
RunCheck = Callable[[Endpoint], Callable[[RunResult], None]]


@dataclass(frozen=True)
class Settings:
    table_size: int
    seconds: int
    rounds: int
    tests: List[str]
    threads: List[int]  # the sharding scenario's oltp_point_select thread counts
    load_threads: int  # the thread count of every other run
    encrypt_algorithms: List[str]
    proxy_cpus: Optional[Tuple[int, ...]] = None  # CPUs the proxy and HAProxy run on, away from sysbench and MariaDB
    baseline_proxy: Optional[str] = None  # another sqlroute-proxy binary the sharding scenario also runs (A/B)


@dataclass(frozen=True)
class Row:
    test: str
    threads: int
    target: str
    result: RunResult


@dataclass
class Scenario:
    name: str
    description: str
    settings: Settings
    rows: List[Row] = field(default_factory=list)
    checks: List[str] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)  # what the figures depend on beyond the proxy
    problems: List[str] = field(default_factory=list)

    def measure(self, endpoints: List[Endpoint], test: str, threads: int, check: Optional[RunCheck] = None) -> None:
        results = {endpoint.target: [] for endpoint in endpoints}
        for _ in range(self.settings.rounds):
            for endpoint in endpoints:
                finish = check(endpoint) if check else None
                result = run(endpoint, test, self.settings.table_size, threads, self.settings.seconds)
                print(f"{self.name}: {test} {threads} threads {endpoint.target}: {result.tps:.1f} TPS",
                      file=sys.stderr, flush=True)
                if finish:
                    finish(result)
                results[endpoint.target].append(result)
        for endpoint in endpoints:
            result = median_result(results[endpoint.target])
            if result.ignored:
                self.problems.append(f"{test} at {threads} threads against {endpoint.target}: "
                                     f"{result.ignored} ignored errors")
            self.rows.append(Row(test, threads, endpoint.target, result))

    def passed(self, check: str) -> None:
        self.checks.append(check)

    def conclude(self, check: str, failures: List[str]) -> None:
        """A check made during the runs: passed, or each of its failures a problem."""
        if failures:
            self.problems.extend(failures)
        else:
            self.passed(check)
