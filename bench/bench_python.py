"""Cost of sqlroute.Engine.route() from Python for the sysbench statements under the seed's four
scenarios, with the plan cache on and off: median of repetitions (timeit), in microseconds. Each
statement takes sysbench-like parameters, a different set on each call.

Run after `bash scripts/build.sh`:  PYTHONPATH=python /usr/bin/python3 bench/bench_python.py
"""
import itertools
import pathlib
import random
import statistics
import time
import timeit

import sqlroute

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCENARIOS = [
    ("sharding", "tests/golden/rules/sysbench_sharding.yaml", ""),
    ("readwrite", "tests/golden/rules/readwrite.yaml", ""),
    ("encrypt", "bench/rules/sysbench_encrypt.yaml", ""),
    ("shadow", "tests/golden/rules/shadow.yaml", " /*shadow:true*/"),
]
C, PAD = "c" * 120, "p" * 60


def draws(make):
    """64 parameter sets as sysbench draws them for the seed's runs (--rand-type=uniform, a table of
    1,000,000 rows, ranges of 100 ids): `make(id)` gives one set for a uniform random id."""
    rng = random.Random(20261201)
    return [make(rng.randint(1, 1000000)) for _ in range(64)]


def statements(hint):
    point = draws(lambda i: [i])
    ranges = draws(lambda i: [i, i + 99])
    return [
        ("point_select", "SELECT c FROM t_user WHERE id=?" + hint, point),
        ("simple_range", "SELECT c FROM t_user WHERE id BETWEEN ? AND ?", ranges),
        ("sum_range", "SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", ranges),
        ("order_range", "SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", ranges),
        ("distinct_range", "SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", ranges),
        ("index_update", "UPDATE t_user SET k=k+1 WHERE id=?" + hint, point),
        ("non_index_update", "UPDATE t_user SET c=? WHERE id=?" + hint, draws(lambda i: [C, i])),
        ("delete", "DELETE FROM t_user WHERE id=?" + hint, point),
        ("insert", "INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)" + hint, draws(lambda i: [i, i % 1000, C, PAD])),
    ]


def cycling(engine, sql, param_sets, units=False):
    """A call that routes `sql` with the next parameter set each time."""
    sets = itertools.cycle(param_sets)
    if units:
        return lambda: engine.route(sql, next(sets)).units
    return lambda: engine.route(sql, next(sets))


def median_us(call, number, repeat=5, timer=time.perf_counter):
    call()  # warm: the plan cache entry exists from here on
    runs = timeit.repeat(call, number=number, repeat=repeat, timer=timer)
    return statistics.median(runs) / number * 1e6


def main():
    print("medians of 5 runs, in microseconds: wall clock, and the calling thread's CPU time (the truer")
    print("figure on a busy machine); `+units` also reads plan.units, which the Plan converts on first use")
    print(f"{'scenario':<10} {'statement':<17} {'uncached':>9} {'cached':>8} {'cached_cpu':>10} "
          f"{'+units':>8} {'+units_cpu':>10} {'ratio':>6}")
    for scenario, rules, hint in SCENARIOS:
        yaml = (ROOT / rules).read_text()
        cached = sqlroute.Engine.from_yaml_string(yaml)
        uncached = sqlroute.Engine.from_yaml_string(yaml + "\nprops:\n  sql-plan-cache-enabled: false\n")
        for name, sql, param_sets in statements(hint):
            try:
                cached.route(sql, param_sets[0])
            except sqlroute.Error as error:  # e.g. ORDER BY an encrypted column, as ShardingSphere
                print(f"{scenario:<10} {name:<17} skipped: {error.message}")
                continue
            off = median_us(cycling(uncached, sql, param_sets), number=300)
            on = median_us(cycling(cached, sql, param_sets), number=3000)
            on_cpu = median_us(cycling(cached, sql, param_sets), number=3000, timer=time.thread_time)
            units = median_us(cycling(cached, sql, param_sets, units=True), number=3000)
            units_cpu = median_us(cycling(cached, sql, param_sets, units=True), number=3000, timer=time.thread_time)
            print(f"{scenario:<10} {name:<17} {off:>9.2f} {on:>8.2f} {on_cpu:>10.2f} {units:>8.2f} "
                  f"{units_cpu:>10.2f} {on / off:>6.3f}")


if __name__ == "__main__":
    main()
