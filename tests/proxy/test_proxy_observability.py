"""The proxy's observability from server.yaml props: the Prometheus endpoint (the proxy's own
metrics, each database's engine metrics and its pools), and the general and slow query logs,
with no secret in any of them."""

from __future__ import annotations

import re
import shutil
import urllib.error
import urllib.request
from pathlib import Path
from typing import Dict, List, Tuple

import pytest

from proxy_process import ProxyProcess, free_port

SECRET = "obs-s3cret-pw"
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})? (\S+)$')


def start_proxy(storage_servers, props: str) -> Tuple[ProxyProcess, Path]:
    process = ProxyProcess.configured(storage_servers, props)
    return process, process.conf_dir


@pytest.fixture(scope="module")
def observed(storage_servers):
    metrics_port = free_port()
    process, conf_dir = start_proxy(storage_servers, f"  metrics-port: {metrics_port}\n  general-query-log: true\n")
    try:
        yield process, conf_dir, metrics_port
    finally:
        process.stop()
        shutil.rmtree(conf_dir, ignore_errors=True)


def scrape(port: int, path: str = "/metrics") -> str:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=10) as response:
        assert response.headers["Content-Type"].startswith("text/plain; version=0.0.4")
        return response.read().decode()


def parse(page: str) -> Tuple[Dict[str, str], List[Tuple[str, Dict[str, str], float]]]:
    """The TYPE of each family (each declared once) and every sample with its labels."""
    types: Dict[str, str] = {}
    samples = []
    for line in page.splitlines():
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert name not in types, f"family {name} declared twice"
            types[name] = kind
        elif line and not line.startswith("#"):
            match = SAMPLE.match(line)
            assert match, f"not a sample line: {line!r}"
            labels = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', match.group(2) or ""))
            samples.append((match.group(1), labels, float(match.group(3))))
    return types, samples


def value(samples, metric: str, **labels) -> float:
    found = [v for n, l, v in samples if n == metric and all(l.get(k) == x for k, x in labels.items())]
    assert found, f"no sample {metric}{labels}"
    return sum(found)


def test_metrics_count_statements_connections_transactions_and_errors(observed):
    process, _, metrics_port = observed
    with process.connect() as connection, connection.cursor() as cursor:
        for user_id in range(6):
            cursor.execute("SELECT * FROM t_order WHERE user_id = %s AND order_id = %s", (user_id, user_id))
        cursor.execute("BEGIN")
        cursor.execute("SELECT COUNT(*) FROM t_order")
        cursor.execute("COMMIT")
        with pytest.raises(pymysql_error()):
            cursor.execute("SELECT * FROM t_missing_table")
        types, samples = parse(scrape(metrics_port))
        assert value(samples, "proxy_current_connections") >= 1
    assert types["proxy_requests_total"] == "counter"
    assert types["proxy_execute_latency_millis"] == "histogram"
    assert value(samples, "proxy_requests_total") >= 10
    assert value(samples, "proxy_execute_errors_total") >= 1
    assert value(samples, "proxy_transactions_total", type="commit") >= 1
    assert value(samples, "proxy_meta_data_info", name="database_count") == 2
    assert value(samples, "proxy_meta_data_info", name="storage_unit_count") == 4
    buckets = [(l["le"], v) for n, l, v in samples if n == "proxy_execute_latency_millis_bucket"]
    counts = [v for _, v in buckets]
    assert counts == sorted(counts) and buckets[-1][0] == "+Inf"
    assert value(samples, "proxy_execute_latency_millis_count") == counts[-1] >= 10
    # The engine's own metrics, one family each, labelled by logical database.
    assert value(samples, "parsed_sql_total", database="sharding_db", type="SELECT") >= 7
    assert value(samples, "routed_result_total", database="sharding_db", object="data_source", name="ds_1") >= 3
    assert value(samples, "proxy_pool_connections", database="sharding_db", storage_unit="ds_0", state="open") >= 1
    assert value(samples, "proxy_pool_waits_total", database="sharding_db", storage_unit="ds_1") >= 0


def test_dashboard_proxy_panels_name_exported_metrics(observed):
    import json
    import sys
    from proxy_process import REPO_ROOT
    sys.path.insert(0, str(REPO_ROOT / "tests" / "python"))
    from promql_names import exported_names, metric_names
    _, _, metrics_port = observed
    exported = exported_names(scrape(metrics_port))
    dashboard = json.loads((REPO_ROOT / "examples" / "monitoring" / "grafana-dashboard.json").read_text())
    exprs = [target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])]
    proxy_exprs = [expr for expr in exprs if any(name.startswith("proxy_") for name in metric_names(expr))]
    assert len(proxy_exprs) >= 4
    for expr in proxy_exprs:
        assert metric_names(expr) <= exported, (expr, metric_names(expr) - exported)


def test_metrics_endpoint_serves_only_metrics(observed):
    _, _, metrics_port = observed
    with pytest.raises(urllib.error.HTTPError) as error:
        scrape(metrics_port, "/other")
    assert error.value.code == 404


