"""A sqlroute-proxy process for the tests: a configuration directory and the built binary.

``ProxyProcess.start()`` runs ``build/proxy/sqlroute-proxy --conf DIR --port P`` on a free port
and waits until it accepts connections; ``stop()`` ends it (SIGTERM, then SIGKILL).
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Iterator, Optional

import pymysql

from mariadb_server import terminate

REPO_ROOT = Path(__file__).resolve().parents[2]
PROXY_BINARY = REPO_ROOT / "build" / "proxy" / "sqlroute-proxy"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class ProxyProcess:
    def __init__(self, conf_dir: Path, binary: Path = PROXY_BINARY) -> None:
        self.conf_dir = conf_dir
        self.binary = binary
        self.port = 0
        self.process: Optional[subprocess.Popen] = None
        self.log_path = conf_dir / "proxy.log"

    def start(self, timeout: float = 20.0) -> None:
        self.port = free_port()
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen([str(self.binary), "--conf", str(self.conf_dir), "--port", str(self.port)],
                                        stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"sqlroute-proxy exited:\n{self.log()}")
            try:
                socket.create_connection((HOST, self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"sqlroute-proxy did not listen:\n{self.log()}")

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def connect(self, database: Optional[str] = "sharding_db", user: str = "root", password: str = "root",
                **options) -> pymysql.connections.Connection:
        options.setdefault("autocommit", True)
        return pymysql.connect(host=HOST, port=self.port, user=user, password=password, database=database,
                               charset="utf8mb4", **options)

    @classmethod
    def configured(cls, storage_servers, props: str = "", files: Optional[dict] = None) -> "ProxyProcess":
        """A started proxy over the suite's configuration, with `props` lines added to server.yaml
        and `files` ({name: text}) added to its directory."""
        import tempfile
        from schema import SERVER_YAML, write_configuration
        conf_dir = Path(tempfile.mkdtemp(prefix="sqlroute-proxy-conf-"))
        write_configuration(conf_dir, storage_servers)
        (conf_dir / "server.yaml").write_text(SERVER_YAML + props)
        for name, text in (files or {}).items():
            (conf_dir / name).write_text(text)
        process = cls(conf_dir)
        process.start()
        return process

    @classmethod
    @contextlib.contextmanager
    def running(cls, storage_servers, props: str = "", files: Optional[dict] = None) -> Iterator["ProxyProcess"]:
        """`configured`, stopped and its directory removed at the end."""
        process = cls.configured(storage_servers, props, files)
        try:
            yield process
        finally:
            process.stop()
            shutil.rmtree(process.conf_dir, ignore_errors=True)

    def stop(self) -> None:
        terminate(self.process, term_wait=10, kill_wait=5)
        self.process = None
