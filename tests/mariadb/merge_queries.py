"""Random SELECTs over the differential merge schema (``merge_schema.py``), from a small grammar.

Every query is valid under ONLY_FULL_GROUP_BY: a grouped query projects only its group items and
aggregates. Besides the statement, a ``GenQuery`` carries what the comparison needs: the
reference statement without the LIMIT and with every ORDER BY key appended as a trailing column,
the LIMIT's offset and count, and which result columns are GROUP_CONCATs. The reference runs
without ORDER BY (the comparison sorts it): MariaDB 10.11 merges the NULL group into another when
AVG/COUNT(DISTINCT ...) meets GROUP BY on an expression and ORDER BY ... DESC.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, List, Optional, Sequence, Tuple

from merge_schema import NOTES, STATUSES, USERS, ORDER_COUNT


@dataclass(frozen=True)
class Column:
    text: str        # as written in the query, with its owner where the query needs one
    kind: str        # "int", "dec", "str"
    unique: bool = False
    encrypted: bool = False


@dataclass
class GenQuery:
    sql: str
    params: Tuple[Any, ...]
    reference_sql: str                    # no ORDER BY and no LIMIT; the ORDER BY keys as trailing columns
    reference_params: Tuple[Any, ...]
    width: int                            # columns of the logical result
    descending: Tuple[bool, ...] = ()     # the direction of each ORDER BY key
    offset: int = 0
    count: Optional[int] = None           # LIMIT's row count; None without LIMIT
    concat: Tuple[Tuple[int, str], ...] = ()  # GROUP_CONCAT columns and their separators

    def replay(self) -> dict:
        """What a regression case records."""
        return {"sql": self.sql, "params": list(self.params), "reference_sql": self.reference_sql,
                "reference_params": list(self.reference_params), "width": self.width,
                "descending": list(self.descending),
                "offset": self.offset, "count": self.count, "concat": [list(c) for c in self.concat]}

    @staticmethod
    def from_replay(case: dict) -> "GenQuery":
        return GenQuery(case["sql"], tuple(case["params"]), case["reference_sql"], tuple(case["reference_params"]),
                        case["width"], tuple(case["descending"]), case["offset"], case["count"],
                        tuple((int(i), s) for i, s in case["concat"]))


def order_columns(owner: str, encrypted: bool) -> List[Column]:
    prefix = owner + "." if owner else ""
    return [Column(prefix + "order_id", "int", unique=True), Column(prefix + "user_id", "int"),
            Column(prefix + "status", "str"), Column(prefix + "amount", "dec"), Column(prefix + "qty", "int"),
            Column(prefix + "note", "str", encrypted=encrypted)]


def item_columns(owner: str, encrypted: bool) -> List[Column]:
    prefix = owner + "." if owner else ""
    return [Column(prefix + "item_id", "int", unique=True), Column(prefix + "order_id", "int"),
            Column(prefix + "user_id", "int"), Column(prefix + "price", "dec"), Column(prefix + "qty", "int"),
            Column(prefix + "memo", "str", encrypted=encrypted)]


@dataclass
class Source:
    sql: str                              # FROM ... (joins included)
    columns: List[Column]
    params: List[Any] = field(default_factory=list)
    sharding: Tuple[str, str] = ("user_id", "order_id")  # column texts of the database and table keys


class QueryGenerator:
    def __init__(self, seed: int, encrypted: bool = False) -> None:
        self.rng = random.Random(seed)
        self.encrypted = encrypted

    # -- sources -----------------------------------------------------------------------------
    def source(self) -> Source:
        pick = self.rng.random()
        if pick < 0.55:
            alias = self.rng.choice(["", "o"])
            columns = order_columns(alias, self.encrypted)
            return Source("t_order" + (" o" if alias else ""), columns, sharding=(columns[1].text, columns[0].text))
        if pick < 0.7:
            columns = item_columns("", self.encrypted)
            return Source("t_order_item", columns, sharding=("user_id", "order_id"))
        if pick < 0.88:
            on = "o.order_id = i.order_id" + (" AND o.user_id = i.user_id" if self.rng.random() < 0.5 else "")
            join = self.rng.choice(["JOIN", "INNER JOIN", "LEFT JOIN"])
            columns = order_columns("o", self.encrypted) + item_columns("i", self.encrypted)[0:1] + \
                item_columns("i", self.encrypted)[3:]
            return Source(f"t_order o {join} t_order_item i ON {on}", columns, sharding=("o.user_id", "o.order_id"))
        return self.derived()

    def derived(self) -> Source:
        rng = self.rng
        inner = order_columns("", self.encrypted)
        picked = [inner[0]] + rng.sample(inner[1:], rng.randint(1, 4))
        where, params = self.where(Source("t_order", inner, sharding=("user_id", "order_id")))
        limit = ""
        if rng.random() < 0.15:
            limit = f" ORDER BY order_id LIMIT {rng.randint(1, 40)}"
        sql = f"(SELECT {', '.join(c.text for c in picked)} FROM t_order{where}{limit}) d"
        columns = [Column("d." + c.text, c.kind, c.unique, c.encrypted) for c in picked]
        return Source(sql, columns, params, sharding=("d.user_id", "d.order_id"))

    # -- conditions ----------------------------------------------------------------------------
    def condition(self, source: Source) -> Tuple[str, List[Any]]:
        rng = self.rng
        db_key, table_key = source.sharding
        by_text = {c.text: c for c in source.columns}
        pick = rng.random()
        if pick < 0.15 and db_key in by_text:
            return f"{db_key} = ?", [rng.randint(0, USERS + 1)]
        if pick < 0.25 and db_key in by_text:
            values = [rng.randint(0, USERS + 1) for _ in range(rng.randint(1, 4))]
            return f"{db_key} IN ({', '.join('?' for _ in values)})", values
        if pick < 0.33 and table_key in by_text:
            low = rng.randint(-5, ORDER_COUNT)
            return f"{table_key} BETWEEN ? AND ?", [low, low + rng.randint(0, 60)]
        if pick < 0.38 and table_key in by_text:
            return f"{table_key} = ?", [rng.randint(1, ORDER_COUNT)]
        column = rng.choice(source.columns)
        if column.kind == "str":
            if rng.random() < 0.3:
                return f"{column.text} IS {rng.choice(['', 'NOT '])}NULL", []
            values = NOTES if "note" in column.text or "memo" in column.text else STATUSES
            value = rng.choice([v for v in values if v is not None])
            if rng.random() < 0.25 and not column.encrypted:
                return f"{column.text} IN (?, ?)", [value, rng.choice([v for v in values if v is not None])]
            return f"{column.text} {rng.choice(['=', '<>']) if not column.encrypted else '='} ?", [value]
        if rng.random() < 0.15:
            return f"{column.text} IS {rng.choice(['', 'NOT '])}NULL", []
        op = rng.choice(["<", ">", "<=", ">=", "=", "<>"])
        if column.kind == "dec":
            return f"{column.text} {op} ?", [Decimal(rng.randint(-500, 5000)) / 100]
        if rng.random() < 0.2:
            low = rng.randint(0, 9)
            return f"{column.text} BETWEEN {low} AND {low + rng.randint(0, 4)}", []
        return f"{column.text} {op} ?", [rng.randint(0, 9) if "qty" in column.text else rng.randint(0, ORDER_COUNT)]

    def where(self, source: Source) -> Tuple[str, List[Any]]:
        rng = self.rng
        count = rng.choice([0, 0, 1, 1, 1, 2, 2, 3])
        if count == 0:
            return "", []
        parts, params = [], []
        for _ in range(count):
            text, values = self.condition(source)
            parts.append(text)
            params.extend(values)
        text = parts[0]
        for part in parts[1:]:
            text += f" {'OR' if rng.random() < 0.2 else 'AND'} {part}"
        return " WHERE " + text, params

    # -- projections -----------------------------------------------------------------------------
    def scalar(self, columns: Sequence[Column]) -> Tuple[str, str]:
        """A non-aggregate expression and its kind."""
        rng = self.rng
        column = rng.choice(columns)
        if rng.random() < 0.8 or column.encrypted:
            return column.text, column.kind
        if column.kind == "int":
            return rng.choice([f"{column.text} + 1", f"{column.text} % 3", f"COALESCE({column.text}, -1)"]), "int"
        if column.kind == "dec":
            return rng.choice([f"{column.text} * 2", f"ROUND({column.text})", f"ABS({column.text})"]), "dec"
        return rng.choice([f"UPPER({column.text})", f"CONCAT({column.text}, '-')", f"LENGTH({column.text})"]), "str"

    def aggregate(self, columns: Sequence[Column]) -> Tuple[str, Optional[str]]:
        """An aggregate call and, for GROUP_CONCAT, its separator."""
        rng = self.rng
        numeric = [c for c in columns if c.kind in ("int", "dec")]
        any_column = rng.choice(columns)
        number = rng.choice(numeric)
        distinct = "DISTINCT " if rng.random() < 0.3 else ""
        pick = rng.random()
        if pick < 0.2:
            return "COUNT(*)", None
        if pick < 0.35:
            return f"COUNT({distinct}{any_column.text})", None
        if pick < 0.5:
            return f"SUM({distinct}{number.text})", None
        if pick < 0.62:
            return f"MIN({any_column.text})", None
        if pick < 0.74:
            return f"MAX({any_column.text})", None
        if pick < 0.86:
            return f"AVG({distinct}{number.text})", None
        if pick < 0.95:
            separator = rng.choice([",", "|"])
            tail = "" if separator == "," else " SEPARATOR '|'"
            order = f" ORDER BY {any_column.text}" if rng.random() < 0.1 else ""
            return f"GROUP_CONCAT({distinct}{any_column.text}{order}{tail})", separator
        return rng.choice([f"BIT_XOR({number.text})", f"STD({number.text})", f"BIT_OR({number.text})"]), None

    # -- statements ------------------------------------------------------------------------------
    def query(self) -> GenQuery:
        rng = self.rng
        if rng.random() < 0.05:
            return self.union_all()
        source = self.source()
        where, where_params = self.where(source)
        shape = rng.choices(["plain", "distinct", "grouped", "aggregate"], weights=[3, 1, 5, 2])[0]
        if shape == "grouped":
            return self.grouped(source, where, where_params)
        if shape == "aggregate":
            return self.aggregated(source, where, where_params)
        return self.plain(source, where, where_params, distinct=shape == "distinct")

    def plain(self, source: Source, where: str, params: List[Any], distinct: bool) -> GenQuery:
        rng = self.rng
        items = []
        for index in range(rng.randint(1, 4)):
            text, _ = self.scalar(source.columns)
            items.append((text, f"c{index}" if rng.random() < 0.3 else None))
        order: List[Tuple[str, str]] = []  # (ORDER BY text, key expression)
        if rng.random() < 0.6:
            for _ in range(rng.randint(1, 3)):
                if distinct or rng.random() < 0.6:
                    position = rng.randrange(len(items))
                    text, alias = items[position]
                    written = rng.choice([text, alias or text, str(position + 1)])
                    order.append((written, text))
                else:
                    text, _ = self.scalar(source.columns)
                    order.append((text, text))
        head = "SELECT " + ("DISTINCT " if distinct else "")
        return self.finish(head, items, source, where, params, "", "", [], order, ())

    def grouped(self, source: Source, where: str, params: List[Any]) -> GenQuery:
        rng = self.rng
        keys = []
        decimal_expressions = set()
        for _ in range(rng.randint(1, 2)):
            candidates = [c for c in source.columns if not c.unique] or source.columns
            text, kind = self.scalar(candidates)
            if text not in keys:
                keys.append(text)
            if kind == "dec" and text not in {c.text for c in source.columns}:
                decimal_expressions.add(text)
        items: List[Tuple[str, Optional[str]]] = []
        group_written = []
        for index, key in enumerate(keys):
            alias = f"g{index}" if rng.random() < 0.4 else None
            if rng.random() < 0.85:
                items.append((key, alias))
                group_written.append(rng.choice([key, alias or key, str(len(items))]))
            else:
                group_written.append(key)
        concat = []
        aggregates = []
        for index in range(rng.randint(1, 3)):
            call, separator = self.aggregate(source.columns)
            if separator is not None:
                concat.append((len(items), separator))
            items.append((call, f"a{index}" if rng.random() < 0.3 else None))
            aggregates.append(call)
        having, having_params = "", []
        if rng.random() < 0.2:
            call = rng.choice(["COUNT(*)", f"SUM({self.numeric(source)})", f"MIN({self.numeric(source)})"])
            having = f" HAVING {call} {rng.choice(['>', '<', '>=', '<>'])} ?"
            having_params = [rng.randint(0, 30)]
        order: List[Tuple[str, str]] = []
        pick = rng.random()
        if pick < 0.35:
            order = [(key, key) for key in keys]
            if rng.random() < 0.3:
                order[0] = (order[0][0] + " DESC", order[0][1] + " DESC")
        elif pick < 0.65:
            call = rng.choice([a for a in aggregates if not a.startswith("GROUP_CONCAT")] + ["COUNT(*)"])
            direction = rng.choice(["", " DESC"])
            order = [(call + direction, call + direction)] + [(key, key) for key in keys]
        elif pick < 0.75:
            order = [(key + " DESC", key + " DESC") for key in reversed(keys)]
        if any(a.startswith("GROUP_CONCAT") or "(DISTINCT " in a for a in aggregates):
            # MariaDB 10.11 folds the NULL group into another under ORDER BY <decimal expression>
            # DESC when an aggregate keeps per-group values: such a statement tests MariaDB.
            order = [(w.removesuffix(" DESC"), k.removesuffix(" DESC")) if k.removesuffix(" DESC") in
                     decimal_expressions else (w, k) for w, k in order]
        group = " GROUP BY " + ", ".join(group_written)
        if rng.random() < 0.05 and not having and not order:
            group += " WITH ROLLUP"
        return self.finish("SELECT ", items, source, where, params, group, having, having_params, order,
                           tuple(concat))

    def aggregated(self, source: Source, where: str, params: List[Any]) -> GenQuery:
        rng = self.rng
        items, concat = [], []
        for index in range(rng.randint(1, 4)):
            call, separator = self.aggregate(source.columns)
            if separator is not None:
                concat.append((len(items), separator))
            items.append((call, f"a{index}" if rng.random() < 0.3 else None))
        return self.finish("SELECT ", items, source, where, params, "", "", [], [], tuple(concat))

    def union_all(self) -> GenQuery:
        rng = self.rng
        columns = order_columns("", self.encrypted)
        picked = rng.sample(columns, rng.randint(1, 3))
        parts, params = [], []
        for _ in range(2):
            source = Source("t_order", columns)
            where, values = self.where(source)
            parts.append(f"SELECT {', '.join(c.text for c in picked)} FROM t_order{where}")
            params.extend(values)
        sql = " UNION ALL ".join(parts)
        return GenQuery(sql, tuple(params), sql, tuple(params), len(picked))

    def numeric(self, source: Source) -> str:
        return self.rng.choice([c.text for c in source.columns if c.kind in ("int", "dec")])

    def finish(self, head: str, items: List[Tuple[str, Optional[str]]], source: Source, where: str,
               where_params: List[Any], group: str, having: str, having_params: List[Any],
               order: List[Tuple[str, str]], concat: Tuple[Tuple[int, str], ...]) -> GenQuery:
        rng = self.rng
        projection = ", ".join(text + (f" AS {alias}" if alias else "") for text, alias in items)
        order_sql = " ORDER BY " + ", ".join(written for written, _ in order) if order else ""
        limit_sql, limit_params, offset, count = "", [], 0, None
        if rng.random() < 0.45:
            count = rng.choice([0, 1, 2, 3, 5, 10, 25])
            offset = rng.choice([0, 0, 0, 1, 2, 7])
            literal = rng.random() < 0.5
            if offset and rng.random() < 0.5:
                limit_sql = " LIMIT ? OFFSET ?" if not literal else f" LIMIT {count} OFFSET {offset}"
                limit_params = [] if literal else [count, offset]
            elif offset:
                limit_sql = " LIMIT ?, ?" if not literal else f" LIMIT {offset}, {count}"
                limit_params = [] if literal else [offset, count]
            else:
                limit_sql = " LIMIT ?" if not literal else f" LIMIT {count}"
                limit_params = [] if literal else [count]
        body = f" FROM {source.sql}{where}{group}{having}"
        sql = head + projection + body + order_sql + limit_sql
        params = tuple(source.params + where_params + having_params + limit_params)
        keys = "".join(f", {key.removesuffix(' DESC')} AS sr_key_{i}" for i, (_, key) in enumerate(order))
        reference_sql = head + projection + keys + body
        reference_params = tuple(source.params + where_params + having_params)
        descending = tuple(key.endswith(" DESC") for _, key in order)
        return GenQuery(sql, params, reference_sql, reference_params, len(items), descending, offset, count, concat)
