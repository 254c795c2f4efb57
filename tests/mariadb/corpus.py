"""Query templates and their deterministic instances.

A ``Query`` is one logic statement, its parameters and how to compare its result:
``order`` = positions of the ORDER BY keys in the result (None: unordered, compared as a
multiset), ``exact_order`` = the ORDER BY keys are unique but not all selected (compare lists),
``concat`` = GROUP_CONCAT positions (element order is undefined), ``separator`` = their separator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, List, Optional, Sequence, Tuple


from datagen import ORDER_USERS, USER_COUNT

@dataclass(frozen=True)
class Query:
    sql: str
    params: Tuple[Any, ...] = ()
    order: Optional[Tuple[int, ...]] = None
    exact_order: bool = False
    concat: Tuple[int, ...] = ()
    separator: str = ","

    def label(self) -> str:
        text = " ".join(self.sql.split())
        return (text[:90] + "..." if len(text) > 90 else text) + (f" {list(self.params)}" if self.params else "")


@dataclass(frozen=True)
class Template:
    sql: str
    params: Callable[[random.Random], Sequence[Any]] = lambda rng: ()
    instances: int = 1
    order: Optional[Tuple[int, ...]] = None
    exact_order: bool = False
    concat: Tuple[int, ...] = ()
    separator: str = ","
    marks: Tuple[Any, ...] = field(default=())


def uid(rng: random.Random) -> int:
    return rng.randint(1, USER_COUNT)


def id_range(rng: random.Random, width: int = 100) -> Tuple[int, int]:
    low = rng.randint(1, USER_COUNT - width)
    return low, low + width - 1


def ids(rng: random.Random, count: int) -> List[int]:
    return rng.sample(range(0, USER_COUNT + 20), count)


def order_user(rng: random.Random) -> int:
    return rng.randint(1, ORDER_USERS)


def instantiate(templates: Sequence[Template], seed: int) -> List[Tuple[Query, Tuple[Any, ...]]]:
    """Every template's instances as (Query, pytest marks)."""
    rng = random.Random(seed)
    result = []
    for template in templates:
        for _ in range(template.instances):
            query = Query(template.sql, tuple(template.params(rng)), template.order, template.exact_order,
                          template.concat, template.separator)
            result.append((query, template.marks))
    return result


