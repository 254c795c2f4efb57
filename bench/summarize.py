"""Prints the medians of bench/route_bench.cc's JSON output as a table with ratios:
cached / uncached, each against the MariaDB point select round trip (when measured), and the
throughput of 2 threads against 1 (Google Benchmark's threads; bench/scaling_main.cc measures
long-lived workers), the heap allocations per cached statement, and the cost of a statement of a
shape the cache has not seen. `reused` is the cached
statement routed by Engine::RouteInto into a Plan kept across calls.
Usage: summarize.py cpp.json [--mariadb-ns NS]"""
import argparse
import json


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("results")
    parser.add_argument("--mariadb-ns", type=float)
    args = parser.parse_args()
    medians, skipped = {}, {}
    benchmarks = json.load(open(args.results))["benchmarks"]
    # Registration order (repetitions may have run interleaved at random).
    benchmarks.sort(key=lambda bench: (bench.get("family_index", 0), bench.get("per_family_instance_index", 0)))
    for bench in benchmarks:
        if bench.get("error_occurred"):
            skipped[bench["run_name"]] = bench.get("error_message")
        elif bench.get("aggregate_name") == "median":
            medians[bench["run_name"]] = bench
    db = args.mariadb_ns
    print("real time and CPU time per statement, medians; on a busy machine CPU time is the truer figure")
    print(f"{'benchmark':<46} {'uncached_ns':>11} {'cached_ns':>9} {'reused_ns':>9} {'unc_cpu':>8} {'cach_cpu':>8}"
          f" {'cached/unc':>10} {'allocs':>6} {'allocs_r':>8}"
          + (f" {'unc/db':>7} {'cached/db':>9} {'reused/db':>9}" if db else ""))
    for name, bench in medians.items():
        if not name.startswith("route/") or "/uncached" not in name or "threads:2" in name:
            continue
        nan = {"real_time": float("nan"), "cpu_time": float("nan"), "allocs": float("nan")}
        cached = medians.get(name.replace("/uncached", "/cached"), nan)
        reused = medians.get(name.replace("/uncached", "/reused"), nan)
        off, on, again = bench["real_time"], cached["real_time"], reused["real_time"]
        off_cpu, on_cpu = bench["cpu_time"], cached["cpu_time"]
        label = name.replace("/uncached", "").replace("/real_time/threads:1", "")
        allocs, allocs_reused = cached.get("allocs", float("nan")), reused.get("allocs", float("nan"))
        line = (f"{label:<46} {off:>11.0f} {on:>9.0f} {again:>9.0f} {off_cpu:>8.0f} {on_cpu:>8.0f} {on / off:>10.3f}"
                f" {allocs:>6.0f} {allocs_reused:>8.0f}")
        if db:
            line += f" {off / db:>7.3f} {on / db:>9.4f} {again / db:>9.4f}"
        print(line)
    for name, bench in medians.items():
        if "threads:2" in name:
            one = medians.get(name.replace("threads:2", "threads:1"))
            if one:
                scale = bench["items_per_second"] / one["items_per_second"]
                print(f"scaling {name.replace('/real_time/threads:2', '')}: 2 threads = {scale:.2f}x 1 thread"
                      " (Google Benchmark starts its threads per run; see the long-lived workers below)")
    for name, bench in medians.items():
        if name.endswith("/unseen"):
            off = medians.get(name.replace("/unseen", "/uncached/real_time/threads:1"), {}).get("real_time", float("nan"))
            print(f"{name}: {bench['real_time']:.0f} ns a statement of a new shape (cache on; uncached: {off:.0f} ns)")
    for name, bench in medians.items():
        if name.startswith(("parse/", "normalize/")):
            print(f"{name:<46} {bench['real_time']:>11.0f} ns")
    for name, message in skipped.items():
        print(f"{name}: skipped: {message}")
    if db:
        print(f"MariaDB point select round trip: {db:.0f} ns")


if __name__ == "__main__":
    main()
