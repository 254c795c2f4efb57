"""The command line: ``python3 -m sqlroute`` (or ``sqlroute`` once installed).

RULES is a ShardingSphere YAML file, or a DistSQL script (``.sql`` / ``.distsql``, or any
name with ``--distsql``). Exit status: 0 on success, 2 for bad input (SQL, rules,
parameters, files), 1 for an internal error; ``check`` returns 1 for warnings only.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from typing import Any, Callable, Dict, List, Optional, Sequence, TextIO

from sqlroute.checking import ConfigProblem
from sqlroute.errors import Error, InternalError, catalogue_error
from sqlroute.parsing import parse
from sqlroute.tools.analysis import analyze
from sqlroute.tools.distribution import distribute, parse_range, png_support
from sqlroute.tools.compare import compare
from sqlroute.tools.html_report import format_analysis_html, format_comparison_html
from sqlroute.tools.lint import lint
from sqlroute.tools.report import format_analysis, format_comparison
from sqlroute.tools.rule_files import check_rules, load_rules
from sqlroute.tools.statement_file import __doc__ as PARAM_HELP
from sqlroute.tools.statement_file import parse_param, read_statements
from sqlroute.tools.workload import count_lines, iter_workload_file

BAD_INPUT = 2
INTERNAL = 1
WARNINGS = 1


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
        raise catalogue_error("HintsNotJson", detail=error) from None


def progress_reporter(label: str, total: int, err: TextIO) -> Optional[Callable[[int], None]]:
    """Shows ``label: done/total`` on a terminal each time ``done`` passes another 1%, and once at
    ``total`` (``None`` when ``err`` is not a terminal). ``done`` may skip values (line numbers)."""
    if not err.isatty() or total < 100:
        return None
    step = max(total // 100, 1)
    shown = [0]  # the last step shown

    def report(done: int) -> None:
        if done // step > shown[0] // step and shown[0] < total or done == total > shown[0]:
            shown[0] = min(done, total)
            err.write(f"\r{label}: {shown[0]}/{total}" + ("\n" if shown[0] == total else ""))
            err.flush()

    return report


def _engine(args: argparse.Namespace):
    """The rules of RULES, with ``--discover-metadata`` the metadata their data sources hold."""
    return load_rules(args.rules, args.distsql, getattr(args, "discover_metadata", False))


def _route(args: argparse.Namespace):
    params = [parse_param(text) for text in args.params]
    return _engine(args).route(args.sql, params, hints=_hints(args.hints))


def cmd_explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(_route(args).explain())
    return 0


def cmd_preview(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    out.write(format_table(("data_source_name", "actual_sql"), _route(args).preview()) + "\n")
    return 0


def cmd_parse(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    statement = parse(args.sql)
    out.write(f"kind:   {statement.kind}\n")
    out.write(f"params: {statement.params}\n")
    out.write(f"tables: {len(statement.tables)}\n")
    for table in statement.tables:
        out.write(f"  {table.qualified_name}" + (f" AS {table.alias}" if table.alias else "") + f" ({table.role})\n")
    return 0


def cmd_demo(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    with open(args.file, encoding="utf-8") as handle:
        statements = read_statements(handle.read())
    engine = _engine(args)
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


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' if count != 1 else ''}"


def _problem_json(problem: ConfigProblem) -> Dict[str, Any]:
    error = problem.error
    return {"code": error.code, "message": error.message, "path": error.path,
            "position": list(error.position) if error.position else None, "line": problem.line,
            "column": problem.column}


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    problems = check_rules(args.rules, args.distsql)
    engine = _engine(args) if not problems else None
    warnings = lint(engine) if engine is not None else []
    if problems:
        status = INTERNAL if any(isinstance(p.error, InternalError) for p in problems) else BAD_INPUT
    else:
        status = WARNINGS if warnings else 0
    if args.json:
        out.write(json.dumps({"problems": [_problem_json(p) for p in problems],
                              "warnings": [dataclasses.asdict(w) for w in warnings]}, indent=2) + "\n")
        return status
    for problem in problems:
        out.write(f"{problem}\n")
    if problems:
        out.write(f"{_plural(len(problems), 'error')}: the rules do not load (lint needs rules that load)\n")
        return status
    for warning in warnings:
        out.write(f"{warning}\n")
    if not warnings:
        out.write(f"ok: {args.rules} loads ({len(engine.data_source_names)} data sources), no warnings\n")
    else:
        out.write(f"{_plural(len(warnings), 'warning')}\n")
    return status


def cmd_analyze(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    engine = _engine(args)
    other = load_rules(args.compare, args.distsql, args.discover_metadata) if args.compare else None
    lines = count_lines(args.workload)
    progress = progress_reporter("analyze", lines, err)
    statements = iter_workload_file(args.workload)
    if other is not None:
        result = compare(engine, other, statements, [args.rules, args.compare], progress)
    else:
        result = analyze(engine, statements, progress, advise=args.advise)
    if progress is not None:
        progress(lines)
    if args.html:
        page = format_comparison_html if other is not None else format_analysis_html
        with open(args.html, "w", encoding="utf-8") as handle:
            handle.write(page(result, args.workload, args.top))
    if args.json:
        out.write(json.dumps(result, indent=2, default=str) + "\n")
    else:
        text = format_comparison if other is not None else format_analysis
        out.write(text(result, args.workload, args.top))
    return 0


def cmd_metadata(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    engine = load_rules(args.rules, args.distsql).with_discovered_metadata(args.timeout)
    text = engine.export_metadata_yaml()
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        out.write(text)
    return 0


def _distribution_values(args: argparse.Namespace) -> Sequence[Any]:
    if args.range is not None:
        return parse_range(args.range)
    with open(args.values, encoding="utf-8") as handle:
        return [parse_param(line.strip()) for line in handle if line.strip()]


def cmd_distribution(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    missing = png_support() if args.png else None
    if missing is not None:
        err.write(f"error: --png: {missing}\n")
        return BAD_INPUT
    values = _distribution_values(args)
    engine = _engine(args)
    result = distribute(engine, args.table, values, args.column, progress_reporter("distribution", len(values), err))
    if args.png:
        result.save_png(args.png)
    if args.json:
        out.write(json.dumps(result.to_dict(), indent=2) + "\n")
    else:
        out.write(result.histogram() + "\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sqlroute",
        description="Explain how Apache ShardingSphere rules route MySQL statements.",
        epilog=f"Parameters and statement files:\n{PARAM_HELP}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add_rules(command: argparse.ArgumentParser) -> None:
        command.add_argument("rules", metavar="RULES", help="ShardingSphere YAML rule file or DistSQL script")
        command.add_argument("--distsql", action="store_true", help="read RULES as DistSQL whatever its name")
        command.add_argument("--discover-metadata", action="store_true",
                             help="read the tables' metadata from the data sources first (as ShardingSphere does)")

    def add_route_command(name: str, help_text: str, handler) -> None:
        command = commands.add_parser(name, help=help_text, description=help_text)
        add_rules(command)
        command.add_argument("sql", metavar="SQL", help="one MySQL statement")
        command.add_argument("params", metavar="PARAMS", nargs="*", help="values for the ? markers, in order")
        command.add_argument("--hints", metavar="JSON", help='hints as a JSON object, e.g. \'{"data_source_name": "ds_1"}\'')
        command.set_defaults(handler=handler)

    add_route_command("explain", "route a statement and print the explain table", cmd_explain)
    add_route_command("preview", "route a statement and print ShardingSphere's PREVIEW rows", cmd_preview)

    demo = commands.add_parser("demo", help="explain every statement of a statement file",
                               description="Explain every statement of a statement file (format below).",
                               epilog=PARAM_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_rules(demo)
    demo.add_argument("file", metavar="FILE", help="statement file, one statement per line")
    demo.set_defaults(handler=cmd_demo)

    parse_command = commands.add_parser("parse", help="show how a statement is parsed",
                                        description="Show the statement kind, tables and parameter count.")
    parse_command.add_argument("sql", metavar="SQL", help="one MySQL statement")
    parse_command.set_defaults(handler=cmd_parse)

    check = commands.add_parser(
        "check", help="validate rules and lint them",
        description="Check the rules and list every problem, in text order, each with its error code and YAML "
                    "key path (and line) or DistSQL line:column; when they load, list lint warnings: scatter-only "
                    "tables, binding groups with different layouts, unreachable data nodes, uneven spreads. "
                    "Exit status 0: clean, 1: warnings only, 2: errors.")
    add_rules(check)
    check.add_argument("--json", action="store_true", help="print the problems and warnings as JSON")
    check.set_defaults(handler=cmd_check)

    analyze_command = commands.add_parser(
        "analyze", help="route a workload and summarise where it goes",
        description="Route every statement of a statement file or MySQL general log and report, per statement "
                    "shape, route types, unit counts and full-route reasons, plus the share of single-node "
                    "routes, scatter statements, the primary/replica split, the shadow share and INSERT spread, "
                    "and advice: rule changes that would route the top scattering shapes, each routed by the "
                    "engine. With --compare, route the workload under both rule sets and compare them.",
        epilog=PARAM_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_rules(analyze_command)
    analyze_command.add_argument("workload", metavar="WORKLOAD", help="statement file or MySQL general log")
    analyze_command.add_argument("--json", action="store_true", help="print the report as JSON")
    analyze_command.add_argument("--html", metavar="FILE",
                                 help="also write the report as one self-contained HTML page with charts")
    analyze_command.add_argument("--top", type=int, default=10, metavar="N", help="shapes to list (default 10)")
    analyze_command.add_argument("--advise", type=int, default=5, metavar="N",
                                 help="advise on the N top shapes routed to all nodes (default 5, 0: none)")
    analyze_command.add_argument("--compare", metavar="OTHER_RULES",
                                 help="route the workload under OTHER_RULES too and compare the two side by side")
    analyze_command.set_defaults(handler=cmd_analyze)

    distribution = commands.add_parser(
        "distribution", help="how sharding values spread over a table's data nodes",
        description="Route each value as `SELECT * FROM TABLE WHERE column = ?` and count hits per data node.")
    add_rules(distribution)
    distribution.add_argument("table", metavar="TABLE", help="logic sharding table")
    source = distribution.add_mutually_exclusive_group(required=True)
    source.add_argument("--values", metavar="FILE", help="one value per line (parameter text form)")
    source.add_argument("--range", metavar="A..B", help="integers A to B inclusive (A..<B: B excluded)")
    distribution.add_argument("--column", action="append", metavar="COLUMN",
                              help="sharding column to bind (repeatable; default: every sharding column)")
    distribution.add_argument("--json", action="store_true", help="print the counts as JSON")
    distribution.add_argument("--png", metavar="FILE", help="also draw the histogram as a PNG (needs matplotlib)")
    distribution.set_defaults(handler=cmd_distribution)
    metadata = commands.add_parser(
        "metadata", help="read the tables' metadata from the data sources and print it as YAML",
        description="Connect to each storage unit of RULES, read its tables (columns in order with visibility, "
                    "generated and auto-increment flags, primary keys, indexes, constraints) as ShardingSphere "
                    "does, fold them into logic tables and print the `metadata:` YAML, which a rule file (or "
                    "Engine.with_metadata) loads offline.")
    metadata.add_argument("rules", metavar="RULES", help="ShardingSphere YAML rule file or DistSQL script")
    metadata.add_argument("--distsql", action="store_true", help="read RULES as DistSQL whatever its name")
    metadata.add_argument("--output", "-o", metavar="FILE", help="write the YAML to FILE instead of stdout")
    metadata.add_argument("--timeout", type=float, default=10.0, metavar="SECONDS",
                          help="bound on each connect and read (default 10)")
    metadata.set_defaults(handler=cmd_metadata)
    return parser


def main(argv: Optional[List[str]] = None, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Runs one command; returns the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args.handler(args, out, err)
    except Error as error:
        err.write(format_error(error) + "\n")
        return INTERNAL if isinstance(error, InternalError) else BAD_INPUT
    except (OSError, ValueError, TypeError) as error:
        err.write(f"error: {error}\n")
        return BAD_INPUT
