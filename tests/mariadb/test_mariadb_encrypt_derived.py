"""Filters on a derived table's encrypted column on a real database: WHERE and ON compare the derived
table's `<column>_A` (assisted query) or `<column>_C` (cipher) column with the encrypted value, as
ShardingSphere 5.5.3 rewrites them, and the rows found equal the plaintext reference database's.
The encrypt scenarios of test_mariadb_encrypt.py: one data source (mobile with a cipher column only)
and four shards (mobile with an MD5 assisted query column)."""

from __future__ import annotations

from checks import check_select
from corpus import Query
from test_mariadb_encrypt import EncryptLayout, layout  # noqa: F401  (the scenarios' loaded databases)


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


def test_derived_table_filters_on_encrypted_columns_find_the_reference_rows(layout) -> None:  # noqa: F811
    found = 0
    for query in derived_filters(layout):
        outcome = check_select(layout.routed, layout.databases, layout.reference, query)
        found += len(outcome.rows)
    assert found > 0
