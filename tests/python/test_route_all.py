"""Engine.route_all: a multi-statement text routed statement by statement."""

import pytest

import sqlroute


def test_each_statement_gets_its_plan_and_its_parameters(engine: sqlroute.Engine) -> None:
    plans = engine.route_all("DELETE FROM t_user WHERE id = ?; DELETE FROM t_user WHERE id = ?;", [7, 2])
    assert [[(u.data_source, u.sql, u.params) for u in plan.units] for plan in plans] == [
        [("ds_3", "DELETE FROM t_user_7 WHERE id = ?", [7])],
        [("ds_2", "DELETE FROM t_user_2 WHERE id = ?", [2])],
    ]


def test_quoted_semicolons_and_comments_do_not_split(engine: sqlroute.Engine) -> None:
    plans = engine.route_all("UPDATE t_user SET name = 'a;b' WHERE id = 2 /* ; */; -- last;\n")
    assert len(plans) == 1
    assert plans[0].units[0].sql == "UPDATE t_user_2 SET name = 'a;b' WHERE id = 2"


def test_route_refuses_several_statements_naming_route_all(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.SqlSyntaxError) as raised:
        engine.route("DELETE FROM t_user WHERE id = 1; DELETE FROM t_user WHERE id = 2")
    assert raised.value.code == "SQL_MULTI_STATEMENT"
    assert "Engine.route_all" in raised.value.message


def test_an_error_names_the_statement(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.SqlSyntaxError) as raised:
        engine.route_all("SELECT 1; SELEC 2")
    assert raised.value.message.startswith("in statement 1 of the text: ")


def test_parameters_must_match_the_markers(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.BindError) as raised:
        engine.route_all("DELETE FROM t_user WHERE id = ?; DELETE FROM t_user WHERE id = ?", [1])
    assert raised.value.code == "PARAMETER_INVALID"
