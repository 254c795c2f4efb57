"""Runs the differential merge test on new seeds for as long as asked: bash scripts/fuzz.sh merge SECONDS.

Starts its own MariaDB server, loads every rule set, then runs seeds of 500 generated queries per
rule set in turn until the time is up. Each wrong result is printed (rule set, seed, index,
statement) and written to merge_regressions/ as a case the pytest suite replays. Ends with the
statistics, including the unsupported share by reason; exits 1 if any result was wrong.

`--rule-set NAME --seed N --count N` replays one seed instead.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from differential import MergeTestDatabases, Statistics  # noqa: E402
from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary  # noqa: E402
from merge_differential import create_layouts, run_seed, save_regression  # noqa: E402
from merge_schema import RULE_SETS  # noqa: E402

PER_SEED = 500


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seconds", type=float, nargs="?", default=60.0)
    parser.add_argument("--rule-set", choices=sorted(RULE_SETS))
    parser.add_argument("--seed", type=int)
    parser.add_argument("--count", type=int, default=PER_SEED)
    parser.add_argument("--no-save", action="store_true", help="do not write regression cases")
    parser.add_argument("--show", type=int, default=3, help="wrong results to print in full")
    args = parser.parse_args()
    server_binary, install_binary = find_binary(SERVER_NAMES), find_binary(INSTALL_NAMES)
    if not server_binary or not install_binary:
        print("MariaDB server binaries are missing (scripts/ensure-deps.sh installs mariadb-server)")
        return 2
    server = MariaDbServer(server_binary, install_binary)
    server.start()
    try:
        databases = MergeTestDatabases(server)
        layouts = create_layouts(databases)
        totals = {name: Statistics() for name in layouts}
        names = [args.rule_set] if args.rule_set else sorted(layouts)
        if args.seed is not None:
            for name in names:
                run_seed(layouts[name], args.seed, args.count, totals[name])
        else:
            deadline = time.monotonic() + args.seconds
            seeds = random.Random()
            while time.monotonic() < deadline:
                for name in names:
                    run_seed(layouts[name], seeds.randrange(1 << 30), args.count, totals[name])
        wrong = 0
        for name in names:
            stats = totals[name]
            print(f"== {name} ==\n{stats.summary()}")
            for query, detail in stats.wrong[:args.show]:
                print(detail)
            if not args.no_save and args.seed is None:
                for query, detail in stats.wrong:
                    print("regression case:", save_regression(name, query, detail))
            wrong += len(stats.wrong)
        overall = Statistics()
        for stats in totals.values():
            overall.merge(stats)
        print("== all rule sets ==\n" + overall.summary())
        return 1 if wrong else 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
