"""Type stubs of the public sqlroute API."""

import datetime
import decimal
import os
from typing import Any, Callable, ClassVar, Dict, List, Mapping, Optional, Sequence, Tuple, Union

__version__: str

_Param = Union[None, bool, int, float, decimal.Decimal, str, bytes, bytearray, datetime.date, datetime.time, datetime.datetime]

class Error(Exception):
    category: ClassVar[str]
    code: str
    message: str
    position: Optional[Tuple[int, int]]
    path: Optional[str]
    def __init__(
        self, code: str, message: str, *, position: Optional[Tuple[int, int]] = None, path: Optional[str] = None
    ) -> None: ...
    @property
    def where(self) -> Optional[str]: ...

class SqlSyntaxError(Error): ...
class ConfigError(Error): ...
class BindError(Error): ...
class RouteError(Error): ...
class RewriteError(Error): ...
class MergeError(RewriteError): ...
class UnsupportedSqlError(Error): ...
class InternalError(Error): ...
class ClusterError(Error): ...

class Int(int):
    def __new__(cls, value: int = 0) -> Int: ...

class Long(int):
    def __new__(cls, value: int = 0) -> Long: ...

class BigInt(int):
    def __new__(cls, value: int = 0) -> BigInt: ...

class Hints:
    database_values: Mapping[str, Sequence[Any]]
    table_values: Mapping[str, Sequence[Any]]
    database_value_only: Any
    data_source_name: Optional[str]
    write_route_only: bool
    shadow: bool
    skip_sql_rewrite: bool
    skip_metadata_validate: bool
    disable_audit_names: Sequence[str]
    def __init__(
        self,
        database_values: Mapping[str, Sequence[Any]] = ...,
        table_values: Mapping[str, Sequence[Any]] = ...,
        database_value_only: Any = ...,
        data_source_name: Optional[str] = None,
        write_route_only: bool = False,
        shadow: bool = False,
        skip_sql_rewrite: bool = False,
        skip_metadata_validate: bool = False,
        disable_audit_names: Sequence[str] = (),
    ) -> None: ...
    @classmethod
    def from_dict(cls, values: Mapping[str, Any]) -> Hints: ...
    def has_database_value_only(self) -> bool: ...
    def to_native(self) -> dict[str, Any]: ...

class SqlUnit:
    data_source: str
    sql: str
    params: List[Any]
    def __init__(self, data_source: str, sql: str, params: List[Any]) -> None: ...

class BatchUnit:
    data_source: str
    sql: str
    param_sets: List[List[Any]]
    inputs: List[int]
    def __init__(self, data_source: str, sql: str, param_sets: List[List[Any]], inputs: List[int]) -> None: ...

class TableMapping:
    logic: str
    actual: str
    def __init__(self, logic: str, actual: str) -> None: ...

class RouteUnit:
    logic_data_source: str
    data_source: str
    tables: Tuple[TableMapping, ...]
    def __init__(self, logic_data_source: str, data_source: str, tables: Tuple[TableMapping, ...]) -> None: ...

class RouteDecision:
    table: str
    column: str
    algorithm: str
    condition: str
    targets: Tuple[str, ...]
    database_level: bool
    def __init__(
        self, table: str, column: str, algorithm: str, condition: str, targets: Tuple[str, ...], database_level: bool
    ) -> None: ...

class ScatterReason:
    code: str
    level: str
    table: str
    message: str
    def __init__(self, code: str, level: str, table: str, message: str) -> None: ...

class DecryptColumn:
    label: str
    index: Optional[int]
    table: str
    logic_column: str
    encryptor: str
    def __init__(self, label: str, index: Optional[int], table: str, logic_column: str, encryptor: str) -> None: ...

class Plan:
    units: List[SqlUnit]
    route_type: str
    route_units: List[RouteUnit]
    decisions: List[RouteDecision]
    warnings: List[str]
    notes: List[str]
    generated_keys: List[Any]
    statement_kind: str
    logic_sql: str
    decrypt_columns: List[DecryptColumn]
    scatter_reasons: List[ScatterReason]
    session_statement: bool
    def __init__(self, native: Any, engine: Optional[Engine] = None) -> None: ...
    def explain(self) -> str: ...
    def preview(self) -> List[Tuple[str, str]]: ...
    def decrypt_row(self, labels: Sequence[str], row: Sequence[Any]) -> List[Any]: ...
    @property
    def data_sources(self) -> List[str]: ...
    @property
    def actual_tables(self) -> List[str]: ...

