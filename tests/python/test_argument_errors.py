"""Bad arguments to the Python API raise catalogue errors (code and message from
error_messages.def) whose class also derives from the ValueError / TypeError that Python's own
checks raise (error_python.def)."""

import dataclasses
import datetime
import decimal
import pickle

import pytest

import sqlroute
from sqlroute import errors
from sqlroute._native import core
from sqlroute.cli import _hints
from sqlroute.engine import _metadata_text
from sqlroute.rule_dict import _flow, _rules, dict_to_yaml

POINT = "SELECT * FROM t_user WHERE id = ?"
HINT_KEYS = ", ".join(sorted(field.name for field in dataclasses.fields(sqlroute.Hints)))


def expect(call, cls, code: str, message: str) -> None:
    with pytest.raises(cls) as caught:
        call()
    assert isinstance(caught.value, sqlroute.Error)
    assert (caught.value.code, caught.value.message) == (code, message)


@pytest.mark.parametrize("params, message", [
    ("abc", "params must be a sequence of values, not str"),
    ({"id": 1}, "params must be a sequence of values, not dict"),
])
def test_params_that_are_not_a_sequence(engine: sqlroute.Engine, params, message: str) -> None:
    expect(lambda: engine.route(POINT, params), errors.BindTypeError, "PARAMETER_TYPE", message)
    expect(lambda: engine.route_all(POINT, params), TypeError, "PARAMETER_TYPE", message)


def test_a_parameter_of_a_type_that_cannot_be_bound(engine: sqlroute.Engine) -> None:
    expect(lambda: engine.route(POINT, [object()]), TypeError, "PARAMETER_TYPE",
           "params[0]: cannot bind a value of type 'object' (use None, bool, int, float, Decimal, str, bytes, date, "
           "time or datetime)")


@pytest.mark.parametrize("value, message", [
    (int.__new__(sqlroute.Long, 2**64), "params[0]: Long value does not fit in 64 bits"),
    (int.__new__(sqlroute.Int, 2**40), "params[0]: Int value does not fit in 32 bits"),
    (datetime.datetime(2024, 1, 2, tzinfo=datetime.timezone.utc),
     "params[0]: a timezone-aware datetime has no MySQL DATETIME equivalent; pass a naive datetime"),
    (datetime.time(1, 2, tzinfo=datetime.timezone.utc),
     "params[0]: a timezone-aware time has no MySQL TIME equivalent; pass a naive time"),
    (decimal.Decimal("NaN"), "params[0]: a Decimal NaN or Infinity has no SQL value"),
])
def test_parameter_values_without_a_sql_value(engine: sqlroute.Engine, value, message: str) -> None:
    expect(lambda: engine.route(POINT, [value]), errors.BindValueError, "PARAMETER_INVALID", message)


def test_typed_integers() -> None:
    expect(lambda: sqlroute.Int("3"), TypeError, "PARAMETER_TYPE", "Int() takes an int, not str")
    expect(lambda: sqlroute.Int(2**31), ValueError, "PARAMETER_INVALID",
           f"{2**31} does not fit Int ({-2**31}..{2**31 - 1})")


def test_unknown_hint_keys_list_the_known_ones(engine: sqlroute.Engine) -> None:
    expect(lambda: sqlroute.Hints.from_dict({"shard": 1, "db": 2}), errors.BindValueError, "HINT_INVALID",
           f"unknown hint key(s) db, shard; known: {HINT_KEYS}")
    expect(lambda: engine.route(POINT, [1], hints={"shard": 1}), ValueError, "HINT_INVALID",
           f"unknown hint key(s) shard; known: {HINT_KEYS}")
    # The native reader of the hints knows the same keys.
    expect(lambda: engine._native.route(POINT, [1], {"shard": 1}, None), ValueError, "HINT_INVALID",
           f"unknown hint key(s) shard; known: {HINT_KEYS}")


@pytest.mark.parametrize("fields, message", [
    ({"database_values": [1]}, "Hints.database_values must map table names to lists of values"),
    ({"table_values": {"t_user": 5}}, "Hints.table_values['t_user'] must be a list of values, not int"),
    ({"disable_audit_names": "audit"}, "Hints.disable_audit_names must be a list of names, not a str"),
    ({"shadow": 1}, "Hints.shadow must be a bool, not int"),
])
def test_hint_fields_of_the_wrong_type(fields, message: str) -> None:
    expect(lambda: sqlroute.Hints(**fields), errors.BindTypeError, "HINT_TYPE", message)


def test_hints_of_the_wrong_type(engine: sqlroute.Engine) -> None:
    expect(lambda: engine.route(POINT, [1], hints=5), TypeError, "HINT_TYPE", "hints must be sqlroute.Hints or a dict, not int")


