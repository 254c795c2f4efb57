"""Text forms of parameters and statement files, shared by the CLI and the demo.

Parameter text (one CLI argument, or one token after ``-- params:``):

- ``NULL`` -> ``None``; ``TRUE`` / ``FALSE`` -> ``bool`` (any case)
- ``7``, ``-3`` -> ``int``; ``1.5``, ``2e3`` -> ``float``
- ``'it''s'`` or ``"x"`` -> ``str`` (a doubled quote stands for itself)
- ``kind:text`` forces an engine kind, as in explain output and the golden files:
  ``int:5``, ``long:7``, ``bigint:7``, ``decimal:1.50``, ``double:1``, ``string:7``,
  ``date:2024-01-31``, ``time:10:00:00``, ``datetime:2024-01-31T10:00:00``, ``bytes_hex:00ff``
- anything else is taken as a ``str``.

Statement file: one statement per line; blank lines and lines starting with ``--`` are
skipped; one trailing ``;`` is dropped; parameters follow the SQL after ``-- params:``,
separated by spaces (quote strings that contain spaces)::

    SELECT * FROM t_user WHERE id = ? -- params: 7
    SELECT * FROM t_user WHERE name = ? AND id IN (?, ?) -- params: 'Ann Lee' 1 long:2
"""

from __future__ import annotations

import datetime
import decimal
import re
from dataclasses import dataclass
from typing import Any, Callable, Dict, List

from sqlroute.values import BigInt, Int, Long

_INTEGER = re.compile(r"[-+]?\d+")
_FLOAT = re.compile(r"[-+]?(\d+\.\d*|\.\d+|\d+)([eE][-+]?\d+)?")
_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\S+")
_PARAMS_MARKER = " -- params:"

# Explicit kinds, as in explain output and the golden files: kind -> parser of its text.
TYPED_PARSERS: Dict[str, Callable[[str], Any]] = {
    "int": lambda text: Int(int(text)),
    "long": lambda text: Long(int(text)),
    "bigint": lambda text: BigInt(int(text)),
    "decimal": decimal.Decimal,
    "double": float,
    "string": str,
    "date": datetime.date.fromisoformat,
    "time": datetime.time.fromisoformat,
    "datetime": datetime.datetime.fromisoformat,
    "bytes_hex": bytes.fromhex,
}


def parse_param(text: str) -> Any:
    """One parameter from its text form (see the module docstring)."""
    upper = text.upper()
    if upper == "NULL":
        return None
    if upper in ("TRUE", "FALSE"):
        return upper == "TRUE"
    if _INTEGER.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        quote = text[0]
        return text[1:-1].replace(quote * 2, quote)
    kind, colon, rest = text.partition(":")
    if colon and kind in TYPED_PARSERS:
        try:
            return TYPED_PARSERS[kind](rest)
        except (ValueError, decimal.InvalidOperation) as error:
            raise ValueError(f"bad {kind} parameter {rest!r}: {error}") from None
    return text


def split_params(text: str) -> List[Any]:
    """Parameters separated by spaces; quoted strings may contain spaces."""
    return [parse_param(token) for token in _TOKEN.findall(text)]


@dataclass(frozen=True)
class FileStatement:
    """One statement of a statement file, with its 1-based line number."""

    line: int
    sql: str
    params: List[Any]


def read_statements(text: str) -> List[FileStatement]:
    """The statements of a statement file (see the module docstring)."""
    result = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped.startswith("--"):
            continue
        sql, marker, params = stripped.partition(_PARAMS_MARKER)
        sql = sql.rstrip()
        if sql.endswith(";"):
            sql = sql[:-1].rstrip()
        try:
            values = split_params(params) if marker else []
        except ValueError as error:
            raise ValueError(f"line {number}: {error}") from None
        result.append(FileStatement(number, sql, values))
    return result