def test_general_log_has_every_statement_with_its_units_and_no_secret(observed, storage_servers):
    process, conf_dir, metrics_port = observed
    with process.connect(database=None) as connection, connection.cursor() as cursor:
        cursor.execute("CREATE DATABASE obs_db")
        cursor.execute("USE obs_db")
        cursor.execute(f"REGISTER STORAGE UNIT ds_x (HOST='127.0.0.1', PORT={storage_servers[0].port}, "
                       f"DB='demo_ds_0', USER='root', PASSWORD='{SECRET}')")
        cursor.execute("USE sharding_db")
        cursor.execute("SELECT * FROM t_order WHERE user_id = 3 AND order_id = 5")
    log = (conf_dir / "logs" / "query.log").read_text()
    assert SECRET not in log
    assert "Logic SQL: REGISTER STORAGE UNIT ds_x (HOST=***, PORT=***" in log
    entry = log[log.index("Logic SQL: SELECT * FROM t_order WHERE user_id = 3 AND order_id = 5"):]
    assert entry.splitlines()[1].startswith("Actual SQL: ds_1 ::: SELECT * FROM t_order_1 WHERE user_id = 3")
    headers = [line for line in log.splitlines() if line.startswith("# ")]
    assert headers and all(" general " in line for line in headers)
    assert SECRET not in scrape(metrics_port)


def test_slow_log_keeps_only_slow_statements(storage_servers):
    process, conf_dir = start_proxy(storage_servers, "  slow-query-log: true\n  long-query-time: 200\n")
    try:
        with process.connect() as connection, connection.cursor() as cursor:
            cursor.execute("SELECT * FROM t_order WHERE user_id = 1 AND order_id = 1")
            cursor.execute("SELECT SLEEP(0.3)")
    finally:
        process.stop()
    log = (conf_dir / "logs" / "query.log").read_text()
    shutil.rmtree(conf_dir, ignore_errors=True)
    headers = [line for line in log.splitlines() if line.startswith("# ")]
    assert len(headers) == 1 and " slow " in headers[0], log
    total = float(re.search(r"total=([0-9.]+)(us|ms|s)", headers[0]).group(1))
    assert "Logic SQL: SELECT SLEEP(0.3)" in log and total > 0


@pytest.mark.parametrize("props, key", [
    ("  general-query-log: maybe\n", "props.general-query-log"),
    ("  metrics-port: 70000\n", "props.metrics-port"),
    ("  long-query-time: -1\n  slow-query-log: true\n", "props.long-query-time"),
    ("  zipkin-host: 127.0.0.1\n  zipkin-sampler-type: boundary\n", "props.zipkin-sampler-type"),
    ("  zipkin-host: 127.0.0.1\n  zipkin-sampler-type: counting\n  zipkin-sampler-param: 2\n",
     "props.zipkin-sampler-param"),
])
def test_bad_observability_props(tmp_path, props, key):
    import subprocess
    from proxy_process import PROXY_BINARY
    (tmp_path / "server.yaml").write_text("props:\n" + props)
    result = subprocess.run([str(PROXY_BINARY), "--conf", str(tmp_path), "--port", str(free_port())],
                            capture_output=True, text=True, timeout=20)
    assert result.returncode == 1 and key in result.stderr, result.stderr


def pymysql_error():
    import pymysql
    return pymysql.MySQLError


class ZipkinReceiver:
    """A local Zipkin collector: keeps the spans of every POST to /api/v2/spans."""

    def __init__(self) -> None:
        import http.server
        import json
        import threading
        spans: List[dict] = []
        self.spans = spans

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                assert self.path == "/api/v2/spans" and self.headers["Content-Type"] == "application/json"
                spans.extend(json.loads(body))
                self.send_response(202)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.mark.parametrize("sampler, traced", [("zipkin-sampler-type: const", 10),
                                             ("zipkin-sampler-type: counting\n  zipkin-sampler-param: 0.5", 5)])
def test_zipkin_spans_per_routed_statement(storage_servers, sampler, traced):
    receiver = ZipkinReceiver()
    process, conf_dir = start_proxy(storage_servers, f"  zipkin-host: 127.0.0.1\n  zipkin-port: {receiver.port}\n"
                                                     f"  {sampler}\n")
    try:
        with process.connect() as connection, connection.cursor() as cursor:
            for order_id in range(10):
                cursor.execute("SELECT * FROM t_order WHERE user_id = %s AND order_id = %s", (order_id, order_id))
    finally:
        process.stop()  # sends what is queued
        receiver.close()
        shutil.rmtree(conf_dir, ignore_errors=True)
    spans = receiver.spans
    roots = [span for span in spans if "parentId" not in span]
    assert len(roots) == traced
    for root in roots:
        assert root["name"] == "/ShardingSphere/rootInvoke/" and root["kind"] == "SERVER"
        assert re.fullmatch(r"[0-9a-f]{16}", root["traceId"]) and re.fullmatch(r"[0-9a-f]{16}", root["id"])
        assert root["localEndpoint"] == {"serviceName": "shardingsphere"}
        assert root["tags"]["statement.type"] == "SELECT" and root["tags"]["units"] == "1"
        children = [span for span in spans if span.get("parentId") == root["id"]]
        assert all(child["traceId"] == root["traceId"] for child in children)
        assert [child["name"] for child in children] == ["/ShardingSphere/parseSQL/", "/ShardingSphere/routeSQL/",
                                                         "/ShardingSphere/rewriteSQL/", "/ShardingSphere/executeSQL/"]
        for child in children:
            assert root["timestamp"] <= child["timestamp"]
            assert child["timestamp"] + child["duration"] <= root["timestamp"] + root["duration"] + 50
    assert len(spans) == 5 * traced
    assert "t_order" not in repr(spans)  # no SQL text in spans
