"""Custom algorithms written in Python (ShardingSphere's CLASS_BASED, done the Python way).

``register_algorithm(kind, type_name, factory)`` makes ``type_name`` usable as a ``type:`` in
YAML (or ``TYPE(NAME=...)`` in DistSQL) for rules loaded afterwards. ``factory(props)``
receives the algorithm's props as a ``dict`` of strings (as written in the rules) and
returns an object with the kind's methods:

==================  ==========================================================================
kind                methods of the object
==================  ==========================================================================
``sharding``        any of: ``do_sharding(available_targets, sharding_value) -> str | None``
                    with a :class:`ShardingValue` (``=`` / ``IN``; ``None``: no target) and
                    ``do_range_sharding(available_targets, sharding_value) -> list[str]``
                    with a :class:`ShardingValue` whose ``value`` is a :class:`RangeValue`
                    (``BETWEEN``, ``<``, ``>=`` ...; without it a range goes to every target)
                    — a standard strategy; ``do_complex_sharding(available_targets,
                    sharding_value) -> list[str]`` with a :class:`ComplexShardingValue` — a
                    complex strategy; ``do_hint_sharding(available_targets, sharding_value)
                    -> list[str]`` with a :class:`HintShardingValue` — a hint strategy
``key_generator``   ``generate() -> value`` (an ``int``, ``str``, ... as for parameters)
``encryptor``       ``encrypt(value) -> value``; optional ``decrypt(value) -> value``; optional
                    attribute ``supports_like = True`` (a LIKE query encryptor). ``None``
                    never reaches them (NULL stays NULL)
``load_balancer``   ``choose(group, read_data_sources) -> str``: one of the enabled replicas
``shadow``          ``is_shadow(shadow_value) -> bool`` with a :class:`ShadowValue`; a column
                    algorithm has attributes ``column`` and ``operation`` (``insert``,
                    ``update``, ``delete`` or ``select``), a hint algorithm ``is_hint = True``
                    (the default when there is no ``column``)
``auditor``         ``check(audit_value) -> None | bool | str`` with an :class:`AuditValue`:
                    ``None``/``True`` lets the statement pass, ``False`` or a reason rejects
                    it with ``AUDIT_FAILED``
==================  ==========================================================================

``available_targets`` are the data source names (database strategy) or actual table names
(table strategy) the table may use. One object serves every thread: the engine calls it with
the GIL held, so calls never overlap. An exception raised by a method becomes a
:class:`sqlroute.Error` — a raised :class:`sqlroute.Error` keeps its code, anything else is
``INTERNAL_ERROR`` — and one raised by the factory a :class:`sqlroute.ConfigError`
(``CONFIG_ALGORITHM_PROPS``) naming the rule's YAML path. Secret prop values are masked in
those messages.
"""

from __future__ import annotations

import atexit
import threading
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Set, Tuple

from sqlroute._native import core
from sqlroute.errors import ConfigError, catalogue_error

KINDS = ("sharding", "key_generator", "encryptor", "load_balancer", "shadow", "auditor")


@dataclass(frozen=True)
class RangeValue:
    """A range of sharding values; an absent bound (``None``) is unbounded."""

    lower: Any
    lower_closed: bool
    upper: Any
    upper_closed: bool


@dataclass(frozen=True)
class ShardingValue:
    """What a standard algorithm routes: a value (or a :class:`RangeValue`) of ``column``."""

    logic_table: str
    column: str
    value: Any


@dataclass(frozen=True)
class ComplexShardingValue:
    """Complex strategies: the values (``=``/``IN``) and ranges given per sharding column."""

    logic_table: str
    values: Dict[str, List[Any]]
    ranges: Dict[str, RangeValue]


@dataclass(frozen=True)
class HintShardingValue:
    """Hint strategies: the hint values given for the table (:class:`sqlroute.Hints`)."""

    logic_table: str
    values: List[Any]


