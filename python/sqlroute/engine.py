"""``sqlroute.Engine``: compiled rules that route statements."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from typing import Any, Callable, List, Optional, Sequence, Union

from sqlroute import discovery
from sqlroute._native import core
from sqlroute.hints import Hints, coerce_hints
from sqlroute.observability import ObservabilityMixin
from sqlroute.plan import BatchUnit, Plan
from sqlroute.rule_dict import dict_to_yaml
from sqlroute.errors import catalogue_error
from sqlroute.session import Session

Metadata = Union[Mapping[str, Sequence[str]], str, None]


def _metadata_text(metadata: Union[Mapping[str, Any], str]) -> str:
    """Table metadata as YAML/JSON text: a dict ``{table: [columns]}`` is written as JSON."""
    if isinstance(metadata, str):
        return metadata
    if isinstance(metadata, Mapping):
        return json.dumps({str(table): value for table, value in metadata.items()})
    raise catalogue_error("MetadataWrongType", type=type(metadata).__name__)


_MODE_KEY = re.compile(r"^mode\s*:", re.MULTILINE)


def _cluster_mode(*, path: Optional[str] = None, text: Optional[str] = None) -> Optional["Engine"]:
    """A cluster engine when the rules' ``mode:`` asks for ShardingSphere's cluster mode
    (``type: Cluster`` over ZooKeeper), joined with these rules for a registry that lacks them."""
    if text is None:
        try:
            with open(path, encoding="utf-8") as rules:
                text = rules.read()
        except (OSError, UnicodeDecodeError):
            return None  # the native loader reports it
    if not _MODE_KEY.search(text):
        return None
    from sqlroute import cluster  # noqa: PLC0415 - the ZooKeeper client only for cluster mode

    options = cluster.mode_options(text)
    if options is None:
        return None
    url = options.pop("url")
    return cluster.ClusterEngine.join(url, rules=path if path is not None else text, **options)


def _native_session(session: Optional[Session]):
    """The native session of ``session`` (``None`` for none); a TypeError for anything else."""
    if session is None:
        return None
    if not isinstance(session, Session):
        raise TypeError(f"session must be a sqlroute.Session, not {type(session).__name__}")
    return session._native


class Engine(ObservabilityMixin):
    """A validated, immutable rule set plus the routing pipeline.

    Build one with :meth:`from_yaml`, :meth:`from_yaml_string`, :meth:`from_distsql` or
    :meth:`from_dict`; share it freely between threads (routing releases the GIL).
    ``metadata`` (every constructor) gives ordered column lists per table, as a dict
    ``{"t_user": ["id", "k", "c", "pad"]}`` or as YAML/JSON text; they serve ``*``
    expansion, INSERT without a column list and unqualified columns in joins.
    ``discover_metadata=True`` reads them from the data sources first (:meth:`with_discovered_metadata`);
    ``metadata`` then adds to what was read.
    """

    __slots__ = ("_native", "_source")

    def __init__(self, native: Any, source: str) -> None:
        """Internal: use one of the ``from_*`` constructors."""
        self._native = native
        self._source = source

    @classmethod
    def _build(cls, native: Any, source: str, metadata: Metadata, discover_metadata: bool) -> "Engine":
        return cls(native, source)._build_on(metadata, discover_metadata)

    def _build_on(self, metadata: Metadata, discover_metadata: bool) -> "Engine":
        engine = self.with_discovered_metadata() if discover_metadata else self
        return engine if metadata is None else engine.with_metadata(metadata)

    @classmethod
    def from_yaml(cls, path: Union[str, "os.PathLike[str]"], *, metadata: Metadata = None,
                  discover_metadata: bool = False) -> "Engine":
        """Loads a ShardingSphere YAML rule file; raises :class:`sqlroute.ConfigError`."""
        path = os.fspath(path)
        clustered = _cluster_mode(path=path)
        if clustered is not None:
            return clustered._build_on(metadata, discover_metadata)
        return cls._build(core.Engine.from_yaml_file(path), path, metadata, discover_metadata)

    @classmethod
    def from_yaml_string(cls, text: str, *, metadata: Metadata = None, discover_metadata: bool = False) -> "Engine":
        """Loads ShardingSphere YAML rules from a string; raises :class:`sqlroute.ConfigError`."""
        clustered = _cluster_mode(text=text)
        if clustered is not None:
            return clustered._build_on(metadata, discover_metadata)
        return cls._build(core.Engine.from_yaml_string(text), "<string>", metadata, discover_metadata)

    @classmethod
    def from_distsql(cls, script: str, *, metadata: Metadata = None, discover_metadata: bool = False) -> "Engine":
        """Builds the rules from a DistSQL script (``REGISTER STORAGE UNIT``, ``CREATE SHARDING TABLE RULE``, ...).

        Errors are :class:`sqlroute.ConfigError` with the script position.
        """
        return cls._build(core.Engine.from_distsql(script), "<distsql>", metadata, discover_metadata)

    @classmethod
    def from_dict(cls, config: Mapping[str, Any], *, metadata: Metadata = None,
                  discover_metadata: bool = False) -> "Engine":
        """Loads rules given as a dict in the shape of the YAML file.

        ``rules`` is a list of ``{"!SHARDING": {...}}`` items or a mapping
        ``{"sharding": {...}, "readwrite_splitting": {...}}`` (see :mod:`sqlroute.rule_dict`).
        """
        return cls._build(core.Engine.from_yaml_string(dict_to_yaml(config)), "<dict>", metadata, discover_metadata)

    @classmethod
    def from_cluster(
        cls,
        url: str,
        *,
        database: str,
        rules: Union[str, "os.PathLike[str]", None] = None,
        digest: Optional[str] = None,
        session_timeout: float = 60.0,
        connect_timeout: float = 1.5,
        instance_type: str = "jdbc",
        attribute: str = "",
        labels: Sequence[str] = (),
        log: Optional[Callable[[str], None]] = None,
    ) -> "Engine":
        """Joins the ZooKeeper registry ``zookeeper://host:port[,host:port]/namespace`` and serves
        ``database`` from it, as ShardingSphere's cluster mode does: a :class:`sqlroute.cluster.ClusterEngine`.

        ``rules`` (a YAML file or text) create the database when the registry lacks it; ``digest``
        (``user:password``) authenticates and guards every node written (CREATOR_ALL_ACL);
        ``session_timeout`` / ``connect_timeout`` are seconds; ``instance_type`` (``jdbc`` or ``proxy``),
        ``attribute`` (host, or host@port) and ``labels`` are what SHOW COMPUTE NODES lists; ``log``
        receives the instance's log lines (default: stderr). Raises :class:`sqlroute.ClusterError`
        when the registry cannot serve it. docs/cluster.md has the consistency model.
        """
        from sqlroute.cluster import ClusterEngine  # noqa: PLC0415 - loads the ZooKeeper client only here

        return ClusterEngine.join(url, database=database, rules=rules, digest=digest, session_timeout=session_timeout,
                                  connect_timeout=connect_timeout, instance_type=instance_type, attribute=attribute,
                                  labels=labels, log=log)

    def with_metadata(self, metadata: Union[Mapping[str, Sequence[str]], str]) -> "Engine":
        """A new engine: these rules plus table metadata (a dict or YAML/JSON text). This one is unchanged."""
        return Engine(self._native.with_metadata(_metadata_text(metadata)), self._source)

    def with_discovered_metadata(self, timeout: float = discovery.DEFAULT_TIMEOUT) -> "Engine":
        """A new engine whose metadata is read from the storage units (see :mod:`sqlroute.discovery`).

        ``timeout`` bounds each connect and each read, in seconds. Raises :class:`sqlroute.ConfigError`
        ``METADATA_LOAD_FAILED`` naming the data source that cannot be read; this engine is unchanged.
        """
        return Engine(discovery.discover(self._native, timeout), self._source)

    @property
    def metadata_storage_units(self) -> List[str]:
        """The storage units whose tables make the metadata (a group's write, a shadow's production one)."""
        return list(self._native.metadata_storage_units)

    def export_metadata_yaml(self) -> str:
        """The ``metadata:`` section alone, as YAML that :meth:`with_metadata` and a rule file load."""
        return self._native.export_metadata_yaml()

    def apply_distsql(self, script: str) -> None:
        """Applies DistSQL (CREATE/ALTER/DROP ... RULE) to the live rules.

        The new rules are compiled and swapped in atomically; statements being routed keep
        the old ones. On error nothing changes and :class:`sqlroute.ConfigError` is raised.
        """
        self._native.apply_distsql(script)

    def export_yaml(self, include_secrets: bool = False) -> str:
        """The live rules as canonical ShardingSphere 5.5 YAML; secrets masked unless asked for."""
        return self._native.export_yaml(include_secrets)

    @property
    def database_name(self) -> str:
        """The logic database name (``databaseName``)."""
        return self._native.database_name

    @property
    def data_source_names(self) -> List[str]:
        """The configured data source names (never their URLs or credentials)."""
        return list(self._native.data_source_names)

    @property
    def rules_version(self) -> int:
        """A number that changes whenever :meth:`apply_distsql` swaps the rules in."""
        return self._native.rules_version

    def route(
        self,
        sql: str,
        params: Optional[Sequence[Any]] = None,
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
        session: Optional[Session] = None,
    ) -> Plan:
        """Routes and rewrites one statement.

        ``params`` binds the ``?`` markers in order (see the package docstring for the
        value mapping); ``hints`` is a :class:`Hints` or a dict of its fields; ``session``
        (a :class:`Session`) carries the connection's transaction state and is updated.
        Raises a :class:`sqlroute.Error` subclass when the statement cannot be routed.
        """
        # The common call (a list or tuple of values, no hints, no session) skips the checks.
        if params is not None and type(params) not in (list, tuple) and isinstance(
                params, (str, bytes, bytearray, Mapping)):
            raise catalogue_error("ParametersNotSequence", type=type(params).__name__)
        native_hints = None
        if hints is not None:
            call_hints = coerce_hints(hints)
            native_hints = call_hints.to_native() if call_hints is not None else None
        native_session = _native_session(session)
        return Plan(self._native.route(sql, params, native_hints, native_session), self)

    def route_all(
        self,
        text: str,
        params: Optional[Sequence[Any]] = None,
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
        session: Optional[Session] = None,
    ) -> List[Plan]:
        """Routes each statement of a multi-statement text in order, one :class:`Plan` each.

        The text is what a MySQL client with multi-statements on sends as one query:
        statements separated by ``;`` (one inside a string, a back-quoted name, a comment or a
        ``CREATE PROCEDURE ... BEGIN ... END`` body does not separate). ``params`` binds every
        ``?`` of the text in order, each statement taking its own; ``session`` sees the
        statements in order. An error names the statement (``in statement 1 of the text``).
        :meth:`route` refuses such a text with ``SQL_MULTI_STATEMENT``.
        """
        if params is not None and isinstance(params, (str, bytes, bytearray, Mapping)):
            raise catalogue_error("ParametersNotSequence", type=type(params).__name__)
        call_hints = coerce_hints(hints)
        native_hints = call_hints.to_native() if call_hints is not None else None
        native_session = _native_session(session)
        return [Plan(each, self) for each in self._native.route_all(text, params, native_hints, native_session)]

    def route_batch(
        self,
        sql: str,
        param_sets: Sequence[Sequence[Any]],
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
    ) -> List[BatchUnit]:
        """Routes a prepared statement executed with many parameter sets (JDBC batching).

        Returns one :class:`BatchUnit` per (data source, actual SQL) with the parameter sets it
        receives, in input order, and the index of the input set each came from.
        """
        call_hints = coerce_hints(hints)
        native_hints = call_hints.to_native() if call_hints is not None else None
        return [BatchUnit(ds, unit_sql, [list(p) for p in sets], list(inputs))
                for ds, unit_sql, sets, inputs in self._native.route_batch(sql, list(param_sets), native_hints)]

    def decrypt(self, encryptor: str, value: Any) -> Any:
        """Decrypts one result value with the encrypt rule's encryptor ``encryptor``.

        ``None`` stays ``None``; raises :class:`sqlroute.RewriteError` (``DECRYPT_FAILED``)
        for bad ciphertext or an encryptor that cannot decrypt. Keys stay in the engine.
        """
        return self._native.decrypt(encryptor, value)

    def __repr__(self) -> str:
        return (
            f"Engine(database={self.database_name!r}, data_sources={self.data_source_names!r}, "
            f"source={self._source!r})"
        )
