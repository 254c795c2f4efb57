"""Cluster mode: engines that share one database's rules through a ZooKeeper registry.

``sqlroute.Engine.from_cluster("zookeeper://host:port/namespace", database="sharding_db")``
joins the registry as ShardingSphere's cluster mode does (its 5.5 layout, so ShardingSphere-Proxy
instances can share it) and returns a :class:`ClusterEngine`: an :class:`sqlroute.Engine` whose
rules follow the registry. ``apply_distsql`` and replica states go through the registry and reach
every instance; a registry outage never stops routing (the last rules stay, ``cluster_status()``
says so). The native part is ``sqlroute._cluster``, loaded only here: ``import sqlroute`` does not
need the ZooKeeper client. docs/cluster.md has the consistency model.
"""

from __future__ import annotations

import atexit
import json
import os
import threading
import weakref
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from sqlroute import discovery
from sqlroute._native import core
from sqlroute.engine import Engine, _metadata_text
from sqlroute.errors import ConfigError

_OPEN: "weakref.WeakSet[ClusterEngine]" = weakref.WeakSet()


def _native_module():
    from sqlroute import _cluster  # noqa: PLC0415 - only cluster mode needs the ZooKeeper client

    return _cluster


def mode_options(text: str) -> Optional[Dict[str, Any]]:
    """The join options of a ShardingSphere ``mode:`` section (url, database, digest, timeouts), or
    None for Standalone or no mode; a :class:`sqlroute.ConfigError` for an unsupported repository."""
    return _native_module().mode_options(text)


def _with_disabled(native: Any, group: str, names: Sequence[str]) -> Any:
    """``native`` with the replicas the registry disables; names the rules no longer have are skipped
    (a replica's state outlives the rule that had it, as in ShardingSphere's registry)."""
    try:
        return native.with_disabled_read_data_sources(group, list(names))
    except ConfigError:
        known = []
        for name in names:
            try:
                native.with_disabled_read_data_sources(group, [name])
                known.append(name)
            except ConfigError:
                continue
        return native.with_disabled_read_data_sources(group, known) if known else native


def _rules_text(rules: Union[str, "os.PathLike[str]", None]) -> str:
    if rules is None:
        return ""
    if isinstance(rules, os.PathLike) or (isinstance(rules, str) and "\n" not in rules and os.path.isfile(rules)):
        return core.Engine.from_yaml_file(os.fspath(rules)).export_yaml(True)
    return core.Engine.from_yaml_string(rules).export_yaml(True)


class ClusterEngine(Engine):
    """An engine whose rules come from a ZooKeeper registry and follow it; see the module doc."""

    __slots__ = ("_member", "_lock", "__weakref__")

    @classmethod
    def join(
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
    ) -> "ClusterEngine":
        engine = cls(None, url)
        engine._lock = threading.Lock()
        initial = _rules_text(rules)
        engine._member = _native_module().Member.join(
            url, database, digest or "", int(session_timeout * 1000), int(connect_timeout * 1000), instance_type,
            attribute, list(labels), initial, log, engine._publish, engine._with_distsql)
        _OPEN.add(engine)
        return engine

    def _publish(self, yaml: str, disabled: Mapping[str, Sequence[str]]) -> None:
        native = core.Engine.from_yaml_string(yaml)
        for group, names in disabled.items():
            native = _with_disabled(native, group, names)
        with self._lock:
            if self._native is None:
                self._native = native
            else:
                self._native.reload_from(native)

    @staticmethod
    def _with_distsql(yaml: str, script: str) -> str:
        native = core.Engine.from_yaml_string(yaml)
        native.apply_distsql(script)
        return native.export_yaml(True)

    def apply_distsql(self, script: str) -> None:
        """Applies DistSQL to the registry's rules and writes the result in one transaction; on
        return this instance routes on it, and every other instance follows."""
        self._member.apply_distsql(script)

    def with_metadata(self, metadata: Union[Mapping[str, Sequence[str]], str]) -> "ClusterEngine":
        """Adds table metadata (a dict or YAML/JSON text) to the registry's database, where every
        instance reads it (``metadata/{db}/schemas/{db}/tables/{table}``, as ShardingSphere keeps it).
        Returns this engine, which routes on it on return."""
        text = _metadata_text(metadata)
        self._member.apply_change(
            self.database_name, lambda yaml: core.Engine.from_yaml_string(yaml).with_metadata(text).export_yaml(True))
        return self

    def with_discovered_metadata(self, timeout: float = discovery.DEFAULT_TIMEOUT) -> "ClusterEngine":
        """Reads the metadata from the storage units (see :mod:`sqlroute.discovery`) and writes it
        to the registry's database in place of what it had, as a ShardingSphere instance persists
        the schemas it loads: every instance then routes on it. Returns this engine."""
        read = json.dumps(discovery.read_storage_units(self._native, timeout))
        self._member.apply_change(
            self.database_name,
            lambda yaml: core.Engine.from_yaml_string(yaml).with_discovered_metadata(read).export_yaml(True))
        return self

    def set_read_data_source_enabled(self, group: str, replica: str, enabled: bool) -> None:
        """Disables or enables a replica of a read/write group on every instance."""
        self._member.set_read_data_source_enabled(group, replica, enabled)

    def compute_nodes(self) -> List[Dict[str, Any]]:
        """SHOW COMPUTE NODES: the live instances (instance_id, instance_type, host, port, status,
        mode_type, worker_id, labels, version, database_name)."""
        return self._member.compute_nodes()

    @property
    def worker_id(self) -> int:
        """The Snowflake worker id the registry gave this instance (unique among live instances)."""
        return self._member.worker_id

    @property
    def instance_id(self) -> str:
        return self._member.instance_id

    def cluster_status(self) -> Dict[str, Any]:
        """The registry link: connected, synced_changes, rejected_changes, disconnects,
        session_expiries, registry_errors, seconds_since_sync, worker_id, last_problem."""
        return self._member.status()

    def wait_for_sync(self, timeout: float = 10.0) -> bool:
        """Waits until this instance has read the registry after the call; False on timeout."""
        return self._member.wait_for_sync(int(timeout * 1000))

    def close(self) -> None:
        """Leaves the registry: the instance goes offline and its worker id is freed. Routing
        keeps working on the last rules."""
        self._member.close()
        _OPEN.discard(self)

    def _expire_session(self) -> None:
        """Ends the registry session from the server side (fault tests)."""
        self._member.expire_session()

    def __enter__(self) -> "ClusterEngine":
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<sqlroute.ClusterEngine {self._source} rules_version={self.rules_version}>"


@atexit.register
def _close_all() -> None:
    for engine in list(_OPEN):
        engine.close()
