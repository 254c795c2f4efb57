"""``sqlroute.parse``: a read-only look at how the engine understands a statement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Tuple

from sqlroute._native import core


@dataclass(frozen=True)
class ParsedTable:
    """A table reference as written: ``[schema.]name [AS alias]``."""

    name: str
    schema: Optional[str] = None
    alias: Optional[str] = None

    def __repr__(self) -> str:
        extra = "".join(f", {key}={getattr(self, key)!r}" for key in ("schema", "alias") if getattr(self, key))
        return f"ParsedTable({self.name!r}{extra})"


@dataclass(frozen=True)
class ParsedStatement:
    """The statement kind (e.g. ``"SELECT"``), its table references in source order, and
    the number of ``?`` parameter markers."""

    kind: str
    tables: Tuple[ParsedTable, ...]
    params: int


def parse(sql: str) -> ParsedStatement:
    """Parses one MySQL statement; raises :class:`sqlroute.SqlSyntaxError` with its position."""
    kind, tables, params = core.parse(sql)
    return ParsedStatement(kind, tuple(ParsedTable(name, schema, alias) for name, schema, alias in tables), params)
