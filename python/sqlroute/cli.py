"""The command line: ``python3 -m sqlroute`` (or ``sqlroute`` once installed).

Exit status: 0 on success, 2 for bad input (SQL, rules, parameters, files), 1 for an
internal error.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, List, Optional, Sequence, TextIO

from sqlroute.engine import Engine
from sqlroute.errors import Error, InternalError
from sqlroute.parsing import parse
from sqlroute.statement_file import __doc__ as PARAM_HELP
from sqlroute.statement_file import parse_param, read_statements

BAD_INPUT = 2
INTERNAL = 1


def format_error(error: Error) -> str:
    """``error[CODE] at line:column: message`` (or the config key path, or no place)."""
    where = f" at {error.where}" if error.where else ""
    return f"error[{error.code}]{where}: {error.message}"


def format_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain text table with ``|`` between columns."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows)]
    lines = [" | ".join(str(cell).ljust(width) for cell, width in zip(row, widths)).rstrip() for row in [header, *rows]]
    lines.insert(1, "-+-".join("-" * width for width in widths))
    return "\n".join(lines)


def _hints(text: Optional[str]) -> Any:
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"--hints is not valid JSON: {error}") from None


def _route(args: argparse.Namespace):
    params = [parse_param(text) for text in args.params]
    return Engine.from_yaml(args.rules).route(args.sql, params, hints=_hints(args.hints))


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    out.write(_route(args).explain())
    return 0


def cmd_preview(args: argparse.Namespace, out: TextIO) -> int:
    out.write(format_table(("data_source_name", "actual_sql"), _route(args).preview()) + "\n")
    return 0


def cmd_parse(args: argparse.Namespace, out: TextIO) -> int:
    statement = parse(args.sql)
    out.write(f"kind:   {statement.kind}\n")
    out.write(f"params: {statement.params}\n")
    out.write(f"tables: {len(statement.tables)}\n")
    for table in statement.tables:
        out.write(f"  {table.qualified_name}" + (f" AS {table.alias}" if table.alias else "") + f" ({table.role})\n")
    return 0


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    with open(args.file, encoding="utf-8") as handle:
        statements = read_statements(handle.read())
    engine = Engine.from_yaml(args.rules)
    out.write(f"Rules: {args.rules} -> {engine!r}\n")
    status = 0
    for index, statement in enumerate(statements, start=1):
        out.write(f"\n-- [{index}] {args.file}:{statement.line}\n")
        try:
            out.write(engine.route(statement.sql, statement.params).explain())
        except Error as error:
            out.write(format_error(error) + "\n")
            status = INTERNAL if isinstance(error, InternalError) else BAD_INPUT
    return status


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sqlroute",
        description="Explain how Apache ShardingSphere rules route MySQL statements.",
        epilog=f"Parameters and statement files:\n{PARAM_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add_route_command(name: str, help_text: str, handler) -> None:
        command = commands.add_parser(name, help=help_text, description=help_text)
        command.add_argument("rules", metavar="RULES", help="ShardingSphere YAML rule file")
        command.add_argument("sql", metavar="SQL", help="one MySQL statement")
        command.add_argument("params", metavar="PARAMS", nargs="*", help="values for the ? markers, in order")
        command.add_argument("--hints", metavar="JSON", help='hints as a JSON object, e.g. \'{"data_source_name": "ds_1"}\'')
        command.set_defaults(handler=handler)

    add_route_command("explain", "route a statement and print the explain table", cmd_explain)
    add_route_command("preview", "route a statement and print ShardingSphere's PREVIEW rows", cmd_preview)

    demo = commands.add_parser("demo", help="explain every statement of a statement file",
                               description="Explain every statement of a statement file (format below).",
                               epilog=PARAM_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    demo.add_argument("rules", metavar="RULES", help="ShardingSphere YAML rule file")
    demo.add_argument("file", metavar="FILE", help="statement file, one statement per line")
    demo.set_defaults(handler=cmd_demo)

    parse_command = commands.add_parser("parse", help="show how a statement is parsed",
                                        description="Show the statement kind, tables and parameter count.")
    parse_command.add_argument("sql", metavar="SQL", help="one MySQL statement")
    parse_command.set_defaults(handler=cmd_parse)
    return parser


def main(argv: Optional[List[str]] = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Runs one command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args, out)
    except Error as error:
        err.write(format_error(error) + "\n")
        return INTERNAL if isinstance(error, InternalError) else BAD_INPUT
    except (OSError, ValueError, TypeError) as error:
        err.write(f"error: {error}\n")
        return BAD_INPUT
