"""Table metadata read from the databases, as ShardingSphere loads it when it starts.

Each storage unit the rules need (:attr:`Engine.metadata_storage_units`) is read over PyMySQL
from ``information_schema``, as ShardingSphere's ``MySQLMetaDataLoader`` reads a MySQL or MariaDB
database: the columns in ordinal order with their visibility (``INVISIBLE``), generated and
auto-increment flags and primary key, the indexes and the foreign-key constraints. The engine then
folds them into the logical view (actual tables into their logic table, single tables placed,
cipher columns named by their logical column). Every storage unit is read before anything is
applied: a failure raises :class:`sqlroute.ConfigError` ``METADATA_LOAD_FAILED`` naming the data
source (never its password) and leaves the engine as it was.
"""

from __future__ import annotations

import json
import re
from typing import Any, Dict, List, Mapping, Optional, Tuple

from sqlroute._native import core

DEFAULT_TIMEOUT = 10.0

_URL = re.compile(r"^jdbc:(?:mysql|mariadb)://(?P<host>[^/:?]+)(?::(?P<port>\d+))?(?:/(?P<database>[^?]*))?")

_COLUMNS = (
    "SELECT TABLE_NAME, COLUMN_NAME, COLUMN_KEY, EXTRA FROM information_schema.columns "
    "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION"
)
_INDEXES = (
    "SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.statistics "
    "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, NON_UNIQUE, INDEX_NAME, SEQ_IN_INDEX"
)
_CONSTRAINTS = (
    "SELECT CONSTRAINT_NAME, TABLE_NAME, REFERENCED_TABLE_NAME FROM information_schema.KEY_COLUMN_USAGE "
    "WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_SCHEMA IS NOT NULL ORDER BY TABLE_NAME, CONSTRAINT_NAME"
)


class _Unreadable(Exception):
    """A storage unit that cannot be read: its name and what went wrong (no secrets)."""

    def __init__(self, data_source: str, detail: str) -> None:
        super().__init__(data_source, detail)
        self.data_source = data_source
        self.detail = detail


def _connection_props(native: Any) -> Dict[str, Dict[str, str]]:
    """The data sources' props (url, username, password) from the canonical export."""
    import yaml  # PyYAML, as the test extra and Debian's python3-yaml provide it

    class RuleLoader(yaml.SafeLoader):
        """Reads the rules' `!SHARDING`-style tags as plain values (only dataSources is used)."""

    RuleLoader.add_multi_constructor("!", lambda loader, suffix, node: None)
    exported = yaml.load(native.export_yaml(True), Loader=RuleLoader) or {}
    return {str(name): {str(k): "" if v is None else str(v) for k, v in (props or {}).items()}
            for name, props in (exported.get("dataSources") or {}).items()}


def _target(name: str, props: Mapping[str, str]) -> Tuple[str, int, str, str, str]:
    url = props.get("url") or props.get("jdbcUrl") or ""
    match = _URL.match(url)
    if not match:
        raise _Unreadable(name, "data source url must be jdbc:mysql://<host>[:<port>]/<database>")
    user = props.get("username") or props.get("user") or ""
    return match["host"], int(match["port"] or 3306), match["database"] or "", user, props.get("password", "")


def _flags(extra: str) -> Dict[str, bool]:
    words = (extra or "").upper().split()
    return {
        "visible": "INVISIBLE" not in words,
        "generated": "GENERATED" in words,  # VIRTUAL or STORED GENERATED, not DEFAULT_GENERATED
        "autoIncrement": "AUTO_INCREMENT" in words,
    }


def _column(name: str, key: str, extra: str) -> Any:
    flags = _flags(extra)
    entry: Dict[str, Any] = {"name": name}
    if not flags["visible"]:
        entry["visible"] = False
    if flags["generated"]:
        entry["generated"] = True
    if flags["autoIncrement"]:
        entry["autoIncrement"] = True
    if (key or "").upper() == "PRI":
        entry["primaryKey"] = True
    return entry if len(entry) > 1 else name


def _read_tables(cursor: Any) -> Dict[str, Dict[str, Any]]:
    tables: Dict[str, Dict[str, Any]] = {}
    cursor.execute(_COLUMNS)
    for table, column, key, extra in cursor.fetchall():
        tables.setdefault(table, {"columns": [], "indexes": [], "constraints": []})["columns"].append(
            _column(column, key, extra))
    cursor.execute(_INDEXES)
    indexes: Dict[Tuple[str, str], Dict[str, Any]] = {}
    for table, index, non_unique, column in cursor.fetchall():
        if table not in tables or not column:
            continue
        if (table, index) not in indexes:
            indexes[(table, index)] = {"name": index, "columns": [], "unique": str(non_unique) == "0"}
            tables[table]["indexes"].append(indexes[(table, index)])
        indexes[(table, index)]["columns"].append(column)
    cursor.execute(_CONSTRAINTS)
    seen = set()
    for name, table, referenced in cursor.fetchall():
        if table in tables and (table, name) not in seen:
            seen.add((table, name))
            tables[table]["constraints"].append({"name": name, "referencedTable": referenced})
    return tables


def _read_storage_unit(name: str, props: Mapping[str, str], timeout: float) -> Dict[str, Dict[str, Any]]:
    import pymysql  # Debian's python3-pymysql

    host, port, database, user, password = _target(name, props)
    try:
        connection = pymysql.connect(host=host, port=port, user=user, password=password, database=database or None,
                                     connect_timeout=timeout, read_timeout=timeout, write_timeout=timeout,
                                     charset="utf8mb4")
    except pymysql.Error as error:
        raise _Unreadable(name, _describe(error, password)) from None
    try:
        with connection.cursor() as cursor:
            return _read_tables(cursor)
    except pymysql.Error as error:
        raise _Unreadable(name, _describe(error, password)) from None
    finally:
        connection.close()


def _describe(error: Exception, password: str) -> str:
    """The driver's reason (``(2003, "Can't connect ...")`` -> its text), with any password removed."""
    args = getattr(error, "args", ())
    text = str(args[1]) if len(args) > 1 else str(error)
    return text.replace(password, "***") if password else text


def read_storage_units(native: Any, timeout: float = DEFAULT_TIMEOUT) -> Dict[str, Dict[str, Dict[str, Any]]]:
    """``{storage unit: {table: metadata entry}}`` for every storage unit the rules read."""
    props = _connection_props(native)
    result: Dict[str, Dict[str, Dict[str, Any]]] = {}
    failure: Optional[_Unreadable] = None
    try:
        for unit in native.metadata_storage_units:
            result[unit] = _read_storage_unit(unit, props.get(unit, {}), timeout)
    except _Unreadable as unreadable:
        failure = unreadable
    if failure is not None:  # raised here, outside the handler, so no driver error is chained to it
        core.raise_metadata_load_failed(failure.data_source, failure.detail)
    return result


def discover(native: Any, timeout: float = DEFAULT_TIMEOUT) -> Any:
    """A new native engine: ``native``'s rules with the metadata its storage units hold."""
    return native.with_discovered_metadata(json.dumps(read_storage_units(native, timeout)))


__all__: List[str] = ["DEFAULT_TIMEOUT", "discover", "read_storage_units"]
