"""Workloads for ``sqlroute analyze``: statement files and MySQL general query logs.

A general log (``general_log_file``) is recognised by its entry lines, ``TIME<TAB>ID
COMMAND<TAB>ARGUMENT`` (MySQL 5.x leaves TIME empty on most lines); ``Query`` and
``Execute`` entries are kept, lines without an entry header continue the previous statement,
and each connection id gets its own :class:`sqlroute.Session` so transactions route as they
did. Anything else is read as a statement file (see
:mod:`sqlroute.tools.statement_file`). :func:`iter_workload_file` reads a file as it goes, so a
long log is never held whole.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Iterable, Iterator, List, NamedTuple, Optional

from sqlroute.tools.statement_file import read_statements

_ENTRY = re.compile(r"^([^\t]*)\t+\s*(\d+) ([A-Z][A-Za-z ]*?)\t(.*)$")
_STATEMENT_COMMANDS = ("Query", "Execute")
_LOG_HEADER = re.compile(r"^Time\s+Id\s+Command\s+Argument")


class WorkloadStatement(NamedTuple):
    """One statement of a workload: where it was read, the SQL, its parameters and connection."""

    line: int
    sql: str
    params: List[Any] = []  # never changed in place
    connection: Optional[str] = None


def is_general_log(text: str) -> bool:
    """True when the text looks like a MySQL general query log."""
    return _is_general_log_head(text.splitlines()[:HEAD_LINES])


HEAD_LINES = 50  # lines that decide whether a text is a general log


def _is_general_log_head(lines: Iterable[str]) -> bool:
    for line in lines:
        if _LOG_HEADER.match(line):
            return True
        entry = _ENTRY.match(line)
        if entry and entry.group(3) in _STATEMENT_COMMANDS + ("Connect", "Quit", "Init DB", "Prepare"):
            return True
    return False


def iter_general_log(lines: Iterable[str]) -> Iterator[WorkloadStatement]:
    """The Query/Execute statements of a general log's lines, multi-line statements joined."""
    line_number, connection, parts = 0, None, None  # parts: the lines of a statement being read
    match = _ENTRY.match
    for number, line in enumerate(lines, start=1):
        entry = match(line) if "\t" in line else None  # the entry's text stops before the line break
        if entry is None:
            if parts is not None:
                parts.append(line.rstrip("\r\n"))
            continue
        if parts is not None:
            sql = _statement_text(parts)
            if sql:
                yield WorkloadStatement(line_number, sql, [], connection)
        _, entry_connection, command, text = entry.groups()
        if command in _STATEMENT_COMMANDS:
            line_number, connection, parts = number, entry_connection, [text]
        else:
            parts = None
    if parts is not None:
        sql = _statement_text(parts)
        if sql:
            yield WorkloadStatement(line_number, sql, [], connection)


def _statement_text(parts: List[str]) -> str:
    text = parts[0] if len(parts) == 1 else "\n".join(parts)
    return text.strip().rstrip(";").rstrip()


def read_general_log(text: str) -> List[WorkloadStatement]:
    """The Query/Execute statements of a general log, multi-line statements joined."""
    return list(iter_general_log(text.splitlines()))


def read_workload(text: str) -> List[WorkloadStatement]:
    """A general log or a statement file, whichever the text is."""
    if is_general_log(text):
        return read_general_log(text)
    return [WorkloadStatement(s.line, s.sql, s.params) for s in read_statements(text)]


def iter_workload_file(path: str) -> Iterator[WorkloadStatement]:
    """The statements of a general log file as it is read, or of a statement file (read whole)."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        head = list(itertools.islice(handle, HEAD_LINES))
        if not _is_general_log_head(head):
            yield from read_workload("".join(head) + handle.read())
            return
        yield from iter_general_log(itertools.chain(head, handle))


def count_lines(path: str) -> int:
    """The number of lines of a file (for progress), counted in binary blocks."""
    count = 0
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            count += block.count(b"\n")
    return count


# Strings first, so that digits inside a string are part of it; one pass for both, looked for
# only where a literal can start (the lookahead halves the time of a shape: bench/analyze).
_LITERAL = re.compile(r"(?=['\"\d-])(?:'[^'\\]*(?:(?:\\.|'')[^'\\]*)*'|\"[^\"\\]*(?:(?:\\.|\"\")[^\"\\]*)*\""
                      r"|(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.]))")
_IN_LIST = re.compile(r"\bIN\s*\(\s*\?(?:\s*,\s*\?)+\s*\)", re.IGNORECASE)
_VALUES_ROWS = re.compile(r"(\(\s*[?, ]+\))(?:\s*,\s*\(\s*[?, ]+\))+")
_SPACE = re.compile(r"\s+")


def statement_shape(sql: str) -> str:
    """The statement with literals as ``?``, IN lists and VALUES rows collapsed, spaces normalised."""
    shape = _LITERAL.sub("?", sql)
    if "  " in shape or "\n" in shape or "\t" in shape or "\r" in shape:
        shape = _SPACE.sub(" ", shape)
    shape = shape.strip()
    if "?," in shape or "? ," in shape:  # lists of values: VALUES rows or IN
        shape = _VALUES_ROWS.sub(r"\1, ...", shape)
        shape = _IN_LIST.sub("IN (?, ...)", shape)
    return shape
