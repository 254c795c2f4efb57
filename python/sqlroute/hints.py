"""Per-call hints: the explicit form of ShardingSphere's HintManager.

Hints given to :meth:`sqlroute.Engine.route` win over a ``/* SHARDINGSPHERE_HINT: ... */``
comment in the SQL. Pass a :class:`Hints` or a dict with the same keys.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

from sqlroute.errors import catalogue_error

_UNSET: Any = object()


def _freeze_values(mapping: Mapping[str, Sequence[Any]], name: str) -> Dict[str, Tuple[Any, ...]]:
    if not isinstance(mapping, Mapping):
        raise catalogue_error("HintNotTableValues", name=name)
    result = {}
    for table, values in mapping.items():
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
            raise catalogue_error("HintTableValuesNotList", name=name, table=repr(table), type=type(values).__name__)
        result[str(table)] = tuple(values)
    return result


@dataclass(frozen=True)
class Hints:
    """Sharding values and routing switches for one call.

    - ``database_values`` / ``table_values``: values per logic table for hint strategies.
    - ``database_value_only``: one database sharding value for every table; tables are then
      routed by database only (``setDatabaseShardingValue``).
    - ``data_source_name``: send the statement as is to this data source.
    - ``write_route_only``: read from the primary of a read/write group.
    - ``shadow``: route to shadow data sources (hint shadow algorithms).
    - ``skip_sql_rewrite``: route, but keep the logic SQL.
    - ``skip_metadata_validate``: skip ShardingSphere's supported-SQL checks (DDL against the
      table metadata among them).
    - ``disable_audit_names``: sharding auditors to skip.
    """

    database_values: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    table_values: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    database_value_only: Any = _UNSET
    data_source_name: Optional[str] = None
    write_route_only: bool = False
    shadow: bool = False
    skip_sql_rewrite: bool = False
    skip_metadata_validate: bool = False
    disable_audit_names: Sequence[str] = ()

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # frozen: normalise in place once
        set_(self, "database_values", _freeze_values(self.database_values, "database_values"))
        set_(self, "table_values", _freeze_values(self.table_values, "table_values"))
        if isinstance(self.disable_audit_names, str):
            raise catalogue_error("HintNamesNotList", name="disable_audit_names")
        set_(self, "disable_audit_names", tuple(self.disable_audit_names))
        for name in ("write_route_only", "shadow", "skip_sql_rewrite", "skip_metadata_validate"):
            if not isinstance(getattr(self, name), bool):
                raise catalogue_error("HintNotBool", name=name, type=type(getattr(self, name)).__name__)

    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> "Hints":
        """Builds hints from a dict; unknown keys raise ``HINT_INVALID`` (a ``ValueError``)."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(values) - known)
        if unknown:
            raise catalogue_error("HintUnknownKeys", names=", ".join(unknown), known=", ".join(sorted(known)))
        return cls(**values)

    def has_database_value_only(self) -> bool:
        return self.database_value_only is not _UNSET

    def to_native(self) -> Dict[str, Any]:
        """The fields that are set, as the native module reads them."""
        result: Dict[str, Any] = {}
        if self.database_values:
            result["database_values"] = self.database_values
        if self.table_values:
            result["table_values"] = self.table_values
        if self.has_database_value_only():
            result["database_value_only"] = self.database_value_only
        if self.data_source_name is not None:
            result["data_source_name"] = self.data_source_name
        for switch in ("write_route_only", "shadow", "skip_sql_rewrite", "skip_metadata_validate"):
            if getattr(self, switch):
                result[switch] = True
        if self.disable_audit_names:
            result["disable_audit_names"] = list(self.disable_audit_names)
        return result

    def __repr__(self) -> str:
        parts = [f"{name}={value!r}" for name, value in self.to_native().items()]
        return f"Hints({', '.join(parts)})"

    __hash__ = None  # type: ignore[assignment]  # holds dicts of values


def coerce_hints(hints: Union[Hints, Mapping[str, Any], None]) -> Optional[Hints]:
    """Accepts a :class:`Hints`, a dict of its fields, or ``None``."""
    if hints is None or isinstance(hints, Hints):
        return hints
    if isinstance(hints, Mapping):
        return Hints.from_dict(hints)
    raise catalogue_error("HintsWrongType", type=type(hints).__name__)