@dataclass(frozen=True)
class ShadowValue:
    """What a shadow algorithm decides on.

    ``operation`` is ``insert``/``update``/``delete``/``select`` (empty for other
    statements); column algorithms get their ``column`` and one of its ``values``; hint
    algorithms get the SQL comment's ``hints`` (key -> value) and ``shadow_hint``
    (:attr:`sqlroute.Hints.shadow`).
    """

    operation: str
    table: str
    column: str
    values: List[Any]
    hints: Dict[str, str]
    shadow_hint: bool


@dataclass(frozen=True)
class AuditValue:
    """What an auditor checks: the statement kind, its sharding tables, and whether it has sharding conditions."""

    statement_kind: str
    sharding_tables: List[str]
    has_sharding_conditions: bool


def _range(bounds: Tuple[Any, bool, Any, bool]) -> RangeValue:
    return RangeValue(*bounds)


def _names(result: Iterable[str], method: str) -> List[str]:
    if isinstance(result, str):
        raise TypeError(f"{method}() must return a list of names, not a str")
    return [str(name) for name in result]


def _invalid(type_name: str, message: str) -> ConfigError:
    return ConfigError("CONFIG_INVALID_VALUE", f"Python algorithm `{type_name}`: {message}")


class _ShardingAdapter:
    """The engine-facing side of a sharding algorithm object (plain data in, names out)."""

    def __init__(self, type_name: str, algorithm: Any) -> None:
        self.algorithm = algorithm
        self.standard = callable(getattr(algorithm, "do_sharding", None))
        self.complex = callable(getattr(algorithm, "do_complex_sharding", None))
        self.hint = callable(getattr(algorithm, "do_hint_sharding", None))
        if not (self.standard or self.complex or self.hint):
            raise _invalid(type_name, "the object has none of do_sharding, do_complex_sharding, do_hint_sharding")

    def do_sharding(self, targets: List[str], table: str, column: str, value: Any) -> Optional[str]:
        chosen = self.algorithm.do_sharding(targets, ShardingValue(table, column, value))
        return None if chosen is None else str(chosen)

    def do_range_sharding(self, targets: List[str], table: str, column: str, bounds: Tuple[Any, bool, Any, bool]) -> List[str]:
        if not callable(getattr(self.algorithm, "do_range_sharding", None)):
            return list(targets)
        result = self.algorithm.do_range_sharding(targets, ShardingValue(table, column, _range(bounds)))
        return _names(result, "do_range_sharding")

    def do_complex_sharding(self, targets: List[str], table: str, values: Dict[str, List[Any]],
                            ranges: Dict[str, Tuple[Any, bool, Any, bool]]) -> List[str]:
        value = ComplexShardingValue(table, values, {column: _range(r) for column, r in ranges.items()})
        return _names(self.algorithm.do_complex_sharding(targets, value), "do_complex_sharding")

    def do_hint_sharding(self, targets: List[str], table: str, values: List[Any]) -> List[str]:
        return _names(self.algorithm.do_hint_sharding(targets, HintShardingValue(table, values)), "do_hint_sharding")


def _require(type_name: str, algorithm: Any, *methods: str) -> None:
    missing = [name for name in methods if not callable(getattr(algorithm, name, None))]
    if missing:
        raise _invalid(type_name, "the object has no " + ", ".join(f"{name}()" for name in missing))


class _KeyGeneratorAdapter:
    def __init__(self, type_name: str, algorithm: Any) -> None:
        _require(type_name, algorithm, "generate")
        self.generate = algorithm.generate


class _EncryptorAdapter:
    def __init__(self, type_name: str, algorithm: Any) -> None:
        _require(type_name, algorithm, "encrypt")
        self.encrypt = algorithm.encrypt
        self.supports_decrypt = callable(getattr(algorithm, "decrypt", None))
        self.decrypt = algorithm.decrypt if self.supports_decrypt else None
        self.supports_like = bool(getattr(algorithm, "supports_like", False))


class _LoadBalancerAdapter:
    def __init__(self, type_name: str, algorithm: Any) -> None:
        _require(type_name, algorithm, "choose")
        self.algorithm = algorithm

    def choose(self, group: str, read_data_sources: List[str]) -> str:
        chosen = self.algorithm.choose(group, list(read_data_sources))
        if chosen not in read_data_sources:
            raise ValueError(f"choose() returned {chosen!r}, not one of {read_data_sources!r}")
        return chosen


