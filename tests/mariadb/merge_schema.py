"""The random differential merge test's schema, data and rule sets.

``t_order`` and its bound ``t_order_item`` are split over 2 data sources by ``user_id`` and over
2 tables each by ``order_id`` (``rules/merge_*.yaml``); ``t_status`` is broadcast. The rows hold
NULLs, duplicates, strings that differ only in case or in trailing spaces, and ties. Each rule
set has its shard databases and an unsharded reference database with the same rows: the shards
are loaded through routed INSERTs (so the encrypt rule set's shards hold ciphertext), the
reference directly.

Encrypted columns compare byte for byte (their equality is the ciphertext's or the assisted
query's), so the encrypt reference declares them ``utf8mb4_nopad_bin``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, List, Sequence, Tuple

import sqlroute
from mariadb_paths import RULES_DIR
from routed_db import Databases, RoutedDatabase

ORDER_COUNT = 320
ITEM_COUNT = 640
USERS = 24
BATCH = 40
SEED = 20261202

STATUSES = ["paid", "PAID", "Paid", "new", "new ", "shipped", "Closed", None]
NOTES = ["gift", "Gift", "rush", "hold", "", "gift ", "fragile", None]
STATUS_ROWS = [("paid", "Paid"), ("new", "New"), ("shipped", "Shipped"), ("closed", "Closed")]

ORDER_COLUMNS = ["order_id", "user_id", "status", "amount", "qty", "note"]
ITEM_COLUMNS = ["item_id", "order_id", "user_id", "price", "qty", "memo"]


def order_ddl(table: str, note: str) -> str:
    return (f"CREATE TABLE {table} (order_id BIGINT NOT NULL, user_id INT NOT NULL, status VARCHAR(12) NULL, "
            f"amount DECIMAL(8,2) NULL, qty INT NULL, {note}, PRIMARY KEY (order_id))")


def item_ddl(table: str, memo: str) -> str:
    return (f"CREATE TABLE {table} (item_id BIGINT NOT NULL, order_id BIGINT NOT NULL, user_id INT NOT NULL, "
            f"price DECIMAL(8,2) NOT NULL, qty INT NULL, {memo}, PRIMARY KEY (item_id))")


STATUS_DDL = "CREATE TABLE t_status (code VARCHAR(12) NOT NULL, label VARCHAR(20) NOT NULL, PRIMARY KEY (code))"


@dataclass(frozen=True)
class RuleSet:
    """One rule set of the test: its rule file, data source -> shard database, reference database."""

    name: str
    rules: Path
    data_sources: Dict[str, str]
    reference: str
    encrypted: bool

    @property
    def shards(self) -> List[str]:
        return sorted(set(self.data_sources.values()))


RULE_SETS = {
    "sharding": RuleSet("sharding", RULES_DIR / "merge_sharding.yaml",
                        {"ds_0": "sr_merge_0", "ds_1": "sr_merge_1"}, "sr_merge_ref", False),
    # The replicas of each group read the primary's database: the routing to them is what is tested.
    "readwrite": RuleSet("readwrite", RULES_DIR / "merge_readwrite_sharding.yaml",
                         {"write_ds_0": "sr_merge_0", "read_ds_0_0": "sr_merge_0", "read_ds_0_1": "sr_merge_0",
                          "write_ds_1": "sr_merge_1", "read_ds_1_0": "sr_merge_1", "read_ds_1_1": "sr_merge_1"},
                         "sr_merge_ref", False),
    "encrypt": RuleSet("encrypt", RULES_DIR / "merge_encrypt_sharding.yaml",
                       {"ds_0": "sr_merge_enc_0", "ds_1": "sr_merge_enc_1"}, "sr_merge_enc_ref", True),
}


class MergeData:
    """The rows, all drawn from one seeded RNG."""

    def __init__(self, seed: int = SEED) -> None:
        rng = random.Random(seed)
        amounts = [Decimal(rng.randint(-500, 5000)) / 100 for _ in range(40)]
        self.orders: List[Tuple[Any, ...]] = []
        for order_id in range(1, ORDER_COUNT + 1):
            amount = None if rng.random() < 0.1 else (rng.choice(amounts) if rng.random() < 0.6
                                                      else Decimal(rng.randint(-500, 5000)) / 100)
            qty = None if rng.random() < 0.1 else rng.randint(0, 9)
            self.orders.append((order_id, rng.randint(1, USERS), rng.choice(STATUSES), amount, qty,
                                rng.choice(NOTES)))
        self.items: List[Tuple[Any, ...]] = []
        for item_id in range(1, ITEM_COUNT + 1):
            order = rng.choice(self.orders)
            self.items.append((item_id, order[0], order[1], Decimal(rng.randint(1, 9999)) / 100,
                               None if rng.random() < 0.1 else rng.randint(1, 5), rng.choice(NOTES)))


class MergeLayout:
    """A rule set's engine, its shard databases and its reference, created and loaded."""

    def __init__(self, databases: Databases, rule_set: RuleSet) -> None:
        self.rule_set = rule_set
        self.databases = databases
        self.engine = sqlroute.Engine.from_yaml(rule_set.rules)
        self.routed = RoutedDatabase(self.engine, databases, rule_set.data_sources)

    def create(self, data: MergeData) -> None:
        rule_set = self.rule_set
        if rule_set.encrypted:
            order_note, item_memo = ("note_cipher VARCHAR(255) NULL, note_assisted VARCHAR(64) NULL",
                                     "memo_cipher VARCHAR(255) NULL")
            plain = "{} VARCHAR(20) COLLATE utf8mb4_nopad_bin NULL"
        else:
            order_note, item_memo = "note VARCHAR(20) NULL", "memo VARCHAR(20) NULL"
            plain = "{} VARCHAR(20) NULL"
        for shard in rule_set.shards:
            ddl = [order_ddl(f"t_order_{i}", order_note) for i in range(2)]
            ddl += [item_ddl(f"t_order_item_{i}", item_memo) for i in range(2)] + [STATUS_DDL]
            self.databases.recreate(shard, ddl)
        self.databases.recreate(rule_set.reference, [order_ddl("t_order", plain.format("note")),
                                                      item_ddl("t_order_item", plain.format("memo")), STATUS_DDL])
        self._load("t_order", ORDER_COLUMNS, data.orders)
        self._load("t_order_item", ITEM_COLUMNS, data.items)
        self._load("t_status", ["code", "label"], STATUS_ROWS)

    def _load(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        self.databases.insert_many(self.rule_set.reference, table, columns, rows)
        marks = "(" + ", ".join("?" for _ in columns) + ")"
        for start in range(0, len(rows), BATCH):
            batch = rows[start:start + BATCH]
            sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES " + ", ".join([marks] * len(batch))
            self.routed.execute(sql, [value for row in batch for value in row])
