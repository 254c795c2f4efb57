"""SHOW TABLES and the SHOW statements that name a logical database (`FROM db`, `db.t`), as
ShardingSphere-Proxy answers them: SHOW [FULL] TABLES lists the logic tables of the named (or
current) database as its ShowTablesExecutor does, other SHOW ... FROM db run in that database's
rules, and an unknown database is error 1049."""

from __future__ import annotations

import pymysql
import pytest

RULED_TABLES = {"t_order", "t_config", "t_doc"}  # schema.py's sharding and broadcast tables


def answer(connection, sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return [column[0] for column in cursor.description], [list(row) for row in cursor.fetchall()]


def test_show_tables_lists_the_logic_tables(proxy):
    with proxy.connect() as connection:
        labels, rows = answer(connection, "SHOW TABLES")
    assert labels == ["Tables_in_sharding_db"]
    names = [row[0] for row in rows]
    assert RULED_TABLES <= set(names) and names == sorted(names)
    assert not [name for name in names if name.startswith("t_order_")]  # no actual table


def test_show_full_tables_from_another_database_with_like(proxy):
    with proxy.connect(database="readwrite_db") as connection:
        assert answer(connection, "SHOW FULL TABLES FROM sharding_db LIKE 'T\\_ORD%'") == (
            ["Tables_in_sharding_db", "Table_type"], [["t_order", "BASE TABLE"]])
        assert answer(connection, "SHOW TABLES IN sharding_db LIKE 't\\_doc'") == (
            ["Tables_in_sharding_db"], [["t_doc"]])


@pytest.mark.parametrize("sql", ["SHOW COLUMNS FROM t_order FROM {db}", "SHOW FIELDS IN t_order IN {db}",
                                 "SHOW INDEX FROM {db}.t_order", "SHOW FULL COLUMNS FROM t_order FROM {db}"])
def test_show_from_another_database_runs_in_it(proxy, sql):
    with proxy.connect() as connection:
        expected = answer(connection, sql.replace("{db}", "sharding_db"))
    with proxy.connect(database="readwrite_db") as connection:
        assert answer(connection, sql.replace("{db}", "sharding_db")) == expected
    assert expected[1], sql


@pytest.mark.parametrize("sql", ["SHOW TABLES FROM nowhere_db", "SHOW COLUMNS FROM t_order FROM nowhere_db",
                                 "SHOW TABLE STATUS FROM nowhere_db"])
def test_show_from_an_unknown_database_is_error_1049(proxy, sql):
    with proxy.connect() as connection, connection.cursor() as cursor:
        with pytest.raises(pymysql.err.OperationalError) as raised:
            cursor.execute(sql)
    assert raised.value.args == (1049, "Unknown database 'nowhere_db'")