class _ShadowAdapter:
    def __init__(self, type_name: str, algorithm: Any) -> None:
        _require(type_name, algorithm, "is_shadow")
        self.algorithm = algorithm
        self.column = str(getattr(algorithm, "column", "") or "")
        self.operation = str(getattr(algorithm, "operation", "") or "").lower()
        self.is_hint = bool(getattr(algorithm, "is_hint", not self.column))
        if not self.is_hint and self.operation not in ("insert", "update", "delete", "select"):
            raise _invalid(type_name, "a column shadow algorithm needs operation insert, update, delete or select")

    def is_shadow(self, operation: str, table: str, column: str, values: List[Any], hints: Dict[str, str],
                  shadow_hint: bool) -> bool:
        return bool(self.algorithm.is_shadow(ShadowValue(operation, table, column, values, hints, shadow_hint)))


class _AuditorAdapter:
    def __init__(self, type_name: str, algorithm: Any) -> None:
        _require(type_name, algorithm, "check")
        self.algorithm = algorithm
        self.type_name = type_name

    def check(self, statement_kind: str, tables: List[str], has_conditions: bool) -> Optional[str]:
        verdict = self.algorithm.check(AuditValue(statement_kind, tables, has_conditions))
        if verdict is None or verdict is True:
            return None
        if verdict is False:
            return f"rejected by auditor `{self.type_name}`"
        return str(verdict)


_ADAPTERS: Mapping[str, Callable[[str, Any], Any]] = {
    "sharding": _ShardingAdapter,
    "key_generator": _KeyGeneratorAdapter,
    "encryptor": _EncryptorAdapter,
    "load_balancer": _LoadBalancerAdapter,
    "shadow": _ShadowAdapter,
    "auditor": _AuditorAdapter,
}

_registered: Set[Tuple[str, str]] = set()
_registered_lock = threading.Lock()


def _check_kind(kind: str) -> None:
    if kind not in KINDS:
        raise catalogue_error("UnknownAlgorithmKind", kind=kind, known=", ".join(KINDS))


def register_algorithm(kind: str, type_name: str, factory: Callable[[Dict[str, str]], Any]) -> None:
    """Registers ``factory`` for the algorithm type ``type_name`` of ``kind`` (see the module docstring).

    ``kind`` is one of ``"sharding"``, ``"key_generator"``, ``"encryptor"``,
    ``"load_balancer"``, ``"shadow"``, ``"auditor"``. Type names are case-insensitive;
    registering a name twice (or a built-in name) raises :class:`sqlroute.ConfigError`
    (``CONFIG_DUPLICATE_NAME``). Rule sets loaded before keep what they had.
    """
    _check_kind(kind)
    if not callable(factory):
        raise TypeError("factory must be callable: factory(props) -> algorithm object")
    adapter = _ADAPTERS[kind]

    def build(props: Dict[str, str]) -> Any:
        return adapter(type_name, factory(props))

    core.register_algorithm(kind, type_name, build)
    with _registered_lock:
        _registered.add((kind, type_name.upper()))


def unregister_algorithm(kind: str, type_name: str) -> bool:
    """Removes a registered type; ``False`` when it is unknown or built in. Loaded rule sets keep using it."""
    _check_kind(kind)
    with _registered_lock:
        _registered.discard((kind, type_name.upper()))
    return core.unregister_algorithm(kind, type_name)


def algorithm_types(kind: str) -> List[str]:
    """The type names of ``kind`` the registry knows (upper case), built-ins included."""
    _check_kind(kind)
    return list(core.algorithm_types(kind))


@atexit.register
def _drop_python_algorithms() -> None:
    """Releases the Python factories while the interpreter is still fully alive."""
    with _registered_lock:
        for kind, type_name in _registered:
            core.unregister_algorithm(kind, type_name)
        _registered.clear()
