"""Observability of :class:`sqlroute.Engine`: metrics, trace spans and a statement log.

All three are off by default and cost one branch per statement when off.

>>> engine.set_metrics_enabled(True)      # or the rule prop ``metrics-enabled: true``
>>> engine.metrics()["routed_tables"]     # {'t_user_7': 1, ...}
>>> print(engine.prometheus())            # Prometheus text exposition
>>> engine.set_tracer(spans.append, sample=0.1)
>>> engine.set_statement_log("statements.log", slow_ms=5)

The route hit rate is ``single_node_statements_by_database`` over ``routed_statements_by_database``
(and the same ``_by_table``): statements routed to one node over all routed, session statements
excluded; ``route_units`` is the histogram of route units per routed statement.

Metrics count every statement; the parse, route and rewrite latency histograms time one statement
in N per thread (the prop ``metrics-latency-sample-every``, default 8; 1 times every statement),
since reading the clock costs more than all the counters.

Spans (dicts) carry ``stage`` (parse, route, rewrite), ``statement_id``, ``start_unix_nanos``,
``end_unix_nanos``, ``statement_type``, ``route_type``, ``unit_count``, ``cache_hit`` (the plan
cache had the statement) and ``error`` (a code or None). Log records (dicts) carry ``slow``,
``logic_sql``, ``params``, ``units`` (``data_source``, ``sql``, ``params``), ``statement_type``,
``route_type``, ``cache_hit``, ``error``, ``parse_ms``, ``route_ms``, ``rewrite_ms``, ``total_ms``
and ``text`` (what a file log writes).

Masked as ``***`` in the log: every literal and parameter of a statement that touches an encrypted
table, or of a DCL statement; in any other statement the arguments of key and password functions
(``AES_ENCRYPT``, ``AES_DECRYPT``, ``DES_ENCRYPT``, ``DES_DECRYPT``, ``ENCODE``, ``DECODE``,
``ENCRYPT``, ``PASSWORD``), passwords after ``IDENTIFIED BY``, ``REPLACE``, ``PASSWORD =`` and in
``SET PASSWORD``, and any text holding a secret prop value of the rules (passwords, keys, salts).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Dict, Optional, Union

Span = Dict[str, Any]
StatementRecord = Dict[str, Any]
LogTarget = Union[Callable[[StatementRecord], Any], str, "os.PathLike[str]", None]


class ObservabilityMixin:
    """The observability methods of :class:`sqlroute.Engine` (shared by its copies)."""

    __slots__ = ()
    _native: Any

    def metrics(self) -> Dict[str, Any]:
        """The metrics snapshot: ``parsed_sql``, ``routed_sql``, ``routed_data_sources``,
        ``routed_tables``, ``route_shapes``, ``errors`` (dicts of counts), ``plan_cache_hits``,
        ``plan_cache_misses``, ``primary_units``, ``replica_units``, ``shadow_units`` and the
        ``parse_latency``, ``route_latency``, ``rewrite_latency`` histograms (seconds; of the
        timed statements, see ``metrics-latency-sample-every``)."""
        return self._native.metrics()

    def prometheus(self) -> str:
        """The metrics in Prometheus text exposition format."""
        return self._native.prometheus()

    def set_metrics_enabled(self, enabled: Optional[bool]) -> None:
        """Switches metrics on or off, overriding the prop ``metrics-enabled``; None follows the prop."""
        self._native.set_metrics_enabled(enabled)

    def set_tracer(self, tracer: Optional[Callable[[Span], Any]], sample: float = 1.0) -> None:
        """Calls ``tracer(span)`` for the spans of sampled statements; None removes it.

        ``sample`` in [0, 1] is deterministic: statement n is traced when
        ``floor(n * sample) > floor((n - 1) * sample)``.
        """
        self._native.set_tracer(tracer, float(sample))

    def set_statement_log(self, target: LogTarget, *, slow_ms: Optional[float] = None,
                          general: Optional[bool] = None) -> None:
        """Logs statements to a callable (``target(record)``) or appends them to a file path.

        ``general`` logs every statement (default: when no ``slow_ms`` is given); ``slow_ms``
        logs those that took at least that long. None as target removes the log. The prop
        ``sql-show: true`` turns the general log on (to stderr when no log is set).
        """
        every = slow_ms is None if general is None else general
        if target is None or callable(target):
            self._native.set_statement_log(target, every, slow_ms)
        else:
            self._native.set_statement_log_file(os.fspath(target), every, slow_ms)
