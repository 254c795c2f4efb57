"""The routing hit-rate metrics (statements routed to one node over all routed, session statements
excluded, per logic database and per logic table; route units per statement), and the example
Grafana dashboard and Prometheus alert rules: every query names only metrics the engine exports,
with the seed's 95 % threshold held for 5 minutes."""

import json
from pathlib import Path

import yaml

import sqlroute
from conftest import GOLDEN_DIR
from promql_names import exported_names, metric_names

ROOT = Path(__file__).resolve().parents[2]
MONITORING = ROOT / "examples" / "monitoring"


def sharding_engine() -> sqlroute.Engine:
    rules = (GOLDEN_DIR / "rules" / "sysbench_sharding.yaml").read_text()
    return sqlroute.Engine.from_yaml_string(rules + "props: {metrics-enabled: true}\n")


def routed_workload(engine: sqlroute.Engine) -> None:
    engine.route("SELECT c FROM t_user WHERE id = ?", [7])
    engine.route("SELECT c FROM t_user WHERE id = ?", [8])
    engine.route("SELECT c FROM t_user WHERE id BETWEEN ? AND ?", [1, 100])  # every table: 10 units
    engine.route("BEGIN")
    engine.route("COMMIT")


def dashboard_exprs(dashboard: dict) -> list:
    return [target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", [])]


def alert_rules() -> list:
    document = yaml.safe_load((MONITORING / "prometheus-alerts.yml").read_text())
    return [rule for group in document["groups"] for rule in group["rules"]]


def test_hit_rate_counts_single_node_statements_per_database_and_table_without_session_statements():
    engine = sharding_engine()
    routed_workload(engine)
    m = engine.metrics()
    assert m["routed_statements_by_database"] == {"sharding_db": 3}
    assert m["single_node_statements_by_database"] == {"sharding_db": 2}
    assert m["routed_statements_by_table"] == {"t_user": 3}
    assert m["single_node_statements_by_table"] == {"t_user": 2}
    assert m["route_units"]["count"] == 3
    assert m["route_units"]["sum"] == 12
    assert m["route_units"]["upper_bounds"][:4] == [1, 2, 4, 8]
    assert m["route_units"]["buckets"][:5] == [2, 0, 0, 0, 1]  # 1, 1 and 10 units
    assert m["route_shapes"]["session"] == 2


def test_prometheus_text_has_the_hit_rate_counters_and_the_units_histogram():
    engine = sharding_engine()
    routed_workload(engine)
    text = engine.prometheus()
    assert 'sqlroute_routed_statements_total{object="database",name="sharding_db"} 3' in text
    assert 'sqlroute_single_node_statements_total{object="database",name="sharding_db"} 2' in text
    assert 'sqlroute_routed_statements_total{object="table",name="t_user"} 3' in text
    assert 'sqlroute_single_node_statements_total{object="table",name="t_user"} 2' in text
    assert 'sqlroute_route_units_bucket{le="1"} 2' in text
    assert 'sqlroute_route_units_bucket{le="16"} 3' in text
    assert "sqlroute_route_units_count 3" in text


def test_a_database_without_a_name_is_shardingsphere_s_logic_db():
    rules = (GOLDEN_DIR / "rules" / "sysbench_sharding.yaml").read_text().replace("databaseName: sharding_db\n", "")
    engine = sqlroute.Engine.from_yaml_string(rules + "props: {metrics-enabled: true}\n")
    engine.route("SELECT c FROM t_user WHERE id = ?", [7])
    assert engine.metrics()["routed_statements_by_database"] == {"logic_db": 1}


def test_dashboard_and_alert_queries_name_only_exported_metrics():
    engine = sharding_engine()
    routed_workload(engine)
    exported = exported_names(engine.prometheus())
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    exprs = dashboard_exprs(dashboard) + [rule["expr"] for rule in alert_rules()]
    # The proxy's panels (proxy_* series) are checked against a running proxy in tests/proxy.
    exprs = [expr for expr in exprs if not any(name.startswith("proxy_") for name in metric_names(expr))]
    assert exprs
    for expr in exprs:
        names = metric_names(expr)
        assert names, expr
        assert names <= exported, (expr, names - exported)


def test_metric_name_reading_finds_every_series_of_an_expression():
    expr = 'sum by (le) (rate(a_total{x="y"}[5m])) / histogram_quantile(0.9, rate(b_bucket[1m])) < 0.95'
    assert metric_names(expr) == {"a_total", "b_bucket"}


def test_hit_rate_panel_and_alert_hold_the_seed_s_threshold():
    dashboard = json.loads((MONITORING / "grafana-dashboard.json").read_text())
    panel = next(p for p in dashboard["panels"] if p["title"].startswith("Sharding route hit rate (per logic database)"))
    steps = panel["fieldConfig"]["defaults"]["thresholds"]["steps"]
    assert [step["value"] for step in steps] == [None, 0.95]
    assert panel["fieldConfig"]["defaults"]["unit"] == "percentunit"
    (rule,) = alert_rules()
    assert rule["for"] == "5m"
    assert rule["expr"].rstrip().endswith("< 0.95")
    assert {"sqlroute_single_node_statements_total", "sqlroute_routed_statements_total"} <= metric_names(rule["expr"])
