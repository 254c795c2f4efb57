"""Chained logical data sources and `*.*` single tables on real databases.

Each rule file of tests/golden/rules/ (and its DistSQL twin) routes a stream of INSERTs; every
storage unit is a database of its own. The storage unit each row belongs on is worked out here
from the rules' own terms (shard = user_id % 2, shadow when the VALUE_MATCH column is 1, writes
on the primary, single tables where the metadata puts them), and each database must then hold
exactly its rows: nothing reaches a replica, a shadow database or another shard that the chain
does not name.
"""

from __future__ import annotations

import random
from typing import Callable, Dict, List, Tuple

import pytest
import yaml

import sqlroute
from mariadb_paths import GOLDEN_RULES
from routed_db import RoutedDatabase

ROWS = 120
LOADERS = ["yaml", "distsql"]


def engine(name: str, loader: str) -> sqlroute.Engine:
    if loader == "yaml":
        return sqlroute.Engine.from_yaml(GOLDEN_RULES / f"{name}.yaml")
    return sqlroute.Engine.from_distsql((GOLDEN_RULES / f"{name}.distsql").read_text(encoding="utf-8"))


class _TaggedLoader(yaml.SafeLoader):
    """Reads rule files, taking `!SHARDING`-style tags for plain mappings."""


_TaggedLoader.add_multi_constructor("!", lambda loader, suffix, node: loader.construct_mapping(node, deep=True))


def rule_file(name: str) -> dict:
    return yaml.load((GOLDEN_RULES / f"{name}.yaml").read_text(encoding="utf-8"), Loader=_TaggedLoader)


def storage_units(name: str) -> List[str]:
    return list(rule_file(name)["dataSources"])


def logic_database(databases, name: str, loader: str, ddl: Dict[str, List[str]]) -> Tuple[RoutedDatabase, Dict[str, str]]:
    """One database per storage unit (`ddl` by storage unit, else every table of `default`)."""
    mapping = {unit: f"sr_{name[:18]}_{loader[0]}_{unit}" for unit in storage_units(name)}
    for unit, database in mapping.items():
        databases.recreate(database, ddl.get(unit, ddl.get("default", [])))
    return RoutedDatabase(engine(name, loader), databases, mapping), mapping


def rows_of(databases, database: str, table: str) -> List[tuple]:
    return sorted(databases.run(database, f"SELECT * FROM {table}").rows)


def check_placement(databases, mapping: Dict[str, str], tables: Dict[str, List[str]],
                    expected: Dict[Tuple[str, str], List[tuple]], project: Callable[[tuple], tuple] = tuple) -> None:
    """Every (storage unit, table) holds exactly the rows expected there, the others none."""
    for unit, database in mapping.items():
        for table in tables.get(unit, tables.get("default", [])):
            got = [project(row) for row in rows_of(databases, database, table)]
            assert got == sorted(expected.get((unit, table), [])), (unit, table)


ORDER_DDL = "CREATE TABLE {t} (order_id INT PRIMARY KEY, user_id INT, order_type INT)"


@pytest.mark.parametrize("loader", LOADERS)
def test_sharding_over_shadow(databases, loader: str) -> None:
    tables = ["t_order_0", "t_order_1"]
    routed, mapping = logic_database(databases, "chain_sharding_shadow", loader,
                            {"default": [ORDER_DDL.format(t=t) for t in tables]})
    rng = random.Random(41)
    expected: Dict[Tuple[str, str], List[tuple]] = {}
    for order_id in range(1, ROWS + 1):
        row = (order_id, rng.randint(0, 99), rng.choice([0, 1, 2]))
        outcome = routed.execute("INSERT INTO t_order (order_id, user_id, order_type) VALUES (?, ?, ?)", row)
        unit = f"db_{row[1] % 2}" + ("_shadow" if row[2] == 1 else "")
        assert [ds for ds, _ in outcome.unit_sql] == [unit]
        expected.setdefault((unit, f"t_order_{order_id % 2}"), []).append(row)
    check_placement(databases, mapping, {"default": tables}, expected)
    shadow_rows = routed.execute("SELECT order_id, user_id, order_type FROM t_order WHERE user_id = ? AND order_type = ?",
                                 (7, 1)).rows
    assert sorted(shadow_rows) == sorted(r for rows in expected.values() for r in rows if r[1] == 7 and r[2] == 1)


USER_DDL = "CREATE TABLE t_user (id INT PRIMARY KEY, user_type INT, name VARCHAR(20))"


