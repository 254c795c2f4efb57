"""Filters on a derived table's encrypted column on a real database: WHERE and ON compare the derived
table's `<column>_A` (assisted query) or `<column>_C` (cipher) column with the encrypted value, as
ShardingSphere 5.5.3 rewrites them, and the rows found equal the plaintext reference database's.
The encrypt scenarios of test_mariadb_encrypt.py: one data source (mobile with a cipher column only)
and four shards (mobile with an MD5 assisted query column)."""

from __future__ import annotations

import pytest

from checks import check_select
from corpus import Query
from datagen import Generator
from test_mariadb_encrypt import ROWS, SCENARIOS, EncryptLayout


@pytest.fixture(scope="module", params=sorted(SCENARIOS))
def derived_layout(request, databases) -> EncryptLayout:
    layout = EncryptLayout(databases, request.param)
    generator = Generator(seed=29)
    layout.load([generator.enc_user(i) for i in range(1, ROWS + 1)])
    return layout


def derived_filters(layout: EncryptLayout):
    repeated = layout.databases.run(layout.reference, "SELECT mobile, COUNT(*) FROM t_user GROUP BY mobile "
                                                      "HAVING COUNT(*) > 1 ORDER BY COUNT(*) DESC, mobile").rows
    mobile = repeated[0][0]
    row_id, id_card = layout.databases.run(layout.reference, "SELECT id, idCard FROM t_user WHERE idCard IS NOT NULL "
                                                             "ORDER BY id LIMIT 1").rows[0]
    yield Query("SELECT d.id, d.mobile FROM (SELECT id, mobile FROM t_user) d WHERE d.mobile = ?", (mobile,))
    yield Query(f"SELECT d.id FROM (SELECT id, mobile FROM t_user) d WHERE d.mobile = '{mobile}' AND d.id > 100")
    yield Query("SELECT d.id, d.card FROM (SELECT id, idCard AS card FROM t_user WHERE id < ?) d WHERE d.card = ?",
                (row_id + 10, id_card))
    yield Query("SELECT id FROM (SELECT id, mobile FROM t_user) AS d WHERE mobile IN (?, ?)", (mobile, "no-such-mobile"))
    yield Query("SELECT e.id, e.m FROM (SELECT d.id, d.mobile AS m FROM (SELECT id, mobile FROM t_user) d) e "
                "WHERE e.m = ?", (mobile,))
    yield Query("SELECT d.id, u.id FROM (SELECT id, mobile FROM t_user WHERE id = ?) d "
                "JOIN t_user u ON d.mobile = u.mobile WHERE u.id = ?", (row_id, row_id))


def test_derived_table_filters_on_encrypted_columns_find_the_reference_rows(derived_layout) -> None:
    found = 0
    for query in derived_filters(derived_layout):
        outcome = check_select(derived_layout.routed, derived_layout.databases, derived_layout.reference, query)
        found += len(outcome.rows)
    assert found > 0
