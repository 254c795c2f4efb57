"""The command line, in process (parsing helpers) and as `python3 -m sqlroute` subprocesses."""

import datetime
import decimal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import EXAMPLE_RULES, REPO_ROOT
from sqlroute import BigInt, Long
from sqlroute.tools.statement_file import FileStatement, parse_param, read_statements, split_params

SELECT = "SELECT * FROM t_user WHERE id = ?"


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO_ROOT / "python"))
    return subprocess.run([sys.executable, "-m", "sqlroute", *args], capture_output=True, text=True, env=env,
                          cwd=REPO_ROOT, timeout=60)


@pytest.mark.parametrize(
    "text, value",
    [
        ("7", 7), ("-3", -3), ("1.5", 1.5), ("2e3", 2000.0), ("NULL", None), ("null", None), ("TRUE", True),
        ("'it''s'", "it's"), ('"7"', "7"), ("abc", "abc"), ("long:7", Long(7)), ("bigint:7", BigInt(7)),
        ("decimal:1.50", decimal.Decimal("1.50")), ("date:2024-01-31", datetime.date(2024, 1, 31)),
        ("datetime:2024-01-31T10:00:00", datetime.datetime(2024, 1, 31, 10)), ("bytes_hex:00ff", b"\x00\xff"),
        ("string:7", "7"),
    ],
)
def test_parse_param(text: str, value) -> None:
    parsed = parse_param(text)
    assert parsed == value and type(parsed) is type(value)


def test_bad_typed_param() -> None:
    with pytest.raises(ValueError, match="bad long parameter"):
        parse_param("long:x")


def test_statement_file_format() -> None:
    text = "-- a comment\n\nSELECT 1;\nSELECT ? -- params: 7 'a b' NULL\n"
    assert read_statements(text) == [FileStatement(3, "SELECT 1", []), FileStatement(4, "SELECT ?", [7, "a b", None])]
    assert split_params("  1   'x'  ") == [1, "x"]


def test_explain() -> None:
    result = run("explain", str(EXAMPLE_RULES), SELECT, "7")
    assert result.returncode == 0, result.stderr
    assert "ds_3" in result.stdout and "SELECT * FROM t_user_7 WHERE id = ?" in result.stdout


def test_preview_prints_a_two_column_table() -> None:
    result = run("preview", str(EXAMPLE_RULES), SELECT, "7")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "data_source_name | actual_sql",
        "-----------------+------------------------------------",
        "ds_3             | SELECT * FROM t_user_7 WHERE id = ?",
    ]


def test_hints_option() -> None:
    result = run("preview", str(EXAMPLE_RULES), "SELECT * FROM t_user", "--hints", '{"data_source_name": "ds_2"}')
    assert result.returncode == 0, result.stderr
    assert "ds_2             | SELECT * FROM t_user" in result.stdout


def test_parse() -> None:
    result = run("parse", "SELECT * FROM db.t_user u WHERE id = ?")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["kind:   SELECT", "params: 1", "tables: 1", "  db.t_user AS u (from)"]


def test_demo_explains_every_statement_of_the_example() -> None:
    result = run("demo", str(EXAMPLE_RULES), str(REPO_ROOT / "examples" / "demo.sql"))
    assert result.returncode == 0, result.stdout + result.stderr
    statements = read_statements((REPO_ROOT / "examples" / "demo.sql").read_text())
    assert result.stdout.count("Logic SQL:") == len(statements) >= 5


def test_demo_reports_failing_statements_and_goes_on(tmp_path: Path) -> None:
    script = tmp_path / "bad.sql"
    script.write_text("SELEC 1\nSELECT * FROM t_user WHERE id = 1\n")
    result = run("demo", str(EXAMPLE_RULES), str(script))
    assert result.returncode == 2
    assert "error[SQL_SYNTAX_ERROR] at 1:1: " in result.stdout and "t_user_1" in result.stdout


def test_syntax_error_exit_code_and_format() -> None:
    result = run("explain", str(EXAMPLE_RULES), "SELEC 1")
    assert result.returncode == 2
    assert result.stderr.startswith("error[SQL_SYNTAX_ERROR] at 1:1: ")


def test_config_error_names_the_path(tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text(EXAMPLE_RULES.read_text().replace("shardingColumn: id\n", ""))
    result = run("explain", str(rules), SELECT, "7")
    assert result.returncode == 2
    assert result.stderr.startswith("error[CONFIG_MISSING_KEY] at rules[0].autoTables.t_user.shardingStrategy: ")


def test_missing_files_are_bad_input(tmp_path: Path) -> None:
    assert run("explain", str(tmp_path / "absent.yaml"), SELECT).returncode == 2
    result = run("demo", str(EXAMPLE_RULES), str(tmp_path / "absent.sql"))
    assert result.returncode == 2 and result.stderr.startswith("error: ")


def test_help() -> None:
    result = run("--help")
    assert result.returncode == 0
    for command in ("explain", "preview", "demo", "parse", "-- params:"):
        assert command in result.stdout
