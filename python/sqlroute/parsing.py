"""``sqlroute.parse``: a read-only look at how the engine understands a statement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from sqlroute._native import core


@dataclass(frozen=True)
class ParsedTable:
    """A table reference as written, ``[schema.]name [AS alias]``, and its role:
    ``from``, ``insert``, ``update``, ``delete``, ``ddl``, ``reference`` or ``other``."""

    name: str
    schema: Optional[str] = None
    alias: Optional[str] = None
    role: str = "from"

    @property
    def qualified_name(self) -> str:
        """``schema.name`` when a schema is written, else ``name``."""
        return f"{self.schema}.{self.name}" if self.schema else self.name

    def __repr__(self) -> str:
        extra = "".join(f", {key}={getattr(self, key)!r}" for key in ("schema", "alias") if getattr(self, key))
        return f"ParsedTable({self.name!r}{extra}, role={self.role!r})"


@dataclass(frozen=True)
class ParsedStatement:
    """How the engine reads one statement.

    ``kind`` (e.g. ``"SELECT"``, ``"CREATE TABLE"``), ``tables`` (every table reference in
    source order), ``params`` (number of ``?`` markers), and the names of ``schemas``,
    ``indexes`` and ``constraints`` a statement mentions, plus its ``comments`` as written.
    One-line outlines, texts as written: ``joins`` of the main query or of UPDATE/DELETE
    (``"LEFT JOIN ON a.x = b.x"``), SET ``variables`` (``"GLOBAL max_connections = 100"``),
    ``windows`` (``"ROW_NUMBER OVER PARTITION BY a ORDER BY b"``) and ``call_orders``
    (``"GROUP_CONCAT ORDER BY b DESC"``).
    """

    kind: str
    tables: Tuple[ParsedTable, ...]
    params: int
    schemas: Tuple[str, ...] = ()
    indexes: Tuple[str, ...] = ()
    constraints: Tuple[str, ...] = ()
    comments: Tuple[str, ...] = ()
    joins: Tuple[str, ...] = ()
    variables: Tuple[str, ...] = ()
    windows: Tuple[str, ...] = ()
    call_orders: Tuple[str, ...] = ()

    def __repr__(self) -> str:
        parts = [f"kind={self.kind!r}", f"tables={list(self.tables)!r}", f"params={self.params}"]
        listed = ("schemas", "indexes", "constraints", "comments", "joins", "variables", "windows", "call_orders")
        parts += [f"{key}={list(getattr(self, key))!r}" for key in listed if getattr(self, key)]
        return f"ParsedStatement({', '.join(parts)})"


def parse(sql: str) -> ParsedStatement:
    """Parses one MySQL statement; raises :class:`sqlroute.SqlSyntaxError` with its position."""
    native = core.parse(sql)
    return ParsedStatement(
        kind=native["kind"],
        tables=tuple(ParsedTable(*table) for table in native["tables"]),
        params=native["params"],
        schemas=tuple(native["schemas"]),
        indexes=tuple(native["indexes"]),
        constraints=tuple(native["constraints"]),
        comments=tuple(native["comments"]),
        joins=tuple(native["joins"]),
        variables=tuple(native["variables"]),
        windows=tuple(native["windows"]),
        call_orders=tuple(native["call_orders"]),
    )
