"""The proxy suite's servers: two MariaDB servers as storage units (one also holds an unsharded
reference copy of the data) and a sqlroute-proxy in front of them, one of each per session."""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "mariadb"))

pymysql = pytest.importorskip("pymysql", reason="python3-pymysql is not installed (scripts/ensure-deps.sh installs it)")

from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary  # noqa: E402
from proxy_process import PROXY_BINARY, ProxyProcess  # noqa: E402
from schema import write_configuration, create_physical_schema  # noqa: E402


@pytest.fixture(scope="session")
def storage_servers():
    server_binary = os.environ.get("SQLROUTE_MARIADBD") or find_binary(SERVER_NAMES)
    install_binary = find_binary(INSTALL_NAMES)
    if not server_binary or not install_binary:
        pytest.skip("MariaDB server binaries are not installed; scripts/ensure-deps.sh installs mariadb-server")
    if not PROXY_BINARY.exists():
        pytest.fail(f"{PROXY_BINARY} is not built (bash scripts/build.sh)")
    servers = [MariaDbServer(server_binary, install_binary) for _ in range(2)]
    try:
        for server in servers:
            server.start()
        create_physical_schema(servers)
        yield servers
    finally:
        for server in servers:
            server.stop()


@pytest.fixture(scope="session")
def proxy(storage_servers):
    conf_dir = Path(tempfile.mkdtemp(prefix="sqlroute-proxy-conf-"))
    write_configuration(conf_dir, storage_servers)
    process = ProxyProcess(conf_dir)
    try:
        process.start()
        yield process
    finally:
        process.stop()
        shutil.rmtree(conf_dir, ignore_errors=True)


@pytest.fixture()
def reference(storage_servers):
    connection = storage_servers[0].connect("reference")
    yield connection
    connection.close()
