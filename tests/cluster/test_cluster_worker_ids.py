"""Worker ids: unique among live instances, the lowest free one first, freed when an instance
leaves (ShardingSphere's ClusterWorkerIdGenerator), and the one Snowflake keys carry."""

from __future__ import annotations

import random
import threading

from cluster_support import join, wait_until

INSERT = "INSERT INTO t_order (user_id, status) VALUES (?, ?)"


def live_worker_ids(engine):
    return sorted(node["worker_id"] for node in engine.compute_nodes())


def test_sixteen_instances_joining_and_leaving_never_share_a_worker_id(registry_url) -> None:
    first = join(registry_url)
    members = [first]
    try:
        joined = []
        threads = [threading.Thread(target=lambda: joined.append(join(registry_url, rules=None))) for _ in range(15)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        members += joined
        assert len(members) == 16
        assert sorted(member.worker_id for member in members) == list(range(16))
        assert live_worker_ids(first) == list(range(16))

        shuffle = random.Random(27)
        for _round in range(6):
            leaving = shuffle.sample(members[1:], 3)
            for member in leaving:
                member.close()
                members.remove(member)
            freed = sorted(member.worker_id for member in leaving)
            for _ in leaving:
                members.append(join(registry_url, rules=None))
            ids = [member.worker_id for member in members]
            assert len(set(ids)) == len(ids) == 16
            assert sorted(ids[-3:]) == freed  # the lowest free ids are taken again
            assert live_worker_ids(first) == sorted(ids)
            assert {node["instance_id"] for node in first.compute_nodes()} == {m.instance_id for m in members}
    finally:
        for member in members:
            member.close()


def test_show_compute_nodes_lists_what_each_instance_registered(registry_url) -> None:
    with join(registry_url, labels=["blue"]) as first, join(
            registry_url, rules=None, instance_type="proxy", attribute="10.0.0.7@3307") as proxy:
        nodes = {node["instance_id"]: node for node in first.compute_nodes()}
        assert nodes[proxy.instance_id] == {
            "instance_id": proxy.instance_id, "instance_type": "proxy", "host": "10.0.0.7", "port": 3307,
            "status": "OK", "mode_type": "Cluster", "worker_id": proxy.worker_id, "labels": [],
            "version": nodes[proxy.instance_id]["version"], "database_name": "orders_db"}
        assert nodes[first.instance_id]["labels"] == ["blue"]
        assert nodes[first.instance_id]["instance_type"] == "jdbc"
        assert nodes[first.instance_id]["version"].startswith("sqlroute-")
        proxy.close()
        wait_until(lambda: [node["instance_id"] for node in first.compute_nodes()] == [first.instance_id])


def test_snowflake_keys_carry_the_registry_worker_id(registry_url) -> None:
    with join(registry_url) as first, join(registry_url, rules=None) as second:
        for engine in (first, second):
            plan = engine.route(INSERT, [1, "new"])
            order_id = int(plan.units[0].params[-1])
            assert (order_id >> 12) & 0x3FF == engine.worker_id
        assert first.worker_id != second.worker_id
