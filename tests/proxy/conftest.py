"""The proxy suite's servers: two MariaDB servers as storage units (one also holds an unsharded
reference copy of the data) and a sqlroute-proxy in front of them, one of each per session."""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "mariadb"))

pymysql = pytest.importorskip("pymysql", reason="python3-pymysql is not installed (scripts/ensure-deps.sh installs it)")

from proxy_process import ProxyProcess  # noqa: E402
from schema import write_configuration  # noqa: E402
from storage_servers import started_storage_servers  # noqa: E402


@pytest.fixture(scope="session")
def storage_servers():
    with started_storage_servers() as servers:
        yield servers


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
