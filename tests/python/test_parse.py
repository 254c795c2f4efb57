"""sqlroute.parse: the read-only statement model."""

import pytest

import sqlroute
from sqlroute import ParsedTable


def test_select_with_schema_alias_and_params() -> None:
    statement = sqlroute.parse("SELECT a FROM db.t1 AS x JOIN t2 ON x.id = t2.id WHERE a = ? AND b = ?")
    assert statement.kind == "SELECT"
    assert statement.tables == (ParsedTable("t1", schema="db", alias="x"), ParsedTable("t2"))
    assert statement.params == 2
    assert repr(statement) == (
        "ParsedStatement(kind='SELECT', tables=[ParsedTable('t1', schema='db', alias='x', role='from'), "
        "ParsedTable('t2', role='from')], params=2, joins=['JOIN ON x.id = t2.id'])")


@pytest.mark.parametrize(
    "sql, kind, role",
    [
        ("INSERT INTO t (a) VALUES (1)", "INSERT", "insert"),
        ("UPDATE t SET a = 1", "UPDATE", "update"),
        ("DELETE FROM t WHERE a = 1", "DELETE", "delete"),
    ],
)
def test_dml_kinds_and_roles(sql: str, kind: str, role: str) -> None:
    statement = sqlroute.parse(sql)
    assert statement.kind == kind and [t.role for t in statement.tables] == [role]


def test_comments_are_kept() -> None:
    assert sqlroute.parse("SELECT /* c */ 1").comments == ("/* c */",)


def test_syntax_error_position() -> None:
    with pytest.raises(sqlroute.SqlSyntaxError) as caught:
        sqlroute.parse("SELECT *\nFROM WHERE")
    assert caught.value.position is not None and caught.value.position[0] == 2
