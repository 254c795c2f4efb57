"""``sqlroute.merge``: combine the units' results the way one unsharded database would answer."""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

from sqlroute._native import core
from sqlroute.plan import Plan

Columns = Sequence[str]
UnitResult = Tuple[Columns, Sequence[Sequence[Any]]]


def merge(
    plan: Plan,
    results: Sequence[UnitResult],
    *,
    collation: str = "general_ci",
    transform: Optional[Callable[[int, Any], Any]] = None,
) -> Tuple[List[str], List[Tuple[Any, ...]]]:
    """Merges one ``(columns, rows)`` per unit, in ``plan.units`` order, into ``(columns, rows)``.

    Applies the plan's ORDER BY, GROUP BY (WITH ROLLUP) and aggregates, HAVING, DISTINCT and
    LIMIT, and hides the columns the rewrite added. ``collation`` is how strings compare:
    ``"general_ci"`` (like utf8mb4_general_ci) or ``"binary"``. ``transform(column, value)``,
    when given, maps each value of the merged result (e.g. decrypts a column). Values follow the
    parameter mapping. Results that do not fit raise :class:`sqlroute.MergeError`: a unit whose
    columns differ from the others (code ``MERGE_COLUMNS_MISMATCH``), a row with more or fewer
    values than its unit's columns (``MERGE_ROW_LENGTH``).
    """
    columns, rows = core.merge(plan._native, list(results), collation, transform)
    return list(columns), list(rows)
