"""A registry written by hand in ShardingSphere 5.5's layout (the node paths of its mode/node
module, values as its YamlEngine marshals them) serves sqlroute; what sqlroute writes is in the
same layout; a change that is only half written is never applied."""

from __future__ import annotations

import pytest

import sqlroute
from cluster_support import join, unit_sqls, wait_until

DATABASE = "sharding_db"

UNIT = """dataSourceClassName: com.zaxxer.hikari.HikariDataSource
url: jdbc:mysql://127.0.0.1:3306/demo_ds_{n}?serverTimezone=UTC&useSSL=false
username: root
password: 'root-pw-{n}'
connectionTimeoutMilliseconds: 30000
idleTimeoutMilliseconds: 60000
maxLifetimeMilliseconds: 1800000
maxPoolSize: 50
minPoolSize: 1
"""
T_ORDER = """actualDataNodes: ds_${0..1}.t_order_${0..1}
databaseStrategy:
  standard:
    shardingAlgorithmName: database_inline
    shardingColumn: user_id
keyGenerateStrategy:
  column: order_id
  keyGeneratorName: snowflake
logicTable: t_order
tableStrategy:
  standard:
    shardingAlgorithmName: t_order_inline
    shardingColumn: order_id
"""
T_ORDER_ITEM = T_ORDER.replace("t_order", "t_order_item").replace("t_order_item_inline", "t_order_inline")
ALGORITHMS = {
    "database_inline": "props:\n  algorithm-expression: ds_${user_id % 2}\ntype: INLINE\n",
    "t_order_inline": "props:\n  algorithm-expression: t_order_${order_id % 2}\ntype: INLINE\n",
}
RW_GROUP = """loadBalancerName: random
readDataSourceNames:
- replica_0
- replica_1
transactionalReadQueryStrategy: DYNAMIC
writeDataSourceName: primary
"""


class HandWriter:
    """Writes items the way ShardingSphere's MetaDataVersionPersistService does: the content under
    versions/{N} first, then active_version = N."""

    def __init__(self, client, namespace: str) -> None:
        self.client = client
        self.database = f"/{namespace}/metadata/{DATABASE}"
        self.root = f"/{namespace}"

    def content(self, item: str, content: str, version: int = 0) -> None:
        self.client.create(f"{item}/versions/{version}", content.encode(), makepath=True)

    def activate(self, item: str, version: int = 0) -> None:
        path = f"{item}/active_version"
        if self.client.exists(path):
            self.client.set(path, str(version).encode())
        else:
            self.client.create(path, str(version).encode(), makepath=True)

    def item(self, key: str, content: str, version: int = 0) -> None:
        item = f"{self.database}/{key}"
        self.content(item, content, version)
        self.activate(item, version)


@pytest.fixture
def hand(kazoo_client, namespace) -> HandWriter:
    writer = HandWriter(kazoo_client, namespace)
    for n in (0, 1):
        writer.item(f"data_sources/units/ds_{n}", UNIT.format(n=n))
    for name in ("primary", "replica_0", "replica_1"):
        writer.item(f"data_sources/units/{name}", UNIT.format(n=name))
    writer.item("rules/sharding/tables/t_order", T_ORDER)
    writer.item("rules/sharding/tables/t_order_item", T_ORDER_ITEM)
    for name, content in ALGORITHMS.items():
        writer.item(f"rules/sharding/sharding_algorithms/{name}", content)
    writer.item("rules/sharding/key_generators/snowflake", "type: SNOWFLAKE\n")
    writer.item("rules/sharding/binding_tables/t_order_group", "t_order_group:t_order,t_order_item")
    writer.item("rules/sharding/default_strategies/default_sharding_column", "order_id")
    writer.item("rules/readwrite_splitting/data_source_groups/readwrite_ds", RW_GROUP)
    writer.item("rules/readwrite_splitting/load_balancers/random", "type: RANDOM\n")
    writer.item("rules/broadcast/tables", "- t_dict\n")
    kazoo_client.create(f"{writer.root}/props/versions/0", b"sql-show: false\n", makepath=True)
    kazoo_client.create(f"{writer.root}/props/active_version", b"0")
    kazoo_client.create(f"{writer.root}/nodes/qualified_data_sources/{DATABASE}.readwrite_ds.replica_0",
                        b"state: DISABLED\n", makepath=True)
    return writer


def test_an_engine_serves_a_registry_shardingsphere_wrote(hand, registry_url) -> None:
    with join(registry_url, rules=None, database=DATABASE) as engine:
        assert unit_sqls(engine, "SELECT * FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
                                 "WHERE o.user_id = ? AND o.order_id = ?", [1, 3]) == [
            "ds_1: SELECT * FROM t_order_1 o JOIN t_order_item_1 i ON o.order_id = i.order_id "
            "WHERE o.user_id = ? AND o.order_id = ?"]
        assert engine.route("SELECT * FROM t_dict").route_type in ("Broadcast", "Standard")
        assert {"ds_0", "ds_1", "readwrite_ds"} <= set(engine.data_source_names)
        # the replica ShardingSphere marked DISABLED takes no reads
        assert {engine.route("SELECT * FROM t_dict", hints={"data_source_name": "readwrite_ds"}).units[0].data_source
                for _ in range(20)} <= {"replica_1", "primary"}
        assert engine.worker_id == 0


