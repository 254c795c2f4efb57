"""The processes one scenario starts, each stopped when the scenario ends (an ExitStack holds them):
MariaDB servers with the seeds' `test` account, a sqlroute-proxy over a configuration directory,
HAProxy in TCP mode in front of one server, and the `mariadb` client that runs the seeds' DistSQL."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path
from typing import List, Optional, Tuple

ROOT = Path(__file__).resolve().parents[2]
for helper_dir in ("mariadb", "proxy"):
    sys.path.insert(0, str(ROOT / "tests" / helper_dir))

from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary, start_all, terminate  # noqa: E402
from proxy_process import ProxyProcess, free_port  # noqa: E402
from replication import ReplicatedPair  # noqa: E402
from bench_scenario import Settings  # noqa: E402
from server_counters import SERVER_ARGS  # noqa: E402
from sysbench_runs import HOST, Endpoint  # noqa: E402

PROXY_USERS = "authority:\n  users:\n    - user: root@%\n      password: root\n"
HAPROXY_CFG = """global
  maxconn 4096
defaults
  mode tcp
  timeout connect 5s
  timeout client 1h
  timeout server 1h
listen mariadb
  bind {host}:{port}
  server backend {host}:{target}
"""


def binaries():
    server, install = find_binary(SERVER_NAMES), find_binary(INSTALL_NAMES)
    if not server or not install:
        raise RuntimeError("MariaDB server binaries are not installed (scripts/ensure-deps.sh installs them)")
    return server, install


def add_seed_account(server: MariaDbServer, *databases: str) -> None:
    """The seeds' `test`/`test` account with every privilege, and the databases the scenario names."""
    with server.connect() as connection, connection.cursor() as cursor:
        cursor.execute("CREATE USER IF NOT EXISTS 'test'@'%' IDENTIFIED BY 'test'")
        cursor.execute("GRANT ALL ON *.* TO 'test'@'%'")
        for database in databases:
            cursor.execute(f"CREATE DATABASE IF NOT EXISTS {database}")


def direct(server: MariaDbServer, database: str) -> Endpoint:
    return Endpoint("direct", server.port, "test", "test", database)


def wait_listening(port: int, process: subprocess.Popen, what: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}")
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"{what} does not listen on {port}")


def pin(pid: int, cpus: Optional[Tuple[int, ...]]) -> None:
    """Moves every thread of a process onto `cpus` (threads it starts later inherit it)."""
    if cpus:
        for task in Path(f"/proc/{pid}/task").iterdir():
            os.sched_setaffinity(int(task.name), cpus)


class ScenarioProcesses:
    """Starts what a scenario needs and stops all of it on close, failures included."""

    def __init__(self, settings: Settings) -> None:
        self.proxy_cpus = settings.proxy_cpus
        self.stack = ExitStack()
        self.scratch = Path(tempfile.mkdtemp(prefix="sqlroute-proxy-bench-"))
        self.stack.callback(shutil.rmtree, self.scratch, True)

    def __enter__(self) -> "ScenarioProcesses":
        return self

    def __exit__(self, *exc) -> None:
        self.stack.close()

    def servers(self, count: int) -> List[MariaDbServer]:
        server, install = binaries()
        started = [MariaDbServer(server, install, SERVER_ARGS) for _ in range(count)]
        for each in started:
            self.stack.callback(each.stop)
        start_all(started)
        return started

    def baseline_proxy(self, proxy: ProxyProcess, binary: Path) -> ProxyProcess:
        """Another sqlroute-proxy binary over a copy of `proxy`'s configuration, for an A/B run."""
        conf_dir = Path(tempfile.mkdtemp(prefix="conf-baseline-", dir=self.scratch))
        for rule_file in proxy.conf_dir.glob("database-*.yaml"):
            shutil.copy(rule_file, conf_dir)
        return self.proxy(conf_dir=conf_dir, binary=binary)

    def replicated_pair(self) -> ReplicatedPair:
        pair = ReplicatedPair(*binaries(), SERVER_ARGS)
        self.stack.callback(pair.stop)
        pair.start()
        return pair

    def proxy(self, props: str = "", conf_dir: Optional[Path] = None, binary: Optional[Path] = None) -> ProxyProcess:
        """A started sqlroute-proxy (`binary`, else the build's); `conf_dir` keeps the rule files DistSQL
        wrote before."""
        conf_dir = conf_dir or Path(tempfile.mkdtemp(prefix="conf-", dir=self.scratch))
        (conf_dir / "server.yaml").write_text(PROXY_USERS + (f"props:\n{props}" if props else ""))
        process = ProxyProcess(conf_dir, binary) if binary else ProxyProcess(conf_dir)
        self.stack.callback(process.stop)
        process.start()
        pin(process.process.pid, self.proxy_cpus)
        return process

    def haproxy(self, server: MariaDbServer, database: str) -> Endpoint:
        """HAProxy in TCP mode in front of `server`: the floor any proxy pays."""
        port = free_port()
        config = self.scratch / f"haproxy-{port}.cfg"
        config.write_text(HAPROXY_CFG.format(host=HOST, port=port, target=server.port))
        process = subprocess.Popen(["haproxy", "-f", str(config)], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        self.stack.callback(terminate, process, 10, 5)
        wait_listening(port, process, "haproxy")
        pin(process.pid, self.proxy_cpus)
        return Endpoint("HAProxy", port, "test", "test", database, pid=process.pid)


def proxy_endpoint(proxy: ProxyProcess, database: str, target: str = "proxy", lua_dir: Optional[str] = None) -> Endpoint:
    return Endpoint(target, proxy.port, "root", "root", database, pid=proxy.process.pid, lua_dir=lua_dir)


def mariadb_client(proxy: ProxyProcess, sql: str) -> str:
    """Runs statements over the `mariadb` client, as the seeds run their DistSQL."""
    result = subprocess.run(["mariadb", "-h", HOST, "-P", str(proxy.port), "-uroot", "-proot", "--batch"],
                            input=sql, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"mariadb client failed on\n{sql}\n{result.stderr}")
    return result.stdout
