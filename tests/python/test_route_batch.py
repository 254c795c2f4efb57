"""Engine.route_batch: a prepared statement with many parameter sets, grouped per unit."""

import pytest

import sqlroute
from sqlroute import BatchUnit


def test_parameter_sets_are_grouped_by_data_source_and_sql(engine: sqlroute.Engine) -> None:
    batch = engine.route_batch("UPDATE t_user SET name = ? WHERE id = ?", [["a", 7], ["b", 17], ["c", 2]])
    assert batch == [
        BatchUnit("ds_3", "UPDATE t_user_7 SET name = ? WHERE id = ?", [["a", 7], ["b", 17]], [0, 1]),
        BatchUnit("ds_2", "UPDATE t_user_2 SET name = ? WHERE id = ?", [["c", 2]], [2]),
    ]


def test_a_failing_set_is_named(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.BindError) as raised:
        engine.route_batch("DELETE FROM t_user WHERE id = ?", [[1], []])
    assert raised.value.message.startswith("in parameter set 1: ")
