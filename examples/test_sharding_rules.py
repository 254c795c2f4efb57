"""An example pytest suite for a rule set: copy it next to your rules and adapt the cases.

Run it with ``python3 -m pytest examples/test_sharding_rules.py`` (with ``PYTHONPATH=python``
in this repository). It checks examples/sharding.yaml: t_user split by `id` with MOD into
10 tables over ds_0..ds_3.
"""

from pathlib import Path

import pytest

from sqlroute.testing import assert_no_full_route, assert_route, assert_single_node, engine_fixture

RULES = Path(__file__).with_name("sharding.yaml")

# The fixture `engine`, built once per module from the rule file.
engine = engine_fixture(RULES)


@pytest.mark.parametrize("user_id, data_source, table", [(7, "ds_3", "t_user_7"), (12, "ds_2", "t_user_2"),
                                                         (40, "ds_0", "t_user_0")])
def test_point_lookups_reach_one_table(engine, user_id, data_source, table):
    assert_route(engine, "SELECT * FROM t_user WHERE id = ?", [user_id], data_sources=[data_source], tables=[table])


def test_writes_by_key_stay_on_one_node(engine):
    assert_single_node(engine, "UPDATE t_user SET name = ? WHERE id = ?", ["Carol", 25])
    assert_single_node(engine, "DELETE FROM t_user WHERE id = ?", [3])


def test_the_application_queries_never_scatter(engine):
    assert_no_full_route(engine, [
        ("SELECT name FROM t_user WHERE id = ?", [7]),
        "SELECT * FROM t_user WHERE id IN (1, 11, 4)",
        ("INSERT INTO t_user (id, name) VALUES (?, ?), (?, ?)", [3, "Ann", 8, "Bob"]),
    ])


def test_a_report_query_is_known_to_scatter(engine):
    with pytest.raises(AssertionError, match="full route"):
        assert_no_full_route(engine, ["SELECT COUNT(*) FROM t_user"])
