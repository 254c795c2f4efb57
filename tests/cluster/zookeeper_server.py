"""A throwaway ZooKeeper server: Debian's jars, a temporary data directory, 127.0.0.1 on a free
port, no systemd.

``ZooKeeperServer.start()`` writes a standalone zoo.cfg into a fresh temporary directory and runs
``ZooKeeperServerMain`` on it; ``stop()`` ends the process (the data directory stays, so that
``start()`` again brings the same registry back, as a restarted server does); ``remove()`` stops
it and deletes the directory. A short tick lets the tests use session timeouts of a few seconds.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Optional

HOST = "127.0.0.1"
ZOOKEEPER_JAR = Path("/usr/share/java/zookeeper.jar")
MAIN_CLASS = "org.apache.zookeeper.server.ZooKeeperServerMain"
TICK_MS = 200


def java_binary() -> Optional[str]:
    return shutil.which("java")


def installed() -> bool:
    return ZOOKEEPER_JAR.is_file() and java_binary() is not None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class ZooKeeperServer:
    """One ZooKeeper process owned by the test session."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="sqlroute-zookeeper-"))
        self.port = free_port()
        self.process: Optional[subprocess.Popen] = None

    @property
    def servers(self) -> str:
        return f"{HOST}:{self.port}"

    def url(self, namespace: str) -> str:
        return f"zookeeper://{self.servers}/{namespace}"

    @property
    def log_path(self) -> Path:
        return self.root / "zookeeper.log"

    def log_tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def _write_config(self) -> Path:
        (self.root / "data").mkdir(exist_ok=True)
        config = self.root / "zoo.cfg"
        config.write_text(
            f"tickTime={TICK_MS}\n"
            f"dataDir={self.root / 'data'}\n"
            f"clientPort={self.port}\n"
            f"clientPortAddress={HOST}\n"
            f"minSessionTimeout={2 * TICK_MS}\n"
            "maxSessionTimeout=60000\n"
            "maxClientCnxns=0\n"
            "admin.enableServer=false\n"
            "4lw.commands.whitelist=ruok,srvr\n"
        )
        return config

    def start(self, timeout: float = 60.0) -> None:
        config = self._write_config()
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            [java_binary(), "-Xmx256m", "-XX:+UseSerialGC", "-Dzookeeper.jmx.log4j.disable=true",
             "-cp", str(ZOOKEEPER_JAR), MAIN_CLASS, str(config)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"ZooKeeper exited with {self.process.returncode}:\n{self.log_tail()}")
            if self.answers():
                return
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"ZooKeeper did not answer within {timeout} s:\n{self.log_tail()}")

    def answers(self) -> bool:
        """True when the server serves requests (the `ruok` four-letter command says imok)."""
        try:
            with socket.create_connection((HOST, self.port), timeout=1.0) as connection:
                connection.sendall(b"ruok")
                return connection.recv(16) == b"imok"
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is None:
            return
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=15)
        self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)
