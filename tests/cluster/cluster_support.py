"""Helpers of the cluster-mode tests: joining engines, waiting for a routing change."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Callable, List

import sqlroute

ORDERS = Path(__file__).resolve().parent / "rules" / "orders.yaml"
SESSION_TIMEOUT = 4.0  # seconds; the test server's tick allows it
CONNECT_TIMEOUT = 20.0


def join(url: str, *, rules=ORDERS, database: str = "orders_db", **options) -> "sqlroute.cluster.ClusterEngine":
    options.setdefault("session_timeout", SESSION_TIMEOUT)
    options.setdefault("connect_timeout", CONNECT_TIMEOUT)
    return sqlroute.Engine.from_cluster(url, database=database, rules=rules, **options)


def wait_until(condition: Callable[[], bool], timeout: float = 20.0, interval: float = 0.005) -> float:
    """Seconds until `condition()` held (a sqlroute.Error counts as not yet); AssertionError after `timeout`."""
    start = time.monotonic()
    while not _holds(condition):
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not within {timeout} s: {condition}")
        time.sleep(interval)
    return time.monotonic() - start


def _holds(condition: Callable[[], bool]) -> bool:
    try:
        return bool(condition())
    except sqlroute.Error:
        return False


def unit_sqls(engine, sql: str, params: List[object]) -> List[str]:
    return [f"{unit.data_source}: {unit.sql}" for unit in engine.route(sql, params).units]
