"""Rule files by name: ShardingSphere YAML, or DistSQL scripts named ``*.sql`` / ``*.distsql``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Union

from sqlroute.checking import ConfigProblem, check_distsql, check_yaml
from sqlroute.engine import Engine

DISTSQL_SUFFIXES = (".sql", ".distsql")


def is_distsql(path: Union[str, "os.PathLike[str]"], distsql: bool = False) -> bool:
    """Whether the file is read as DistSQL: ``distsql`` given or a ``*.sql`` / ``*.distsql`` name."""
    return distsql or Path(path).suffix.lower() in DISTSQL_SUFFIXES


def load_rules(path: Union[str, "os.PathLike[str]"], distsql: bool = False, discover_metadata: bool = False) -> Engine:
    """A YAML rule file, or a DistSQL script when ``distsql`` or named ``*.sql`` / ``*.distsql``;
    with ``discover_metadata``, with the metadata its data sources hold."""
    if is_distsql(path, distsql):
        return Engine.from_distsql(Path(path).read_text(encoding="utf-8"), discover_metadata=discover_metadata)
    return Engine.from_yaml(path, discover_metadata=discover_metadata)


def check_rules(path: Union[str, "os.PathLike[str]"], distsql: bool = False) -> List[ConfigProblem]:
    """Every problem of the rule file that :func:`load_rules` would read (empty: it loads)."""
    if is_distsql(path, distsql):
        return check_distsql(Path(path).read_text(encoding="utf-8"))
    return check_yaml(path)
