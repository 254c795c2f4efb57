"""The ZooKeeper server for the cluster-mode suite: one per pytest session, Debian's zookeeper.

Each test gets a namespace of its own on it. When the zookeeper package (or Java) is missing the
suite is skipped with that reason (scripts/ensure-deps.sh installs it); any other start failure
is an error. The server is removed when the session ends, failures included.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from zookeeper_server import ZooKeeperServer, installed  # noqa: E402

_namespaces = itertools.count()


@pytest.fixture(scope="session")
def zookeeper():
    if not installed():
        pytest.skip("ZooKeeper (Debian zookeeper, /usr/share/java/zookeeper.jar) or java is not installed; "
                    "scripts/ensure-deps.sh installs them")
    server = ZooKeeperServer()
    try:
        server.start()
        yield server
    finally:
        server.remove()


@pytest.fixture
def namespace(request) -> str:
    return f"ns_{next(_namespaces)}_{request.node.name[:40].replace('[', '_').replace(']', '_')}"


@pytest.fixture
def registry_url(zookeeper, namespace) -> str:
    return zookeeper.url(namespace)


@pytest.fixture
def kazoo_client(zookeeper):
    """A plain ZooKeeper client, to read and write the registry as another party would."""
    kazoo = pytest.importorskip("kazoo.client", reason="python3-kazoo is not installed (scripts/ensure-deps.sh)")
    client = kazoo.KazooClient(hosts=zookeeper.servers)
    client.start(timeout=30)
    try:
        yield client
    finally:
        client.stop()
        client.close()


@pytest.fixture(scope="session")
def storage_pair():
    """Two MariaDB servers holding the proxy suite's physical schema, for the cluster's proxies."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "proxy"))
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "mariadb"))
    pytest.importorskip("pymysql", reason="python3-pymysql is not installed (scripts/ensure-deps.sh installs it)")
    from storage_servers import started_storage_servers  # noqa: PLC0415
    with started_storage_servers() as servers:
        yield servers
