"""The result of routing one statement."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, List, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from sqlroute.engine import Engine


@dataclass(frozen=True)
class SqlUnit:
    """One statement a data source receives: its actual SQL and parameters."""

    data_source: str
    sql: str
    params: List[Any]

    def __hash__(self) -> int:
        return hash((self.data_source, self.sql, tuple(self.params)))


@dataclass(frozen=True)
class BatchUnit:
    """What one data source receives for a batch: its actual SQL and, in input order, the
    parameter sets it runs with plus the index of the input set each came from."""

    data_source: str
    sql: str
    param_sets: List[List[Any]]
    inputs: List[int]


@dataclass(frozen=True)
class TableMapping:
    """A logic table and the actual table that replaces it in one unit."""

    logic: str
    actual: str


@dataclass(frozen=True)
class RouteUnit:
    """Where one unit goes before rewriting.

    ``logic_data_source`` is the data source the route named (a read/write group, a shadow data
    source or production source: the start of a chain); ``data_source`` the storage unit at the
    end of the chain, which receives the SQL.
    """

    logic_data_source: str
    data_source: str
    tables: Tuple[TableMapping, ...]


@dataclass(frozen=True)
class RouteDecision:
    """What a sharding algorithm did with a sharding value (explain's "Sharding" lines)."""

    table: str
    column: str
    algorithm: str
    condition: str
    targets: Tuple[str, ...]
    database_level: bool


@dataclass(frozen=True)
class ScatterReason:
    """Why a statement reaches more than one unit: a stable ``code`` (engine's
    ``scatter_reasons.def``), the strategy ``level`` (``"data source"``, ``"table"`` or
    ``"statement"``), the logic ``table`` (empty for a statement-wide reason) and the ``message``."""

    code: str
    level: str
    table: str
    message: str


@dataclass(frozen=True)
class DecryptColumn:
    """A result column holding ciphertext: the proxy decrypts it (see :meth:`Plan.decrypt_row`).

    ``label`` is the logical column name or alias, ``index`` its 0-based position in a
    unit's rows (``None``: look ``label`` up), ``encryptor`` the encrypt rule's encryptor.
    """

    label: str
    index: Optional[int]
    table: str
    logic_column: str
    encryptor: str


class Plan:
    """What each data source receives for one logic statement, and why.

    Attributes: ``units`` (:class:`SqlUnit` list, in execution order), ``route_type``
    (e.g. ``"Standard"``), ``route_units`` (:class:`RouteUnit` list), ``decisions``
    (:class:`RouteDecision` list), ``warnings`` (e.g. why a statement routes to every
    node), ``notes`` (why units went to a primary, a replica or a shadow database), ``statement_kind`` (e.g. ``"SELECT"``), ``logic_sql``, ``decrypt_columns``
    (:class:`DecryptColumn` list: encrypted result columns), ``scatter_reasons``
    (:class:`ScatterReason` list: why the statement reaches several units; empty for one),
    ``session_statement`` (TCL, SET, USE: they follow the session, and are no scatter) and
    ``generated_keys`` (the values a key generator gave an INSERT's rows, in row order).
    """

    __slots__ = ("_native", "_engine", "units", "route_type", "route_units", "decisions", "warnings",
                 "notes", "statement_kind", "logic_sql", "decrypt_columns", "scatter_reasons",
                 "session_statement", "generated_keys")

    def __init__(self, native: Any, engine: Optional["Engine"] = None) -> None:
        # The attributes are read from the native plan when first used (__getattr__): a route()
        # whose caller looks at the units only does not pay for the rest.
        self._native = native
        self._engine = engine

    def __getattr__(self, name: str) -> Any:
        """Called for an attribute not read yet: converts it from the native plan, once."""
        convert = _CONVERSIONS.get(name)
        if convert is None:
            raise AttributeError(f"'Plan' object has no attribute '{name}'")
        value = convert(object.__getattribute__(self, "_native"))
        object.__setattr__(self, name, value)
        return value

    def explain(self) -> str:
        """The readable explain table: route type, sharding decisions, warnings and units."""
        return self._native.explain()

    def preview(self) -> List[Tuple[str, str]]:
        """ShardingSphere's ``PREVIEW`` rows: ``(data_source_name, actual_sql)`` per unit."""
        return [(unit.data_source, unit.sql) for unit in self.units]

    def decrypt_row(self, labels: Sequence[str], row: Sequence[Any]) -> List[Any]:
        """One result row with its encrypted columns (:attr:`decrypt_columns`) decrypted.

        ``labels`` are the row's column labels (used for columns without a fixed
        position). The engine that routed the plan decrypts with its current rules; the
        keys never leave it. Raises :class:`sqlroute.RewriteError` (``DECRYPT_FAILED``).
        """
        if self._engine is None:
            raise ValueError("this plan was not routed by an Engine; use Engine.decrypt")
        return self._engine._native.decrypt_row(self._native, list(labels), list(row))

    @property
    def data_sources(self) -> List[str]:
        """The data sources the units go to, each once, in unit order."""
        return list(dict.fromkeys(unit.data_source for unit in self.units))

    @property
    def actual_tables(self) -> List[str]:
        """The actual tables the route units name, each once, in order."""
        return list(dict.fromkeys(m.actual for unit in self.route_units for m in unit.tables))

    def __repr__(self) -> str:
        warnings = f", warnings={self.warnings!r}" if self.warnings else ""
        return (
            f"Plan(statement_kind={self.statement_kind!r}, route_type={self.route_type!r}, "
            f"units={self.units!r}{warnings})"
        )


_CONVERSIONS = {
    "units": lambda native: [SqlUnit(ds, sql, params) for ds, sql, params in native.units],
    "route_type": lambda native: native.route_type,
    "route_units": lambda native: [
        RouteUnit(logic_ds, ds, tuple(TableMapping(logic, actual) for logic, actual in tables))
        for logic_ds, ds, tables in native.route_units
    ],
    "decisions": lambda native: [
        RouteDecision(table, column, algorithm, condition, tuple(targets), database_level)
        for table, column, algorithm, condition, targets, database_level in native.decisions
    ],
    "warnings": lambda native: list(native.warnings),
    "notes": lambda native: list(native.notes),
    "generated_keys": lambda native: list(native.generated_keys),
    "scatter_reasons": lambda native: [ScatterReason(*each) for each in native.scatter_reasons],
    "session_statement": lambda native: native.session_statement,
    "statement_kind": lambda native: native.statement_kind,
    "logic_sql": lambda native: native.logic_sql,
    "decrypt_columns": lambda native: [
        DecryptColumn(label, index, table, logic_column, encryptor)
        for (label, index), table, logic_column, encryptor in native.decrypt_columns
    ],
}
