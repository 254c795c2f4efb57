"""Checking rules without loading them: every problem of a rule file, not only the first.

:meth:`Engine.from_yaml` and friends raise the first :class:`ConfigError`. The ``check_*``
functions go on past each problem that leaves the rest checkable (an unknown key, a missing
value, an undefined algorithm or data source, a statement that fails) and return them all
in text order, each with its YAML key path or DistSQL position and the line it points at.
Problems that only follow from an earlier one are left out. An empty list means the rules load.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, List, Optional, Sequence, Tuple, Union

from sqlroute._native import core
from sqlroute.errors import Error


@dataclass(frozen=True)
class ConfigProblem:
    """One problem: the error (``code``, ``message``, ``path`` or ``position``) and the 1-based
    ``line`` / ``column`` of the rule text it points at (``None`` when unknown)."""

    error: Error
    line: Optional[int]
    column: Optional[int]

    @property
    def code(self) -> str:
        return self.error.code

    @property
    def where(self) -> Optional[str]:
        """``"line:column"`` (or ``"distsql[line:column].name"``) for DistSQL, ``"<key path> (line N)"``
        for YAML, when known."""
        where = self.error.where
        if self.line is None or self.error.position is not None or (where or "").startswith("distsql["):
            return where  # DistSQL paths start with the statement's line:column
        return f"{where} (line {self.line})" if where else f"line {self.line}"

    def __str__(self) -> str:
        where = self.where
        return f"error[{self.error.code}]" + (f" at {where}" if where else "") + f": {self.error.message}"


def _problems(found: Sequence[Tuple[Any, int, int]]) -> List[ConfigProblem]:
    return [ConfigProblem(error, line or None, column or None) for error, line, column in found]


def check_yaml(path: Union[str, "os.PathLike[str]"]) -> List[ConfigProblem]:
    """Every problem of a ShardingSphere YAML rule file (an unreadable file is one problem)."""
    return _problems(core.check_yaml_file(os.fspath(path)))


def check_yaml_string(text: str) -> List[ConfigProblem]:
    """Every problem of ShardingSphere YAML rules given as text."""
    return _problems(core.check_yaml_string(text))


def check_distsql(script: str) -> List[ConfigProblem]:
    """Every problem of a DistSQL script, each at its ``line:column``."""
    return _problems(core.check_distsql(script))
