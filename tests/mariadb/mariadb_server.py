"""A throwaway MariaDB server: temporary data directory, 127.0.0.1 on a free port, no systemd.

``MariaDbServer.start()`` runs ``mariadb-install-db`` into a fresh temporary directory and starts
``mariadbd`` (or ``mysqld``) as root with its socket, pid file and log in that directory;
``stop()`` shuts it down (SHUTDOWN, then SIGTERM, then SIGKILL) and removes the directory.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import List, Optional, Sequence

import pymysql

HOST = "127.0.0.1"
SERVER_NAMES = ("mariadbd", "mysqld")
INSTALL_NAMES = ("mariadb-install-db", "mysql_install_db")
SEARCH_DIRS = ("/usr/sbin", "/usr/bin", "/usr/local/sbin", "/usr/local/bin")


def find_binary(names: tuple) -> Optional[str]:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
        for directory in SEARCH_DIRS:
            candidate = Path(directory) / name
            if candidate.is_file() and os.access(candidate, os.X_OK):
                return str(candidate)
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]



def terminate(process: Optional[subprocess.Popen], term_wait: float, kill_wait: float) -> None:
    """Ends a child process: SIGTERM, and SIGKILL when it has not exited within `term_wait` seconds."""
    if process is None:
        return
    for sig, wait in ((signal.SIGTERM, term_wait), (signal.SIGKILL, kill_wait)):
        if process.poll() is not None:
            return
        try:
            os.kill(process.pid, sig)
            process.wait(timeout=wait)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass

class MariaDbServer:
    """One mariadbd process owned by the test session."""

    def __init__(self, server_binary: str, install_binary: str, extra_args: Sequence[str] = ()) -> None:
        self.server_binary = server_binary
        self.install_binary = install_binary
        self.extra_args = list(extra_args)  # after the defaults, so they override them (e.g. --log-bin)
        self.root: Optional[Path] = None
        self.port = 0
        self.process: Optional[subprocess.Popen] = None

    @property
    def socket_path(self) -> str:
        return str(self.root / "mysqld.sock")

    @property
    def log_path(self) -> Path:
        return self.root / "mysqld.log"

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def _server_args(self) -> List[str]:
        return [
            self.server_binary,
            "--no-defaults",
            "--user=root",
            f"--datadir={self.root / 'data'}",
            f"--socket={self.socket_path}",
            f"--pid-file={self.root / 'mysqld.pid'}",
            f"--log-error={self.log_path}",
            f"--tmpdir={self.root}",
            f"--port={self.port}",
            f"--bind-address={HOST}",
            "--skip-name-resolve",
            "--skip-log-bin",
            "--performance-schema=OFF",
            "--character-set-server=utf8mb4",
            "--collation-server=utf8mb4_general_ci",
            "--innodb-buffer-pool-size=128M",
            "--innodb-log-file-size=48M",
            "--innodb-flush-log-at-trx-commit=0",
            "--innodb-doublewrite=0",
            "--sync-binlog=0",
            "--max-connections=200",
            *self.extra_args,
        ]

    def start(self, attempts: int = 3, timeout: float = 60.0) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="sqlroute-mariadb-"))
        install = subprocess.run(
            [self.install_binary, "--no-defaults", "--user=root", f"--datadir={self.root / 'data'}",
             "--auth-root-authentication-method=normal", "--skip-test-db", "--skip-name-resolve",
             f"--tmpdir={self.root}"],  # its own: installs side by side clash in a shared /tmp
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
        if install.returncode != 0:
            raise RuntimeError(f"mariadb-install-db failed:\n{install.stdout[-3000:]}")
        last_error = ""
        for _ in range(attempts):
            self.port = free_port()
            log = open(self.root / "mysqld.stdout", "ab")
            self.process = subprocess.Popen(self._server_args(), stdout=log, stderr=subprocess.STDOUT,
                                            start_new_session=True)
            log.close()
            if self._wait_ready(timeout):
                return
            last_error = self.log_tail()
            self._kill()
        raise RuntimeError(f"mariadbd did not start:\n{last_error}")

    def _wait_ready(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                self.connect().close()
                return True
            except pymysql.err.OperationalError:
                time.sleep(0.1)
        return False

    def connect(self, database: Optional[str] = None, **options) -> pymysql.connections.Connection:
        return pymysql.connect(host=HOST, port=self.port, user="root", password="", database=database,
                               charset="utf8mb4", autocommit=True, **options)

    def _kill(self) -> None:
        terminate(self.process, term_wait=20, kill_wait=10)
        self.process = None

    def stop(self) -> None:
        try:
            if self.process is not None and self.process.poll() is None:
                try:
                    with self.connect() as connection, connection.cursor() as cursor:
                        cursor.execute("SHUTDOWN")
                    self.process.wait(timeout=30)
                except Exception:  # noqa: BLE001 - fall back to signals below
                    pass
            self._kill()
        finally:
            if self.root is not None:
                shutil.rmtree(self.root, ignore_errors=True)
                self.root = None


def start_all(servers: Sequence["MariaDbServer"]) -> None:
    """Starts the servers side by side (a start is mostly mariadb-install-db); raises the first failure,
    leaving each server stoppable."""
    with ThreadPoolExecutor(max_workers=max(1, len(servers))) as pool:
        for future in [pool.submit(server.start) for server in servers]:
            future.result()
