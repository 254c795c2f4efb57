"""Observability from Python: metrics dict and Prometheus text, spans from a callable with
sampling, the statement log (callable and file, slow threshold) and masking."""

import re
import sys
import threading

import pytest

import sqlroute
from conftest import GOLDEN_DIR

SHARDING = (GOLDEN_DIR / "rules" / "two_shard_mod4.yaml").read_text()
ENCRYPT = (GOLDEN_DIR / "rules" / "encrypt_password.yaml").read_text()


def metrics_engine(latency_sample_every: int = 8) -> sqlroute.Engine:
    props = f"props: {{metrics-enabled: true, metrics-latency-sample-every: {latency_sample_every}}}\n"
    return sqlroute.Engine.from_yaml_string(SHARDING + props)


def test_metrics_after_a_known_workload():
    engine = metrics_engine(latency_sample_every=1)
    engine.route("SELECT c FROM t_user WHERE id = ?", [1])
    engine.route("SELECT c FROM t_user WHERE id IN (?, ?)", [1, 2])
    engine.route("SELECT c FROM t_user")
    engine.route("DELETE FROM t_user WHERE id = 3")
    with pytest.raises(sqlroute.SqlSyntaxError):
        engine.route("SELEC 1")
    m = engine.metrics()
    assert m["parsed_sql"] == {"SELECT": 3, "DELETE": 1}
    assert m["routed_sql"] == {"SELECT": 3, "DELETE": 1}
    assert m["route_shapes"] == {"single": 2, "multiple": 1, "full": 1}
    assert m["routed_data_sources"] == {"ds_0": 3, "ds_1": 5}
    assert m["routed_tables"] == {"t_user_0": 1, "t_user_1": 3, "t_user_2": 2, "t_user_3": 2}
    assert m["errors"] == {"SQL_SYNTAX_ERROR": 1}
    assert m["route_latency"]["count"] == 4
    assert len(m["route_latency"]["buckets"]) == len(m["route_latency"]["upper_bounds"]) + 1
    assert m["plan_cache_misses"] == 4


def test_latencies_are_timed_for_one_statement_in_n():
    engine = sqlroute.Engine.from_yaml_string(SHARDING + "props: {metrics-enabled: true}\n")  # default: 8
    for i in range(17):
        engine.route("SELECT c FROM t_user WHERE id = ?", [i])
    m = engine.metrics()
    assert m["parsed_sql"] == {"SELECT": 17}
    assert [m[h]["count"] for h in ("parse_latency", "route_latency", "rewrite_latency")] == [3, 3, 3]
    assert m["plan_cache_hits"] == 16


def test_primary_replica_and_shadow_units():
    engine = sqlroute.Engine.from_yaml_string("""
databaseName: rw
dataSources:
  write_ds: {url: "jdbc:mysql://h/w"}
  read_ds: {url: "jdbc:mysql://h/r"}
  shadow_ds: {url: "jdbc:mysql://h/s"}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw_ds: {writeDataSourceName: write_ds, readDataSourceNames: [read_ds]}
- !SHADOW
  dataSources:
    shadow_group: {productionDataSourceName: rw_ds, shadowDataSourceName: shadow_ds}
  tables:
    t_order: {dataSourceNames: [shadow_group], shadowAlgorithmNames: [status_match]}
  shadowAlgorithms:
    status_match: {type: VALUE_MATCH, props: {operation: insert, column: status, value: 1}}
props: {metrics-enabled: true}
""")
    engine.route("SELECT * FROM t_order WHERE id = 1")
    engine.route("INSERT INTO t_order (id, status) VALUES (2, 0)")
    engine.route("INSERT INTO t_order (id, status) VALUES (3, 1)")
    m = engine.metrics()
    assert (m["replica_units"], m["primary_units"], m["shadow_units"]) == (1, 1, 1)
    samples = parse_prometheus(engine.prometheus())
    assert samples['sqlroute_readwrite_units_total{target="replica"}'] == 1
    assert samples['sqlroute_readwrite_units_total{target="primary"}'] == 1
    assert samples["sqlroute_shadow_units_total"] == 1


def test_metrics_are_off_by_default_and_switched_by_the_api():
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    engine.route("SELECT c FROM t_user WHERE id = 1")
    assert engine.metrics()["parsed_sql"] == {}
    engine.set_metrics_enabled(True)
    engine.route("SELECT c FROM t_user WHERE id = 1")
    assert engine.metrics()["parsed_sql"] == {"SELECT": 1}


SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_]\w*="(?:[^"\\]|\\.)*"(?:,[a-zA-Z_]\w*="(?:[^"\\]|\\.)*")*\})? (\S+)$')


