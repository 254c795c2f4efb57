"""``sqlroute.Engine``: compiled rules that route statements."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any, List, Optional, Sequence, Union

from sqlroute._native import core
from sqlroute.hints import Hints, coerce_hints
from sqlroute.plan import Plan


class Engine:
    """A validated, immutable rule set plus the routing pipeline.

    Build one with :meth:`from_yaml` or :meth:`from_yaml_string`; share it freely between
    threads (routing releases the GIL).
    """

    __slots__ = ("_native", "_source")

    def __init__(self, native: Any, source: str) -> None:
        """Internal: use :meth:`from_yaml` or :meth:`from_yaml_string`."""
        self._native = native
        self._source = source

    @classmethod
    def from_yaml(cls, path: Union[str, "os.PathLike[str]"]) -> "Engine":
        """Loads a ShardingSphere YAML rule file; raises :class:`sqlroute.ConfigError`."""
        path = os.fspath(path)
        return cls(core.Engine.from_yaml_file(path), path)

    @classmethod
    def from_yaml_string(cls, text: str) -> "Engine":
        """Loads ShardingSphere YAML rules from a string; raises :class:`sqlroute.ConfigError`."""
        return cls(core.Engine.from_yaml_string(text), "<string>")

    @property
    def database_name(self) -> str:
        """The logic database name (``databaseName``)."""
        return self._native.database_name

    @property
    def data_source_names(self) -> List[str]:
        """The configured data source names (never their URLs or credentials)."""
        return list(self._native.data_source_names)

    def route(
        self,
        sql: str,
        params: Optional[Sequence[Any]] = None,
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
    ) -> Plan:
        """Routes and rewrites one statement.

        ``params`` binds the ``?`` markers in order (see the package docstring for the
        value mapping); ``hints`` is a :class:`Hints` or a dict of its fields. Raises a
        :class:`sqlroute.Error` subclass when the statement cannot be routed.
        """
        if params is not None and isinstance(params, (str, bytes, bytearray, Mapping)):
            raise TypeError(f"params must be a sequence of values, not {type(params).__name__}")
        call_hints = coerce_hints(hints)
        native_hints = call_hints.to_native() if call_hints is not None else None
        return Plan(self._native.route(sql, params, native_hints))

    def __repr__(self) -> str:
        return (
            f"Engine(database={self.database_name!r}, data_sources={self.data_source_names!r}, "
            f"source={self._source!r})"
        )
