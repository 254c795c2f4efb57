"""The single-unit law of the rewrite (tests/golden/README.md, "Invariants"): with one route
unit, the rewrite changes nothing but names. tests/cpp/support/rewrite_law.h implements the
same law; keep the two in step.

Both texts are split into tokens (whitespace between tokens is free). In the unit's SQL every
name is mapped back to its logical name: an actual table of the unit to its logic table, an
index or constraint name ``<name>_<actual table>`` to ``<name>``. The leading SQL hint comment
of the logical SQL is dropped. The token sequences must then be equal, but for these hunks:

- the logical schema qualifier removed: ``<logical database> .`` or SHOW's ``FROM|IN <logical database>``;
- on an INSERT, the generated key (ShardingSphere's GeneratedKey*TokenGenerator):
  ``, <key column>`` in the column list or ``, <key column> = <value>`` after the SET
  assignments, ``, <value>`` in each row, and a column list written out from metadata when the
  statement has none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, List, Optional, Sequence, Set, Tuple

import yaml

NAME, NUMBER, STRING, PARAM, COMMENT, PUNCT = "name", "number", "string", "param", "comment", "punct"
_OPERATORS = ("<=>", "->>", "<=", ">=", "<>", "!=", "||", "&&", ":=", "<<", ">>", "->")
_HINT_PREFIXES = ("/* SHARDINGSPHERE_HINT:", "/* ShardingSphere hint:")


def _word_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in "_$") or not ch.isascii()


@dataclass
class Token:
    kind: str
    text: str
    value: str = ""  # names: unquoted, lower-cased
    quoted: bool = False

    def same(self, other: "Token") -> bool:
        if self.kind != other.kind:
            return False
        if self.kind == NAME:
            return self.value == other.value and self.quoted == other.quoted
        return self.text == other.text


def tokens(sql: str) -> List[Token]:
    """The tokens of `sql`, whitespace dropped (the C++ LawTokens)."""
    result: List[Token] = []
    i, n = 0, len(sql)
    while i < n:
        ch = sql[i]
        begin = i
        if ch.isspace():
            i += 1
        elif sql.startswith("/*", i):
            close = sql.find("*/", i + 2)
            i = n if close < 0 else close + 2
            result.append(Token(COMMENT, sql[begin:i]))
        elif ch == "#" or (sql.startswith("--", i) and (i + 2 == n or sql[i + 2].isspace())):
            close = sql.find("\n", i)
            i = n if close < 0 else close
            result.append(Token(COMMENT, sql[begin:i]))
        elif ch in "'\"`":
            i += 1
            while i < n:
                if sql[i] == "\\" and ch != "`":
                    i += 2
                elif sql[i] == ch:
                    if i + 1 < n and sql[i + 1] == ch:
                        i += 2
                    else:
                        i += 1
                        break
                else:
                    i += 1
            i = min(i, n)
            text = sql[begin:i]
            if ch == "`":
                result.append(Token(NAME, text, text[1:-1].replace("``", "`").lower(), True))
            else:
                result.append(Token(STRING, text))
        elif ch.isdigit() or (ch == "." and i + 1 < n and sql[i + 1].isdigit()):
            while i < n and (_word_char(sql[i]) or sql[i] == "."):
                last = sql[i]
                i += 1
                if last in "eE" and i < n and sql[i] in "+-":
                    i += 1
            result.append(Token(NUMBER, sql[begin:i]))
        elif _word_char(ch):
            while i < n and _word_char(sql[i]):
                i += 1
            result.append(Token(NAME, sql[begin:i], sql[begin:i].lower()))
        elif ch == "?":
            i += 1
            result.append(Token(PARAM, "?"))
        else:
            length = next((len(op) for op in _OPERATORS if sql.startswith(op, i)), 1)
            i += length
            result.append(Token(PUNCT, sql[begin:i]))
    return result


def key_columns(rules_root: yaml.Node) -> Set[str]:
    """Key-generate columns of a rules file composed by PyYAML (lower-cased)."""
    result: Set[str] = set()

    def mapping(node: Optional[yaml.Node]) -> dict:
        return {key.value: value for key, value in node.value} if isinstance(node, yaml.MappingNode) else {}

    def column(strategy: Optional[yaml.Node], key: str) -> None:
        value = mapping(strategy).get(key)
        if isinstance(value, yaml.ScalarNode):
            result.add(value.value.lower())

    rules = mapping(rules_root).get("rules")
    for rule in rules.value if isinstance(rules, yaml.SequenceNode) else []:
        if rule.tag != "!SHARDING":
            continue
        fields = mapping(rule)
        for tables in ("tables", "autoTables"):
            for table in mapping(fields.get(tables)).values():
                column(mapping(table).get("keyGenerateStrategy"), "column")
        column(fields.get("defaultKeyGenerateStrategy"), "column")
        for strategy in mapping(fields.get("keyGenerateStrategies")).values():
            column(strategy, "keyGenerateColumn")
    return result


def without_encrypt(rules_text: str) -> str:
    """The rules file without its !ENCRYPT rule (the law is about the sharding rewrite)."""
    root = yaml.compose(rules_text, Loader=yaml.SafeLoader)
    for key, value in root.value:
        if key.value == "rules" and isinstance(value, yaml.SequenceNode):
            value.value = [rule for rule in value.value if rule.tag != "!ENCRYPT"]
    return yaml.serialize(root)


@dataclass
class LawContext:
    database: str
    tables: Sequence[Tuple[str, str]]  # (logic, actual) of the unit
    key_columns: Set[str] = field(default_factory=set)


def _is_name(token: Token, value: str) -> bool:
    return token.kind == NAME and token.value == value


def _is_punct(token: Token, text: str) -> bool:
    return token.kind == PUNCT and token.text == text


def _is_value(token: Token) -> bool:
    return token.kind in (NUMBER, STRING, PARAM)


def _schema_removal(deleted: List[Token], context: LawContext) -> bool:
    if len(deleted) != 2 or not context.database:
        return False
    database = context.database.lower()
    if _is_name(deleted[0], database) and _is_punct(deleted[1], "."):
        return True
    return (_is_name(deleted[0], "from") or _is_name(deleted[0], "in")) and _is_name(deleted[1], database)


def _generated_key(inserted: List[Token], context: LawContext) -> bool:
    def key(token: Token) -> bool:
        return token.kind == NAME and token.value in context.key_columns

    if len(inserted) == 2 and _is_punct(inserted[0], ",") and (key(inserted[1]) or _is_value(inserted[1])):
        return True
    if (len(inserted) == 4 and _is_punct(inserted[0], ",") and key(inserted[1]) and _is_punct(inserted[2], "=")
            and _is_value(inserted[3])):
        return True
    if len(inserted) < 3 or len(inserted) % 2 == 0 or not _is_punct(inserted[0], "(") or not _is_punct(inserted[-1], ")"):
        return False
    return all(
        inserted[i].kind == NAME if i % 2 == 1 else _is_punct(inserted[i], ",") for i in range(1, len(inserted) - 1)
    )


def _describe(items: Iterable[Token]) -> str:
    return "[" + " ".join(token.text for token in items) + "]"


def violation(logic_sql: str, unit_sql: str, context: LawContext) -> Optional[str]:
    """None when `unit_sql` satisfies the law against `logic_sql`; else the first hunk that does not."""
    a = tokens(logic_sql)
    if a and a[0].kind == COMMENT and a[0].text.startswith(_HINT_PREFIXES):
        a = a[1:]
    b = tokens(unit_sql)
    for token in b:
        if token.kind != NAME:
            continue
        logic = next((logic.lower() for logic, actual in context.tables if token.value == actual.lower()), None)
        if logic is not None:
            token.value = logic
            continue
        for _, actual in context.tables:
            suffix = "_" + actual.lower()
            if len(token.value) > len(suffix) and token.value.endswith(suffix):
                token.value = token.value[: -len(suffix)]
                break
    insert = bool(a) and (_is_name(a[0], "insert") or _is_name(a[0], "replace"))
    lcs = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            lcs[i][j] = lcs[i + 1][j + 1] + 1 if a[i].same(b[j]) else max(lcs[i + 1][j], lcs[i][j + 1])

    def match(i: int, j: int) -> bool:
        return i < len(a) and j < len(b) and a[i].same(b[j]) and lcs[i][j] == lcs[i + 1][j + 1] + 1

    i = j = 0
    while i < len(a) or j < len(b):
        if match(i, j):
            i, j = i + 1, j + 1
            continue
        deleted: List[Token] = []
        inserted: List[Token] = []
        while (i < len(a) or j < len(b)) and not match(i, j):
            if j == len(b) or (i < len(a) and lcs[i + 1][j] >= lcs[i][j + 1]):
                deleted.append(a[i])
                i += 1
            else:
                inserted.append(b[j])
                j += 1
        allowed = (not inserted and _schema_removal(deleted, context)) or (
            insert and not deleted and _generated_key(inserted, context))
        if not allowed:
            return f"tokens {_describe(deleted)} became {_describe(inserted)}"
    return None
