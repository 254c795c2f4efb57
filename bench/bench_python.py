"""Cost of sqlroute.Engine.route() from Python for the sysbench statements under the seed's four
scenarios, with the plan cache on and off: median of repetitions (timeit), in microseconds.

Run after `bash scripts/build.sh`:  PYTHONPATH=python /usr/bin/python3 bench/bench_python.py
"""
import pathlib
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


def statements(hint):
    return [
        ("point_select", "SELECT c FROM t_user WHERE id=?" + hint, [7]),
        ("simple_range", "SELECT c FROM t_user WHERE id BETWEEN ? AND ?", [100, 199]),
        ("sum_range", "SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", [100, 101]),
        ("order_range", "SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", [3, 4]),
        ("distinct_range", "SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", [3, 4]),
        ("index_update", "UPDATE t_user SET k=k+1 WHERE id=?" + hint, [42]),
        ("non_index_update", "UPDATE t_user SET c=? WHERE id=?" + hint, [C, 42]),
        ("delete", "DELETE FROM t_user WHERE id=?" + hint, [42]),
        ("insert", "INSERT INTO t_user (id, k, c, pad) VALUES (?, ?, ?, ?)" + hint, [42, 1, C, PAD]),
    ]


def median_us(call, number, repeat=5, timer=time.perf_counter):
    call()  # warm: the plan cache entry (and its template) exists from here on
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
        for name, sql, params in statements(hint):
            try:
                cached.route(sql, params)
            except sqlroute.Error as error:  # e.g. ORDER BY an encrypted column, as ShardingSphere
                print(f"{scenario:<10} {name:<17} skipped: {error.message}")
                continue
            off = median_us(lambda: uncached.route(sql, params), number=300)
            on = median_us(lambda: cached.route(sql, params), number=3000)
            on_cpu = median_us(lambda: cached.route(sql, params), number=3000, timer=time.thread_time)
            units = median_us(lambda: cached.route(sql, params).units, number=3000)
            units_cpu = median_us(lambda: cached.route(sql, params).units, number=3000, timer=time.thread_time)
            print(f"{scenario:<10} {name:<17} {off:>9.2f} {on:>8.2f} {on_cpu:>10.2f} {units:>8.2f} "
                  f"{units_cpu:>10.2f} {on / off:>6.3f}")


if __name__ == "__main__":
    main()
