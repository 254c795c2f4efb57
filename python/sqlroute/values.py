"""Typed integers that force the Java type an algorithm sees.

A plain Python ``int`` becomes a Java ``Integer`` when it fits 32 bits, else a ``Long``,
else a ``BigInteger``. Algorithms such as HASH_MOD hash these types differently, so
``Int``, ``Long`` and ``BigInt`` pin the type explicitly. They are ``int`` subclasses: they
compare, hash and compute like ``int``; the engine returns ``Long``/``BigInt`` parameters
as these classes, so a value read from a plan binds back to the same type.
"""

from __future__ import annotations

from sqlroute.errors import catalogue_error

_INT_RANGE = (-(2**31), 2**31 - 1)
_LONG_RANGE = (-(2**63), 2**63 - 1)


class _TypedInt(int):
    """An ``int`` that remembers which Java integer type it stands for."""

    __slots__ = ()
    _range: "tuple[int, int] | None" = None

    def __new__(cls, value: int = 0):
        if isinstance(value, bool) or not isinstance(value, int):
            raise catalogue_error("TypedIntNotInt", name=cls.__name__, type=type(value).__name__)
        if cls._range is not None and not cls._range[0] <= value <= cls._range[1]:
            raise catalogue_error("TypedIntOutOfRange", value=value, name=cls.__name__, min=cls._range[0], max=cls._range[1])
        return super().__new__(cls, value)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({int(self)})"

    __str__ = int.__repr__

    def __reduce__(self):
        return (type(self), (int(self),))


class Int(_TypedInt):
    """A Java ``Integer`` (32 bits)."""

    __slots__ = ()
    _range = _INT_RANGE


class Long(_TypedInt):
    """A Java ``Long`` (64 bits), even for small values."""

    __slots__ = ()
    _range = _LONG_RANGE


class BigInt(_TypedInt):
    """A Java ``BigInteger``, even for small values."""

    __slots__ = ()
