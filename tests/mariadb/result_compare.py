"""Typed comparison of two results as MySQL clients see them.

Numbers compare by exact value whatever their Python type (MySQL returns SUM as DECIMAL and
COUNT as BIGINT; a merged SUM of DECIMALs is still a number), but a number never equals a
string. Strings compare under utf8mb4_general_ci (case-insensitive, trailing spaces ignored):
which of 'alice' and 'Alice' MySQL shows for a group or a MIN is not defined. Results without ORDER BY compare as multisets; ordered results compare row by row,
rows whose ORDER BY keys tie (under utf8mb4_general_ci) as multisets.
"""

from __future__ import annotations

import datetime
from collections import Counter
from decimal import Decimal
from typing import Any, List, Optional, Sequence, Tuple

Row = Tuple[Any, ...]


def norm_value(value: Any) -> Tuple[str, Any]:
    if value is None:
        return ("null", None)
    if isinstance(value, bool):
        return ("num", Decimal(int(value)))
    if isinstance(value, int):
        return ("num", Decimal(int(value)))
    if isinstance(value, Decimal):
        return ("num", value.normalize() if value != 0 else Decimal(0))
    if isinstance(value, float):
        return ("float", round(value, 9))
    if isinstance(value, (bytes, bytearray)):
        return ("bytes", bytes(value))
    if isinstance(value, str):
        return ("str", value.rstrip(" ").casefold())
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time, datetime.timedelta)):
        return ("time", value)
    return (type(value).__name__, value)


def sorted_concat(value: Any, separator: str = ",") -> Any:
    """GROUP_CONCAT without ORDER BY has no defined element order: compare its elements."""
    if isinstance(value, (bytes, bytearray)):
        value = bytes(value).decode()
    if isinstance(value, str):
        return separator.join(sorted(value.split(separator)))
    return value


def norm_row(row: Sequence[Any], concat_columns: Sequence[int] = (), separator: str = ",") -> Row:
    return tuple(norm_value(sorted_concat(v, separator) if i in concat_columns else v) for i, v in enumerate(row))


def collation_key(value: Any) -> Any:
    """Equality under utf8mb4_general_ci, closely enough for the generated data."""
    if isinstance(value, str):
        return value.rstrip(" ").casefold()
    return norm_value(value)


def runs(rows: Sequence[Row], order_columns: Sequence[int]) -> List[List[Row]]:
    """Consecutive rows grouped by equal ORDER BY keys."""
    groups: List[List[Row]] = []
    last: Optional[tuple] = None
    for row in rows:
        key = tuple(collation_key(row[i]) for i in order_columns)
        if groups and key == last:
            groups[-1].append(row)
        else:
            groups.append([row])
        last = key
    return groups


def differences(expected: Sequence[Row], got: Sequence[Row], *, order_columns: Optional[Sequence[int]] = None,
                concat_columns: Sequence[int] = (), separator: str = ",") -> Optional[str]:
    """None when the results agree, else a short description of the first difference."""
    want = [norm_row(r, concat_columns, separator) for r in expected]
    have = [norm_row(r, concat_columns, separator) for r in got]
    if len(want) != len(have):
        return f"row count: expected {len(want)}, got {len(have)}; " + _multiset_diff(want, have)
    if order_columns is None:
        return None if Counter(want) == Counter(have) else _multiset_diff(want, have)
    want_runs = runs(want, order_columns)
    have_runs = runs(have, order_columns)
    for position, (a, b) in enumerate(zip(want_runs, have_runs)):
        if Counter(a) != Counter(b):
            return f"order differs at run {position}: expected {a[:3]}, got {b[:3]}"
    if len(want_runs) != len(have_runs):
        return f"ordering runs: expected {len(want_runs)}, got {len(have_runs)}"
    return None


def _multiset_diff(want: Sequence[Row], have: Sequence[Row]) -> str:
    missing = list((Counter(want) - Counter(have)).elements())
    extra = list((Counter(have) - Counter(want)).elements())
    return f"missing {len(missing)} {missing[:3]}, unexpected {len(extra)} {extra[:3]}"