def test_a_half_written_change_is_not_applied(hand, registry_url) -> None:
    shifted = "props:\n  algorithm-expression: t_order_${(order_id + 1) % 2}\ntype: INLINE\n"
    table = f"{hand.database}/rules/sharding/tables/t_order"
    algorithm = f"{hand.database}/rules/sharding/sharding_algorithms/t_order_shifted"
    query = "SELECT * FROM t_order WHERE user_id = ? AND order_id = ?"
    with join(registry_url, rules=None, database=DATABASE) as engine:
        before = unit_sqls(engine, query, [1, 3])
        assert before == ["ds_1: SELECT * FROM t_order_1 WHERE user_id = ? AND order_id = ?"]
        # The table's new version names an algorithm whose active version is not written yet.
        hand.content(table, T_ORDER.replace("t_order_inline", "t_order_shifted"), version=1)
        hand.activate(table, 1)
        hand.content(algorithm, shifted)
        assert engine.wait_for_sync()
        assert unit_sqls(engine, query, [1, 3]) == before
        assert engine.cluster_status()["rejected_changes"] >= 1
        # An active version that names content not there yet is not read either.
        errors = engine.cluster_status()["registry_errors"]
        hand.activate(algorithm, 7)
        wait_until(lambda: engine.cluster_status()["registry_errors"] > errors, timeout=10)
        assert unit_sqls(engine, query, [1, 3]) == before
        assert "REGISTRY_CONTENT_INVALID" in engine.cluster_status()["last_problem"]
        hand.activate(algorithm, 0)
        wait_until(lambda: unit_sqls(engine, query, [1, 3]) ==
                   ["ds_1: SELECT * FROM t_order_0 WHERE user_id = ? AND order_id = ?"], timeout=10)
        assert engine.cluster_status()["connected"]


def test_what_sqlroute_writes_is_shardingsphere_s_layout(registry_url, namespace, kazoo_client) -> None:
    with join(registry_url) as engine:
        engine.apply_distsql("CREATE BROADCAST TABLE RULE t_dict;")
        database = f"/{namespace}/metadata/orders_db"

        def read(path: str) -> str:
            return kazoo_client.get(path)[0].decode()

        assert read(f"{database}/rules/sharding/tables/t_order/active_version") == "0"
        table = read(f"{database}/rules/sharding/tables/t_order/versions/0")
        assert "actualDataNodes: ds_${0..1}.t_order_${0..1}" in table
        assert read(f"{database}/rules/sharding/sharding_algorithms/by_user/versions/0") == (
            "props:\n  algorithm-expression: ds_${user_id % 2}\ntype: INLINE\n")
        assert read(f"{database}/rules/sharding/binding_tables/" +
                    kazoo_client.get_children(f"{database}/rules/sharding/binding_tables")[0] + "/versions/0") == "t_order"
        assert read(f"{database}/rules/broadcast/tables/versions/0") == "- t_dict\n"
        assert kazoo_client.get_children(f"{database}/rules/readwrite_splitting/data_source_groups") == ["main"]
        engine.apply_distsql("DROP BROADCAST TABLE RULE t_dict;")
        assert not kazoo_client.exists(f"{database}/rules/broadcast/tables")
        engine.apply_distsql("CREATE BROADCAST TABLE RULE t_dict, t_region;")
        assert read(f"{database}/rules/broadcast/tables/active_version") == "0"
        engine.apply_distsql("DROP BROADCAST TABLE RULE t_region;")
        engine.apply_distsql("CREATE BROADCAST TABLE RULE t_region;")
        assert read(f"{database}/rules/broadcast/tables/active_version") == "2"
        assert kazoo_client.get_children(f"{database}/rules/broadcast/tables/versions") == ["2"]
        worker = read(f"/{namespace}/nodes/compute_nodes/worker_id/{engine.instance_id}")
        assert worker == str(engine.worker_id)
        assert read(f"/{namespace}/reservation/worker_id/{worker}") == engine.instance_id
        online = read(f"/{namespace}/nodes/compute_nodes/online/jdbc/{engine.instance_id}")
        assert online.startswith("attribute: 127.0.0.1\ndatabaseName: orders_db\nversion: sqlroute-")
        assert read(f"/{namespace}/nodes/compute_nodes/status/{engine.instance_id}") == "OK"
        engine.set_read_data_source_enabled("main", "replica_1", False)
        assert read(f"/{namespace}/nodes/qualified_data_sources/orders_db.main.replica_1") == "state: DISABLED\n"


def test_digest_acl_guards_the_registry(zookeeper, registry_url, namespace, kazoo_client) -> None:
    digest = "sqlroute:digest-secret"
    logged = []
    from kazoo.client import KazooClient
    from kazoo.exceptions import NoAuthError

    with join(registry_url, digest=digest, log=logged.append) as engine:
        granted = KazooClient(hosts=zookeeper.servers, auth_data=[("digest", digest)])
        granted.start(timeout=30)
        try:
            acls, _ = granted.get_acls(f"/{namespace}/metadata/orders_db/rules/sharding/tables/t_order")
        finally:
            granted.stop()
            granted.close()
        assert [acl.id.scheme for acl in acls] == ["digest"]  # CREATOR_ALL_ACL
        assert acls[0].id.id.startswith("sqlroute:")
        with pytest.raises(NoAuthError):
            kazoo_client.get(f"/{namespace}/metadata/orders_db/rules/sharding/tables/t_order/versions/0")
        with join(registry_url, rules=None, digest=digest) as second:
            assert second.route("SELECT * FROM t_audit").units
        with pytest.raises(sqlroute.Error) as caught:
            join(registry_url, rules=None, digest="sqlroute:wrong")
        assert caught.value.code in ("REGISTRY_ACCESS_DENIED", "REGISTRY_CONTENT_INVALID")
        assert "digest-secret" not in str(caught.value) and "wrong" not in str(caught.value)
        assert engine.cluster_status()["connected"]
    assert not any("digest-secret" in line for line in logged)
