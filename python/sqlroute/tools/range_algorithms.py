"""Range algorithms fitted to a workload's values, for the advisor (:mod:`sqlroute.tools.advisor`).

Each function keeps the number of targets the table has now and takes its bounds from the values
the workload's sharding decisions name (the plans' ``decisions``): VOLUME_RANGE and
BOUNDARY_RANGE for numbers (ShardingSphere's VolumeBasedRangeShardingAlgorithm and
BoundaryBasedRangeShardingAlgorithm), INTERVAL for date-times (IntervalShardingAlgorithm, whose
actual tables are named by each interval's start).
"""

from __future__ import annotations

import datetime
import math
import re
from typing import Any, Dict, Iterable, List, Optional, Tuple

_NUMBER = re.compile(r"(?<![\w.'])-?\d+(?:\.\d+)?(?![\w.'])")
_DATETIME = re.compile(r"'(\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}:\d{2})?)'")


def decision_values(plans: Iterable[Any], table: str, column: str,
                    database_level: bool) -> Tuple[List[float], List[datetime.datetime]]:
    """(numbers, date-times) that the plans' decisions on ``table.column`` at that level name."""
    numbers: List[float] = []
    datetimes: List[datetime.datetime] = []
    for plan in plans:
        for decision in plan.decisions:
            if decision.table.lower() == table and decision.column.lower() == column.lower() \
                    and decision.database_level == database_level:
                found = [value for value in map(_datetime, _DATETIME.findall(decision.condition)) if value]
                if found:
                    datetimes += found
                else:
                    numbers += [float(number) for number in _NUMBER.findall(decision.condition)]
    return numbers, datetimes


def _datetime(text: str) -> Optional[datetime.datetime]:
    try:
        return datetime.datetime.fromisoformat(text)
    except ValueError:  # not a calendar date (2024-13-45)
        return None


def _integral(value: float) -> Any:
    return int(value) if float(value).is_integer() else value


def volume_range(values: List[float], count: int) -> Optional[Dict[str, Any]]:
    """VOLUME_RANGE props for ``count`` targets: ``count - 2`` equal volumes from the least value to
    the greatest, plus one target below and one above (``None`` below 3 targets or 2 values)."""
    if count < 3 or len(set(values)) < 2:
        return None
    low, high = min(values), max(values)
    volume = max(1, math.ceil((high - low + 1) / (count - 2)))
    return {"range-lower": _integral(low), "range-upper": _integral(low + volume * (count - 2)),
            "sharding-volume": volume}


def boundary_range(values: List[float], count: int) -> Optional[Dict[str, Any]]:
    """BOUNDARY_RANGE props: the values' quantiles as up to ``count - 1`` boundaries, so that each
    target gets about as many of the workload's values."""
    if count < 2 or len(set(values)) < 2:
        return None
    ordered = sorted(values)
    boundaries = sorted({_integral(ordered[len(ordered) * step // count]) for step in range(1, count)})
    return {"sharding-ranges": ",".join(str(boundary) for boundary in boundaries)}


def _add_months(start: datetime.datetime, months: int) -> datetime.datetime:
    year, month = divmod(start.month - 1 + months, 12)
    return start.replace(year=start.year + year, month=month + 1)


def interval(values: List[datetime.datetime], count: int) -> Optional[Tuple[Dict[str, Any], List[str]]]:
    """INTERVAL props for about ``count`` intervals over the values (months, or days for a span of
    two months or less), and the actual table suffixes, one per interval start."""
    if count < 1 or len(values) < 2:
        return None
    low, high = min(values), max(values)
    months = (high.year - low.year) * 12 + high.month - low.month + 1
    if months > 2:
        amount, unit, pattern, suffix = math.ceil(months / count), "MONTHS", "yyyyMM", "%Y%m"
        start = low.replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        starts = [_add_months(start, step * amount) for step in range(math.ceil(months / amount))]
    else:
        days = (high.date() - low.date()).days + 1
        amount, unit, pattern, suffix = math.ceil(days / count), "DAYS", "yyyyMMdd", "%Y%m%d"
        start = low.replace(hour=0, minute=0, second=0, microsecond=0)
        starts = [start + datetime.timedelta(days=step * amount) for step in range(math.ceil(days / amount))]
    props = {"datetime-pattern": "yyyy-MM-dd HH:mm:ss", "datetime-lower": f"{start:%Y-%m-%d %H:%M:%S}",
             "datetime-upper": f"{high:%Y-%m-%d %H:%M:%S}", "sharding-suffix-pattern": pattern,
             "datetime-interval-amount": amount, "datetime-interval-unit": unit}
    return props, [f"{each:{suffix}}" for each in starts]
