"""Deterministic test data (seeded ``random.Random``) and the tables that hold it.

``t_user`` is sysbench's table (id, k, c, pad) plus a few columns the seed's scenarios and the
query corpus need: ``name`` (mixed case, NULLs) and ``score`` (DECIMAL) for ordering and
aggregates, ``status`` for the shadow rule, ``idCard``/``mobile`` for the encrypt rule.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any, Dict, List, Sequence, Tuple

USER_COUNT = 3000
ORDER_COUNT = 1200
ORDER_USERS = 60
ITEM_COUNT = 2400
SEED = 20260011

NAMES = ["alice", "Alice", "bob", "BOB", "carol", "dave", "Eve", "frank", "grace", "heidi", "ivan", "judy", None]

USER_COLUMNS = ["id", "k", "c", "pad", "name", "score", "status"]
USER_DDL = (
    "CREATE TABLE {table} (id INT NOT NULL, k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', "
    "pad CHAR(60) NOT NULL DEFAULT '', name VARCHAR(20) NULL, score DECIMAL(8,2) NULL, "
    "status INT NOT NULL DEFAULT 0, PRIMARY KEY (id), KEY k_{table} (k))"
)
ORDER_COLUMNS = ["order_id", "user_id", "status", "total", "note"]
ORDER_DDL = ("CREATE TABLE {table} (order_id BIGINT NOT NULL, user_id INT NOT NULL, status INT NOT NULL, "
             "total DECIMAL(10,2) NOT NULL, note VARCHAR(20) NULL, PRIMARY KEY (order_id))")
ITEM_COLUMNS = ["order_id", "user_id", "amount", "qty"]
ITEM_DDL = ("CREATE TABLE {table} (item_id BIGINT NOT NULL, order_id BIGINT NOT NULL, user_id INT NOT NULL, "
            "amount DECIMAL(10,2) NOT NULL, qty INT NOT NULL, PRIMARY KEY (item_id))")
STATUS_DDL = "CREATE TABLE {table} (id INT NOT NULL, label VARCHAR(20) NOT NULL, PRIMARY KEY (id))"
STATUS_ROWS = [(0, "new"), (1, "paid"), (2, "shipped"), (3, "Closed")]

ENC_COLUMNS = ["id", "k", "c", "pad", "idCard", "mobile"]
ENC_PLAIN_DDL = ("CREATE TABLE {table} (id INT NOT NULL, k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', "
                 "pad CHAR(60) NOT NULL DEFAULT '', idCard VARCHAR(32) NULL, mobile VARCHAR(32) NULL, PRIMARY KEY (id))")


def enc_cipher_ddl(assisted: bool) -> str:
    extra = ", mobile_assisted VARCHAR(64) NULL" if assisted else ""
    return ("CREATE TABLE {table} (id INT NOT NULL, k INT NOT NULL DEFAULT 0, c CHAR(120) NOT NULL DEFAULT '', "
            "pad CHAR(60) NOT NULL DEFAULT '', idcard_cipher VARCHAR(128) NULL, mobile_cipher VARCHAR(128) NULL"
            + extra + ", PRIMARY KEY (id))")


def digits_groups(rng: random.Random, groups: int) -> str:
    """sysbench's c/pad format: groups of 11 digits joined by '-'."""
    return "-".join("".join(rng.choice("0123456789") for _ in range(11)) for _ in range(groups))


class Generator:
    """All generated values come from one seeded RNG, so every run loads the same data."""

    def __init__(self, seed: int = SEED) -> None:
        self.rng = random.Random(seed)
        self._c_pool = [digits_groups(self.rng, 10) for _ in range(40)]

    def c_value(self) -> str:
        # a quarter of the rows share c values, so DISTINCT and ties are exercised
        return self.rng.choice(self._c_pool) if self.rng.random() < 0.25 else digits_groups(self.rng, 10)

    def pad_value(self) -> str:
        return digits_groups(self.rng, 5)

    def user(self, user_id: int) -> Tuple[Any, ...]:
        rng = self.rng
        score = None if rng.random() < 0.1 else Decimal(rng.randint(-5000, 99999)) / 100
        return (user_id, rng.randint(1, USER_COUNT), self.c_value(), self.pad_value(), rng.choice(NAMES), score,
                1 if rng.random() < 0.3 else rng.choice([0, 2]))

    def users(self, count: int = USER_COUNT, start: int = 1) -> List[Tuple[Any, ...]]:
        return [self.user(i) for i in range(start, start + count)]

    def orders(self) -> List[Tuple[Any, ...]]:
        rng = self.rng
        return [(order_id, rng.randint(1, ORDER_USERS), rng.randint(0, 3), Decimal(rng.randint(100, 900000)) / 100,
                 None if rng.random() < 0.2 else rng.choice(["gift", "Gift", "rush", "hold"]))
                for order_id in range(1, ORDER_COUNT + 1)]

    def items(self, orders: Sequence[Tuple[Any, ...]]) -> List[Tuple[Any, ...]]:
        rng = self.rng
        result = []
        for _ in range(ITEM_COUNT):
            order = rng.choice(orders)
            result.append((order[0], order[1], Decimal(rng.randint(1, 50000)) / 100, rng.randint(1, 9)))
        return result

    def enc_user(self, user_id: int) -> Tuple[Any, ...]:
        rng = self.rng
        id_card = None if rng.random() < 0.05 else "".join(rng.choice("0123456789") for _ in range(17)) + rng.choice("0123456789X")
        mobile = rng.choice(["13800000000", "13900000001", "15000000002"]) if rng.random() < 0.3 else \
            "1" + "".join(rng.choice("0123456789") for _ in range(10))
        return (user_id, rng.randint(1, USER_COUNT), self.c_value(), self.pad_value(), id_card, mobile)


def as_dicts(columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> List[Dict[str, Any]]:
    return [dict(zip(columns, row)) for row in rows]
