"""Rule files by name: ShardingSphere YAML, or DistSQL scripts named ``*.sql`` / ``*.distsql``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Union

from sqlroute.engine import Engine

DISTSQL_SUFFIXES = (".sql", ".distsql")


def load_rules(path: Union[str, "os.PathLike[str]"], distsql: bool = False) -> Engine:
    """A YAML rule file, or a DistSQL script when ``distsql`` or named ``*.sql`` / ``*.distsql``."""
    if distsql or Path(path).suffix.lower() in DISTSQL_SUFFIXES:
        return Engine.from_distsql(Path(path).read_text(encoding="utf-8"))
    return Engine.from_yaml(path)