class Session:
    @property
    def in_transaction(self) -> bool: ...
    @in_transaction.setter
    def in_transaction(self, value: bool) -> None: ...
    @property
    def fixed_replicas(self) -> Dict[str, str]: ...
    @fixed_replicas.setter
    def fixed_replicas(self, value: Dict[str, str]) -> None: ...
    @property
    def read_after_write_affinity(self) -> bool: ...
    @read_after_write_affinity.setter
    def read_after_write_affinity(self, value: bool) -> None: ...
    @property
    def affinity_window(self) -> float: ...
    @affinity_window.setter
    def affinity_window(self, value: float) -> None: ...
    @property
    def last_write(self) -> Optional[float]: ...
    @last_write.setter
    def last_write(self, value: Optional[float]) -> None: ...
    def __init__(self, *, read_after_write_affinity: bool = False, affinity_window: float = 0.0) -> None: ...

_Metadata = Union[Mapping[str, Sequence[str]], str, None]

class Engine:
    def __init__(self, native: Any, source: str) -> None: ...
    @classmethod
    def from_yaml(cls, path: Union[str, os.PathLike[str]], *, metadata: _Metadata = None, discover_metadata: bool = False) -> Engine: ...
    @classmethod
    def from_yaml_string(cls, text: str, *, metadata: _Metadata = None, discover_metadata: bool = False) -> Engine: ...
    @classmethod
    def from_distsql(cls, script: str, *, metadata: _Metadata = None, discover_metadata: bool = False) -> Engine: ...
    @classmethod
    def from_dict(cls, config: Mapping[str, Any], *, metadata: _Metadata = None, discover_metadata: bool = False) -> Engine: ...
    @classmethod
    def from_cluster(
        cls,
        url: str,
        *,
        database: str,
        rules: Union[str, os.PathLike[str], None] = None,
        digest: Optional[str] = None,
        session_timeout: float = 60.0,
        connect_timeout: float = 1.5,
        instance_type: str = "jdbc",
        attribute: str = "",
        labels: Sequence[str] = (),
        log: Optional[Callable[[str], None]] = None,
    ) -> Engine: ...
    def with_metadata(self, metadata: Union[Mapping[str, Sequence[str]], str]) -> Engine: ...
    def with_discovered_metadata(self, timeout: float = 10.0) -> Engine: ...
    @property
    def metadata_storage_units(self) -> List[str]: ...
    def export_metadata_yaml(self) -> str: ...
    def apply_distsql(self, script: str) -> None: ...
    def export_yaml(self, include_secrets: bool = False) -> str: ...
    @property
    def database_name(self) -> str: ...
    @property
    def data_source_names(self) -> List[str]: ...
    @property
    def rules_version(self) -> int: ...
    def route(
        self,
        sql: str,
        params: Optional[Sequence[_Param]] = None,
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
        session: Optional[Session] = None,
    ) -> Plan: ...
    def route_all(
        self,
        text: str,
        params: Optional[Sequence[_Param]] = None,
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
        session: Optional[Session] = None,
    ) -> List[Plan]: ...
    def route_batch(
        self,
        sql: str,
        param_sets: Sequence[Sequence[_Param]],
        *,
        hints: Union[Hints, Mapping[str, Any], None] = None,
    ) -> List[BatchUnit]: ...
    def decrypt(self, encryptor: str, value: Any) -> Any: ...
    # observability (sqlroute.observability)
    def metrics(self) -> Dict[str, Any]: ...
    def prometheus(self) -> str: ...
    def set_metrics_enabled(self, enabled: Optional[bool]) -> None: ...
    def set_tracer(self, tracer: Optional[Callable[[Dict[str, Any]], Any]], sample: float = 1.0) -> None: ...
    def set_statement_log(
        self,
        target: Union[Callable[[Dict[str, Any]], Any], str, os.PathLike[str], None],
        *,
        slow_ms: Optional[float] = None,
        general: Optional[bool] = None,
    ) -> None: ...

