"""The seed's sharding scenario on four shard databases plus one unsharded reference database.

Tables are created through the engine (routed CREATE TABLE) and loaded through routed
multi-row INSERTs; the reference database gets the same rows directly. t_order_item's item_id
comes from the engine's SNOWFLAKE key generator: the reference receives the generated keys
read from the units' parameters.
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Sequence, Tuple

import sqlroute
from mariadb_paths import RULES_DIR
from datagen import (ITEM_COLUMNS, ITEM_DDL, ORDER_COLUMNS, ORDER_DDL, STATUS_DDL, STATUS_ROWS, USER_COLUMNS,
                     USER_DDL, Generator)
from routed_db import Databases, RoutedDatabase

RULES = RULES_DIR / "sharding.yaml"
SHARDS = {f"ds_{i}": f"sr_shard_{i}" for i in range(4)}
REFERENCE = "sr_reference"
BATCH = 50

TABLE_DDL = {"t_user": USER_DDL, "t_order": ORDER_DDL, "t_order_item": ITEM_DDL, "t_status": STATUS_DDL}


def insert_sql(table: str, columns: Sequence[str], rows: int) -> str:
    marks = "(" + ", ".join("?" * 1 for _ in columns) + ")"
    return f"INSERT INTO {table} ({', '.join(columns)}) VALUES " + ", ".join([marks] * rows)


def unit_rows(unit: sqlroute.SqlUnit) -> Tuple[List[str], List[List[Any]]]:
    """The column list and rows of a routed INSERT unit (generated keys included)."""
    match = re.search(r"\(([^)]*)\)\s*VALUES", unit.sql, re.IGNORECASE)
    columns = [c.strip().strip("`") for c in match.group(1).split(",")]
    width = len(columns)
    return columns, [list(unit.params[i:i + width]) for i in range(0, len(unit.params), width)]


class ShardingLayout:
    def __init__(self, databases: Databases) -> None:
        self.databases = databases
        self.engine = sqlroute.Engine.from_yaml(RULES)
        self.routed = RoutedDatabase(self.engine, databases, SHARDS)
        self.generated_item_ids: List[int] = []

    @classmethod
    def loaded(cls, databases: Databases, generator: Generator) -> "ShardingLayout":
        """A layout with its databases created and `generator`'s rows loaded."""
        layout = cls(databases)
        layout.create()
        layout.load(generator)
        return layout

    def create(self) -> None:
        for database in SHARDS.values():
            self.databases.recreate(database)
        self.databases.recreate(REFERENCE, [ddl.format(table=t) for t, ddl in TABLE_DDL.items()])
        for table, ddl in TABLE_DDL.items():
            self.routed.execute(ddl.format(table=table))

    def load_direct_and_routed(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self.databases.insert_many(REFERENCE, table, columns, rows)
        self.insert_routed(table, columns, rows, reference=False)

    def insert_routed(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                      reference: bool) -> int:
        """Routed INSERTs of `rows`, BATCH rows a statement; `reference`: also insert the rows as
        the units wrote them (with generated keys) into the reference database."""
        affected = 0
        for start in range(0, len(rows), BATCH):
            batch = rows[start:start + BATCH]
            plan = self.routed.route(insert_sql(table, columns, len(batch)), [v for row in batch for v in row])
            affected += self.routed.execute_plan(plan).rowcount
            if reference:
                for unit in plan.units:
                    unit_columns, written = unit_rows(unit)
                    self.databases.insert_many(REFERENCE, table, unit_columns, written)
                    if "item_id" in unit_columns:
                        position = unit_columns.index("item_id")
                        self.generated_item_ids.extend(int(row[position]) for row in written)
        return affected

    def load(self, generator: Generator) -> Dict[str, int]:
        users = generator.users()
        orders = generator.orders()
        items = generator.items(orders)
        self.load_direct_and_routed("t_user", USER_COLUMNS, users)
        self.load_direct_and_routed("t_order", ORDER_COLUMNS, orders)
        self.load_direct_and_routed("t_status", ["id", "label"], STATUS_ROWS)
        item_count = self.insert_routed("t_order_item", ITEM_COLUMNS, items, reference=True)
        return {"t_user": len(users), "t_order": len(orders), "t_status": len(STATUS_ROWS), "t_order_item": item_count}

    def actual_tables(self, logic: str) -> List[Tuple[str, str]]:
        """(data source, actual table) of every data node of a logic table, from a full route."""
        plan = self.engine.route(f"SELECT * FROM {logic}")
        return [(unit.data_source, mapping.actual) for unit in plan.route_units for mapping in unit.tables
                if mapping.logic == logic]