def test_cli_hints_that_are_not_json() -> None:
    with pytest.raises(errors.BindValueError) as caught:
        _hints("{")
    assert caught.value.code == "HINT_INVALID"
    assert caught.value.message.startswith("--hints is not valid JSON: Expecting property name")


def test_metadata_of_the_wrong_type() -> None:
    expect(lambda: _metadata_text(5), errors.ConfigTypeError, "CONFIG_VALUE_TYPE", "metadata must be a dict or YAML/JSON text, not int")


def test_rules_given_as_python_values() -> None:
    expect(lambda: sqlroute.Engine.from_dict({"rules": {"sharding_rule": {}}}), errors.ConfigValueError, "CONFIG_UNKNOWN_RULE",
           "unknown rule 'sharding_rule'; rules: sharding, broadcast, readwrite_splitting, encrypt, shadow, single")
    expect(lambda: _rules([{"!SHARDING": {}, "!ENCRYPT": {}}]), ValueError, "CONFIG_INVALID_VALUE",
           "rules[0] must be a dict with one key, the rule tag (e.g. '!SHARDING')")
    expect(lambda: _rules(5), errors.ConfigTypeError, "CONFIG_VALUE_TYPE", "rules must be a list or a dict, not int")
    expect(lambda: dict_to_yaml([]), TypeError, "CONFIG_VALUE_TYPE", "rules must be given as a dict, not list")
    expect(lambda: _flow({"x": object()}), TypeError, "CONFIG_VALUE_TYPE",
           "rules may hold dicts, lists, str, int, float, bool and None, not object")
    circular: list = []
    circular.append(circular)
    expect(lambda: _flow(circular), ValueError, "CONFIG_INVALID_VALUE",
           "rules contain a value YAML cannot hold: Circular reference detected")


def test_unknown_algorithm_kinds() -> None:
    message = "unknown algorithm kind `sharder`; kinds: sharding, key_generator, encryptor, load_balancer, shadow, auditor"
    expect(lambda: sqlroute.register_algorithm("sharder", "X", dict), errors.ConfigValueError, "CONFIG_UNKNOWN_ALGORITHM", message)
    expect(lambda: core.algorithm_types("sharder"), ValueError, "CONFIG_UNKNOWN_ALGORITHM", message)
    expect(lambda: core.unregister_algorithm("sharder", "X"), ValueError, "CONFIG_UNKNOWN_ALGORITHM", message)


def test_a_negative_affinity_window() -> None:
    session = sqlroute.Session()

    def assign() -> None:
        session.affinity_window = -1.5

    expect(assign, errors.ConfigValueError, "CONFIG_INVALID_VALUE", "affinity_window must be >= 0 seconds, not -1.5")


def test_merge_arguments(engine: sqlroute.Engine) -> None:
    plan = engine.route("SELECT id FROM t_user")
    expect(lambda: sqlroute.merge(plan, [], collation="latin1"), errors.MergeValueError, "MERGE_VALUE_INVALID",
           "collation must be 'general_ci' or 'binary', not 'latin1'")
    expect(lambda: sqlroute.merge(plan, [(["id"],)]), ValueError, "MERGE_VALUE_INVALID",
           "results[0] must be a (columns, rows) pair")


def test_programming_errors_of_the_api_stay_builtin() -> None:
    with pytest.raises(TypeError) as caught:
        sqlroute.register_algorithm("sharding", "PY_NOT_CALLABLE", 3)
    assert not isinstance(caught.value, sqlroute.Error)


def test_every_builtin_code_is_in_the_catalogue_and_has_a_class() -> None:
    categories = {code: category for code, category, _ in core.error_codes()}
    builtins = core.error_python_builtins()
    assert builtins
    for code, builtin in builtins:
        cls = errors.error_class(code, categories[code])
        assert issubclass(cls, errors.ERROR_CLASSES[categories[code]])
        assert issubclass(cls, {"ValueError": ValueError, "TypeError": TypeError}[builtin])
    assert errors.error_class("SQL_SYNTAX_ERROR", "syntax") is sqlroute.SqlSyntaxError


def test_a_builtin_error_pickles_with_its_class() -> None:
    error = errors.catalogue_error("HintsWrongType", type="int")
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is errors.BindTypeError and (copy.code, copy.message) == ("HINT_TYPE", error.message)


def test_a_message_the_catalogue_lacks_is_an_internal_error() -> None:
    expect(lambda: errors.catalogue_error("HintsWrongType", kind="int"), sqlroute.InternalError, "INTERNAL_ERROR",
           "unexpected engine failure: no catalogue message `HintsWrongType` takes the arguments (kind)")
    expect(lambda: errors.catalogue_error("NoSuchMessage"), sqlroute.InternalError, "INTERNAL_ERROR",
           "unexpected engine failure: no catalogue message `NoSuchMessage` takes the arguments ()")
