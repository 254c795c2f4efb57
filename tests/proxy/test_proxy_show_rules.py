"""The other rules' SHOW statements answer with ShardingSphere-Proxy's columns
(ShowReadwriteSplittingRuleExecutor, ShowEncryptRuleExecutor, ShowBroadcastTableRuleExecutor, the
sharding executors of algorithms, key generators, default strategy, table nodes and reference
rules, the shadow, mask and single executors), secret props masked."""

from __future__ import annotations

import pytest

from proxy_process import ProxyProcess
from schema import data_sources_yaml

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
    files = {"database-encrypt.yaml": ENCRYPT_YAML.format(port0=storage_servers[0].port)}
    with ProxyProcess.running(storage_servers, files=files) as process:
        with process.connect(database="encrypt_db") as connection:
            columns, found = rows(connection, "SHOW ENCRYPT RULES")
            only = rows(connection, "SHOW ENCRYPT RULES FROM encrypt_db")[1]
            one_table = rows(connection, "SHOW ENCRYPT RULE t_user")[1]
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


SHOW_YAML = """\
databaseName: show_db
{data_sources}rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${{0..1}}.t_order_${{0..1}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: order_inline}}}}
      keyGenerateStrategy: {{column: order_id, keyGeneratorName: snowflake}}
    t_order_item:
      actualDataNodes: ds_${{0..1}}.t_order_item_${{0..1}}
      tableStrategy: {{standard: {{shardingColumn: order_id, shardingAlgorithmName: item_inline}}}}
  autoTables:
    t_auto:
      actualDataSources: ds_0,ds_1
      shardingStrategy: {{standard: {{shardingColumn: id, shardingAlgorithmName: auto_mod}}}}
  bindingTables: ["ref_0:t_order,t_order_item"]
  defaultDatabaseStrategy: {{standard: {{shardingColumn: user_id, shardingAlgorithmName: database_inline}}}}
  defaultTableStrategy: {{none: }}
  shardingAlgorithms:
    database_inline: {{type: INLINE, props: {{algorithm-expression: "ds_${{user_id % 2}}"}}}}
    order_inline: {{type: INLINE, props: {{algorithm-expression: "t_order_${{order_id % 2}}"}}}}
    item_inline: {{type: INLINE, props: {{algorithm-expression: "t_order_item_${{order_id % 2}}"}}}}
    auto_mod: {{type: MOD, props: {{sharding-count: 4}}}}
  keyGenerators:
    snowflake: {{type: SNOWFLAKE}}
    uuid: {{type: UUID}}
- !SHADOW
  dataSources:
    shadow_group: {{productionDataSourceName: ds_0, shadowDataSourceName: shadow_ds}}
  tables:
    t_user:
      dataSourceNames: [shadow_group]
      shadowAlgorithmNames: [user_id_match, sql_hint]
  defaultShadowAlgorithmName: sql_hint
  shadowAlgorithms:
    user_id_match: {{type: VALUE_MATCH, props: {{operation: insert, column: user_id, value: 1}}}}
    sql_hint: {{type: SQL_HINT}}
- !SINGLE
  tables: ["ds_0.*"]
  defaultDataSource: ds_1
"""


@pytest.fixture(scope="module")
def show_proxy(storage_servers):
    schemas = {"ds_0": (0, "show_ds_0"), "ds_1": (1, "show_ds_1"), "shadow_ds": (1, "show_shadow")}
    for index, name in schemas.values():
        with storage_servers[index].connect() as connection, connection.cursor() as cursor:
            cursor.execute(f"CREATE DATABASE {name}")
    with storage_servers[0].connect("show_ds_0") as connection, connection.cursor() as cursor:
        cursor.execute("CREATE TABLE t_single (id INT PRIMARY KEY)")
        cursor.execute("CREATE TABLE t_user (user_id INT PRIMARY KEY)")
    sources = data_sources_yaml({source: (storage_servers[index].port, name)
                                 for source, (index, name) in schemas.items()})
    try:
        with ProxyProcess.running(storage_servers,
                                  files={"database-show.yaml": SHOW_YAML.format(data_sources=sources)}) as process:
            with process.connect(database="show_db") as connection:
                yield connection
    finally:
        for index, name in schemas.values():
            with storage_servers[index].connect() as connection, connection.cursor() as cursor:
                cursor.execute(f"DROP DATABASE {name}")


