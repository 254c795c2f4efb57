"""sqlroute.Session: transaction state for read/write splitting (PRIMARY, FIXED, DYNAMIC, affinity)."""

import threading
import time

import pytest

import sqlroute

READ = "SELECT * FROM t_order WHERE id = 1"
WRITE = "UPDATE t_order SET a = 1 WHERE id = 1"


def engine_with(strategy: str) -> sqlroute.Engine:
    return sqlroute.Engine.from_dict({
        "dataSources": {name: {"url": f"jdbc:mysql://h/{name}"} for name in ("primary", "replica_0", "replica_1")},
        "rules": {"readwrite_splitting": {
            "dataSourceGroups": {"rw": {"writeDataSourceName": "primary",
                                        "readDataSourceNames": ["replica_0", "replica_1"],
                                        "transactionalReadQueryStrategy": strategy,
                                        "loadBalancerName": "rr"}},
            "loadBalancers": {"rr": {"type": "ROUND_ROBIN"}},
        }},
    })


def reads(engine: sqlroute.Engine, session: sqlroute.Session, count: int = 4) -> list:
    return [engine.route(READ, session=session).units[0].data_source for _ in range(count)]


def test_defaults_and_repr() -> None:
    session = sqlroute.Session()
    assert (session.in_transaction, session.fixed_replicas, session.read_after_write_affinity,
            session.affinity_window, session.last_write) == (False, {}, False, 0.0, None)
    assert repr(session).startswith("Session(in_transaction=False")


def test_transaction_statements_update_the_session() -> None:
    engine, session = engine_with("PRIMARY"), sqlroute.Session()
    engine.route("BEGIN", session=session)
    assert session.in_transaction
    engine.route("COMMIT", session=session)
    assert not session.in_transaction
    engine.route("SET autocommit = 0", session=session)
    assert session.in_transaction
    engine.route("ROLLBACK", session=session)
    assert not session.in_transaction


def test_primary_strategy_reads_from_the_primary_in_transactions() -> None:
    engine, session = engine_with("PRIMARY"), sqlroute.Session()
    assert set(reads(engine, session)) == {"replica_0", "replica_1"}
    engine.route("START TRANSACTION", session=session)
    assert set(reads(engine, session)) == {"primary"}
    engine.route("COMMIT", session=session)
    assert set(reads(engine, session)) == {"replica_0", "replica_1"}


def test_fixed_strategy_keeps_one_replica_per_transaction() -> None:
    engine, session = engine_with("FIXED"), sqlroute.Session()
    engine.route("BEGIN", session=session)
    first = reads(engine, session)
    assert len(set(first)) == 1 and first[0].startswith("replica")
    assert session.fixed_replicas == {"rw": first[0]}
    engine.route("COMMIT", session=session)
    assert session.fixed_replicas == {}


def test_fixed_replica_can_be_set_by_hand() -> None:
    engine, session = engine_with("FIXED"), sqlroute.Session()
    session.in_transaction = True
    session.fixed_replicas = {"rw": "replica_1"}
    assert set(reads(engine, session)) == {"replica_1"}


def test_dynamic_strategy_balances_inside_transactions() -> None:
    engine, session = engine_with("DYNAMIC"), sqlroute.Session()
    engine.route("BEGIN", session=session)
    assert set(reads(engine, session)) == {"replica_0", "replica_1"}
    assert session.fixed_replicas == {}


def test_read_after_write_affinity_in_a_transaction() -> None:
    engine = engine_with("DYNAMIC")
    session = sqlroute.Session(read_after_write_affinity=True)
    engine.route("BEGIN", session=session)
    assert set(reads(engine, session, 2)) != {"primary"}
    assert engine.route(WRITE, session=session).units[0].data_source == "primary"
    assert session.last_write is not None
    assert set(reads(engine, session)) == {"primary"}
    engine.route("COMMIT", session=session)
    assert "primary" not in reads(engine, session)


def test_read_after_write_affinity_window_outside_transactions() -> None:
    engine = engine_with("DYNAMIC")
    session = sqlroute.Session(read_after_write_affinity=True, affinity_window=60)
    engine.route(WRITE, session=session)
    assert set(reads(engine, session)) == {"primary"}
    session.last_write = time.monotonic() - 120  # the write is older than the window
    assert "primary" not in reads(engine, session)
    session.last_write = None
    assert "primary" not in reads(engine, session)


def test_without_affinity_reads_after_writes_use_replicas() -> None:
    engine, session = engine_with("DYNAMIC"), sqlroute.Session(affinity_window=60)
    engine.route(WRITE, session=session)
    assert "primary" not in reads(engine, session)


def test_attribute_validation() -> None:
    session = sqlroute.Session()
    with pytest.raises(ValueError):
        session.affinity_window = -1
    session.affinity_window = 0.25
    assert session.affinity_window == 0.25


def test_one_session_shared_by_threads_stays_consistent() -> None:
    engine, session = engine_with("FIXED"), sqlroute.Session()
    engine.route("BEGIN", session=session)
    seen = []

    def route() -> None:
        seen.extend(reads(engine, session, 200))

    threads = [threading.Thread(target=route) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(seen) == 800 and len(set(seen)) == 1
