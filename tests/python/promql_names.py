"""The series names a PromQL expression reads, and the names a Prometheus page exports: the
example dashboard's queries are checked against them (tests/python and tests/proxy)."""

import re

PROMQL_WORDS = {"by", "without", "bool", "and", "or", "unless", "on", "ignoring", "group_left", "group_right", "offset"}


def exported_names(text: str) -> set:
    names = set()
    for line in text.splitlines():
        match = re.match(r"# TYPE (\S+) (\S+)", line)
        if match:
            name, kind = match.groups()
            names.add(name)
            if kind == "histogram":
                names.update({name + "_bucket", name + "_sum", name + "_count"})
    return names


def metric_names(expr: str) -> set:
    """The series names a PromQL expression reads."""
    expr = re.sub(r"\{[^}]*\}", "", expr)  # label matchers
    expr = re.sub(r"\[[^\]]*\]", "", expr)  # range selectors
    expr = re.sub(r"\b(by|without)\s*\([^)]*\)", "", expr)  # grouping labels
    names = set()
    for match in re.finditer(r"[A-Za-z_:][A-Za-z0-9_:]*", expr):
        if expr[match.end():].lstrip().startswith("("):
            continue  # a function or an aggregation
        names.add(match.group())
    return names - PROMQL_WORDS
