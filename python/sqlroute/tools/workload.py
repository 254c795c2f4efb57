"""Workloads for ``sqlroute analyze``: statement files and MySQL general query logs.

A general log (``general_log_file``) is recognised by its entry lines, ``TIME<TAB>ID
COMMAND<TAB>ARGUMENT`` (MySQL 5.x leaves TIME empty on most lines); ``Query`` and
``Execute`` entries are kept, lines without an entry header continue the previous statement,
and each connection id gets its own :class:`sqlroute.Session` so transactions route as they
did. Anything else is read as a statement file (see
:mod:`sqlroute.tools.statement_file`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, List, Optional

from sqlroute.tools.statement_file import read_statements

_ENTRY = re.compile(r"^([^\t]*)\t+\s*(\d+) ([A-Z][A-Za-z ]*?)\t(.*)$")
_STATEMENT_COMMANDS = ("Query", "Execute")
_LOG_HEADER = re.compile(r"^Time\s+Id\s+Command\s+Argument")


@dataclass(frozen=True)
class WorkloadStatement:
    """One statement of a workload: where it was read, the SQL, its parameters and connection."""

    line: int
    sql: str
    params: List[Any] = field(default_factory=list)
    connection: Optional[str] = None


def is_general_log(text: str) -> bool:
    """True when the text looks like a MySQL general query log."""
    for line in text.splitlines()[:50]:
        if _LOG_HEADER.match(line):
            return True
        entry = _ENTRY.match(line)
        if entry and entry.group(3) in _STATEMENT_COMMANDS + ("Connect", "Quit", "Init DB", "Prepare"):
            return True
    return False


def read_general_log(text: str) -> List[WorkloadStatement]:
    """The Query/Execute statements of a general log, multi-line statements joined."""
    statements: List[WorkloadStatement] = []
    current: Optional[List[Any]] = None  # [line, connection, parts] of a statement being read

    def finish() -> None:
        if current is not None:
            sql = "\n".join(current[2]).strip().rstrip(";").rstrip()
            if sql:
                statements.append(WorkloadStatement(current[0], sql, [], current[1]))

    for number, line in enumerate(text.splitlines(), start=1):
        entry = _ENTRY.match(line)
        if entry:
            finish()
            current = [number, entry.group(2), [entry.group(4)]] if entry.group(3) in _STATEMENT_COMMANDS else None
        elif current is not None:
            current[2].append(line)
    finish()
    return statements


def read_workload(text: str) -> List[WorkloadStatement]:
    """A general log or a statement file, whichever the text is."""
    if is_general_log(text):
        return read_general_log(text)
    return [WorkloadStatement(s.line, s.sql, s.params) for s in read_statements(text)]


_STRING = re.compile(r"'(?:[^'\\]|\\.|'')*'|\"(?:[^\"\\]|\\.|\"\")*\"")
_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])")
_IN_LIST = re.compile(r"\bIN\s*\(\s*\?(?:\s*,\s*\?)+\s*\)", re.IGNORECASE)
_VALUES_ROWS = re.compile(r"(\(\s*[?, ]+\))(?:\s*,\s*\(\s*[?, ]+\))+")
_SPACE = re.compile(r"\s+")


def statement_shape(sql: str) -> str:
    """The statement with literals as ``?``, IN lists and VALUES rows collapsed, spaces normalised."""
    shape = _STRING.sub("?", sql)
    shape = _NUMBER.sub("?", shape)
    shape = _VALUES_ROWS.sub(r"\1, ...", shape)
    shape = _IN_LIST.sub("IN (?, ...)", shape)
    return _SPACE.sub(" ", shape).strip()
