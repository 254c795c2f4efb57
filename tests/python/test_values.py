"""The Python <-> engine value mapping (package docstring), including round trips."""

import datetime
import decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sqlroute
from sqlroute import BigInt, Int, Long

ECHO_SQL = "SELECT * FROM t_user WHERE id = 7 AND note = ?"  # the parameter passes through unchanged


def echo(engine: sqlroute.Engine, value):
    (unit,) = engine.route(ECHO_SQL, [value]).units
    return unit.params[0]


@pytest.mark.parametrize(
    "value, kind",
    [
        (None, "null"),
        (True, "bool"),
        (False, "bool"),
        (0, "int"),
        (2**31 - 1, "int"),
        (-(2**31), "int"),
        (2**31, "long"),
        (-(2**31) - 1, "long"),
        (2**63 - 1, "long"),
        (-(2**63), "long"),
        (2**63, "bigint"),
        (-(2**63) - 1, "bigint"),
        (Int(5), "int"),
        (Long(5), "long"),
        (BigInt(5), "bigint"),
        (1.5, "double"),
        (decimal.Decimal("1.50"), "decimal"),
        ("abc", "string"),
        (b"\x00\xff", "bytes"),
        (bytearray(b"ab"), "bytes"),
        (datetime.date(2024, 1, 31), "date"),
        (datetime.time(10, 0), "time"),
        (datetime.datetime(2024, 1, 31, 10, 0), "datetime"),
    ],
)
def test_value_kind(value, kind: str) -> None:
    assert sqlroute.value_kind(value) == kind


@pytest.mark.parametrize(
    "value, text",
    [
        (7, "7"),
        (Long(7), "long:7"),
        ("it's", "'it''s'"),
        (None, "NULL"),
        (decimal.Decimal("1.50"), "decimal:1.50"),
        (datetime.datetime(2024, 1, 31, 10, 0, 0, 5), "datetime:'2024-01-31 10:00:00.000005'"),
        (datetime.date(999, 1, 2), "date:'0999-01-02'"),
    ],
)
def test_describe_value(value, text: str) -> None:
    assert sqlroute.describe_value(value) == text


def test_typed_ints_check_their_range() -> None:
    with pytest.raises(ValueError):
        Int(2**31)
    with pytest.raises(ValueError):
        Long(2**63)
    with pytest.raises(TypeError):
        Long(True)
    assert repr(Long(7)) == "Long(7)" and str(Long(7)) == "7" and Long(7) == 7


@pytest.mark.parametrize(
    "value, error",
    [
        (object(), TypeError),
        ([1], TypeError),
        (decimal.Decimal("NaN"), ValueError),
        (datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc), ValueError),
    ],
)
def test_unsupported_values_name_the_parameter(engine: sqlroute.Engine, value, error) -> None:
    with pytest.raises(error, match=r"params\[0\]"):
        engine.route(ECHO_SQL, [value])


def test_params_must_be_a_sequence(engine: sqlroute.Engine) -> None:
    with pytest.raises(TypeError):
        engine.route(ECHO_SQL, "7")


@pytest.mark.parametrize(
    "value",
    [None, True, 7, Long(7), BigInt(7), 2**40, 2**80, -(2**80), 0.1, decimal.Decimal("-12.3400"), decimal.Decimal("1E+3"),
     "", "ünïcødé ✓", "a\x00b", b"", b"\x00\xff", datetime.date(2024, 2, 29), datetime.time(23, 59, 59, 999999),
     datetime.datetime(2024, 2, 29, 0, 0, 1)],
)
def test_round_trip_keeps_value_and_type(engine: sqlroute.Engine, value) -> None:
    back = echo(engine, value)
    assert back == value
    assert type(back) is type(value) or sqlroute.value_kind(back) == sqlroute.value_kind(value)
    assert sqlroute.describe_value(back) == sqlroute.describe_value(value)


def test_round_trip_types(engine: sqlroute.Engine) -> None:
    assert type(echo(engine, 7)) is int
    assert type(echo(engine, 2**40)) is Long
    assert type(echo(engine, 2**80)) is BigInt
    assert type(echo(engine, decimal.Decimal("1.5"))) is decimal.Decimal


@settings(max_examples=200, deadline=None)
@given(st.integers())
def test_int_round_trip(engine: sqlroute.Engine, value: int) -> None:
    back = echo(engine, value)
    assert back == value and sqlroute.value_kind(back) == sqlroute.value_kind(value)


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_str_round_trip(engine: sqlroute.Engine, value: str) -> None:
    assert echo(engine, value) == value


@settings(max_examples=200, deadline=None)
@given(st.binary())
def test_bytes_round_trip(engine: sqlroute.Engine, value: bytes) -> None:
    assert echo(engine, value) == value


@settings(max_examples=200, deadline=None)
@given(st.decimals(allow_nan=False, allow_infinity=False))
def test_decimal_round_trip_keeps_the_text(engine: sqlroute.Engine, value: decimal.Decimal) -> None:
    assert str(echo(engine, value)) == str(value)


@settings(max_examples=100, deadline=None)
@given(st.datetimes())
def test_datetime_round_trip(engine: sqlroute.Engine, value: datetime.datetime) -> None:
    assert echo(engine, value) == value


@settings(max_examples=100, deadline=None)
@given(st.floats(allow_nan=False))
def test_float_round_trip(engine: sqlroute.Engine, value: float) -> None:
    assert echo(engine, value) == value
