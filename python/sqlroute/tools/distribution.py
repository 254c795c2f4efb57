"""How sharding values spread over a table's data nodes (``sqlroute distribution``).

Each value is routed as ``SELECT * FROM <table> WHERE <column> = ?`` for each chosen
column (by default every column of the table's standard strategies, all bound to the same
value, as when one key such as ``user_id`` shards both levels); the data node(s) the plan
reaches count one hit each.

:meth:`Distribution.save_png` draws the same bars with matplotlib (Debian:
python3-matplotlib), an optional dependency: :func:`png_support` says whether it is there.
"""

from __future__ import annotations

import importlib.util
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence

from sqlroute.engine import Engine
from sqlroute.errors import Error
from sqlroute.tools.lint import outline


@dataclass
class Distribution:
    """Hits per data node (``"ds_0.t_user_0"``) in configured node order, plus values that failed."""

    table: str
    columns: List[str]
    hits: Dict[str, int]
    values: int = 0
    errors: Counter = field(default_factory=Counter)

    def to_dict(self) -> Dict[str, Any]:
        return {"table": self.table, "columns": self.columns, "values": self.values, "hits": self.hits,
                "errors": dict(self.errors)}

    def histogram(self, width: int = 40) -> str:
        """A text histogram: one bar per data node, scaled to the busiest node."""
        most = max(self.hits.values(), default=0) or 1
        label_width = max((len(node) for node in self.hits), default=0)
        routed = sum(self.hits.values()) or 1
        lines = [f"{self.table} by {', '.join(self.columns)}: {self.values} values"]
        for node, count in self.hits.items():
            bar = "#" * round(width * count / most)
            lines.append(f"{node.ljust(label_width)} | {bar.ljust(width)} {count} ({100 * count / routed:.1f}%)")
        for code, count in self.errors.items():
            lines.append(f"{count} values failed: {code}")
        return "\n".join(lines)

    def save_png(self, path: str) -> None:
        """Writes the histogram as a PNG bar chart; needs matplotlib (see :func:`png_support`)."""
        missing = png_support()
        if missing is not None:
            raise RuntimeError(missing)
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        from matplotlib import pyplot

        figure, axes = pyplot.subplots(figsize=(max(6.0, 0.4 * len(self.hits) + 2), 4))
        try:
            axes.bar(list(self.hits), list(self.hits.values()), color="#1565c0")
            axes.set_title(f"{self.table} by {', '.join(self.columns)}: {self.values} values")
            axes.set_ylabel("values")
            axes.tick_params(axis="x", labelrotation=60, labelsize=8)
            figure.tight_layout()
            figure.savefig(path, format="png")
        finally:
            pyplot.close(figure)


def png_support() -> Optional[str]:
    """``None`` when PNG charts can be drawn, else why not."""
    if importlib.util.find_spec("matplotlib") is None:
        return "PNG output needs matplotlib (Debian: apt-get install python3-matplotlib)"
    return None


def sharding_columns(engine: Engine, table: str) -> List[str]:
    """The columns of the table's standard/complex strategies, database level first."""
    for entry in outline(engine)["sharding_tables"]:
        if entry["name"].lower() == table.lower():
            columns: List[str] = []
            for level in ("database_strategy", "table_strategy"):
                if entry[level]["kind"] in ("standard", "complex"):
                    columns += [c for c in entry[level]["columns"] if c not in columns]
            return columns
    raise ValueError(f"`{table}` is not a sharding table of these rules")


def _nodes(engine: Engine, table: str) -> List[str]:
    for entry in outline(engine)["sharding_tables"]:
        if entry["name"].lower() == table.lower():
            return [f"{ds}.{actual}" for ds, actual in entry["nodes"]]
    raise ValueError(f"`{table}` is not a sharding table of these rules")


def distribute(engine: Engine, table: str, values: Iterable[Any], columns: Optional[Sequence[str]] = None,
               progress: Optional[Callable[[int], None]] = None) -> Distribution:
    """Routes each value and counts the data nodes it reaches."""
    chosen = list(columns) if columns else sharding_columns(engine, table)
    if not chosen:
        raise ValueError(f"`{table}` has no sharding column (hint strategies only); give --column")
    result = Distribution(table, chosen, {node: 0 for node in _nodes(engine, table)})
    sql = f"SELECT * FROM {table} WHERE " + " AND ".join(f"{column} = ?" for column in chosen)
    for index, value in enumerate(values, start=1):
        result.values += 1
        try:
            plan = engine.route(sql, [value] * len(chosen))
        except Error as error:
            result.errors[error.code] += 1
        else:
            for unit in plan.route_units:
                for mapping in unit.tables:
                    if mapping.logic.lower() == table.lower():
                        node = f"{unit.logic_data_source or unit.data_source}.{mapping.actual}"
                        result.hits[node] = result.hits.get(node, 0) + 1
        if progress is not None:
            progress(index)
    return result


def parse_range(text: str) -> range:
    """``a..b`` (inclusive) or ``a..<b`` (exclusive) as a range of integers."""
    low, dots, high = text.partition("..")
    if not dots:
        raise ValueError(f"--range must look like 1..1000 or 1..<1000, not {text!r}")
    exclusive = high.startswith("<")
    try:
        start, stop = int(low), int(high.lstrip("<"))
    except ValueError:
        raise ValueError(f"--range bounds must be integers: {text!r}") from None
    return range(start, stop if exclusive else stop + 1)
