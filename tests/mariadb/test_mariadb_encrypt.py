"""The seed's encrypt scenario (AES idCard/mobile, key 123456abc) on a real database.

Rows are written through sqlroute; the encrypt database must hold ciphertext (checked with
MariaDB's own AES_DECRYPT and MD5, independently of the engine) and reads through sqlroute +
merge + decryption must equal the plaintext reference database. The same runs with sharding
(encrypt_sharding.yaml: four shards, an MD5 assisted-query column for mobile).
"""

from __future__ import annotations

import random

import pytest

import sqlroute
from checks import check_select, check_write
from mariadb_paths import GOLDEN_RULES
from corpus import Query
from datagen import ENC_COLUMNS, ENC_PLAIN_DDL, USER_COUNT, Generator, enc_cipher_ddl
from result_compare import differences
from routed_db import RoutedDatabase
from sharding_layout import insert_sql

AES_KEY = "123456abc"
# ShardingSphere's AES: AES/ECB/PKCS5Padding, key = first 16 bytes of SHA-1(aes-key-value), Base64 text.
MARIADB_AES_DECRYPT = "CAST(AES_DECRYPT(FROM_BASE64({column}), UNHEX(LEFT(SHA1('" + AES_KEY + "'), 32))) AS CHAR)"
ROWS = 1000

SCENARIOS = {
    "single": (GOLDEN_RULES / "encrypt_sysbench.yaml", {"sphereex_demo": "sr_encrypt"}, False),
    "sharded": (GOLDEN_RULES / "encrypt_sharding.yaml", {f"ds_{i}": f"sr_encrypt_shard_{i}" for i in range(4)}, True),
}


class EncryptLayout:
    def __init__(self, databases, name: str) -> None:
        rules, data_sources, self.assisted = SCENARIOS[name]
        self.databases = databases
        self.engine = sqlroute.Engine.from_yaml(rules)
        self.routed = RoutedDatabase(self.engine, databases, data_sources)
        self.reference = f"sr_encrypt_reference_{name}"
        self.physical = []  # (database, actual table)
        for data_source, database in data_sources.items():
            databases.recreate(database)
        for unit in self.engine.route("SELECT * FROM t_user").route_units:
            for actual in [m.actual for m in unit.tables] or ["t_user"]:  # unsharded: no table mapping
                database = data_sources[unit.data_source]
                databases.run(database, enc_cipher_ddl(self.assisted).format(table=actual))
                self.physical.append((database, actual))
        databases.recreate(self.reference, [ENC_PLAIN_DDL.format(table="t_user")])

    def load(self, rows) -> None:
        self.databases.insert_many(self.reference, "t_user", ENC_COLUMNS, rows)
        for start in range(0, len(rows), 50):
            batch = rows[start:start + 50]
            self.routed.execute(insert_sql("t_user", ENC_COLUMNS, len(batch)), [v for row in batch for v in row])


@pytest.fixture(scope="module", params=sorted(SCENARIOS))
def layout(request, databases) -> EncryptLayout:
    layout = EncryptLayout(databases, request.param)
    generator = Generator(seed=13)
    layout.load([generator.enc_user(i) for i in range(1, ROWS + 1)])
    return layout


def stored_rows(layout: EncryptLayout, extra: str = ""):
    rows = []
    for database, table in layout.physical:
        columns = f"id, idcard_cipher, mobile_cipher, {MARIADB_AES_DECRYPT.format(column='idcard_cipher')}, " \
                  f"{MARIADB_AES_DECRYPT.format(column='mobile_cipher')}{extra}"
        rows.extend(layout.databases.run(database, f"SELECT {columns} FROM {table}").rows)
    return rows