SHARDING_TEMPLATES: List[Template] = [
    # sysbench oltp_read_write's reads (the seed's statement list)
    Template("SELECT c FROM t_user WHERE id=?", lambda r: [uid(r)], 10),
    Template("SELECT c FROM t_user WHERE id BETWEEN ? AND ?", lambda r: id_range(r), 6),
    Template("SELECT SUM(k) FROM t_user WHERE id BETWEEN ? AND ?", lambda r: id_range(r), 6),
    Template("SELECT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", lambda r: id_range(r), 6, order=(0,)),
    Template("SELECT DISTINCT c FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", lambda r: id_range(r, 400), 6,
             order=(0,)),
    # point and IN lists (split per unit), missing keys included
    Template("SELECT * FROM t_user WHERE id = ?", lambda r: [r.choice([0, -3, USER_COUNT + 5, uid(r)])], 4),
    Template("SELECT id, k, name FROM t_user WHERE id IN (?, ?, ?, ?, ?, ?, ?)", lambda r: ids(r, 7), 6),
    Template("SELECT id, k FROM t_user WHERE id IN (?, ?, ?, ?, ?, ?, ?, ?) ORDER BY id DESC LIMIT 2, 4",
             lambda r: ids(r, 8), 5, order=(0,)),
    Template("SELECT id, c FROM t_user WHERE id = ? OR id = ? OR id = ?", lambda r: ids(r, 3), 4),
    Template("SELECT COUNT(*), SUM(k) FROM t_user WHERE id IN (?, ?, ?, ?, ?, ?)", lambda r: ids(r, 6), 4),
    Template("SELECT id FROM t_user WHERE id NOT IN (?, ?) AND id < ?", lambda r: [*ids(r, 2), 60], 2),
    # ranges and non-sharding filters (full routes)
    Template("SELECT id, k FROM t_user WHERE id > ? AND id <= ? ORDER BY k, id", lambda r: id_range(r, 60), 4,
             order=(1, 0)),
    Template("SELECT id, name FROM t_user WHERE k BETWEEN ? AND ? ORDER BY name, id",
             lambda r: id_range(r, 300), 4, order=(1, 0)),
    Template("SELECT id, name, score FROM t_user WHERE name = ?", lambda r: [r.choice(["alice", "BOB", "eve"])], 3),
    Template("SELECT id FROM t_user WHERE score IS NULL AND k < ?", lambda r: [r.randint(500, 3000)], 2),
    Template("SELECT id, c FROM t_user WHERE c LIKE ? AND id < ?", lambda r: [r.choice("0123456789") + "%", 400], 3),
    Template("SELECT id, k FROM t_user WHERE k < ? ORDER BY k DESC, id DESC LIMIT 7", lambda r: [r.randint(1, 3000)],
             4, order=(1, 0)),
    # ORDER BY / LIMIT / offset
    Template("SELECT id, score FROM t_user WHERE id BETWEEN ? AND ? ORDER BY score DESC, id LIMIT 10 OFFSET 5",
             lambda r: id_range(r, 500), 4, order=(1, 0)),
    Template("SELECT id, name, k FROM t_user ORDER BY name DESC, k, id LIMIT ?, ?",
             lambda r: [r.randint(0, 2900), r.randint(1, 40)], 2, order=(1, 2, 0)),
    Template("SELECT id FROM t_user ORDER BY id LIMIT ?", lambda r: [r.randint(0, 30)], 2, order=(0,)),
    Template("SELECT id, name, k FROM t_user ORDER BY name DESC, k, id LIMIT 2100, 25", order=(1, 2, 0)),
    Template("SELECT id FROM t_user WHERE id > ? ORDER BY id LIMIT 17", lambda r: [r.randint(0, 2990)], 3, order=(0,)),
    Template("SELECT id FROM t_user ORDER BY k, id LIMIT 1000, 12", exact_order=True, order=()),
    Template("SELECT id, score FROM t_user ORDER BY score, id LIMIT 15", order=(1, 0)),
    Template("SELECT id, k AS kk FROM t_user WHERE id < ? ORDER BY kk DESC, id LIMIT 9", lambda r: [r.randint(50, 900)],
             3, order=(1, 0)),
    # aggregates, all of them, with and without WHERE
    Template("SELECT COUNT(*), COUNT(name), COUNT(score), SUM(k), MIN(k), MAX(k), AVG(k), SUM(score), MIN(score), "
             "MAX(score), AVG(score), MIN(name), MAX(name) FROM t_user"),
    Template("SELECT COUNT(*), SUM(k), MIN(k), MAX(k), AVG(k), AVG(score) FROM t_user WHERE id BETWEEN ? AND ?",
             lambda r: id_range(r, r.randint(1, 700)), 6),
    Template("SELECT COUNT(*), SUM(k), MIN(c), MAX(c), AVG(k) FROM t_user WHERE k < ?", lambda r: [r.randint(-5, 40)], 4),
    Template("SELECT COUNT(1) AS n, SUM(k) AS total, AVG(score) AS mean FROM t_user WHERE status = ?",
             lambda r: [r.randint(0, 2)], 3),
    Template("SELECT COUNT(*), SUM(k), AVG(k), MAX(name) FROM t_user WHERE id = ?", lambda r: [r.choice([0, uid(r)])], 3),
    Template("SELECT COUNT(DISTINCT name), COUNT(DISTINCT status) FROM t_user WHERE id < ?",
             lambda r: [r.randint(10, 3000)], 3),
    Template("SELECT SUM(DISTINCT k), COUNT(DISTINCT k) FROM t_user WHERE id BETWEEN ? AND ?",
             lambda r: id_range(r, 900), 3),
    Template("SELECT AVG(DISTINCT status) FROM t_user"),
    # GROUP BY with every aggregate, ordered by group, by aggregate, with LIMIT
    Template("SELECT name, COUNT(*), SUM(k), AVG(k), MIN(score), MAX(score), SUM(score), AVG(score) FROM t_user "
             "GROUP BY name"),
    Template("SELECT status, COUNT(*) AS cnt, AVG(score) FROM t_user WHERE id BETWEEN ? AND ? GROUP BY status "
             "ORDER BY cnt DESC, status", lambda r: id_range(r, 800), 3, order=(1, 0)),
    Template("SELECT k % 7 AS bucket, COUNT(*), MAX(id) FROM t_user GROUP BY bucket ORDER BY bucket LIMIT 3",
             order=(0,)),
    Template("SELECT status, name, COUNT(*), MIN(id) FROM t_user WHERE k > ? GROUP BY status, name "
             "ORDER BY status DESC, name", lambda r: [r.randint(1, 2500)], 3, order=(0, 1)),
    Template("SELECT status, COUNT(DISTINCT name), SUM(DISTINCT status) FROM t_user GROUP BY status"),
    Template("SELECT status, GROUP_CONCAT(id) FROM t_user WHERE id < ? GROUP BY status", lambda r: [r.randint(20, 120)],
             3, concat=(1,)),
    Template("SELECT name, COUNT(*) FROM t_user GROUP BY name ORDER BY COUNT(*) DESC, name LIMIT 4", order=(1, 0)),
    Template("SELECT k % 4 AS b, COUNT(*) FROM t_user GROUP BY b DESC", exact_order=True, order=()),
    # HAVING across units: removed from the units, evaluated by the merge on the merged groups
    Template("SELECT name, COUNT(*) AS n FROM t_user GROUP BY name HAVING COUNT(*) > ?", lambda r: [r.randint(200, 300)],
             3),
    Template("SELECT status, SUM(k) FROM t_user WHERE id BETWEEN ? AND ? GROUP BY status HAVING SUM(k) > ? "
             "ORDER BY status", lambda r: [*id_range(r, 600), r.randint(100000, 400000)], 3, order=(0,)),
    Template("SELECT name FROM t_user GROUP BY name HAVING AVG(k) > ? AND MAX(score) < ? ORDER BY name",
             lambda r: [r.randint(1450, 1530), r.randint(990, 1000)], 3, order=(0,)),
    Template("SELECT name, COUNT(*) AS n FROM t_user GROUP BY name HAVING n BETWEEN ? AND ? ORDER BY n DESC, name "
             "LIMIT 4", lambda r: (lambda a: (a, a + 30))(r.randint(200, 250)), 3, order=(1, 0)),
    Template("SELECT status, COUNT(*) FROM t_user WHERE id < ? GROUP BY status HAVING COUNT(DISTINCT name) > ? "
             "OR status = ?", lambda r: [r.randint(20, 200), r.randint(5, 12), r.randint(0, 2)], 3),
    Template("SELECT k % 5 AS b, MIN(id), MAX(id) FROM t_user GROUP BY b HAVING MIN(id) < ? AND b IN (?, ?, ?) "
             "ORDER BY b", lambda r: [r.randint(1, 12), *r.sample(range(5), 3)], 3, order=(0,)),
    Template("SELECT COUNT(*), SUM(k) FROM t_user WHERE id < ? HAVING COUNT(*) > ?",
             lambda r: [r.randint(1, 400), r.randint(0, 200)], 4),
    Template("SELECT o.user_id, SUM(i.amount) AS total FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
             "GROUP BY o.user_id HAVING SUM(i.qty) > ? ORDER BY total DESC, o.user_id LIMIT 10",
             lambda r: [r.randint(150, 250)], 3, order=(1, 0)),
    Template("SELECT name, AVG(score) FROM t_user GROUP BY name HAVING AVG(score) * 2 >= ? AND NOT (COUNT(score) < ?)",
             lambda r: [r.randint(930, 985), r.randint(190, 215)], 3),
    Template("SELECT name, COUNT(*) FROM t_user WHERE k > ? GROUP BY name HAVING name IS NOT NULL AND COUNT(*) % 2 = 0",
             lambda r: [r.randint(1, 2000)], 3),
    Template("SELECT status, MAX(c) FROM t_user GROUP BY status HAVING MAX(k) - MIN(k) > ? AND COUNT(*) / ? > 1",
             lambda r: [r.randint(2950, 2995), r.randint(500, 1500)], 3),
    Template("SELECT name, COUNT(*) AS n FROM t_user GROUP BY name HAVING (n > ?) ORDER BY name LIMIT ?, ?",
             lambda r: [r.randint(100, 240), r.randint(0, 3), r.randint(1, 5)], 3, order=(0,)),
    Template("SELECT t_user.status, COUNT(*) FROM t_user GROUP BY t_user.status HAVING MAX(t_user.k) - "
             "MIN(t_user.score) > ? AND t_user.status <> ?", lambda r: [r.randint(2990, 3005), r.randint(0, 2)], 3),
    Template("SELECT * FROM t_user WHERE id < ? HAVING k > ? AND score IS NOT NULL",
             lambda r: [r.randint(30, 300), r.randint(500, 2500)], 3),
    # AVG(DISTINCT): the units return their distinct values
    Template("SELECT AVG(DISTINCT k DIV 100), SUM(DISTINCT k DIV 100), COUNT(DISTINCT k DIV 100) FROM t_user "
             "WHERE id < ?", lambda r: [r.randint(5, 60)], 3),
    Template("SELECT status, AVG(DISTINCT k DIV 50) AS a, COUNT(*) FROM t_user GROUP BY status ORDER BY status",
             order=(0,)),
    Template("SELECT name, AVG(DISTINCT score) FROM t_user WHERE id BETWEEN ? AND ? GROUP BY name",
             lambda r: id_range(r, 1500), 2),
    # DISTINCT aggregates next to other aggregates without GROUP BY: the units group by the values
    Template("SELECT COUNT(*), COUNT(DISTINCT name), SUM(k), AVG(score), MAX(c) FROM t_user WHERE id < ?",
             lambda r: [r.randint(1, 3000)], 3),
    Template("SELECT MIN(id), SUM(DISTINCT status), AVG(DISTINCT k DIV 100), COUNT(score) FROM t_user WHERE k > ?",
             lambda r: [r.randint(0, 2990)], 3),
    Template("SELECT COUNT(*) AS n, COUNT(DISTINCT status) FROM t_user WHERE id < ? HAVING n > ? ORDER BY 1 LIMIT 1",
             lambda r: [r.randint(1, 60), r.randint(0, 40)], 3, order=(0,)),
    # ORDER BY aggregates that are not projected
    Template("SELECT name FROM t_user GROUP BY name ORDER BY COUNT(*) DESC, name LIMIT 5", exact_order=True, order=()),
    Template("SELECT status FROM t_user WHERE id < ? GROUP BY status ORDER BY AVG(k) DESC",
             lambda r: [r.randint(30, 3000)], 3, exact_order=True, order=()),
    Template("SELECT name, MAX(k) FROM t_user GROUP BY name ORDER BY SUM(score), name", exact_order=True, order=()),
    Template("SELECT status FROM t_user GROUP BY status ORDER BY COUNT(DISTINCT name) DESC, status",
             exact_order=True, order=()),
    # GROUP_CONCAT with SEPARATOR
    Template("SELECT status, GROUP_CONCAT(id SEPARATOR ';') FROM t_user WHERE id < ? GROUP BY status",
             lambda r: [r.randint(20, 120)], 3, concat=(1,), separator=";"),
    Template("SELECT GROUP_CONCAT(DISTINCT status SEPARATOR ' | ') FROM t_user WHERE k < ?",
             lambda r: [r.randint(10, 3000)], 3, concat=(0,), separator=" | "),
    # GROUP BY ... WITH ROLLUP: the merge adds the super-aggregate rows
    Template("SELECT status, COUNT(*), SUM(k), AVG(score), MIN(name) FROM t_user GROUP BY status WITH ROLLUP",
             exact_order=True, order=()),
    Template("SELECT status, name, COUNT(*), MAX(k) FROM t_user WHERE k < ? GROUP BY status, name WITH ROLLUP",
             lambda r: [r.randint(100, 3000)], 3, exact_order=True, order=()),
    Template("SELECT k % 3 AS b, status, SUM(score) FROM t_user GROUP BY b, status WITH ROLLUP LIMIT ?, ?",
             lambda r: [r.randint(0, 6), r.randint(1, 8)], 3, exact_order=True, order=()),
    Template("SELECT status, k % 3 AS b, MAX(id) FROM t_user GROUP BY status DESC, b WITH ROLLUP",
             exact_order=True, order=()),
    Template("SELECT status, COUNT(*) AS n FROM t_user GROUP BY status WITH ROLLUP HAVING n > ?",
             lambda r: [r.randint(800, 1400)], 3, exact_order=True, order=()),
    # DISTINCT
    Template("SELECT DISTINCT name FROM t_user"),
    Template("SELECT DISTINCT status, name FROM t_user WHERE k > ? ORDER BY status, name",
             lambda r: [r.randint(1, 2900)], 3, order=(0, 1)),
    Template("SELECT DISTINCT k % 5 FROM t_user WHERE id IN (?, ?, ?, ?, ?, ?)", lambda r: ids(r, 6), 3),
    Template("SELECT DISTINCT name FROM t_user ORDER BY name LIMIT 3", order=(0,)),
    # binding-table joins (t_order / t_order_item) and a broadcast table
    Template("SELECT o.order_id, o.total, i.amount, i.qty FROM t_order o JOIN t_order_item i "
             "ON o.order_id = i.order_id WHERE o.user_id = ?", lambda r: [order_user(r)], 5),
    Template("SELECT o.order_id, SUM(i.amount), COUNT(*) FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
             "AND o.user_id = i.user_id WHERE o.user_id IN (?, ?, ?) GROUP BY o.order_id ORDER BY o.order_id",
             lambda r: r.sample(range(1, ORDER_USERS + 1), 3), 4, order=(0,)),
    Template("SELECT o.user_id, COUNT(i.item_id), SUM(i.amount * i.qty), MAX(i.amount) FROM t_order o "
             "JOIN t_order_item i ON o.order_id = i.order_id GROUP BY o.user_id ORDER BY o.user_id", order=(0,)),
    Template("SELECT o.order_id, i.qty FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
             "WHERE o.order_id = ?", lambda r: [r.randint(1, 1200)], 4),
    Template("SELECT o.order_id, o.note FROM t_order o WHERE o.user_id IN (?, ?) ORDER BY o.note, o.order_id",
             lambda r: r.sample(range(1, ORDER_USERS + 1), 2), 3, order=(1, 0)),
    Template("SELECT s.label, COUNT(*), SUM(o.total), AVG(o.total) FROM t_order o JOIN t_status s ON o.status = s.id "
             "GROUP BY s.label ORDER BY s.label", order=(0,)),
    Template("SELECT s.label, SUM(i.qty) FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
             "JOIN t_status s ON s.id = o.status WHERE o.user_id BETWEEN ? AND ? GROUP BY s.label",
             lambda r: (lambda a: (a, a + 15))(r.randint(1, ORDER_USERS - 15)), 3),
    Template("SELECT o.order_id, o.total FROM t_order o JOIN t_order_item i ON o.order_id = i.order_id "
             "WHERE i.amount > ? ORDER BY o.total DESC, o.order_id, i.amount LIMIT 8",
             lambda r: [r.randint(100, 490)], 3, exact_order=True, order=()),
    Template("SELECT id, label FROM t_status ORDER BY id", order=(0,)),
    Template("SELECT COUNT(*), SUM(total), MIN(note), MAX(note) FROM t_order WHERE user_id = ? AND order_id > ?",
             lambda r: [order_user(r), r.randint(1, 1200)], 3),
]
