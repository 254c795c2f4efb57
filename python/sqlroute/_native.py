"""Loads the native module and hands it the Python classes it builds values and errors from."""

from sqlroute import _core as core
from sqlroute.errors import _from_native
from sqlroute.values import BigInt, Int, Long

core._configure(int_type=Int, long_type=Long, bigint_type=BigInt, error_factory=_from_native)

__all__ = ["core"]
