"""The MariaDB server for the real-database suite: one per pytest session.

The server is installed by scripts/ensure-deps.sh (Debian mariadb-server). When neither
``mariadbd`` nor ``mysqld`` exists, the suite is skipped with that reason; any other start
failure is an error. The server is stopped when the session ends, failures included.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

pymysql = pytest.importorskip("pymysql", reason="python3-pymysql is not installed (scripts/ensure-deps.sh installs it)")

from hypothesis.configuration import set_hypothesis_home_dir  # noqa: E402

from mariadb_server import INSTALL_NAMES, SERVER_NAMES, MariaDbServer, find_binary  # noqa: E402
from routed_db import Databases  # noqa: E402

set_hypothesis_home_dir(str(Path(tempfile.gettempdir()) / "sqlroute-hypothesis"))


@pytest.fixture(scope="session")
def mariadb():
    server_binary = os.environ.get("SQLROUTE_MARIADBD") or find_binary(SERVER_NAMES)
    install_binary = find_binary(INSTALL_NAMES)
    if not server_binary or not install_binary:
        pytest.skip("MariaDB server binaries (mariadbd/mysqld, mariadb-install-db) are not installed; "
                    "scripts/ensure-deps.sh installs mariadb-server")
    server = MariaDbServer(server_binary, install_binary)
    try:
        server.start()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def databases(mariadb):
    dbs = Databases(mariadb)
    yield dbs
    dbs.close()
