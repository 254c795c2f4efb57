"""Three engines on one registry: what one changes, every one routes on, within a bound."""

from __future__ import annotations

import pytest

import sqlroute
import sqlroute.cluster
from cluster_support import ORDERS, join, unit_sqls, wait_until

ORDER_BY_ID = "SELECT * FROM t_order WHERE user_id = ? AND order_id = ?"
# Every change must reach the other instances within this (docs/cluster.md gives the measured times).
PROPAGATION_BOUND = 2.0

RESHARD = """ALTER SHARDING TABLE RULE t_order (
  DATANODES('ds_${0..1}.t_order_${0..3}'),
  DATABASE_STRATEGY(TYPE='standard', SHARDING_COLUMN=user_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='ds_${user_id % 2}')))),
  TABLE_STRATEGY(TYPE='standard', SHARDING_COLUMN=order_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='t_order_${order_id % 4}')))),
  KEY_GENERATE_STRATEGY(COLUMN=order_id, TYPE(NAME='SNOWFLAKE')));"""


@pytest.fixture
def three(registry_url):
    engines = [join(registry_url)] + [join(registry_url, rules=None) for _ in range(2)]
    yield engines
    for engine in engines:
        engine.close()


def test_every_engine_routes_the_registry_rules(three) -> None:
    expected = ["ds_1: SELECT * FROM t_order_1 WHERE user_id = ? AND order_id = ?"]
    for engine in three:
        assert unit_sqls(engine, ORDER_BY_ID, [3, 7]) == expected
        assert engine.database_name == "orders_db"


def test_distsql_on_one_engine_reaches_the_others_within_the_bound(three) -> None:
    first, *others = three
    first.apply_distsql(RESHARD)
    expected = ["ds_1: SELECT * FROM t_order_3 WHERE user_id = ? AND order_id = ?"]
    assert unit_sqls(first, ORDER_BY_ID, [3, 7]) == expected  # the writer routes on it at once
    for engine in others:
        took = wait_until(lambda: unit_sqls(engine, ORDER_BY_ID, [3, 7]) == expected, timeout=PROPAGATION_BOUND)
        assert took < PROPAGATION_BOUND


def test_distsql_from_each_engine_in_turn_builds_on_the_last(three) -> None:
    for number, engine in enumerate(three):
        engine.apply_distsql(f"CREATE BROADCAST TABLE RULE t_dict_{number};")
    for engine in three:
        wait_until(lambda: all(
            len(engine.route(f"SELECT * FROM t_dict_{n}").units) == 1 for n in range(3)) and
            engine.route("INSERT INTO t_dict_2 VALUES (1)").route_type == "Broadcast", timeout=PROPAGATION_BOUND)


def test_a_disabled_replica_is_disabled_on_every_engine(three) -> None:
    read = "SELECT * FROM t_audit"
    first, *others = three
    first.set_read_data_source_enabled("main", "replica_0", False)
    for engine in three:
        wait_until(lambda: all(engine.route(read).units[0].data_source == "replica_1" for _ in range(4)),
                   timeout=PROPAGATION_BOUND)
    others[0].set_read_data_source_enabled("main", "replica_0", True)
    for engine in three:
        wait_until(lambda: {engine.route(read).units[0].data_source for _ in range(4)} == {"replica_0", "replica_1"},
                   timeout=PROPAGATION_BOUND)


def test_a_distsql_error_changes_nothing_anywhere(three) -> None:
    before = [(engine.rules_version, engine.export_yaml()) for engine in three]
    with pytest.raises(sqlroute.ConfigError) as caught:
        three[0].apply_distsql("ALTER SHARDING TABLE RULE t_missing (DATANODES('ds_0.t'));")
    assert caught.value.code.startswith("CONFIG_")
    assert all(engine.wait_for_sync() for engine in three)
    assert [(engine.rules_version, engine.export_yaml()) for engine in three] == before


