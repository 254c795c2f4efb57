"""SIGTERM and SIGHUP with a statement in flight: SIGTERM lets it finish, refuses new clients,
exits 0 and closes the backends; SIGHUP's statement finishes on the old rules, and the new rules
(every file checked first) replace all databases at once, a removed file's database included."""

from __future__ import annotations

import signal
import threading
import time

import pymysql
import pytest

from backend_count import backend_ids, wait_for
from proxy_process import ProxyProcess
from schema import READWRITE_YAML

LIFE_DB = "life_ds"


@pytest.fixture(scope="module")
def life_server(storage_servers):
    with storage_servers[0].connect() as connection, connection.cursor() as cursor:
        cursor.execute(f"CREATE DATABASE IF NOT EXISTS {LIFE_DB}")
    return storage_servers[0]


class InFlight(threading.Thread):
    """`sql` run on `connection` in the background; its rows or its error once joined."""

    def __init__(self, connection, sql: str) -> None:
        super().__init__()
        self.connection, self.sql = connection, sql
        self.rows, self.error = None, None
        self.start()
        time.sleep(0.3)  # sent and running on the backend

    def run(self) -> None:
        try:
            with self.connection.cursor() as cursor:
                cursor.execute(self.sql)
                self.rows = cursor.fetchall()
        except Exception as error:  # noqa: BLE001 - asserted by the test
            self.error = error


def reloads(proxy, word: str) -> int:
    return proxy.log_path.read_text(errors="replace").count(word)


def sighup(proxy, outcome: str = "rules reloaded") -> None:
    before = reloads(proxy, outcome)
    proxy.process.send_signal(signal.SIGHUP)
    assert wait_for(lambda: reloads(proxy, outcome) > before), proxy.log()


def test_sigterm_finishes_the_statement_in_flight(storage_servers, life_server):
    rules = (f"databaseName: life_db\ndataSources:\n  ds_life: {{url: \"jdbc:mysql://127.0.0.1:{life_server.port}/"
             f"{LIFE_DB}\", username: root, password: \"\", minPoolSize: 2}}\nrules: []\n")
    proxy = ProxyProcess.configured(storage_servers, files={"database-life.yaml": rules})
    try:
        assert wait_for(lambda: len(backend_ids(life_server, LIFE_DB)) == 2)
        statement = InFlight(proxy.connect("life_db"), "SELECT SLEEP(1), 'finished'")
        proxy.process.send_signal(signal.SIGTERM)
        time.sleep(0.2)
        with pytest.raises(pymysql.err.OperationalError) as refused:
            proxy.connect("life_db", connect_timeout=2)
        assert refused.value.args[0] == 2003  # can't connect: the proxy no longer listens
        statement.join(timeout=10)
        assert statement.error is None and statement.rows == ((0, "finished"),)
        assert proxy.process.wait(timeout=30) == 0
        proxy.process = None
        assert wait_for(lambda: not backend_ids(life_server, LIFE_DB))
    finally:
        if proxy.process:
            proxy.stop()


def which_copy(proxy) -> str:
    with proxy.connect("readwrite_db") as connection, connection.cursor() as cursor:
        cursor.execute("SELECT copy FROM t_where WHERE id = 1")
        return cursor.fetchone()[0]


def test_sighup_swaps_every_database_at_once(storage_servers):
    ports = {"port0": storage_servers[0].port, "port1": storage_servers[1].port}
    # The new rules read from the primary's copy: which copy answers tells the rules that served.
    reads_primary = READWRITE_YAML.format(**ports).replace(f":{ports['port1']}/rw_db", f":{ports['port0']}/rw_db")
    with ProxyProcess.running(storage_servers, files={"database-extra.yaml": "databaseName: extra_db\n"}) as proxy:
        conf = proxy.conf_dir
        assert which_copy(proxy) == "replica"

        # One file the proxy cannot use (read last): the reload changes nothing, in no database.
        (conf / "database-readwrite.yaml").write_text(reads_primary)
        (conf / "database-extra.yaml").unlink()
        (conf / "database-zbroken.yaml").write_text("databaseName: broken_db\ndataSources:\n  ds: {url: 'x://y'}\n")
        sighup(proxy, "reload failed, rules unchanged")
        assert which_copy(proxy) == "replica"
        proxy.connect("extra_db").close()

        # Fixed: the statement in flight ends on the old rules, the next ones run on the new.
        (conf / "database-zbroken.yaml").unlink()
        statement = InFlight(proxy.connect("readwrite_db"), "SELECT copy, SLEEP(1) FROM t_where WHERE id = 1")
        sighup(proxy)
        statement.join(timeout=10)
        assert statement.error is None and statement.rows == (("replica", 0),)
        assert which_copy(proxy) == "primary"
        with pytest.raises(pymysql.err.OperationalError) as unknown:
            proxy.connect("extra_db")
        assert unknown.value.args[0] == 1049  # a removed rule file's database is served no more
        with proxy.connect(None) as connection, connection.cursor() as cursor:
            cursor.execute("SHOW DATABASES")
            assert "extra_db" not in {row[0] for row in cursor.fetchall()}