def parse_prometheus(text: str) -> dict:
    """Series -> value; asserts that every line is HELP, TYPE or a sample of a typed family."""
    types, samples = {}, {}
    for line in text.splitlines():
        if line.startswith("# HELP "):
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert kind in {"counter", "gauge", "histogram", "summary", "untyped"}
            types[name] = kind
            continue
        match = SAMPLE.match(line)
        assert match, line
        family = re.sub(r"_(bucket|sum|count)$", "", match.group(1))
        assert match.group(1) in types or types.get(family) == "histogram", line
        samples[match.group(1) + (match.group(2) or "")] = float(match.group(3))
    return samples


def test_prometheus_text():
    engine = metrics_engine()
    engine.route("SELECT c FROM t_user WHERE id = 5")
    with pytest.raises(sqlroute.BindError):
        engine.route("SELECT c FROM t_user WHERE id = ?")
    samples = parse_prometheus(engine.prometheus())
    assert samples['sqlroute_errors_total{code="PARAMETER_MISSING"}'] == 1
    assert samples['parsed_sql_total{type="SELECT"}'] == 2
    assert samples['routed_sql_total{type="SELECT"}'] == 1
    assert samples['routed_result_total{object="data_source",name="ds_1"}'] == 1
    assert samples['routed_result_total{object="table",name="t_user_1"}'] == 1
    assert samples['sqlroute_rewrite_duration_seconds_bucket{le="+Inf"}'] == 1
    assert samples["sqlroute_plan_cache_misses_total"] == 2  # two shapes


def test_spans_and_sampling():
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    spans = []
    engine.set_tracer(spans.append)
    engine.route("SELECT c FROM t_user WHERE id IN (?, ?)", [1, 2])
    assert [s["stage"] for s in spans] == ["parse", "route", "rewrite"]
    assert {(s["statement_type"], s["route_type"], s["unit_count"], s["error"]) for s in spans} == {
        ("SELECT", "Standard", 2, None)
    }
    assert len({s["statement_id"] for s in spans}) == 1
    assert all(s["start_unix_nanos"] <= s["end_unix_nanos"] for s in spans)
    assert [s["cache_hit"] for s in spans] == [False] * 3
    engine.route("SELECT c FROM t_user WHERE id IN (?, ?)", [3, 4])
    assert [s["cache_hit"] for s in spans[3:]] == [True] * 3

    spans.clear()
    engine.set_tracer(spans.append, sample=0.25)
    for i in range(8):
        engine.route("SELECT c FROM t_user WHERE id = ?", [i])
    assert len(spans) == 2 * 3
    engine.set_tracer(None)
    engine.route("SELECT c FROM t_user WHERE id = 1")
    assert len(spans) == 6


def test_span_of_a_failing_stage_has_the_error_code():
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    spans = []
    engine.set_tracer(spans.append)
    with pytest.raises(sqlroute.BindError):
        engine.route("SELECT c FROM t_user WHERE id = ?")
    assert [(s["stage"], s["error"]) for s in spans] == [("parse", None), ("route", "PARAMETER_MISSING")]


def test_a_failing_callable_does_not_fail_routing(monkeypatch):
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)

    def broken(_span):
        raise RuntimeError("tracer bug")

    engine.set_tracer(broken)
    assert len(engine.route("SELECT c FROM t_user WHERE id = 1").units) == 1
    assert [str(u.exc_value) for u in unraisable] == ["tracer bug"] * 3


def test_general_log_to_a_callable():
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    records = []
    engine.set_statement_log(records.append)
    engine.route("SELECT c FROM t_user WHERE id = ?", [6])
    (record,) = records
    assert record["slow"] is False
    assert record["logic_sql"] == "SELECT c FROM t_user WHERE id = ?"
    assert record["params"] == ["6"]
    assert record["cache_hit"] is False
    assert record["units"] == [{"data_source": "ds_0", "sql": "SELECT c FROM t_user_2 WHERE id = ?", "params": ["6"]}]
    assert record["text"].split("\n", 1)[1] == (
        "Logic SQL: SELECT c FROM t_user WHERE id = ? ::: [6]\n"
        "Actual SQL: ds_0 ::: SELECT c FROM t_user_2 WHERE id = ? ::: [6]\n"
    )


def test_slow_log_threshold():
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    records = []
    engine.set_statement_log(records.append, slow_ms=0)
    engine.route("SELECT c FROM t_user WHERE id = 1")
    assert [r["slow"] for r in records] == [True]
    engine.set_statement_log(records.append, slow_ms=3_600_000)
    engine.route("SELECT c FROM t_user WHERE id = 1")
    assert len(records) == 1