@pytest.mark.parametrize("loader", LOADERS)
def test_readwrite_over_shadow(databases, loader: str) -> None:
    routed, mapping = logic_database(databases, "chain_readwrite_shadow", loader, {"default": [USER_DDL]})
    rng = random.Random(43)
    expected: Dict[Tuple[str, str], List[tuple]] = {}
    for user_id in range(1, ROWS + 1):
        row = (user_id, rng.choice([0, 1]), f"n{user_id}")
        outcome = routed.execute("INSERT INTO t_user (id, user_type, name) VALUES (?, ?, ?)", row)
        unit = "primary_db_shadow" if row[1] == 1 else "primary_db"
        assert [ds for ds, _ in outcome.unit_sql] == [unit]
        expected.setdefault((unit, "t_user"), []).append(row)
    check_placement(databases, mapping, {"default": ["t_user"]}, expected)  # both replicas stay empty
    databases.run(mapping["replica_db_shadow"], f"INSERT INTO t_user SELECT * FROM `{mapping['primary_db_shadow']}`.t_user")
    read = routed.execute("SELECT id, user_type, name FROM t_user WHERE user_type = ?", (1,))
    assert [ds for ds, _ in read.unit_sql] == ["replica_db_shadow"]
    assert sorted(read.rows) == sorted(expected[("primary_db_shadow", "t_user")])


ENCRYPTED_DDL = "CREATE TABLE t_order (order_id INT PRIMARY KEY, user_id INT, order_type INT, phone_cipher VARCHAR(64))"


@pytest.mark.parametrize("loader", LOADERS)
def test_sharding_encrypt_shadow_over_readwrite(databases, loader: str) -> None:
    routed, mapping = logic_database(databases, "chain_sharding_encrypt_shadow", loader, {"default": [ENCRYPTED_DDL]})
    rng = random.Random(47)
    expected: Dict[Tuple[str, str], List[tuple]] = {}
    phones: Dict[int, str] = {}
    for order_id in range(1, ROWS + 1):
        row = (order_id, rng.randint(0, 99), rng.choice([0, 1]), f"1{rng.randint(10 ** 9, 10 ** 10 - 1)}")
        outcome = routed.execute("INSERT INTO t_order (order_id, user_id, order_type, phone) VALUES (?, ?, ?, ?)", row)
        unit = f"db_{row[1] % 2}" + ("_shadow" if row[2] == 1 else "")
        assert [ds for ds, _ in outcome.unit_sql] == [unit]
        expected.setdefault((unit, "t_order"), []).append(row[:3])
        phones[order_id] = row[3]
    check_placement(databases, mapping, {"default": ["t_order"]}, expected, project=lambda row: tuple(row[:3]))
    for unit in ("db_0_shadow", "db_1"):  # the phone is stored as ciphertext only
        stored = rows_of(databases, mapping[unit], "t_order")
        assert stored and all(row[3] != phones[row[0]] for row in stored)
    read = routed.execute("SELECT order_id, phone FROM t_order WHERE user_id = ? AND order_type = ?", (3, 1))
    assert sorted(read.rows) == sorted((r[0], phones[r[0]]) for r in expected.get(("db_1_shadow", "t_order"), [])
                                       if r[1] == 3)


SINGLE_DDL = {
    "ds_0": ["CREATE TABLE t_order (order_id INT PRIMARY KEY, user_id INT, status INT)",
             "CREATE TABLE t_user (id INT PRIMARY KEY, name VARCHAR(20))",
             "CREATE TABLE t_shared (id INT PRIMARY KEY, note VARCHAR(20))"],
    "ds_1": ["CREATE TABLE t_order (order_id INT PRIMARY KEY, user_id INT, status INT)",
             "CREATE TABLE t_city (id INT PRIMARY KEY, name VARCHAR(20))",
             "CREATE TABLE t_shared (id INT PRIMARY KEY, note VARCHAR(20))"],
}
SINGLE_TABLES = {"ds_0": ["t_order", "t_user", "t_shared"], "ds_1": ["t_order", "t_city", "t_shared"]}


@pytest.mark.parametrize("loader", LOADERS)
def test_single_tables_over_several_data_sources(databases, loader: str) -> None:
    routed, mapping = logic_database(databases, "single_all_tables", loader, SINGLE_DDL)
    if loader == "distsql":  # DistSQL has no metadata: the YAML file's, as ShardingSphere reads it from the databases
        routed.engine = routed.engine.with_metadata(yaml.safe_dump(rule_file("single_all_tables")["metadata"]))
    expected: Dict[Tuple[str, str], List[tuple]] = {}
    for i in range(1, 31):
        for table, unit in (("t_user", "ds_0"), ("t_city", "ds_1"), ("t_shared", "ds_0")):
            row = (i, f"{table}{i}")
            outcome = routed.execute(f"INSERT INTO {table} VALUES (?, ?)", row)
            assert [ds for ds, _ in outcome.unit_sql] == [unit], table
            expected.setdefault((unit, table), []).append(row)
        order = (i, i * 7, 0)
        routed.execute("INSERT INTO t_order (order_id, user_id, status) VALUES (?, ?, ?)", order)
        expected.setdefault((f"ds_{order[1] % 2}", "t_order"), []).append(order)
    check_placement(databases, mapping, SINGLE_TABLES, expected)
    with pytest.raises(sqlroute.Error):
        routed.execute("INSERT INTO t_none VALUES (1)")

