"""The other rules' SHOW statements answer with ShardingSphere-Proxy's columns
(ShowReadwriteSplittingRuleExecutor, ShowEncryptRuleExecutor, ShowBroadcastTableRuleExecutor),
secret props masked."""

from __future__ import annotations

import shutil

from proxy_process import ProxyProcess

ENCRYPT_YAML = """\
databaseName: encrypt_db
dataSources:
  ds: {{url: "jdbc:mysql://127.0.0.1:{port0}/demo_ds_0", username: root, password: ""}}
rules:
- !ENCRYPT
  tables:
    t_user:
      columns:
        pwd:
          cipher: {{name: pwd_cipher, encryptorName: aes}}
          assistedQuery: {{name: pwd_assisted, encryptorName: md5}}
        phone:
          cipher: {{name: phone_cipher, encryptorName: aes}}
  encryptors:
    aes: {{type: AES, props: {{aes-key-value: KeyNeverShown123, digest-algorithm-name: SHA-1}}}}
    md5: {{type: MD5}}
"""


def rows(connection, sql):
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return [column[0] for column in cursor.description], [list(row) for row in cursor.fetchall()]


def test_show_readwrite_splitting_rules(proxy):
    with proxy.connect(database="readwrite_db") as connection:
        columns, found = rows(connection, "SHOW READWRITE_SPLITTING RULES")
        assert columns == ["name", "write_storage_unit_name", "read_storage_unit_names",
                           "transactional_read_query_strategy", "load_balancer_type", "load_balancer_props"]
        assert found == [["readwrite_ds", "write_ds", "read_ds", "PRIMARY", "RANDOM", ""]]
        assert rows(connection, "SHOW READWRITE_SPLITTING RULE other_ds")[1] == []


def test_show_broadcast_table_rules(proxy):
    with proxy.connect() as connection:
        columns, found = rows(connection, "SHOW BROADCAST TABLE RULES")
    assert columns == ["broadcast_table"] and found == [["t_config"], ["t_doc"]]


def test_show_encrypt_rules_masks_keys(storage_servers):
    process = ProxyProcess.configured(
        storage_servers, files={"database-encrypt.yaml": ENCRYPT_YAML.format(port0=storage_servers[0].port)})
    try:
        with process.connect(database="encrypt_db") as connection:
            columns, found = rows(connection, "SHOW ENCRYPT RULES")
            only = rows(connection, "SHOW ENCRYPT RULES FROM encrypt_db")[1]
            one_table = rows(connection, "SHOW ENCRYPT RULE t_user")[1]
    finally:
        process.stop()
        shutil.rmtree(process.conf_dir, ignore_errors=True)
    assert columns == ["table", "logic_column", "cipher_column", "assisted_query_column", "like_query_column",
                       "encryptor_type", "encryptor_props", "assisted_query_type", "assisted_query_props",
                       "like_query_type", "like_query_props"]
    assert found == [
        ["t_user", "pwd", "pwd_cipher", "pwd_assisted", "", "AES",
         '{"aes-key-value":"******","digest-algorithm-name":"SHA-1"}', "MD5", "", "", ""],
        ["t_user", "phone", "phone_cipher", "", "", "AES",
         '{"aes-key-value":"******","digest-algorithm-name":"SHA-1"}', "", "", "", ""],
    ]
    assert only == found and one_table == found
    assert "KeyNeverShown123" not in repr(found)
