"""Databases on the test server, and a logic database served through sqlroute + merge.

``Databases`` keeps one autocommit connection per physical database. ``RoutedDatabase`` routes a
logic statement with an engine, runs every unit on the database its data source maps to, merges
the units' results with ``sqlroute.merge`` and decrypts encrypted columns, as a proxy would.
``Outcome`` is what a client sees: column labels, rows, affected row count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

import pymysql

import sqlroute
from sql_binding import bind, plain_value


@dataclass
class Outcome:
    columns: List[str]
    rows: List[Tuple[Any, ...]]
    rowcount: int = 0
    plan: Optional[sqlroute.Plan] = None
    unit_sql: List[Tuple[str, str]] = field(default_factory=list)


class Databases:
    """Physical databases on one server, each with its own connection."""

    def __init__(self, server) -> None:
        self.server = server
        self._connections: Dict[str, pymysql.connections.Connection] = {}

    def recreate(self, name: str, ddl: Sequence[str] = ()) -> None:
        with self.server.connect() as admin, admin.cursor() as cursor:
            cursor.execute(f"DROP DATABASE IF EXISTS `{name}`")
            cursor.execute(f"CREATE DATABASE `{name}`")
        if name in self._connections:
            self._connections.pop(name).close()
        for statement in ddl:
            self.run(name, statement)

    def connection(self, name: str) -> pymysql.connections.Connection:
        if name not in self._connections:
            self._connections[name] = self.server.connect(name)
        return self._connections[name]

    def run(self, name: str, sql: str, params: Sequence[Any] = ()) -> Outcome:
        connection = self.connection(name)
        text = bind(sql, params, connection.literal) if params else sql
        with connection.cursor() as cursor:
            rowcount = cursor.execute(text)
            columns = [d[0] for d in cursor.description] if cursor.description else []
            rows = list(cursor.fetchall()) if cursor.description else []
        return Outcome(columns, rows, rowcount)

    def insert_many(self, name: str, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        connection = self.connection(name)
        marks = ", ".join(["%s"] * len(columns))
        with connection.cursor() as cursor:
            cursor.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                               [tuple(plain_value(v) for v in row) for row in rows])

    def close(self) -> None:
        for connection in self._connections.values():
            connection.close()
        self._connections.clear()


class RoutedDatabase:
    """A logic database: ``engine`` routes, ``data_sources`` maps data source -> database."""

    def __init__(self, engine: sqlroute.Engine, databases: Databases, data_sources: Mapping[str, str],
                 collation: str = "general_ci") -> None:
        self.engine = engine
        self.databases = databases
        self.data_sources = dict(data_sources)
        self.collation = collation

    def route(self, sql: str, params: Sequence[Any] = (), hints: Any = None) -> sqlroute.Plan:
        return self.engine.route(sql, list(params), hints=hints)

    def execute(self, sql: str, params: Sequence[Any] = (), hints: Any = None) -> Outcome:
        plan = self.route(sql, params, hints)
        return self.execute_plan(plan)

    def execute_plan(self, plan: sqlroute.Plan) -> Outcome:
        results = []
        counts = []
        for unit in plan.units:
            outcome = self.databases.run(self.data_sources[unit.data_source], unit.sql, unit.params)
            results.append((outcome.columns, outcome.rows))
            counts.append(outcome.rowcount)
        unit_sql = [(u.data_source, u.sql) for u in plan.units]
        if plan.statement_kind != "SELECT":
            # Like ShardingSphere's isNeedAccumulate: a statement on broadcast tables reports one copy's
            # count (the plan carries no instruction for this; the proxy decides from the route type).
            rowcount = max(counts, default=0) if plan.route_type == "Broadcast" else sum(counts)
            if not any(columns for columns, _ in results):  # no MariaDB RETURNING rows
                return Outcome([], [], rowcount, plan, unit_sql)
        else:
            rowcount = 0
        columns, rows = sqlroute.merge(plan, results, collation=self.collation)
        return Outcome(columns, self._decrypt(plan, columns, rows), rowcount, plan, unit_sql)

    def _decrypt(self, plan: sqlroute.Plan, columns: List[str], rows: List[Tuple[Any, ...]]) -> List[Tuple[Any, ...]]:
        native_plan = plan._native  # decrypt_columns / decrypt_row: the native API (Python wrapper pending)
        if not getattr(native_plan, "decrypt_columns", None):
            return rows
        return [tuple(self.engine._native.decrypt_row(native_plan, columns, list(row))) for row in rows]