class ParsedTable:
    name: str
    schema: Optional[str]
    alias: Optional[str]
    role: str
    def __init__(
        self, name: str, schema: Optional[str] = None, alias: Optional[str] = None, role: str = "from"
    ) -> None: ...
    @property
    def qualified_name(self) -> str: ...

class ParsedStatement:
    kind: str
    tables: Tuple[ParsedTable, ...]
    params: int
    schemas: Tuple[str, ...]
    indexes: Tuple[str, ...]
    constraints: Tuple[str, ...]
    comments: Tuple[str, ...]
    joins: Tuple[str, ...]
    variables: Tuple[str, ...]
    windows: Tuple[str, ...]
    call_orders: Tuple[str, ...]
    def __init__(
        self,
        kind: str,
        tables: Tuple[ParsedTable, ...],
        params: int,
        schemas: Tuple[str, ...] = (),
        indexes: Tuple[str, ...] = (),
        constraints: Tuple[str, ...] = (),
        comments: Tuple[str, ...] = (),
        joins: Tuple[str, ...] = (),
        variables: Tuple[str, ...] = (),
        windows: Tuple[str, ...] = (),
        call_orders: Tuple[str, ...] = (),
    ) -> None: ...

class ConfigProblem:
    error: Error
    line: Optional[int]
    column: Optional[int]
    def __init__(self, error: Error, line: Optional[int], column: Optional[int]) -> None: ...
    @property
    def code(self) -> str: ...
    @property
    def where(self) -> Optional[str]: ...

def check_yaml(path: Union[str, os.PathLike[str]]) -> List[ConfigProblem]: ...
def check_yaml_string(text: str) -> List[ConfigProblem]: ...
def check_distsql(script: str) -> List[ConfigProblem]: ...
def parse(sql: str) -> ParsedStatement: ...
def value_kind(value: object) -> str: ...
def describe_value(value: object) -> str: ...
def merge(
    plan: Plan,
    results: Sequence[Tuple[Sequence[str], Sequence[Sequence[Any]]]],
    *,
    collation: str = "general_ci",
    transform: Optional[Callable[[int, Any], Any]] = None,
) -> Tuple[List[str], List[Tuple[Any, ...]]]: ...

class RangeValue:
    lower: Any
    lower_closed: bool
    upper: Any
    upper_closed: bool
    def __init__(self, lower: Any, lower_closed: bool, upper: Any, upper_closed: bool) -> None: ...

class ShardingValue:
    logic_table: str
    column: str
    value: Any
    def __init__(self, logic_table: str, column: str, value: Any) -> None: ...

class ComplexShardingValue:
    logic_table: str
    values: Dict[str, List[Any]]
    ranges: Dict[str, RangeValue]
    def __init__(self, logic_table: str, values: Dict[str, List[Any]], ranges: Dict[str, RangeValue]) -> None: ...

class HintShardingValue:
    logic_table: str
    values: List[Any]
    def __init__(self, logic_table: str, values: List[Any]) -> None: ...

class ShadowValue:
    operation: str
    table: str
    column: str
    values: List[Any]
    hints: Dict[str, str]
    shadow_hint: bool
    def __init__(
        self, operation: str, table: str, column: str, values: List[Any], hints: Dict[str, str], shadow_hint: bool
    ) -> None: ...

class AuditValue:
    statement_kind: str
    sharding_tables: List[str]
    has_sharding_conditions: bool
    def __init__(self, statement_kind: str, sharding_tables: List[str], has_sharding_conditions: bool) -> None: ...

# kind: "sharding" | "key_generator" | "encryptor" | "load_balancer" | "shadow" | "auditor";
# factory(props) returns an object with the kind's methods (see sqlroute.algorithms).
def register_algorithm(kind: str, type_name: str, factory: Callable[[Dict[str, str]], Any]) -> None: ...
def unregister_algorithm(kind: str, type_name: str) -> bool: ...
def algorithm_types(kind: str) -> List[str]: ...
