"""The sysbench seed's sharding scenario through sqlroute-proxy: a configuration directory with
only server.yaml, the seed's DistSQL run over the `mariadb` client, its SHOW and PREVIEW answers,
a short sysbench run with its data checks, and the rules kept across a restart."""

from __future__ import annotations

import re
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from proxy_process import HOST, ProxyProcess
from schema import SERVER_YAML

# Seed 003's statements, with each storage unit's HOST, PORT and DB filled in for the local servers.
SEED_DISTSQL = """\
DROP DATABASE IF EXISTS sharding_db;

CREATE DATABASE IF NOT EXISTS sharding_db;

use sharding_db;

REGISTER STORAGE UNIT ds_0 (
    HOST="{host}",
    PORT={port0},
    DB="sbtest_0",
    USER="test",
    PASSWORD="test"
), ds_1 (
    HOST="{host}",
    PORT={port1},
    DB="sbtest_1",
    USER="test",
    PASSWORD="test"
) , ds_2 (
    HOST="{host}",
    PORT={port0},
    DB="sbtest_2",
    USER="test",
    PASSWORD="test"
) , ds_3 (
    HOST="{host}",
    PORT={port1},
    DB="sbtest_3",
    USER="test",
    PASSWORD="test"
);

CREATE SHARDING TABLE RULE t_user (
STORAGE_UNITS(ds_0, ds_1, ds_2, ds_3),
SHARDING_COLUMN=id,TYPE(NAME="MOD",PROPERTIES("sharding-count"=10))
);

CREATE SHARDING TABLE RULE sbtest1 (
STORAGE_UNITS(ds_0, ds_1, ds_2, ds_3),
SHARDING_COLUMN=id,TYPE(NAME="MOD",PROPERTIES("sharding-count"=10))
);
"""
UNIT_SERVER = {0: 0, 1: 1, 2: 0, 3: 1}
TABLE_SIZE = 300


@pytest.fixture(scope="module")
def seed_proxy(storage_servers):
    for index, server in enumerate(storage_servers):
        with server.connect() as connection, connection.cursor() as cursor:
            cursor.execute("CREATE USER IF NOT EXISTS 'test'@'%' IDENTIFIED BY 'test'")
            cursor.execute("GRANT ALL ON *.* TO 'test'@'%'")
            for unit, owner in UNIT_SERVER.items():
                if owner == index:
                    cursor.execute(f"CREATE DATABASE IF NOT EXISTS sbtest_{unit}")
    conf_dir = Path(tempfile.mkdtemp(prefix="sqlroute-proxy-seed-"))
    (conf_dir / "server.yaml").write_text(SERVER_YAML)
    process = ProxyProcess(conf_dir)
    process.start()
    yield process
    process.stop()
    shutil.rmtree(conf_dir, ignore_errors=True)


def mariadb(proxy, sql, database=None):
    args = ["mariadb", "-h", HOST, "-P", str(proxy.port), "-uroot", "-proot", "--batch"]
    if database:
        args.append(database)
    return subprocess.run(args, input=sql, capture_output=True, text=True, timeout=60)


def sysbench(proxy, test, command, *extra):
    args = ["sysbench", test, f"--mysql-host={HOST}", f"--mysql-port={proxy.port}", "--mysql-user=root",
            "--mysql-password=root", "--mysql-db=sharding_db", "--tables=1", f"--table-size={TABLE_SIZE}",
            "--range_selects=off", "--rand-type=uniform", "--auto_inc=off", *extra, command]
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def test_starts_without_logical_databases(seed_proxy):
    result = mariadb(seed_proxy, "SHOW DATABASES;")
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""  # no rows, and the batch client prints no header for an empty result


def test_database_names_are_checked(seed_proxy):
    result = mariadb(seed_proxy, "CREATE DATABASE `../escape`;")
    assert "ERROR 1102 (42000)" in result.stderr
    assert sorted(path.name for path in seed_proxy.conf_dir.iterdir() if path.suffix == ".yaml") == ["server.yaml"]


def test_a_new_database_never_overwrites_another_rule_file(seed_proxy):
    (seed_proxy.conf_dir / "database-taken.yaml").write_text("databaseName: other_name\n")
    try:
        assert mariadb(seed_proxy, "CREATE DATABASE taken; DROP DATABASE taken;").returncode == 0
        assert (seed_proxy.conf_dir / "database-taken.yaml").read_text() == "databaseName: other_name\n"
    finally:
        (seed_proxy.conf_dir / "database-taken.yaml").unlink()


