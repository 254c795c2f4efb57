"""What the proxy holds open on a storage server, seen from MariaDB, and polling for it."""

from __future__ import annotations

import time


def backend_ids(server, database: str) -> set:
    """The ids of the connections to `server` whose current database is `database`, this one aside."""
    with server.connect() as connection, connection.cursor() as cursor:
        cursor.execute("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = %s AND ID <> CONNECTION_ID()",
                       (database,))
        return {row[0] for row in cursor.fetchall()}


def wait_for(condition, timeout: float = 8.0):
    """`condition()` once it is truthy, or its last value after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.1)
    return condition()
