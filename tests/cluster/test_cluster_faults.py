"""Registry faults never stop routing: ZooKeeper stopped and started while threads route, and a
session that expires. Instances keep their last rules, say so, and catch up."""

from __future__ import annotations

import threading
import time

import pytest

import sqlroute
from cluster_support import join, unit_sqls, wait_until

ORDER_BY_ID = "SELECT * FROM t_order WHERE user_id = ? AND order_id = ?"
FOUR_TABLES = """ALTER SHARDING TABLE RULE t_order (
  DATANODES('ds_${0..1}.t_order_${0..3}'),
  DATABASE_STRATEGY(TYPE='standard', SHARDING_COLUMN=user_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='ds_${user_id % 2}')))),
  TABLE_STRATEGY(TYPE='standard', SHARDING_COLUMN=order_id, SHARDING_ALGORITHM(TYPE(NAME='INLINE', PROPERTIES('algorithm-expression'='t_order_${order_id % 4}')))),
  KEY_GENERATE_STRATEGY(COLUMN=order_id, TYPE(NAME='SNOWFLAKE')));"""
BEFORE = ["ds_1: SELECT * FROM t_order_1 WHERE user_id = ? AND order_id = ?"]
AFTER = ["ds_1: SELECT * FROM t_order_3 WHERE user_id = ? AND order_id = ?"]


class Routers:
    """Threads that route without pause and keep every error and every routing they saw."""

    def __init__(self, engine, count: int) -> None:
        self.engine = engine
        self.stop = threading.Event()
        self.errors = []
        self.seen = set()
        self.routed = 0
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(count)]

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                sqls = tuple(unit_sqls(self.engine, ORDER_BY_ID, [3, 7]))
            except Exception as error:  # noqa: BLE001 - any error reaching a caller fails the test
                with self.lock:
                    self.errors.append(error)
                continue
            with self.lock:
                self.seen.add(sqls)
                self.routed += 1

    def __enter__(self) -> "Routers":
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()


def test_zookeeper_stopped_and_started_while_eight_threads_route(zookeeper, registry_url) -> None:
    logged = []
    with join(registry_url, log=logged.append) as engine, join(registry_url, rules=None) as other:
        with Routers(engine, 8) as routers:
            zookeeper.stop()
            wait_until(lambda: not engine.cluster_status()["connected"], timeout=20)
            with pytest.raises(sqlroute.ClusterError) as caught:
                engine.apply_distsql(FOUR_TABLES)
            assert caught.value.code == "REGISTRY_UNAVAILABLE"
            routed_while_down = routers.routed
            time.sleep(1.0)
            assert routers.routed > routed_while_down  # routing went on
            zookeeper.start()
            wait_until(lambda: engine.cluster_status()["connected"] and other.cluster_status()["connected"], timeout=30)
            other.apply_distsql(FOUR_TABLES)
            took = wait_until(lambda: unit_sqls(engine, ORDER_BY_ID, [3, 7]) == AFTER, timeout=10)
        assert routers.errors == []
        assert routers.seen == {tuple(BEFORE), tuple(AFTER)}
        status = engine.cluster_status()
        assert status["disconnects"] >= 1 and status["session_expiries"] == 0
        assert any("lost the registry" in line and "last rules" in line for line in logged)
        assert any("is back; catching up" in line for line in logged)
        assert took < 10


def test_an_expired_session_registers_again_under_a_fresh_unique_worker_id(registry_url) -> None:
    logged = []
    with join(registry_url, log=logged.append) as engine, join(registry_url, rules=None) as other:
        with Routers(engine, 4) as routers:
            engine._expire_session()
            try:
                wait_until(lambda: engine.cluster_status()["session_expiries"] == 1, timeout=30)
                wait_until(lambda: engine.cluster_status()["connected"], timeout=30)
            except AssertionError as error:
                raise AssertionError(f"{error}; status {engine.cluster_status()}; log {logged}") from None
            nodes = other.compute_nodes()
            ids = [node["worker_id"] for node in nodes]
            assert sorted(node["instance_id"] for node in nodes) == sorted([engine.instance_id, other.instance_id])
            assert len(set(ids)) == 2 and engine.worker_id in ids and other.worker_id in ids
            other.apply_distsql(FOUR_TABLES)
            wait_until(lambda: unit_sqls(engine, ORDER_BY_ID, [3, 7]) == AFTER, timeout=10)
        assert routers.errors == []
        assert any("session expired" in line for line in logged)
        plan = engine.route("INSERT INTO t_order (user_id, status) VALUES (?, ?)", [1, "x"])
        assert (int(plan.units[0].params[-1]) >> 12) & 0x3FF == engine.worker_id


def test_a_closed_engine_routes_on_and_refuses_registry_calls(registry_url) -> None:
    engine = join(registry_url)
    engine.close()
    assert unit_sqls(engine, ORDER_BY_ID, [3, 7]) == BEFORE
    with pytest.raises(sqlroute.ClusterError) as caught:
        engine.apply_distsql(FOUR_TABLES)
    assert caught.value.code == "CLUSTER_CLOSED"
