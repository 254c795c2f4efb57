"""Candidate rule sets for the advisor (:mod:`sqlroute.tools.advisor`): a loaded rule set as a
dict in the shape of its YAML file, changed one way at a time and loaded again.

The dict is read from :meth:`Engine.export_yaml` with secrets, so that a candidate loads as the
original does; it stays in memory and only the changed keys are ever shown. Each edit names the
change as ``(YAML key path, new value)`` pairs.
"""

from __future__ import annotations

import copy
from typing import Any, Dict, List, Optional, Tuple

import yaml

from sqlroute.engine import Engine

EMPTY_METADATA = "metadata:\n  {}\n"
Change = Tuple[str, Any]  # (YAML key path, new value)


class _TagLoader(yaml.SafeLoader):
    """Reads ``!SHARDING`` and the other rule tags as one-key dicts, as rule_dict expects."""


_TagLoader.add_multi_constructor("!", lambda loader, suffix, node: {f"!{suffix}": loader.construct_mapping(node, deep=True)})


class RuleSet:
    """The live rules of an engine as a dict, and candidate engines built from changed copies."""

    def __init__(self, engine: Engine) -> None:
        self.config: Dict[str, Any] = yaml.load(engine.export_yaml(include_secrets=True), Loader=_TagLoader)
        metadata = engine.export_metadata_yaml()
        self.metadata: Optional[str] = None if metadata == EMPTY_METADATA else metadata

    def copy(self) -> Dict[str, Any]:
        return copy.deepcopy(self.config)

    def load(self, config: Dict[str, Any]) -> Engine:
        return Engine.from_dict(config, metadata=self.metadata)


def rule_body(config: Dict[str, Any], tag: str, create: bool = False) -> Optional[Dict[str, Any]]:
    """The body of the rule with ``tag`` (e.g. ``"!SHARDING"``); with ``create``, added when missing."""
    rules: List[Dict[str, Any]] = config.setdefault("rules", [])
    for rule in rules:
        if tag in rule:
            return rule[tag]
    if not create:
        return None
    body: Dict[str, Any] = {}
    rules.append({tag: body})
    return body


def table_entry(sharding: Dict[str, Any], table: str) -> Tuple[str, str, Dict[str, Any]]:
    """(section ``tables`` / ``autoTables``, name as written, entry) of a sharding table."""
    for section in ("tables", "autoTables"):
        for name, entry in (sharding.get(section) or {}).items():
            if name.lower() == table.lower():
                return section, name, entry
    raise KeyError(table)


def strategy_key(section: str, level: str) -> str:
    """The strategy key of a table entry for a level (``"data source"`` or ``"table"``)."""
    if section == "autoTables":
        return "shardingStrategy"
    return "databaseStrategy" if level == "data source" else "tableStrategy"


def set_strategy(config: Dict[str, Any], table: str, level: str, kind: str, columns: Dict[str, str],
                 algorithm: str, algorithm_type: str, props: Dict[str, Any]) -> List[Change]:
    """``table`` shards at ``level`` with a ``kind`` strategy (``standard``, ``complex``, ``hint``) on
    ``columns`` (``{"shardingColumn": "id"}``, or none for a hint) and a new algorithm."""
    sharding = rule_body(config, "!SHARDING")
    section, name, entry = table_entry(sharding, table)
    key = strategy_key(section, level)
    entry[key] = {kind: dict(columns, shardingAlgorithmName=algorithm)}
    algorithm_entry = {"type": algorithm_type, "props": props}
    sharding.setdefault("shardingAlgorithms", {})[algorithm] = algorithm_entry
    return [(f"{section}.{name}.{key}", entry[key]), (f"shardingAlgorithms.{algorithm}", algorithm_entry)]


def set_actual_data_nodes(config: Dict[str, Any], table: str, nodes: List[str]) -> List[Change]:
    """``table`` (of ``tables``) gets these data nodes (``ds.actual`` each)."""
    sharding = rule_body(config, "!SHARDING")
    section, name, entry = table_entry(sharding, table)
    entry["actualDataNodes"] = ",".join(nodes)
    return [(f"{section}.{name}.actualDataNodes", entry["actualDataNodes"])]


def add_binding_group(config: Dict[str, Any], tables: List[str]) -> List[Change]:
    """Binds ``tables`` together: one group with them and the groups any of them is in already."""
    sharding = rule_body(config, "!SHARDING")
    wanted = {table.lower() for table in tables}
    merged, kept = list(tables), []
    for group in sharding.get("bindingTables") or []:
        members = [member.strip() for member in group.split(",")]
        if wanted & {member.lower() for member in members}:
            merged += [member for member in members if member.lower() not in {name.lower() for name in merged}]
        else:
            kept.append(group)
    sharding["bindingTables"] = [*kept, ",".join(merged)]
    return [("bindingTables", list(sharding["bindingTables"]))]


def make_broadcast(config: Dict[str, Any], table: str) -> List[Change]:
    """Turns a sharding table into a broadcast table (out of its binding groups)."""
    sharding = rule_body(config, "!SHARDING")
    section, name, _ = table_entry(sharding, table)
    del sharding[section][name]
    groups = []
    for group in sharding.get("bindingTables") or []:
        kept = [member for member in group.split(",") if member.strip().lower() != table.lower()]
        if len(kept) > 1:
            groups.append(",".join(kept))
    if "bindingTables" in sharding:
        sharding["bindingTables"] = groups
    broadcast = rule_body(config, "!BROADCAST", create=True)
    broadcast.setdefault("tables", []).append(name)
    return [(f"{section}.{name}", None), ("!BROADCAST.tables", list(broadcast["tables"]))]
