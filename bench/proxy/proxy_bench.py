"""The seeds' sysbench scenarios through sqlroute-proxy, directly against MariaDB and through HAProxy
(bench/proxy/run.sh): sharding, read/write splitting, encryption, shadow and observability, each with
its own servers and data checks. Writes proxy.txt and proxy.html to --out; exits 1 when a scenario
failed, ignored errors or did not pass its data checks (the report says which)."""

from __future__ import annotations

import argparse
import sys
import traceback
from pathlib import Path
from typing import List

import bench_report
import scenario_encrypt
import scenario_observability
import scenario_readwrite
import scenario_shadow
import scenario_sharding
from bench_scenario import POINT_SELECT, READ_WRITE, Scenario, Settings

SCENARIOS = {"sharding": scenario_sharding, "rw": scenario_readwrite, "encrypt": scenario_encrypt,
             "shadow": scenario_shadow, "observability": scenario_observability}


def parse(argv: List[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--scenarios", default=" ".join(SCENARIOS), help="any of: " + " ".join(SCENARIOS))
    parser.add_argument("--tests", default=f"{POINT_SELECT} {READ_WRITE}")
    parser.add_argument("--threads", default="1 8 32", help="thread counts of the sharding oltp_point_select")
    parser.add_argument("--load-threads", type=int, default=32, help="thread count of every other run")
    parser.add_argument("--time", type=int, default=10, help="seconds per sysbench run")
    parser.add_argument("--rounds", type=int, default=1, help="runs per figure (the median is reported)")
    parser.add_argument("--table-size", type=int, default=100000)
    parser.add_argument("--encrypt-algorithms", default=" ".join(scenario_encrypt.ALGORITHMS))
    parser.add_argument("--proxy-cpus", default="", help="CPUs (e.g. 2,3) the proxy and HAProxy are moved to; run "
                        "the bench itself under taskset on the others so that the proxy has cores of its own")
    parser.add_argument("--baseline-proxy", default="", help="another sqlroute-proxy binary (say main's, copied "
                        "aside) that the sharding scenario runs too, interleaved with this build's, for an A/B figure")
    args = parser.parse_args(argv)
    for name in args.scenarios.split():
        if name not in SCENARIOS:
            parser.error(f"unknown scenario {name!r}; the scenarios are {' '.join(SCENARIOS)}")
    for name in args.encrypt_algorithms.split():
        if name not in scenario_encrypt.ALGORITHMS:
            parser.error(f"unknown algorithm {name!r}; the algorithms are {' '.join(scenario_encrypt.ALGORITHMS)}")
    return args


def main(argv: List[str]) -> int:
    args = parse(argv)
    settings = Settings(table_size=args.table_size, seconds=args.time, rounds=args.rounds, tests=args.tests.split(),
                        threads=[int(t) for t in args.threads.split()], load_threads=args.load_threads,
                        encrypt_algorithms=args.encrypt_algorithms.split(),
                        proxy_cpus=tuple(int(cpu) for cpu in args.proxy_cpus.split(",") if cpu) or None,
                        baseline_proxy=args.baseline_proxy or None)
    scenarios: List[Scenario] = []
    for name in args.scenarios.split():
        scenario = Scenario(name, SCENARIOS[name].DESCRIPTION, settings)
        scenarios.append(scenario)
        try:
            SCENARIOS[name].run(scenario)
        except Exception as error:  # noqa: BLE001 - one failed scenario must not hide the others' figures
            scenario.problems.append(f"did not finish: {type(error).__name__}: {error}")
            traceback.print_exc()
    preamble = (f"sysbench {args.time} s per run, {args.rounds} round(s) (medians), table size {args.table_size}, "
                f"{args.load_threads} threads unless a row says otherwise; CPU us/q is the proxy's or HAProxy's "
                "CPU time (utime + stime from /proc) per query")
    print(bench_report.write(scenarios, preamble, args.out))
    return 1 if any(scenario.problems for scenario in scenarios) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
