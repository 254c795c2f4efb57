"""sqlroute: Apache ShardingSphere routing and rewriting for MySQL, in-process.

>>> engine = sqlroute.Engine.from_yaml("examples/sharding.yaml")
>>> engine.route("SELECT * FROM t_user WHERE id = ?", [7]).units
[SqlUnit(data_source='ds_3', sql='SELECT * FROM t_user_7 WHERE id = ?', params=[7])]

Parameter values
----------------
Python values bind to the Java types ShardingSphere would see (algorithms such as HASH_MOD
depend on them):

=====================  ===========================  ==========================================
Python                 engine kind (Java type)      notes
=====================  ===========================  ==========================================
None                   null                         SQL NULL
bool                   bool (Boolean)               checked before int
int                    int (Integer)                when it fits 32 bits
int                    long (Long)                  when it fits 64 bits
int                    bigint (BigInteger)          larger values
sqlroute.Int(v)        int (Integer)                ValueError beyond 32 bits
sqlroute.Long(v)       long (Long)                  even for small values
sqlroute.BigInt(v)     bigint (BigInteger)          even for small values
float                  double (Double)
decimal.Decimal        decimal (BigDecimal)         text is str(value); NaN/Infinity rejected
str                    string (String)              UTF-8
bytes, bytearray       bytes (byte[])
datetime.datetime      datetime                     'YYYY-MM-DD HH:MM:SS[.ffffff]', naive only
datetime.date          date                         'YYYY-MM-DD'
datetime.time          time                         'HH:MM:SS[.ffffff]', naive only
=====================  ===========================  ==========================================

Parameters in a plan come back the other way round: int kind -> ``int``, long ->
``sqlroute.Long``, bigint -> ``sqlroute.BigInt`` (both ``int`` subclasses), decimal ->
``Decimal``, double -> ``float``, bytes -> ``bytes``, temporals -> ``datetime`` objects, so a
value read from a plan binds back to the same kind.
Any other type raises ``TypeError`` naming the parameter (``params[2]``).
:func:`value_kind` and :func:`describe_value` show how a value will be bound.

Errors
------
Every failure raises a subclass of :class:`Error` with ``code``, ``category``, ``message``,
``position`` (``(line, column)`` in the SQL) and ``path`` (YAML key path):
:class:`SqlSyntaxError`, :class:`ConfigError`, :class:`BindError`, :class:`RouteError`,
:class:`RewriteError`, :class:`MergeError`, :class:`UnsupportedSqlError`, :class:`InternalError`,
:class:`ClusterError`.
Bad arguments (parameters, hints, rules or options given as Python values) raise the catalogue's
error too, of a class that also derives from ``ValueError`` or ``TypeError`` as Python's own checks
would raise (``sqlroute.errors.BindValueError``, ``BindTypeError``, ``ConfigValueError``,
``ConfigTypeError``, ``MergeValueError``); a misuse of the API itself (a non-callable factory, a
session of another type) stays a plain ``TypeError`` / ``ValueError``.
Loading stops at the first problem; :func:`check_yaml`, :func:`check_yaml_string` and
:func:`check_distsql` list every problem of a rule text (:class:`ConfigProblem`).

More
----
:class:`Session` (transaction state for read/write splitting), :func:`register_algorithm`
(custom algorithms in Python: see :mod:`sqlroute.algorithms`), :mod:`sqlroute.testing`
(pytest helpers) and the CLI (``python3 -m sqlroute --help``: explain, check, analyze,
distribution, ...), whose machinery is :mod:`sqlroute.tools`.
"""

from sqlroute._native import core as _core_module
from sqlroute.algorithms import (
    AuditValue,
    ComplexShardingValue,
    HintShardingValue,
    RangeValue,
    ShadowValue,
    ShardingValue,
    algorithm_types,
    register_algorithm,
    unregister_algorithm,
)
from sqlroute.checking import ConfigProblem, check_distsql, check_yaml, check_yaml_string
from sqlroute.engine import Engine
from sqlroute.errors import (
    BindError,
    ClusterError,
    ConfigError,
    Error,
    InternalError,
    MergeError,
    RewriteError,
    RouteError,
    SqlSyntaxError,
    UnsupportedSqlError,
)
from sqlroute.hints import Hints
from sqlroute.merging import merge
from sqlroute.parsing import ParsedStatement, ParsedTable, parse
from sqlroute.plan import BatchUnit, DecryptColumn, Plan, RouteDecision, RouteUnit, ScatterReason, SqlUnit, TableMapping
from sqlroute.session import Session
from sqlroute.values import BigInt, Int, Long

__version__: str = _core_module.__version__


def value_kind(value: object) -> str:
    """The engine kind a Python value binds to: ``'int'``, ``'long'``, ``'decimal'``, ..."""
    return _core_module.value_kind(value)


def describe_value(value: object) -> str:
    """A value as explain output shows it once bound: ``7``, ``long:7``, ``'abc'``, ``NULL``."""
    return _core_module.describe_value(value)


__all__ = [
    "AuditValue",
    "BigInt",
    "BindError",
    "ClusterError",
    "ComplexShardingValue",
    "ConfigError",
    "ConfigProblem",
    "DecryptColumn",
    "Engine",
    "Error",
    "HintShardingValue",
    "Hints",
    "Int",
    "InternalError",
    "Long",
    "MergeError",
    "ParsedStatement",
    "ParsedTable",
    "Plan",
    "RangeValue",
    "RewriteError",
    "RouteDecision",
    "ScatterReason",
    "RouteError",
    "RouteUnit",
    "Session",
    "ShadowValue",
    "ShardingValue",
    "SqlSyntaxError",
    "SqlUnit",
    "BatchUnit",
    "TableMapping",
    "UnsupportedSqlError",
    "algorithm_types",
    "check_distsql",
    "check_yaml",
    "check_yaml_string",
    "describe_value",
    "merge",
    "parse",
    "register_algorithm",
    "unregister_algorithm",
    "value_kind",
]