def test_show_sharding_algorithms_and_key_generators(show_proxy):
    columns, found = rows(show_proxy, "SHOW SHARDING ALGORITHMS")
    assert columns == ["name", "type", "props"]
    assert found == [["database_inline", "INLINE", '{"algorithm-expression":"ds_${user_id % 2}"}'],
                     ["order_inline", "INLINE", '{"algorithm-expression":"t_order_${order_id % 2}"}'],
                     ["item_inline", "INLINE", '{"algorithm-expression":"t_order_item_${order_id % 2}"}'],
                     ["auto_mod", "MOD", '{"sharding-count":"4"}']]
    assert rows(show_proxy, "SHOW SHARDING KEY GENERATORS") == (
        ["name", "type", "props"], [["snowflake", "SNOWFLAKE", ""], ["uuid", "UUID", ""]])
    assert rows(show_proxy, "SHOW SHARDING KEY GENERATOR uuid FROM show_db")[1] == [["uuid", "UUID", ""]]


def test_show_default_sharding_strategy(show_proxy):
    columns, found = rows(show_proxy, "SHOW DEFAULT SHARDING STRATEGY")
    assert columns == ["name", "type", "sharding_column", "sharding_algorithm_name", "sharding_algorithm_type",
                       "sharding_algorithm_props"]
    assert found == [["TABLE", "NONE", "", "", "", ""],
                     ["DATABASE", "STANDARD", "user_id", "database_inline", "INLINE",
                      '{"algorithm-expression":"ds_${user_id % 2}"}']]


def test_show_sharding_table_nodes(show_proxy):
    columns, found = rows(show_proxy, "SHOW SHARDING TABLE NODES")
    assert columns == ["name", "nodes"]
    assert found == [["t_order", "ds_0.t_order_0, ds_0.t_order_1, ds_1.t_order_0, ds_1.t_order_1"],
                     ["t_order_item", "ds_0.t_order_item_0, ds_0.t_order_item_1, ds_1.t_order_item_0, "
                                      "ds_1.t_order_item_1"],
                     ["t_auto", "ds_0.t_auto_0, ds_1.t_auto_1, ds_0.t_auto_2, ds_1.t_auto_3"]]
    assert rows(show_proxy, "SHOW SHARDING TABLE NODES t_auto")[1] == [found[2]]


def test_show_sharding_table_reference_rules(show_proxy):
    assert rows(show_proxy, "SHOW SHARDING TABLE REFERENCE RULES") == (
        ["name", "sharding_table_reference"], [["ref_0", "t_order,t_order_item"]])
    assert rows(show_proxy, "SHOW SHARDING TABLE REFERENCE RULE ref_1")[1] == []
    assert rows(show_proxy, "SHOW SHARDING BINDING TABLE RULES") == (
        ["sharding_binding_tables"], [["t_order,t_order_item"]])


def test_show_shadow_rules_tables_and_algorithms(show_proxy):
    columns, found = rows(show_proxy, "SHOW SHADOW RULES")
    assert columns == ["shadow_table", "rule_name", "source_name", "shadow_name", "algorithm_type", "algorithm_props"]
    assert found == [["t_user", "shadow_group", "ds_0", "shadow_ds", "VALUE_MATCH",
                      '{"column":"user_id","operation":"insert","value":"1"}'],
                     ["t_user", "shadow_group", "ds_0", "shadow_ds", "SQL_HINT", ""]]
    assert rows(show_proxy, "SHOW SHADOW RULE other_group")[1] == []
    assert rows(show_proxy, "SHOW SHADOW TABLE RULES") == (
        ["shadow_table", "shadow_algorithm_name"], [["t_user", "user_id_match,sql_hint"]])
    assert rows(show_proxy, "SHOW SHADOW ALGORITHMS") == (
        ["shadow_algorithm_name", "type", "props", "is_default"],
        [["user_id_match", "VALUE_MATCH", '{"column":"user_id","operation":"insert","value":"1"}', "false"],
         ["sql_hint", "SQL_HINT", "", "true"]])
    assert rows(show_proxy, "SHOW DEFAULT SHADOW ALGORITHM") == (
        ["shadow_algorithm_name", "type", "props"], [["sql_hint", "SQL_HINT", ""]])


def test_show_single_tables_and_default_storage_unit(show_proxy):
    assert rows(show_proxy, "SHOW SINGLE TABLES") == (
        ["table_name", "storage_unit_name"], [["t_single", "ds_0"], ["t_user", "ds_0"]])
    assert rows(show_proxy, "SHOW SINGLE TABLE t_user")[1] == [["t_user", "ds_0"]]
    assert rows(show_proxy, "SHOW SINGLE TABLES LIKE 'T\\_S%'")[1] == [["t_single", "ds_0"]]
    assert rows(show_proxy, "SHOW DEFAULT SINGLE TABLE STORAGE UNIT") == (["storage_unit_name"], [["ds_1"]])


def test_show_mask_rules_has_the_columns_and_no_rule(show_proxy):
    assert rows(show_proxy, "SHOW MASK RULES") == (["table", "column", "algorithm_type", "algorithm_props"], [])
