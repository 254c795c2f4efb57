"""Table metadata in the registry as ShardingSphere keeps it (metadata/{db}/schemas/{db}/tables/{t},
with versions): what one instance knows or discovers, every instance routes on."""

from __future__ import annotations

import pytest

import sqlroute
import sqlroute.cluster
from cluster_support import CONNECT_TIMEOUT, SESSION_TIMEOUT, join, unit_sqls, wait_until

PROPAGATION_BOUND = 2.0
# Only the column list says where the order id of an INSERT without one is.
INSERT_WITHOUT_COLUMNS = "INSERT INTO t_order VALUES (?, ?, ?)"
ORDER_METADATA = {"t_order": ["order_id", "user_id", "status"]}


def table_node(namespace: str, database: str, table: str) -> str:
    return f"/{namespace}/metadata/{database}/schemas/{database}/tables/{table}"


def test_metadata_one_engine_adds_reaches_the_others_in_shardingsphere_layout(registry_url, kazoo_client, namespace):
    with join(registry_url) as first, join(registry_url, rules=None) as second:
        with pytest.raises(sqlroute.Error):
            second.route(INSERT_WITHOUT_COLUMNS, [7, 3, "new"])  # no column list known yet
        assert first.with_metadata(ORDER_METADATA) is first
        wait_until(lambda: unit_sqls(second, INSERT_WITHOUT_COLUMNS, [7, 3, "new"]) ==
                   ["ds_1: INSERT INTO t_order_1 VALUES (?, ?, ?)"], timeout=PROPAGATION_BOUND)
        assert isinstance(second, sqlroute.cluster.ClusterEngine)
        node = table_node(namespace, "orders_db", "t_order")
        active = kazoo_client.get(f"{node}/active_version")[0].decode()
        content = kazoo_client.get(f"{node}/versions/{active}")[0].decode()
        assert content.index("order_id:") < content.index("user_id:") < content.index("status:")
        assert "name: t_order" in content and "primaryKey: false" in content


def test_a_table_shardingsphere_wrote_is_read_with_its_column_order(registry_url, kazoo_client, namespace):
    with join(registry_url):
        pass  # the database is in the registry now
    node = table_node(namespace, "orders_db", "t_order")
    table = """name: t_order
columns:
  user_id: {name: user_id, dataType: 4, primaryKey: false, generated: false, caseSensitive: false, visible: true, unsigned: false, nullable: false}
  order_id: {name: order_id, dataType: -5, primaryKey: true, generated: false, caseSensitive: false, visible: true, unsigned: false, nullable: false}
  status: {name: status, dataType: 12, primaryKey: false, generated: false, caseSensitive: false, visible: true, unsigned: false, nullable: true}
indexes:
  PRIMARY: {name: PRIMARY, columns: [order_id], unique: true}
"""
    kazoo_client.create(f"{node}/versions/0", table.encode(), makepath=True)
    kazoo_client.create(f"{node}/active_version", b"0")
    with join(registry_url, rules=None) as engine:
        # user_id first: 3 is the user, 7 the order
        assert unit_sqls(engine, INSERT_WITHOUT_COLUMNS, [3, 7, "new"]) == ["ds_1: INSERT INTO t_order_1 VALUES (?, ?, ?)"]
        assert "primaryKey: true" in engine.export_metadata_yaml()


def test_distsql_keeps_the_registry_metadata(registry_url):
    with join(registry_url) as first, join(registry_url, rules=None) as second:
        first.with_metadata(ORDER_METADATA)
        second.apply_distsql("CREATE BROADCAST TABLE RULE t_dict;")
        wait_until(lambda: len(first.route("INSERT INTO t_dict VALUES (1)").units) > 1, timeout=PROPAGATION_BOUND)
        assert unit_sqls(first, INSERT_WITHOUT_COLUMNS, [7, 3, "new"]) == ["ds_1: INSERT INTO t_order_1 VALUES (?, ?, ?)"]


@pytest.fixture
def sharding_rules(storage_pair) -> str:
    from schema import RULES_YAML  # noqa: PLC0415 - tests/proxy is on the path via storage_pair
    return RULES_YAML.format(port0=storage_pair[0].port, port1=storage_pair[1].port)


def test_discovered_metadata_is_written_to_the_registry_for_every_instance(registry_url, sharding_rules):
    options = dict(session_timeout=SESSION_TIMEOUT, connect_timeout=CONNECT_TIMEOUT)
    with sqlroute.Engine.from_cluster(registry_url, database="sharding_db", rules=sharding_rules, **options) as first, \
            sqlroute.Engine.from_cluster(registry_url, database="sharding_db", **options) as second:
        discovered = first.with_discovered_metadata()
        assert discovered is first and isinstance(discovered, sqlroute.cluster.ClusterEngine)
        wait_until(lambda: "amount" in second.export_metadata_yaml(), timeout=PROPAGATION_BOUND)
        assert unit_sqls(second, "INSERT INTO t_order VALUES (7, 3, 'new', 1.5)", []) == [
            "ds_1: INSERT INTO t_order_1 VALUES (7, 3, 'new', 1.5)"]
        first.apply_distsql("CREATE BROADCAST TABLE RULE t_dict;")  # a rule change keeps what was discovered
        assert "amount" in first.export_metadata_yaml()


def test_a_cluster_mode_rule_file_discovers_metadata(registry_url, sharding_rules, zookeeper, namespace, tmp_path):
    path = tmp_path / "config-cluster.yaml"
    path.write_text(sharding_rules + f"""mode:
  type: Cluster
  repository:
    type: ZooKeeper
    props: {{namespace: {namespace}, server-lists: "{zookeeper.servers}", retryIntervalMilliseconds: 1000, maxRetries: 20}}
""")
    engine = sqlroute.Engine.from_yaml(path, discover_metadata=True)
    try:
        assert isinstance(engine, sqlroute.cluster.ClusterEngine)
        assert "amount" in engine.export_metadata_yaml()
    finally:
        engine.close()
