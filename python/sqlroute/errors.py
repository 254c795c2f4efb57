"""The exception hierarchy: every engine error is a :class:`sqlroute.Error`.

Each error carries the stable catalogue ``code`` (e.g. ``"SQL_SYNTAX_ERROR"``), its
``category`` (``"syntax"``, ``"config"``, ...), the ``message``, and where it happened:
``position`` as ``(line, column)`` in the SQL (1-based), or ``path``, the YAML key path of
the rule configuration (e.g. ``"rules[0].shardingAlgorithms.t_user_mod.props"``).
"""

from __future__ import annotations

from typing import ClassVar, Dict, Optional, Tuple, Type, cast


class Error(Exception):
    """Base class of every sqlroute error."""

    category: ClassVar[str] = "internal"

    def __init__(
        self,
        code: str,
        message: str,
        *,
        position: Optional[Tuple[int, int]] = None,
        path: Optional[str] = None,
    ) -> None:
        super().__init__(code, message)
        self.code = code
        self.message = message
        self.position = position
        self.path = path

    @property
    def where(self) -> Optional[str]:
        """``"line:column"`` or the config key path, when known."""
        if self.position is not None:
            return f"{self.position[0]}:{self.position[1]}"
        return self.path

    def __str__(self) -> str:
        where = self.where
        return f"[{self.code}] {self.message}" + (f" [at {where}]" if where else "")

    def __repr__(self) -> str:
        extra = ""
        if self.position is not None:
            extra += f", position={self.position!r}"
        if self.path is not None:
            extra += f", path={self.path!r}"
        return f"{type(self).__name__}({self.code!r}, {self.message!r}{extra})"

    def __reduce__(self):  # keeps position/path when pickled (e.g. across processes)
        return (_rebuild, (type(self), self.code, self.message, self.position, self.path))


class SqlSyntaxError(Error):
    """The SQL text cannot be parsed (``position`` says where)."""

    category = "syntax"


class ConfigError(Error):
    """The rule configuration is invalid (``path`` names the YAML key)."""

    category = "config"


class BindError(Error):
    """The statement does not fit its parameters, the metadata or the hints."""

    category = "bind"


class RouteError(Error):
    """The statement cannot be routed safely (ShardingSphere would reject it)."""

    category = "route"


class RewriteError(Error):
    """The per-data-source SQL cannot be produced."""

    category = "rewrite"


class MergeError(RewriteError):
    """The units' results cannot be merged into one (codes ``MERGE_*``); a :class:`RewriteError`
    subclass, as these codes were rewrite errors before they got their own category."""

    category = "merge"


class UnsupportedSqlError(Error):
    """Valid SQL or usage that the rules cannot serve."""

    category = "unsupported"


class InternalError(Error):
    """A bug in sqlroute."""

    category = "internal"


class ClusterError(Error):
    """The rule registry (ZooKeeper) of cluster mode cannot serve a request (codes ``REGISTRY_*``)."""

    category = "cluster"


class BindValueError(BindError, ValueError):
    """A parameter or hint value sqlroute cannot use (codes ``PARAMETER_INVALID``, ``HINT_INVALID``)."""


class BindTypeError(BindError, TypeError):
    """A parameter or hint of a type sqlroute cannot use (codes ``PARAMETER_TYPE``, ``HINT_TYPE``)."""


class ConfigValueError(ConfigError, ValueError):
    """Rules or options with a value that is not allowed (``CONFIG_INVALID_VALUE``, ``CONFIG_UNKNOWN_*``)."""


class ConfigTypeError(ConfigError, TypeError):
    """Rules, metadata or options of the wrong Python type (``CONFIG_VALUE_TYPE``)."""


class MergeValueError(MergeError, ValueError):
    """Units' results or merge options sqlroute cannot merge (``MERGE_VALUE_INVALID``)."""


ERROR_CLASSES: Dict[str, Type[Error]] = {
    cls.category: cls
    for cls in (
        SqlSyntaxError, ConfigError, BindError, RouteError, RewriteError, MergeError, UnsupportedSqlError, InternalError,
        ClusterError,
    )
}


# The classes of the codes the catalogue also makes ValueError / TypeError (error_python.def):
# the errors of bad arguments to the Python API, caught where Python's own checks would be.
_BUILTIN_CLASSES: Dict[Tuple[str, str], Type[Error]] = {
    ("bind", "ValueError"): BindValueError,
    ("bind", "TypeError"): BindTypeError,
    ("config", "ValueError"): ConfigValueError,
    ("config", "TypeError"): ConfigTypeError,
    ("merge", "ValueError"): MergeValueError,
}
_builtin_of: Optional[Dict[str, str]] = None


def error_class(code: str, category: str) -> Type[Error]:
    """The exception class of a catalogue code: its category's, or the ValueError / TypeError
    subclass of that category the catalogue names for it."""
    global _builtin_of
    if _builtin_of is None:
        from sqlroute import _core

        _builtin_of = dict(_core.error_python_builtins())
    builtin = _builtin_of.get(code)
    if builtin is not None:
        return _BUILTIN_CLASSES[(category, builtin)]
    return ERROR_CLASSES.get(category, InternalError)


def catalogue_error(message: str, **args: object) -> Error:
    """The error of catalogue message ``message`` (``error_messages.def``) with its arguments:
    the Python package raises its errors of bad arguments with these, so that their code and
    text come from the one catalogue."""
    from sqlroute import _core

    return cast(Error, _core.error(message, {name: str(value) for name, value in args.items()}))


def _rebuild(cls: Type[Error], code: str, message: str, position, path) -> Error:
    return cls(code, message, position=position, path=path)


def _from_native(code: str, category: str, message: str, position, path) -> Error:
    """Called by the native module to build the exception for a C++ ``sqlroute::Error``."""
    return error_class(code, category)(code, message, position=position, path=path)
