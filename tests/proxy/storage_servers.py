"""The storage units of the proxy suites (tests/proxy, tests/cluster): two throwaway MariaDB servers
holding schema.py's physical schema, skipped with the reason when MariaDB is not installed."""

from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Iterator, List

import pytest

from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary
from proxy_process import PROXY_BINARY
from schema import create_physical_schema


@contextmanager
def started_storage_servers() -> Iterator[List[MariaDbServer]]:
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
