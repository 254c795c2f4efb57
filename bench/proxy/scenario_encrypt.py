"""Seed 003's encryption, on sysbench's own columns: `c` and `pad` of sbtest1 encrypted with each of
AES, MD5, SM3, SM4 and RC4 (encrypt_algorithms.py) on one MariaDB server, whose plain `sbtest`
database serves the direct and HAProxy runs. For each algorithm the physical table is created on the
server with cipher columns wide enough for the cipher text (sysbench's CHAR(120) is not), the rows are
loaded through the proxy in sysbench's format, and sysbench runs through the proxy. Afterwards every
stored `c` and `pad` must be cipher text, read back through the proxy as sysbench's plain text, and be
exactly the algorithm's encryption of it (checked independently of the engine)."""

from __future__ import annotations

import random
import re
from typing import Dict, List, Tuple

from bench_processes import ScenarioProcesses, add_seed_account, direct, mariadb_client, proxy_endpoint
from bench_scenario import Scenario
from encrypt_algorithms import ALGORITHMS, Algorithm, encrypt_rule
from seed_distsql import new_database, register_storage_units
from sysbench_runs import sysbench

DESCRIPTION = ("c and pad of sbtest1 encrypted, one server; MD5 and SM3 as assisted query beside an AES cipher; "
               "direct and HAProxy: the same server's plain copy")
PHYSICAL_TABLE = """CREATE TABLE encrypt_db.sbtest1 (
  id INTEGER NOT NULL,
  k INTEGER DEFAULT '0' NOT NULL,
  c_cipher VARCHAR(512) DEFAULT '' NOT NULL,
  pad_cipher VARCHAR(512) DEFAULT '' NOT NULL,{assisted}
  PRIMARY KEY (id),
  KEY k_1 (k))"""
ASSISTED_COLUMNS = """
  c_assisted VARCHAR(64) DEFAULT '' NOT NULL,
  pad_assisted VARCHAR(64) DEFAULT '' NOT NULL,"""
# sysbench's value templates: 11-digit groups joined by dashes, 10 groups for c and 5 for pad.
C_PLAIN = re.compile(r"(\d{11}-){9}\d{11}")
PAD_PLAIN = re.compile(r"(\d{11}-){4}\d{11}")
LOAD_BATCH = 500
SAMPLE = 1000  # rows whose cipher text is recomputed independently


def sysbench_value(groups: int, rng: random.Random) -> str:
    return "-".join("".join(rng.choice("0123456789") for _ in range(11)) for _ in range(groups))


def load_rows(proxy, table_size: int) -> None:
    """sysbench's prepare, through the proxy: ids 1..table_size, random k, c and pad in its format."""
    rng = random.Random(table_size)
    with proxy.connect("sphereex_demo") as connection, connection.cursor() as cursor:
        for first in range(1, table_size + 1, LOAD_BATCH):
            rows = [(i, rng.randint(1, table_size), sysbench_value(10, rng), sysbench_value(5, rng))
                    for i in range(first, min(first + LOAD_BATCH, table_size + 1))]
            cursor.executemany("INSERT INTO sbtest1 (id, k, c, pad) VALUES (%s, %s, %s, %s)", rows)


def stored(server, algorithm: Algorithm) -> Dict[int, Tuple[str, ...]]:
    columns = "c_cipher, pad_cipher" + (", c_assisted, pad_assisted" if algorithm.assisted else "")
    with server.connect("encrypt_db") as connection, connection.cursor() as cursor:
        cursor.execute(f"SELECT id, {columns} FROM sbtest1")
        return {row[0]: row[1:] for row in cursor.fetchall()}


def check_encrypted(name: str, algorithm: Algorithm, proxy, server, table_size: int) -> None:
    with proxy.connect("sphereex_demo") as connection, connection.cursor() as cursor:
        cursor.execute("SELECT id, c, pad FROM sbtest1")
        plain = {row[0]: (row[1], row[2]) for row in cursor.fetchall()}
    physical = stored(server, algorithm)
    if len(plain) != table_size or set(plain) != set(physical):
        raise AssertionError(f"{name}: {len(plain)} rows through the proxy, {len(physical)} stored")
    for row_id, (c, pad) in plain.items():
        if not (C_PLAIN.fullmatch(c) and PAD_PLAIN.fullmatch(pad)):
            raise AssertionError(f"{name}: row {row_id} reads back as {c!r}, {pad!r}, not sysbench's plain text")
        if C_PLAIN.search(physical[row_id][0]) or PAD_PLAIN.search(physical[row_id][1]):
            raise AssertionError(f"{name}: row {row_id} is stored as plain text")
    for row_id in random.Random(0).sample(sorted(plain), min(SAMPLE, len(plain))):
        c, pad = plain[row_id]
        expected = (algorithm.cipher(c), algorithm.cipher(pad))
        if algorithm.assisted:
            expected += (algorithm.assisted(c), algorithm.assisted(pad))
        if physical[row_id] != expected:
            raise AssertionError(f"{name}: row {row_id} stored {physical[row_id]}, expected {expected}")


def run(scenario: Scenario) -> None:
    settings = scenario.settings
    with ScenarioProcesses(settings) as processes:
        (server,) = processes.servers(1)
        add_seed_account(server, "encrypt_db", "sbtest")
        baseline = [direct(server, "sbtest"), processes.haproxy(server, "sbtest")]
        sysbench(baseline[0], "oltp_read_write", "prepare", settings.table_size)
        proxy = processes.proxy()
        mariadb_client(proxy, new_database("sphereex_demo")
                       + register_storage_units(("sphereex_demo", server.port, "encrypt_db")))
        for test in settings.tests:
            scenario.measure(baseline, test, settings.load_threads)
        checked: List[str] = []
        for name in settings.encrypt_algorithms:
            algorithm = ALGORITHMS[name]
            with server.connect() as connection, connection.cursor() as cursor:
                cursor.execute("DROP TABLE IF EXISTS encrypt_db.sbtest1")
                cursor.execute(PHYSICAL_TABLE.format(assisted=ASSISTED_COLUMNS if algorithm.assisted else ""))
            drop = "DROP ENCRYPT RULE sbtest1;\n" if checked else ""
            mariadb_client(proxy, f"USE sphereex_demo;\n{drop}{encrypt_rule('sbtest1', algorithm)}\n")
            load_rows(proxy, settings.table_size)
            for test in settings.tests:
                scenario.measure([proxy_endpoint(proxy, "sphereex_demo", f"proxy ({name})")], test,
                                 settings.load_threads)
            check_encrypted(name, algorithm, proxy, server, settings.table_size)
            checked.append(name)
        scenario.passed(f"{', '.join(checked)}: every stored c and pad is cipher text, reads back through the "
                        f"proxy as sysbench's plain text, and {SAMPLE} sampled rows are exactly the algorithm's "
                        "encryption (and digest) of it, computed without the engine")
