"""The exception hierarchy and the translation of every C++ error category.

The C++ errors come from the test-only module ``native/_error_probe`` (built with the tests,
never packaged): it throws ``sqlroute::Error``, and ``sqlroute._core``'s translator turns it into
the Python class.
"""

import pickle

import pytest

import sqlroute
from sqlroute import _core
from sqlroute.errors import ERROR_CLASSES

from native import _error_probe

EXPECTED_CLASSES = {
    "syntax": sqlroute.SqlSyntaxError,
    "config": sqlroute.ConfigError,
    "bind": sqlroute.BindError,
    "route": sqlroute.RouteError,
    "rewrite": sqlroute.RewriteError,
    "merge": sqlroute.MergeError,
    "unsupported": sqlroute.UnsupportedSqlError,
    "internal": sqlroute.InternalError,
    "cluster": sqlroute.ClusterError,
}


def test_every_category_of_the_catalogue_has_its_class() -> None:
    categories = {category for _, category, _ in _core.error_codes()}
    assert categories == set(EXPECTED_CLASSES) == set(ERROR_CLASSES)
    for category, cls in EXPECTED_CLASSES.items():
        assert issubclass(cls, sqlroute.Error) and cls.category == category


@pytest.mark.parametrize("code, category, _ss", _core.error_codes())
def test_native_errors_translate_to_their_class(code: str, category: str, _ss: int) -> None:
    with pytest.raises(EXPECTED_CLASSES[category]) as caught:
        _error_probe.raise_error(code, "what went wrong", line=2, column=5)
    error = caught.value
    assert (error.code, error.category, error.message, error.position, error.path) == (
        code, category, "what went wrong", (2, 5), None)


def test_config_path_is_kept() -> None:
    with pytest.raises(sqlroute.ConfigError) as caught:
        _error_probe.raise_error("CONFIG_MISSING_KEY", "missing", path="rules[0].tables.t")
    assert caught.value.path == "rules[0].tables.t" and caught.value.position is None
    assert str(caught.value) == "[CONFIG_MISSING_KEY] missing [at rules[0].tables.t]"


def test_str_repr_and_pickle() -> None:
    error = sqlroute.SqlSyntaxError("SQL_SYNTAX_ERROR", "bad", position=(1, 3))
    assert str(error) == "[SQL_SYNTAX_ERROR] bad [at 1:3]"
    assert repr(error) == "SqlSyntaxError('SQL_SYNTAX_ERROR', 'bad', position=(1, 3))"
    copy = pickle.loads(pickle.dumps(error))
    assert type(copy) is sqlroute.SqlSyntaxError and (copy.code, copy.position) == ("SQL_SYNTAX_ERROR", (1, 3))


def test_route_errors_are_raised_by_route(engine: sqlroute.Engine) -> None:
    with pytest.raises(sqlroute.Error) as caught:
        engine.route("SELECT * FROM t_user WHERE id = ?", [])
    assert caught.value.category in ("bind", "route")
