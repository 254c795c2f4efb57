"""Reading the shared golden files (tests/golden/README.md) exactly as the C++ runner does.

Values keep YAML's distinction between quoted and plain scalars, which PyYAML's resolved
types would lose: a quoted scalar is always a string, a plain one is typed by the same
patterns as tests/cpp/support/golden.cc (null/~/empty, true/false, integers, decimals with a
dot). Unknown keys are errors everywhere, so a typo cannot skip a check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

import yaml

import sqlroute
from sqlroute.tools.statement_file import TYPED_PARSERS as _TYPED

_INTEGER = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?[0-9]+\.[0-9]*([eE][-+]?[0-9]+)?")
_QUOTED_STYLES = ("'", '"', "|", ">")
# yaml-cpp's spellings of booleans (convert<bool>).
_TRUE = {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"}
_FALSE = {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"}



class GoldenFormatError(ValueError):
    """The golden file does not follow tests/golden/README.md."""


def load(path: Path) -> yaml.Node:
    return yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)


def items(node: yaml.Node, allowed: Optional[Iterable[str]], where: str) -> Dict[str, yaml.Node]:
    """The entries of a mapping node; a key outside `allowed` (when given) is an error."""
    if not isinstance(node, yaml.MappingNode):
        raise GoldenFormatError(f"{where}: expected a mapping")
    result = {key.value: value for key, value in node.value}
    unknown = sorted(set(result) - set(allowed)) if allowed is not None else []
    if unknown:
        raise GoldenFormatError(f"{where}: unknown key(s) {', '.join(unknown)}")
    return result


def text(node: yaml.Node, where: str) -> str:
    if not isinstance(node, yaml.ScalarNode):
        raise GoldenFormatError(f"{where}: expected a scalar")
    return node.value


def sequence(node: Optional[yaml.Node], where: str) -> List[yaml.Node]:
    if node is None:
        return []
    if not isinstance(node, yaml.SequenceNode):
        raise GoldenFormatError(f"{where}: expected a list")
    return node.value


def boolean(node: yaml.Node, where: str) -> bool:
    value = text(node, where)
    if value in _TRUE or value in _FALSE:
        return value in _TRUE
    raise GoldenFormatError(f"{where}: expected a boolean, got {value!r}")


def value(node: yaml.Node, where: str) -> Any:
    """One value: a scalar typed like the C++ runner, or a one-key typed map."""
    if isinstance(node, yaml.MappingNode):
        if len(node.value) != 1:
            raise GoldenFormatError(f"{where}: a typed value is a one-key map")
        (kind_node, text_node), = node.value
        kind = kind_node.value
        if kind not in _TYPED:
            raise GoldenFormatError(f"{where}: unknown value type `{kind}`")
        return _TYPED[kind](text(text_node, where))
    raw = text(node, where)
    if node.style in _QUOTED_STYLES:
        return raw
    if raw in ("null", "~", ""):
        return None
    if raw in ("true", "false"):
        return raw == "true"
    if _INTEGER.fullmatch(raw):
        return int(raw)
    if _FLOAT.fullmatch(raw):
        return float(raw)
    return raw


def values(node: Optional[yaml.Node], where: str) -> List[Any]:
    return [value(item, f"{where}[{i}]") for i, item in enumerate(sequence(node, where))]


def hints(node: Optional[yaml.Node], where: str) -> Optional[sqlroute.Hints]:
    if node is None:
        return None
    fields = items(node, [
        "database_values", "table_values", "database_value_only", "data_source_name", "write_route_only",
        "shadow", "skip_sql_rewrite", "skip_metadata_validate", "disable_audit_names",
    ], where)
    kwargs: Dict[str, Any] = {}
    for key in ("database_values", "table_values"):
        if key in fields:
            kwargs[key] = {
                table: values(table_values, f"{where}.{key}.{table}")
                for table, table_values in items(fields[key], None, f"{where}.{key}").items()
            }
    if "database_value_only" in fields:
        kwargs["database_value_only"] = value(fields["database_value_only"], f"{where}.database_value_only")
    if "data_source_name" in fields:
        kwargs["data_source_name"] = text(fields["data_source_name"], f"{where}.data_source_name")
    for key in ("write_route_only", "shadow", "skip_sql_rewrite", "skip_metadata_validate"):
        if key in fields:
            kwargs[key] = boolean(fields[key], f"{where}.{key}")
    if "disable_audit_names" in fields:
        kwargs["disable_audit_names"] = [
            text(item, f"{where}.disable_audit_names") for item in sequence(fields["disable_audit_names"], where)
        ]
    return sqlroute.Hints(**kwargs)


def describe(params: Iterable[Any]) -> List[str]:
    """Parameters as the engine sees them, kind included (the C++ runner's Describe)."""
    return [sqlroute.describe_value(param) for param in params]


GENERATED = "{generated}"  # in an expected unit SQL: a generated key, a decimal integer


@dataclass(frozen=True)
class Generated:
    """An expected parameter `{generated: long}`: a generated key of that kind (SNOWFLAKE values
    follow the clock, so only the kind is fixed)."""

    kind: str


def unit_params(node: Optional[yaml.Node], where: str) -> Tuple[Any, ...]:
    """A unit's expected parameters: described values, or Generated markers."""
    result: List[Any] = []
    for i, item in enumerate(sequence(node, where)):
        if isinstance(item, yaml.MappingNode) and len(item.value) == 1 and item.value[0][0].value == "generated":
            result.append(Generated(text(item.value[0][1], f"{where}[{i}].generated")))
        else:
            result.extend(describe([value(item, f"{where}[{i}]")]))
    return tuple(result)


def sql_matches(actual: str, expected: str) -> bool:
    """The C++ runner's SqlMatches: exact, but for `{generated}` (a decimal integer)."""
    if GENERATED not in expected:
        return actual == expected
    pattern = "-?[0-9]+".join(re.escape(part) for part in expected.split(GENERATED))
    return re.fullmatch(pattern, actual) is not None


def params_match(actual: Iterable[Any], expected: Tuple[Any, ...]) -> bool:
    described = describe(actual)
    if len(described) != len(expected):
        return False
    for got, want in zip(described, expected):
        if isinstance(want, Generated):
            if not re.fullmatch(re.escape(want.kind) + r":-?[0-9]+", got):
                return False
        elif got != want:
            return False
    return True


@dataclass(frozen=True)
class ExpectedError:
    code: str
    message: Optional[str]
    position: Optional[str]


@dataclass(frozen=True)
class ExpectedUnit:
    data_source: str
    sql: str
    params: Tuple[Any, ...]  # described values, or Generated markers


@dataclass(frozen=True)
class RouteCase:
    file: str
    name: str
    rules: Path
    sql: str
    params: List[Any]
    hints: Optional[sqlroute.Hints]
    route_type: Optional[str]
    units: Optional[List[ExpectedUnit]]
    warnings: Optional[List[str]]
    notes: Optional[List[str]]
    scatter_reasons: Optional[List[str]]  # "CODE: message", exact
    error: Optional[ExpectedError]

    @property
    def id(self) -> str:
        return f"{self.file}/{self.name}"


def expected_error(node: Optional[yaml.Node], where: str) -> Optional[ExpectedError]:
    if node is None:
        return None
    fields = items(node, ["code", "message", "position"], where)
    if "code" not in fields:
        raise GoldenFormatError(f"{where}: an error needs a `code`")
    optional = {key: text(fields[key], f"{where}.{key}") if key in fields else None for key in ("message", "position")}
    return ExpectedError(text(fields["code"], f"{where}.code"), **optional)


def load_all(folder: Path, read: Callable[[Path], list]) -> Tuple[list, Dict[str, str]]:
    """Cases of every `*.yaml` file in `folder` (sorted by name), and the problem of each file
    that cannot be read, so that one broken file fails its own test instead of the session."""
    cases: list = []
    problems: Dict[str, str] = {}
    for path in sorted(folder.glob("*.yaml")):
        try:
            cases.extend(read(path))
        except (yaml.YAMLError, GoldenFormatError) as error:
            problems[path.name] = str(error)
    return cases, problems


def route_file_cases(path: Path) -> List[RouteCase]:
    """Every case of one route file."""
    result = []
    root = items(load(path), ["rules", "cases"], path.name)
    rules = (path.parent / text(root["rules"], f"{path.name}: rules")).resolve()
    for index, node in enumerate(sequence(root["cases"], f"{path.name}: cases")):
        where = f"{path.name}: cases[{index}]"
        case = items(node, ["name", "sql", "params", "hints", "route_type", "units", "warnings", "notes", "scatter_reasons",
                                    "error"], where)
        units = None
        if "units" in case:
            units = []
            for i, unit_node in enumerate(sequence(case["units"], f"{where}.units")):
                unit = items(unit_node, ["data_source", "sql", "params"], f"{where}.units[{i}]")
                units.append(ExpectedUnit(
                    text(unit["data_source"], f"{where}.units[{i}].data_source"),
                    text(unit["sql"], f"{where}.units[{i}].sql"),
                    unit_params(unit.get("params"), f"{where}.units[{i}].params"),
                ))
        if (units is None) == ("error" not in case):
            raise GoldenFormatError(f"{where}: a case needs exactly one of `units` or `error`")
        result.append(RouteCase(
            file=path.stem,
            name=text(case["name"], f"{where}.name"),
            rules=rules,
            sql=text(case["sql"], f"{where}.sql"),
            params=values(case.get("params"), f"{where}.params"),
            hints=hints(case.get("hints"), f"{where}.hints"),
            route_type=text(case["route_type"], f"{where}.route_type") if "route_type" in case else None,
            units=units,
            warnings=[text(w, f"{where}.warnings") for w in sequence(case["warnings"], f"{where}.warnings")]
            if "warnings" in case else None,
            notes=[text(w, f"{where}.notes") for w in sequence(case["notes"], f"{where}.notes")]
            if "notes" in case else None,
            scatter_reasons=[text(w, f"{where}.scatter_reasons") for w in sequence(case["scatter_reasons"], f"{where}.scatter_reasons")]
            if "scatter_reasons" in case else None,
            error=expected_error(case.get("error"), f"{where}.error"),
        ))
    return result


@dataclass(frozen=True)
class ParseCase:
    """A parse case; absent checks are None (tests/cpp/parser_golden_test.cc)."""

    file: str
    index: int
    sql: str
    kind: Optional[str]
    tables: Optional[List[str]]  # schema.name when a schema is written
    roles: Optional[List[str]]
    schemas: Optional[List[str]]
    indexes: Optional[List[str]]
    constraints: Optional[List[str]]
    params: Optional[int]
    comments: Optional[int]
    joins: Optional[List[str]]
    variables: Optional[List[str]]
    windows: Optional[List[str]]
    call_orders: Optional[List[str]]
    error: Optional[ExpectedError]

    @property
    def id(self) -> str:
        return f"{self.file}/{self.index}: {self.sql[:80]}"


_PARSE_LISTS = ("tables", "roles", "schemas", "indexes", "constraints", "joins", "variables", "windows",
                "call_orders")
_PARSE_COUNTS = ("params", "comments")


def parse_file_cases(path: Path) -> List[ParseCase]:
    """Every case of one parse file."""
    result = []
    root = items(load(path), ["cases", "metadata"], path.name)
    for index, node in enumerate(sequence(root["cases"], f"{path.name}: cases")):
        where = f"{path.name}: cases[{index}]"
        # `bound` (a bound statement) is checked by tests/cpp/bind_golden_test.cc only.
        case = items(node, ["sql", "kind", "error", "section", "statement", "bound", *_PARSE_LISTS, *_PARSE_COUNTS],
                     where)
        checks: Dict[str, Any] = {key: None for key in (*_PARSE_LISTS, *_PARSE_COUNTS)}
        for key in _PARSE_LISTS:
            if key in case:
                checks[key] = [text(item, f"{where}.{key}") for item in sequence(case[key], f"{where}.{key}")]
        for key in _PARSE_COUNTS:
            if key in case:
                checks[key] = int(text(case[key], f"{where}.{key}"))
        result.append(ParseCase(
            file=path.stem,
            index=index,
            sql=text(case["sql"], f"{where}.sql"),
            kind=text(case["kind"], f"{where}.kind") if "kind" in case else None,
            error=expected_error(case.get("error"), f"{where}.error"),
            **checks,
        ))
    return result


def check_error(error: sqlroute.Error, expected: ExpectedError) -> None:
    """The C++ runner's error checks: code, then message and position when given."""
    assert error.code == expected.code, str(error)
    if expected.message is not None:
        assert error.message == expected.message
    if expected.position is not None:
        assert error.where is not None and error.position is not None, str(error)
        assert error.where == expected.position