def test_secrets_reach_the_registry_as_shardingsphere_writes_them_and_nowhere_else(three, namespace, kazoo_client):
    logged = []
    with join(three[0]._source, rules=None, log=logged.append) as engine:
        unit = kazoo_client.get(f"/{namespace}/metadata/orders_db/data_sources/units/ds_0/versions/0")[0].decode()
        assert "password: pw-ds-0-secret" in unit  # ShardingSphere persists the storage unit props as given
        assert "pw-ds-0-secret" not in engine.export_yaml()
        assert "pw-ds-0-secret" not in engine.route(ORDER_BY_ID, [1, 2]).explain()
        assert "pw-ds-0-secret" not in repr(engine) + str(engine.cluster_status())
    assert not any("secret" in line for line in logged)


def test_the_first_engine_needs_rules_and_a_registry(zookeeper, registry_url) -> None:
    with pytest.raises(sqlroute.ClusterError) as caught:
        join(registry_url, rules=None)
    assert caught.value.code == "REGISTRY_DATABASE_NOT_FOUND"
    with pytest.raises(sqlroute.ClusterError) as caught:
        sqlroute.Engine.from_cluster("zookeeper://127.0.0.1/ns", database="d")
    assert caught.value.code == "REGISTRY_URL_INVALID"
    with pytest.raises(sqlroute.ClusterError) as caught:
        join(f"zookeeper://127.0.0.1:1/{registry_url.rsplit('/', 1)[1]}", connect_timeout=0.5)
    assert caught.value.code == "REGISTRY_UNAVAILABLE"


def test_rules_given_to_a_later_engine_do_not_replace_the_registry_rules(three, registry_url) -> None:
    three[0].apply_distsql(RESHARD)
    with join(registry_url, rules=ORDERS) as late:
        assert unit_sqls(late, ORDER_BY_ID, [3, 7]) == ["ds_1: SELECT * FROM t_order_3 WHERE user_id = ? AND order_id = ?"]


def test_mode_cluster_in_a_rule_file_joins_the_registry(zookeeper, namespace, tmp_path) -> None:
    mode = (f"mode:\n  type: Cluster\n  repository:\n    type: ZooKeeper\n    props:\n      namespace: {namespace}\n"
            f"      server-lists: {zookeeper.servers}\n      timeToLiveSeconds: 4\n"
            "      retryIntervalMilliseconds: 2000\n      maxRetries: 10\n")
    rules = tmp_path / "orders.yaml"
    rules.write_text(mode + ORDERS.read_text())
    with sqlroute.Engine.from_yaml(rules) as first, sqlroute.Engine.from_yaml_string(rules.read_text()) as second:
        assert isinstance(first, sqlroute.cluster.ClusterEngine) and first.database_name == "orders_db"
        assert {node["instance_id"] for node in first.compute_nodes()} == {first.instance_id, second.instance_id}
        first.apply_distsql(RESHARD)
        wait_until(lambda: unit_sqls(second, ORDER_BY_ID, [3, 7]) == unit_sqls(first, ORDER_BY_ID, [3, 7]),
                   timeout=PROPAGATION_BOUND)
    standalone = "mode:\n  type: Standalone\n" + ORDERS.read_text()
    assert not isinstance(sqlroute.Engine.from_yaml_string(standalone), sqlroute.cluster.ClusterEngine)
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_yaml_string(mode.replace("ZooKeeper", "Etcd") + ORDERS.read_text())
    assert caught.value.path == "mode.repository.type"


def test_distsql_applied_at_once_on_two_engines_keeps_both_changes(three) -> None:
    import threading

    errors = []

    def apply(engine, table: str) -> None:
        try:
            for n in range(5):
                engine.apply_distsql(f"CREATE BROADCAST TABLE RULE {table}_{n};")
        except sqlroute.Error as error:  # noqa: PERF203 - collected for the assertion
            errors.append(error)

    threads = [threading.Thread(target=apply, args=(engine, f"t_{name}")) for engine, name in zip(three, "abc")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    for engine in three:
        wait_until(lambda: all(engine.route(f"INSERT INTO t_{name}_{n} VALUES (1)").route_type == "Broadcast"
                               for name in "abc" for n in range(5)), timeout=PROPAGATION_BOUND)