def test_file_log(tmp_path):
    engine = sqlroute.Engine.from_yaml_string(SHARDING)
    path = tmp_path / "statements.log"
    engine.set_statement_log(path)
    engine.route("SELECT c FROM t_user WHERE id = 3")
    engine.set_statement_log(None)
    lines = path.read_text().splitlines()
    assert lines[0].startswith("# ") and " general SELECT Standard " in lines[0]
    assert lines[1:] == [
        "Logic SQL: SELECT c FROM t_user WHERE id = 3 ::: []",
        "Actual SQL: ds_1 ::: SELECT c FROM t_user_3 WHERE id = 3 ::: []",
    ]


def test_sql_show_prop_turns_the_general_log_on():
    engine = sqlroute.Engine.from_yaml_string(SHARDING + "props: {sql-show: true}\n")
    records = []
    engine.set_statement_log(records.append, general=False)
    engine.route("SELECT c FROM t_user WHERE id = 1")
    assert len(records) == 1


def test_encrypted_values_and_secrets_are_masked():
    engine = sqlroute.Engine.from_yaml_string(ENCRYPT)
    cipher_sql = engine.route("INSERT INTO t_user (id, password) VALUES (1, 'pw-literal')").units[0].sql
    ciphertext = cipher_sql.split("'")[1]
    records = []
    engine.set_statement_log(records.append)
    engine.route("INSERT INTO t_user (id, password) VALUES (1, 'pw-literal')")
    engine.route("SELECT id FROM t_user WHERE password = ?", ["pw-param"])
    engine.route("CREATE USER 'bob' IDENTIFIED BY 'hunter2'")
    assert [r["logic_sql"] for r in records] == [
        "INSERT INTO t_user (id, password) VALUES (***, ***)",
        "SELECT id FROM t_user WHERE password = ?",
        "CREATE USER *** IDENTIFIED BY ***",
    ]
    assert records[0]["units"][0]["sql"] == (
        "INSERT INTO t_user (id, `cipher_password`, `assisted_query_password`) VALUES (***, ***, ***)")
    assert records[1]["params"] == ["***"] and records[1]["units"][0]["params"] == ["***"]
    text = "".join(r["text"] for r in records) + repr(records)
    for secret in ("pw-literal", "pw-param", "hunter2", "key-123456abc", "db-secret", ciphertext):
        assert secret not in text


def test_secrets_of_statements_on_plain_tables_are_masked():
    engine = sqlroute.Engine.from_yaml_string(ENCRYPT)
    records = []
    engine.set_statement_log(records.append)
    engine.route("SELECT AES_ENCRYPT(note, 'literal-key'), id FROM t_other WHERE id = 7")
    engine.route("SELECT AES_DECRYPT(note, ?) FROM t_other WHERE id = ?", ["param-key", 8])
    engine.route("ALTER USER 'bob'@'%' IDENTIFIED BY 'new-pass' REPLACE 'old-pass'")
    engine.route("SET PASSWORD FOR 'bob'@'%' = 'set-pass'")
    engine.route("SELECT id FROM t_other WHERE note = 'db-secret' AND id = 9")
    engine.route("SELECT id FROM t_other WHERE note = ? AND id = 10", ["key-123456abc"])
    assert [r["logic_sql"] for r in records][:2] == [
        "SELECT AES_ENCRYPT(note, ***), id FROM t_other WHERE id = 7",
        "SELECT AES_DECRYPT(note, ?) FROM t_other WHERE id = ?",
    ]
    assert records[1]["params"] == ["***", "8"]
    assert records[4]["logic_sql"] == "SELECT id FROM t_other WHERE note = *** AND id = 9"
    assert records[5]["params"] == ["***"]
    text = "".join(r["text"] for r in records) + repr(records)
    for secret in ("literal-key", "param-key", "new-pass", "old-pass", "set-pass", "db-secret", "key-123456abc"):
        assert secret not in text


def test_reading_metrics_while_threads_route():
    engine = metrics_engine()

    def work():
        for i in range(200):
            engine.route("SELECT c FROM t_user WHERE id = ?", [i])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    last = 0
    while any(t.is_alive() for t in threads):
        parsed = engine.metrics()["parsed_sql"].get("SELECT", 0)
        assert parsed >= last
        last = parsed
        parse_prometheus(engine.prometheus())
    for thread in threads:
        thread.join()
    m = engine.metrics()
    assert m["parsed_sql"] == {"SELECT": 800}
    assert m["routed_tables"] == {f"t_user_{k}": 200 for k in range(4)}
