"""A MariaDB primary and a replica joined by real replication (row-based binary log, GTID), for the
read/write splitting scenarios: writes go to the primary and reach the replica through its binary log.

``ReplicatedPair.start()`` starts both servers and the replica's I/O and SQL threads;
``wait_synced()`` blocks until the replica has applied everything the primary has logged so far.
"""

from __future__ import annotations

import time
from typing import Sequence

import pymysql.cursors

from mariadb_server import MariaDbServer, start_all

REPLICATION_USER = "repl"
REPLICATION_PASSWORD = "repl-pw"


class ReplicatedPair:
    def __init__(self, server_binary: str, install_binary: str, extra_args: Sequence[str] = ()) -> None:
        binlog = ["--log-bin=mysql-bin", "--binlog-format=ROW", *extra_args]
        self.primary = MariaDbServer(server_binary, install_binary, [*binlog, "--server-id=1"])
        self.replica = MariaDbServer(server_binary, install_binary, [*binlog, "--server-id=2"])

    def start(self, timeout: float = 60.0) -> None:
        start_all([self.primary, self.replica])
        with self.primary.connect() as connection, connection.cursor() as cursor:
            cursor.execute("SET sql_log_bin = 0")  # the replication account stays on the primary
            cursor.execute(f"CREATE USER '{REPLICATION_USER}'@'%' IDENTIFIED BY '{REPLICATION_PASSWORD}'")
            cursor.execute(f"GRANT REPLICATION SLAVE ON *.* TO '{REPLICATION_USER}'@'%'")
        with self.replica.connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CHANGE MASTER TO MASTER_HOST='127.0.0.1', MASTER_PORT={self.primary.port}, "
                           f"MASTER_USER='{REPLICATION_USER}', MASTER_PASSWORD='{REPLICATION_PASSWORD}', "
                           "MASTER_USE_GTID=slave_pos, MASTER_CONNECT_RETRY=1")
            cursor.execute("START SLAVE")
        self._wait_running(timeout)

    def _wait_running(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while True:
            with self.replica.connect() as connection, connection.cursor(pymysql.cursors.DictCursor) as cursor:
                cursor.execute("SHOW SLAVE STATUS")
                status = cursor.fetchone()
            if status["Slave_IO_Running"] == "Yes" and status["Slave_SQL_Running"] == "Yes":
                return
            if time.monotonic() > deadline or status["Last_SQL_Error"]:
                raise RuntimeError(f"replication did not start: IO {status['Last_IO_Error']!r}, "
                                   f"SQL {status['Last_SQL_Error']!r}\n{self.replica.log_tail()}")
            time.sleep(0.1)

    def wait_synced(self, timeout: float = 120.0) -> None:
        """Waits until the replica has applied the primary's binary log up to now."""
        with self.primary.connect() as connection, connection.cursor() as cursor:
            cursor.execute("SELECT @@gtid_binlog_pos")
            position = cursor.fetchone()[0]
        with self.replica.connect() as connection, connection.cursor() as cursor:
            cursor.execute("SELECT MASTER_GTID_WAIT(%s, %s)", (position, timeout))
            if cursor.fetchone()[0] != 0:
                raise RuntimeError(f"the replica did not reach the primary's position {position} in {timeout} s")

    def stop(self) -> None:
        try:
            self.replica.stop()
        finally:
            self.primary.stop()

