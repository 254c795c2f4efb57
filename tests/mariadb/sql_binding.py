"""Binds ``?`` markers client-side, the way a MySQL text-protocol driver does.

pymysql uses ``%s`` markers and ``%`` formatting; the engine's units use ``?``. ``bind`` replaces
each ``?`` outside quotes, backticks and comments with the escaped literal of its parameter.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from sqlroute import BigInt, Long


def plain_value(value: Any) -> Any:
    """Engine parameter kinds (``Long``, ``BigInt``: int subclasses) as plain Python values."""
    if isinstance(value, (Long, BigInt)) or (isinstance(value, int) and type(value) not in (int, bool)):
        return int(value)
    return value


def bind(sql: str, params: Sequence[Any], literal: Callable[[Any], str]) -> str:
    out = []
    index = 0
    i = 0
    n = len(sql)
    while i < n:
        ch = sql[i]
        if ch in ("'", '"', "`"):
            end = i + 1
            while end < n:
                if sql[end] == "\\" and ch != "`":
                    end += 2
                    continue
                if sql[end] == ch:
                    if end + 1 < n and sql[end + 1] == ch:  # doubled quote
                        end += 2
                        continue
                    break
                end += 1
            out.append(sql[i:end + 1])
            i = end + 1
        elif sql.startswith("/*", i):
            end = sql.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append(sql[i:end])
            i = end
        elif sql.startswith("-- ", i) or ch == "#":
            end = sql.find("\n", i)
            end = n if end < 0 else end
            out.append(sql[i:end])
            i = end
        elif ch == "?":
            if index >= len(params):
                raise ValueError(f"not enough parameters for {sql!r}")
            out.append(literal(plain_value(params[index])))
            index += 1
            i += 1
        else:
            out.append(ch)
            i += 1
    if index != len(params):
        raise ValueError(f"{len(params)} parameters for {index} markers in {sql!r}")
    return "".join(out)