def test_seed_distsql_builds_a_database(seed_proxy, storage_servers):
    script = SEED_DISTSQL.format(host=HOST, port0=storage_servers[0].port, port1=storage_servers[1].port)
    result = mariadb(seed_proxy, script)
    assert result.returncode == 0, result.stderr
    units = mariadb(seed_proxy, "SHOW STORAGE UNITS;", "sharding_db")
    lines = [line.split("\t") for line in units.stdout.splitlines()]
    assert lines[0] == ["name", "type", "host", "port", "db", "connection_timeout_milliseconds",
                        "idle_timeout_milliseconds", "max_lifetime_milliseconds", "max_pool_size", "min_pool_size",
                        "read_only", "other_attributes"]
    assert [row[:5] for row in lines[1:]] == [
        [f"ds_{unit}", "MySQL", HOST, str(storage_servers[UNIT_SERVER[unit]].port), f"sbtest_{unit}"] for unit in range(4)]
    assert "test" not in units.stdout.replace("sbtest", "")  # the password is never shown
    rules = mariadb(seed_proxy, "SHOW SHARDING TABLE RULES;", "sharding_db")
    rows = [line.split("\t") for line in rules.stdout.splitlines()]
    assert rows[0][:3] == ["table", "actual_data_nodes", "actual_data_sources"]
    assert [row[0] for row in rows[1:]] == ["t_user", "sbtest1"]
    assert rows[2][2] == "ds_0,ds_1,ds_2,ds_3"
    assert rows[2][7:11] == ["STANDARD", "id", "MOD", '{"sharding-count":"10"}']
    preview = mariadb(seed_proxy, "PREVIEW SELECT * FROM sbtest1 WHERE id = 17;", "sharding_db")
    assert preview.stdout.splitlines() == ["data_source_name\tactual_sql", "ds_3\tSELECT * FROM sbtest1_7 WHERE id = 17"]


def test_sysbench_through_the_seed_rules(seed_proxy, storage_servers):
    prepared = sysbench(seed_proxy, "oltp_read_write", "prepare")
    assert prepared.returncode == 0, prepared.stdout + prepared.stderr
    for test in ("oltp_point_select", "oltp_read_write"):
        run = sysbench(seed_proxy, test, "run", "--time=2", "--threads=4")
        assert run.returncode == 0, run.stdout + run.stderr
        assert re.search(r"ignored errors:\s+0\s", run.stdout), run.stdout
        assert "FATAL" not in run.stdout + run.stderr
    # rows sit on the shards the MOD rule names (sbtest1_<id % 10> on ds_<table % 4>), and nowhere else
    total = 0
    for unit, owner in UNIT_SERVER.items():
        with storage_servers[owner].connect(f"sbtest_{unit}") as connection, connection.cursor() as cursor:
            cursor.execute("SHOW TABLES")
            tables = sorted(row[0] for row in cursor.fetchall())
            assert tables == sorted(f"sbtest1_{table}" for table in range(10) if table % 4 == unit)
            for table in tables:
                cursor.execute(f"SELECT COUNT(*), COALESCE(SUM(id % 10 <> {table[len('sbtest1_'):]}), 0) FROM {table}")
                count, misplaced = cursor.fetchone()
                assert misplaced == 0
                total += count
    assert total == TABLE_SIZE


def test_rules_survive_a_restart(seed_proxy):
    seed_proxy.stop()
    seed_proxy.start()
    result = mariadb(seed_proxy, "SELECT COUNT(*) FROM sbtest1;", "sharding_db")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["COUNT(*)", str(TABLE_SIZE)]
    rules = mariadb(seed_proxy, "SHOW SHARDING TABLE RULES;", "sharding_db")
    assert "sbtest1" in rules.stdout


def test_sighup_reloads_the_rule_files(seed_proxy):
    (seed_proxy.conf_dir / "database-extra.yaml").write_text("databaseName: extra_db\n")
    seed_proxy.process.send_signal(signal.SIGHUP)
    deadline = time.monotonic() + 10
    while "extra_db" not in mariadb(seed_proxy, "SHOW DATABASES;").stdout:
        assert time.monotonic() < deadline, seed_proxy.log()
        time.sleep(0.1)
    result = mariadb(seed_proxy, "SELECT COUNT(*) FROM sbtest1;", "sharding_db")
    assert result.stdout.splitlines() == ["COUNT(*)", str(TABLE_SIZE)]


def test_sigterm_stops_cleanly(seed_proxy):
    process = seed_proxy.process
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=30) == 0
    seed_proxy.process = None