def test_cipher_columns_hold_ciphertext_that_decrypts_to_the_reference(layout) -> None:
    reference = {row[0]: row[1:] for row in layout.databases.run(layout.reference, "SELECT id, idCard, mobile FROM t_user").rows}
    extra = ", mobile_assisted, MD5(" + MARIADB_AES_DECRYPT.format(column="mobile_cipher") + ")" if layout.assisted else ""
    stored = stored_rows(layout, extra)
    assert sorted(row[0] for row in stored) == sorted(reference)
    for row in stored:
        row_id, id_cipher, mobile_cipher, id_plain, mobile_plain = row[:5]
        assert (id_plain, mobile_plain) == reference[row_id], f"row {row_id}: {row}"
        assert mobile_cipher != mobile_plain and (id_cipher is None) == (id_plain is None)
        assert id_cipher is None or id_cipher != id_plain
        if layout.assisted:
            assert row[5] == row[6], f"row {row_id}: assisted query column is not MD5(mobile)"


def enc_queries(rng: random.Random, layout: EncryptLayout):
    sample = layout.databases.run(layout.reference, "SELECT id, idCard, mobile FROM t_user ORDER BY id").rows
    for _ in range(8):
        yield Query("SELECT id, k, idCard, mobile FROM t_user WHERE id = ?", (rng.randint(1, USER_COUNT // 3),))
    for _ in range(5):
        low = rng.randint(1, ROWS - 100)
        yield Query("SELECT id, idCard, mobile FROM t_user WHERE id BETWEEN ? AND ?", (low, low + 99))
        yield Query("SELECT c, mobile FROM t_user WHERE id BETWEEN ? AND ? ORDER BY c", (low, low + 60), order=(0,))
    for _ in range(6):
        row = rng.choice(sample)
        yield Query("SELECT id, c FROM t_user WHERE mobile = ?", (row[2],))
        if row[1] is not None:
            yield Query("SELECT id, mobile FROM t_user WHERE idCard = ?", (row[1],))
    yield Query("SELECT id, idCard FROM t_user WHERE mobile IN (?, ?, ?)", ("13800000000", "15000000002", "1"))
    yield Query("SELECT COUNT(*) FROM t_user WHERE mobile = ?", ("13900000001",))
    yield Query("SELECT * FROM t_user WHERE id IN (?, ?, ?, ?)", (1, 2, 30, 999))
    yield Query("SELECT id, mobile FROM t_user WHERE idCard IS NULL")
    # through derived tables: the units read <column>_C (and project _A), the outer query decrypts
    low = rng.randint(1, ROWS - 100)
    yield Query("SELECT d.id, d.mobile FROM (SELECT id, mobile FROM t_user WHERE id BETWEEN ? AND ?) d", (low, low + 50))
    yield Query("SELECT e.m, e.idCard FROM (SELECT d.mobile AS m, d.idCard FROM (SELECT * FROM t_user) d) e")


def test_reads_decrypt_to_the_reference(layout) -> None:
    count = 0
    for query in enc_queries(random.Random(17), layout):
        check_select(layout.routed, layout.databases, layout.reference, query)
        count += 1
    assert count >= 30


def test_writes_to_encrypted_columns(layout) -> None:
    writes = [
        ("UPDATE t_user SET mobile = ? WHERE id = ?", ("18600000009", 5)),
        ("UPDATE t_user SET idCard = ?, k = k + 1 WHERE id IN (?, ?)", ("11010119900101123X", 6, 7)),
        ("UPDATE t_user SET mobile = ? WHERE mobile = ?", ("13700000000", "13800000000")),
        ("DELETE FROM t_user WHERE idCard = ?", ("11010119900101123X",)),
        ("INSERT INTO t_user (id, k, c, pad, idCard, mobile) VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)",
         (2001, 1, "c", "p", "id-2001", "m-2001", 2002, 2, "c", "p", None, "m-2002")),
    ]
    for sql, params in writes:
        check_write(layout.routed, layout.databases, layout.reference, sql, params)
    check_select(layout.routed, layout.databases, layout.reference,
                 Query("SELECT id, idCard, mobile FROM t_user WHERE mobile IN (?, ?, ?, ?)",
                       ("18600000009", "13700000000", "m-2001", "m-2002")))
    test_cipher_columns_hold_ciphertext_that_decrypts_to_the_reference(layout)
    problem = differences(layout.databases.run(layout.reference, "SELECT * FROM t_user").rows,
                          layout.routed.execute("SELECT * FROM t_user").rows)
    assert problem is None, problem


def test_returning_reads_decrypt_to_the_reference(layout) -> None:
    statements = [
        ("INSERT INTO t_user (id, k, c, pad, idCard, mobile) VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?) "
         "RETURNING id, idCard, t_user.mobile AS m", (3001, 1, "c", "p", "id-3001", "m-3001", 3002, 2, "c", "p", None, "m-3002")),
        ("DELETE FROM t_user WHERE id IN (?, ?, ?) RETURNING id, mobile, idCard AS card", (3001, 3002, 9)),
    ]
    for sql, params in statements:
        expected = layout.databases.run(layout.reference, sql, params).rows
        got = layout.routed.execute(sql, params).rows
        assert expected, sql
        problem = differences(expected, got)
        assert problem is None, f"{problem}\n  statement: {sql}"


def test_insert_without_a_column_list_stores_ciphertext(layout) -> None:
    """INSERT without a column list gets the quoted column list from metadata, encrypted columns expanded."""
    rows = [(4001, 1, "c", "p", "id-4001", "m-4001"), (4002, 2, "c", "p", None, "m-4002")]
    sql = "INSERT INTO t_user VALUES (?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?)"
    check_write(layout.routed, layout.databases, layout.reference, sql, [v for row in rows for v in row])
    check_write(layout.routed, layout.databases, layout.reference,
                "INSERT INTO t_user VALUES (4003, 3, 'c', 'p', 'id-4003', 'm-4003')")
    test_cipher_columns_hold_ciphertext_that_decrypts_to_the_reference(layout)
    check_select(layout.routed, layout.databases, layout.reference,
                 Query("SELECT * FROM t_user WHERE id IN (?, ?, ?)", (4001, 4002, 4003)))


def test_encrypted_joins_and_groups_read_the_reference(layout) -> None:
    """JOIN ... ON encrypted columns, GROUP BY an encrypted column and predicate sub-queries on one unit."""
    sample = layout.databases.run(layout.reference, "SELECT id, mobile FROM t_user WHERE id <= 40 ORDER BY id").rows
    queries = []
    for row_id, mobile in sample[::7]:
        queries.append(Query("SELECT a.id, b.idCard, b.mobile FROM t_user a JOIN t_user b ON a.mobile = b.mobile "
                             "AND a.idCard = b.idCard WHERE a.id = ? AND b.id = ?", (row_id, row_id)))
        queries.append(Query("SELECT a.id FROM t_user a LEFT JOIN t_user b ON b.mobile = a.mobile AND b.id = a.id "
                             "WHERE a.id = ? AND a.mobile = ?", (row_id, mobile)))
        queries.append(Query("SELECT mobile, COUNT(*) FROM t_user WHERE id = ? GROUP BY mobile", (row_id,)))
        queries.append(Query("SELECT id FROM t_user WHERE id = ? AND mobile IN (SELECT mobile FROM t_user WHERE id = ?)",
                             (row_id, row_id)))
    if not layout.assisted:  # one data node: every row is in the unit
        queries.append(Query("SELECT mobile, COUNT(*) FROM t_user GROUP BY mobile"))
        queries.append(Query("SELECT id FROM t_user WHERE mobile IN (SELECT mobile FROM t_user WHERE id < ?)", (20,)))
    for query in queries:
        check_select(layout.routed, layout.databases, layout.reference, query)


def test_routed_create_table_creates_the_cipher_columns(databases) -> None:
    engine = sqlroute.Engine.from_yaml(GOLDEN_RULES / "encrypt_sysbench.yaml")
    routed = RoutedDatabase(engine, databases, {"sphereex_demo": "sr_encrypt_ddl"})
    databases.recreate("sr_encrypt_ddl")
    routed.execute(ENC_PLAIN_DDL.format(table="t_user"))
    columns = [row[0] for row in databases.run("sr_encrypt_ddl", "SHOW COLUMNS FROM t_user").rows]
    assert "idcard_cipher" in columns and "idCard" not in columns
