"""Seed 003's observability ladder: one storage unit without rules (the seed's agent_ds), sysbench
prepared through the proxy, and the proxy restarted for each rung with the server.yaml props that
switch it, as the seed's agent.yaml switches the agent: none; Prometheus metrics; metrics and Zipkin
tracing sampled at 1, 0.5 and 0.1 (to a local Zipkin receiver); the general log written to /dev/null;
the general log written to its file. Direct and HAProxy go to the same server. Each rung must show
its effect: the metrics count the run's statements, the receiver gets a root span per sampled routed
statement, the log file an entry per statement."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path
from typing import List, Optional

from bench_processes import ScenarioProcesses, add_seed_account, direct, mariadb_client, proxy_endpoint
from bench_scenario import Scenario
from proxy_process import free_port
from seed_distsql import new_database, register_storage_units
from sysbench_runs import RunResult, sysbench
from zipkin_receiver import ZipkinReceiver  # tests/proxy, on the path bench_processes sets

DESCRIPTION = "one storage unit without rules; each rung a proxy restarted with its server.yaml props"
METRICS = "  metrics-port: {metrics}\n"
ZIPKIN = "  zipkin-host: 127.0.0.1\n  zipkin-port: {zipkin}\n  zipkin-sampler-type: {sampler}\n" \
         "  zipkin-sampler-param: {ratio}\n"
# (rung, server.yaml props, the trace sampling ratio)
RUNGS = [
    ("none", "", None),
    ("metrics", METRICS, None),
    ("metrics + Zipkin 1", METRICS + ZIPKIN.replace("{sampler}", "const").replace("{ratio}", "1"), 1.0),
    ("metrics + Zipkin 0.5", METRICS + ZIPKIN.replace("{sampler}", "counting").replace("{ratio}", "0.5"), 0.5),
    ("metrics + Zipkin 0.1", METRICS + ZIPKIN.replace("{sampler}", "counting").replace("{ratio}", "0.1"), 0.1),
    ("general log to /dev/null", "  general-query-log: true\n  query-log-file: /dev/null\n", None),
    ("general log", "  general-query-log: true\n", None),
]
TRACE_TOLERANCE = 0.01  # the dropped spans' share of roots is estimated
SPAN_SETTLE_WAIT = 2.5  # seconds, longer than the exporter's POST timeout
EXECUTOR_THREADS = 64  # kernel-executor-size: each sampling thread may round its share once


def metric(metrics_port: int, name: str) -> float:
    """The sum of a metric's samples on the proxy's Prometheus page."""
    with urllib.request.urlopen(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10) as response:
        page = response.read().decode()
    return sum(float(value) for value in re.findall(rf"^{name}(?:\{{[^}}]*\}})? (\S+)$", page, re.MULTILINE))


def log_entries(path: Path) -> int:
    return path.read_text(errors="replace").count("Logic SQL:") if path.exists() else 0


class RungCheck:
    """What one rung's run must have produced, checked after the run."""

    def __init__(self, rung: str, props: str, ratio: Optional[float], receiver: ZipkinReceiver, log: Path,
                 metrics_port: int, failures: List[str], notes: List[str]) -> None:
        self.rung, self.props, self.ratio = rung, props, ratio
        self.receiver, self.log, self.metrics_port = receiver, log, metrics_port
        self.failures, self.notes = failures, notes

    def __call__(self, endpoint):
        requests, dropped = self.metric("proxy_requests_total"), self.metric("proxy_zipkin_spans_dropped_total")
        roots, spans = self.receiver.root_count, self.receiver.span_count
        entries = log_entries(self.log) if self.rung == "general log" else 0

        def after_run(result: RunResult) -> None:
            routed = result.reads + result.writes
            if "metrics-port" in self.props and self.metric("proxy_requests_total") - requests < result.queries:
                self.failures.append(f"{self.rung}: {result.queries} statements, proxy_requests_total rose by "
                                     f"{self.metric('proxy_requests_total') - requests:.0f}")
            if self.ratio is not None:
                self.settle()
                self.check_trace(endpoint, routed, self.receiver.root_count - roots, self.receiver.span_count - spans,
                                 self.metric("proxy_zipkin_spans_dropped_total") - dropped)
            if self.rung == "general log" and log_entries(self.log) - entries < routed:
                self.failures.append(f"{self.rung}: {routed} routed statements, "
                                     f"{log_entries(self.log) - entries} log entries")
        return after_run

    def metric(self, name: str) -> float:
        return metric(self.metrics_port, name) if "metrics-port" in self.props else 0.0

    def settle(self) -> None:
        """Waits until no span arrives and none is dropped any more: the exporter posts every 500 ms and
        gives a POST up (dropping its batch) after 2 s."""
        seen = None
        while seen != (self.receiver.span_count, self.metric("proxy_zipkin_spans_dropped_total")):
            seen = (self.receiver.span_count, self.metric("proxy_zipkin_spans_dropped_total"))
            time.sleep(SPAN_SETTLE_WAIT)

    def check_trace(self, endpoint, routed: int, roots: int, spans: int, dropped: float) -> None:
        """Every sampled routed statement's spans were received or counted as dropped (a dropped span is
        a root in the proportion of the received ones)."""
        expected = self.ratio * routed
        accounted = roots + (dropped * roots / spans if spans else 0)
        if not spans or abs(accounted - expected) > expected * TRACE_TOLERANCE + EXECUTOR_THREADS:
            self.failures.append(f"{endpoint.target}: {routed} routed statements sampled at {self.ratio}, "
                                 f"{roots} root spans of {spans} received, {dropped:.0f} spans dropped")
        elif dropped:
            self.notes.append(f"{endpoint.target}: the exporter dropped {dropped:.0f} of {spans + dropped:.0f} spans "
                              "(a full queue or a timed-out POST: the local receiver did not keep up)")


def run(scenario: Scenario) -> None:
    settings = scenario.settings
    with ScenarioProcesses(settings) as processes:
        (server,) = processes.servers(1)
        add_seed_account(server, "agent_ds")
        receiver = ZipkinReceiver(keep=False)
        processes.stack.callback(receiver.close)
        proxy = processes.proxy()
        conf_dir = proxy.conf_dir
        mariadb_client(proxy, new_database("sphereex_demo") + register_storage_units(("ds_0", server.port, "agent_ds")))
        sysbench(proxy_endpoint(proxy, "sphereex_demo"), "oltp_read_only", "prepare", settings.table_size)
        baseline = [direct(server, "agent_ds"), processes.haproxy(server, "agent_ds")]
        for test in settings.tests:
            scenario.measure(baseline, test, settings.load_threads)
        failures: List[str] = []
        for rung, props, ratio in RUNGS:
            metrics_port = free_port()
            proxy.stop()
            proxy = processes.proxy(props.format(metrics=metrics_port, zipkin=receiver.port), conf_dir)
            check = RungCheck(rung, props, ratio, receiver, conf_dir / "logs" / "query.log", metrics_port, failures,
                              scenario.notes)
            for test in settings.tests:
                scenario.measure([proxy_endpoint(proxy, "sphereex_demo", f"proxy: {rung}")], test,
                                 settings.load_threads, check)
        scenario.conclude("each rung's effect: proxy_requests_total counted every statement, Zipkin received a "
                          "root span per sampled routed statement or counted its spans as dropped, the log file an entry per statement", failures)
