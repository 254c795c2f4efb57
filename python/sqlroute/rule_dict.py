"""Rules given as a Python dict, in the shape of a ShardingSphere YAML file.

``rules`` may be written either way (the two can describe the same rule set):

- as the YAML file lists it, one single-key dict per rule with the tag as key::

      {"rules": [{"!SHARDING": {"tables": {...}, "shardingAlgorithms": {...}}}]}

- as a mapping from rule name to body, names in snake case or as tags without ``!``::

      {"rules": {"sharding": {...}, "readwrite_splitting": {...}, "encrypt": {...}}}

Rule names: ``sharding``, ``broadcast``, ``readwrite_splitting``, ``encrypt``, ``shadow``,
``single`` (case-insensitive, ``-`` or ``_``). Every other key (``databaseName``,
``dataSources``, ``props``, ...) is passed through unchanged. The dict becomes YAML text
(JSON flow collections with the rule tags) and loads like a file, so errors carry the same
YAML key paths (``rules[0].tables.t_user...``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, List, Tuple

from sqlroute.errors import catalogue_error

RULE_TAGS = {
    "sharding": "!SHARDING",
    "broadcast": "!BROADCAST",
    "readwrite_splitting": "!READWRITE_SPLITTING",
    "encrypt": "!ENCRYPT",
    "shadow": "!SHADOW",
    "single": "!SINGLE",
}


def _tag(name: str) -> str:
    key = str(name).lstrip("!").lower().replace("-", "_")
    if key not in RULE_TAGS:
        raise catalogue_error("UnknownRuleName", name=repr(name), known=", ".join(RULE_TAGS))
    return RULE_TAGS[key]


def _rules(rules: Any) -> List[Tuple[str, Any]]:
    """``(tag, body)`` per rule, in order."""
    if isinstance(rules, Mapping):
        return [(_tag(name), body) for name, body in rules.items()]
    if isinstance(rules, Sequence) and not isinstance(rules, (str, bytes)):
        result = []
        for index, item in enumerate(rules):
            if not isinstance(item, Mapping) or len(item) != 1:
                raise catalogue_error("RuleItemNotOneKey", index=index)
            ((name, body),) = item.items()
            result.append((_tag(name), body))
        return result
    raise catalogue_error("RulesWrongType", type=type(rules).__name__)


def _flow(value: Any) -> str:
    """A value as YAML flow text (JSON is valid YAML); keys become strings."""
    try:
        return json.dumps(value, ensure_ascii=False, default=_unsupported)
    except ValueError as error:  # e.g. a circular reference
        raise catalogue_error("RulesValueNotYaml", detail=error) from None


def _unsupported(value: Any) -> Any:
    raise catalogue_error("RulesValueWrongType", type=type(value).__name__)


def dict_to_yaml(config: Mapping[str, Any]) -> str:
    """The YAML text of a rules dict (see the module docstring)."""
    if not isinstance(config, Mapping):
        raise catalogue_error("RulesNotDict", type=type(config).__name__)
    lines = []
    for key, value in config.items():
        if key == "rules":
            lines.append("rules:")
            lines.extend(f"- {tag} {_flow(body if body is not None else {})}" for tag, body in _rules(value))
        else:
            lines.append(f"{_flow(str(key))}: {_flow(value)}")
    return "\n".join(lines) + "\n"
