"""INSERT ... SELECT on real databases, routed as ShardingSphere routes it.

The rules are tests/golden/rules/rewrite_sharding.yaml: t_order and t_order_item are bound,
on ds_{user_id % 2} in tables _{order_id % 2}. Each unit of an INSERT ... SELECT inserts into one
actual table the rows its data source selects from the bound actual table beside it, so rows
never move between data nodes: each node must end up holding exactly the copies of its own rows,
and a SELECT whose conditions leave a row's node open is refused before anything runs.
"""

from __future__ import annotations

import random
from typing import Dict, List, Tuple

import pytest

import sqlroute
from mariadb_paths import GOLDEN_RULES
from routed_db import RoutedDatabase

DATA_SOURCES = ["ds_0", "ds_1"]
ORDER_DDL = "CREATE TABLE {t} (order_id INT PRIMARY KEY, user_id INT, status VARCHAR(16), price DECIMAL(10, 2))"
ITEM_DDL = "CREATE TABLE {t} (item_id BIGINT PRIMARY KEY, order_id INT, user_id INT, quantity INT)"
ORDERS = 60

Node = Tuple[str, str]  # (data source, actual table)


def order_node(table: str, order_id: int, user_id: int) -> Node:
    return f"ds_{user_id % 2}", f"{table}_{order_id % 2}"


@pytest.fixture()
def routed(databases) -> Tuple[RoutedDatabase, Dict[str, str], List[tuple]]:
    mapping = {ds: f"sr_insert_select_{ds}" for ds in DATA_SOURCES}
    ddl = [ORDER_DDL.format(t=f"t_order_{k}") for k in (0, 1)] + [ITEM_DDL.format(t=f"t_order_item_{k}") for k in (0, 1)]
    for database in mapping.values():
        databases.recreate(database, ddl)
    db = RoutedDatabase(sqlroute.Engine.from_yaml(GOLDEN_RULES / "rewrite_sharding.yaml"), databases, mapping)
    rng = random.Random(24)
    orders = [(order_id, rng.randint(0, 9), rng.choice(["paid", "new"]), f"{rng.randint(1, 500)}.00")
              for order_id in range(1, ORDERS + 1)]
    for row in orders:
        db.execute("INSERT INTO t_order (order_id, user_id, status, price) VALUES (?, ?, ?, ?)", list(row))
    return db, mapping, orders


def rows_on(databases, mapping: Dict[str, str], node: Node) -> List[tuple]:
    return sorted(databases.run(mapping[node[0]], f"SELECT * FROM {node[1]}").rows)


def items_by_node(databases, mapping: Dict[str, str]) -> Dict[Node, List[tuple]]:
    return {(ds, f"t_order_item_{k}"): rows_on(databases, mapping, (ds, f"t_order_item_{k}"))
            for ds in DATA_SOURCES for k in (0, 1)}


def test_every_node_copies_its_own_rows(routed, databases) -> None:
    db, mapping, orders = routed
    outcome = db.execute("INSERT INTO t_order_item (item_id, order_id, user_id, quantity) "
                         "SELECT order_id + 1000, order_id, user_id, 2 FROM t_order")
    assert len(outcome.unit_sql) == 4
    assert outcome.rowcount == ORDERS
    expected: Dict[Node, List[tuple]] = {}
    for order_id, user_id, _, _ in orders:
        node = order_node("t_order_item", order_id, user_id)
        expected.setdefault(node, []).append((order_id + 1000, order_id, user_id, 2))
    assert items_by_node(databases, mapping) == {node: sorted(expected.get(node, [])) for node in items_by_node(databases, mapping)}


@pytest.mark.parametrize("literal", [True, False])
def test_conditions_on_the_sharding_columns_reach_one_node(routed, databases, literal: bool) -> None:
    db, mapping, orders = routed
    order_id, user_id = orders[6][0], orders[6][1]
    sql = ("INSERT INTO t_order_item (item_id, order_id, user_id, quantity) SELECT order_id + 2000, order_id, user_id, 5 "
           "FROM t_order WHERE order_id = {} AND user_id = {}")
    outcome = (db.execute(sql.format(order_id, user_id)) if literal
               else db.execute(sql.format("?", "?"), [order_id, user_id]))
    node = order_node("t_order_item", order_id, user_id)
    assert [(u[0], u[1].split()[2]) for u in outcome.unit_sql] == [node]
    assert outcome.rowcount == 1
    expected = {each: [] for each in items_by_node(databases, mapping)}
    expected[node] = [(order_id + 2000, order_id, user_id, 5)]
    assert items_by_node(databases, mapping) == expected


def test_a_sub_query_with_the_same_conditions_stays_on_one_node(routed, databases) -> None:
    db, mapping, orders = routed
    order_id, user_id = orders[9][0], orders[9][1]
    db.execute("INSERT INTO t_order_item (item_id, order_id, user_id, quantity) SELECT order_id, order_id, user_id, 1 "
               "FROM t_order WHERE order_id = ? AND user_id = ? AND status IN "
               "(SELECT status FROM t_order WHERE order_id = ? AND user_id = ?)", [order_id, user_id, order_id, user_id])
    expected = {each: [] for each in items_by_node(databases, mapping)}
    expected[order_node("t_order_item", order_id, user_id)] = [(order_id, order_id, user_id, 1)]
    assert items_by_node(databases, mapping) == expected


def test_a_row_whose_node_is_open_is_refused_and_nothing_runs(routed, databases) -> None:
    db, mapping, orders = routed
    with pytest.raises(sqlroute.RouteError) as raised:
        db.execute("INSERT INTO t_order_item (item_id, order_id, user_id, quantity) "
                   "SELECT order_id, order_id, user_id, 1 FROM t_order WHERE order_id = ?", [orders[0][0]])
    assert raised.value.code == "INSERT_MULTIPLE_NODES"
    assert all(rows == [] for rows in items_by_node(databases, mapping).values())
