"""``sqlroute.Session``: the per-connection state read/write splitting depends on."""

from __future__ import annotations

from typing import Dict, Optional

from sqlroute._native import core


class Session:
    """One client connection's transaction state, passed to :meth:`Engine.route`.

    The engine updates it as ``BEGIN`` / ``START TRANSACTION`` / ``COMMIT`` / ``ROLLBACK`` /
    ``SET autocommit`` pass through, and read/write splitting reads it:

    - in a transaction, ``transactionalReadQueryStrategy: PRIMARY`` sends reads to the
      primary, ``FIXED`` keeps the replica first chosen per group (``fixed_replicas``) and
      ``DYNAMIC`` lets the load balancer choose each time;
    - with ``read_after_write_affinity``, reads after a write go to the primary until the
      transaction ends, or for ``affinity_window`` seconds outside transactions.

    Every attribute is readable and writable. ``last_write`` is the time of the session's
    last write on the :func:`time.monotonic` clock (``None``: none yet). One Python session
    wraps one native session; calls sharing it from several threads take turns.
    """

    __slots__ = ("_native",)

    def __init__(self, *, read_after_write_affinity: bool = False, affinity_window: float = 0.0) -> None:
        self._native = core.Session()
        self.read_after_write_affinity = read_after_write_affinity
        self.affinity_window = affinity_window

    @property
    def in_transaction(self) -> bool:
        """Inside an explicit transaction (set by the engine; may be set by hand)."""
        return self._native.in_transaction

    @in_transaction.setter
    def in_transaction(self, value: bool) -> None:
        self._native.in_transaction = bool(value)

    @property
    def fixed_replicas(self) -> Dict[str, str]:
        """FIXED strategy: read/write group -> replica chosen for the current transaction (a copy)."""
        return dict(self._native.fixed_replicas)

    @fixed_replicas.setter
    def fixed_replicas(self, value: Dict[str, str]) -> None:
        self._native.fixed_replicas = dict(value)

    @property
    def read_after_write_affinity(self) -> bool:
        """Opt-in: after a write, this session's reads go to the primary."""
        return self._native.read_after_write_affinity

    @read_after_write_affinity.setter
    def read_after_write_affinity(self, value: bool) -> None:
        self._native.read_after_write_affinity = bool(value)

    @property
    def affinity_window(self) -> float:
        """Seconds after a write (outside transactions) during which reads stay on the primary."""
        return self._native.affinity_window

    @affinity_window.setter
    def affinity_window(self, seconds: float) -> None:
        self._native.affinity_window = float(seconds)

    @property
    def last_write(self) -> Optional[float]:
        """The last write's :func:`time.monotonic` time, or ``None``."""
        return self._native.last_write

    @last_write.setter
    def last_write(self, at: Optional[float]) -> None:
        self._native.last_write = None if at is None else float(at)

    def __repr__(self) -> str:
        return (
            f"Session(in_transaction={self.in_transaction!r}, fixed_replicas={self.fixed_replicas!r}, "
            f"read_after_write_affinity={self.read_after_write_affinity!r}, "
            f"affinity_window={self.affinity_window!r}, last_write={self.last_write!r})"
        )
