"""Engine constructors and live-rule operations: DistSQL, dicts, metadata, export, decryption."""

import threading

import pytest

import sqlroute
from conftest import EXAMPLE_RULES, GOLDEN_DIR

DISTSQL = """
REGISTER STORAGE UNIT ds_0 (HOST="h", PORT=3306, DB="d0", USER="u", PASSWORD="pw-SECRET-1"),
  ds_1 (HOST="h", PORT=3306, DB="d1", USER="u", PASSWORD="pw-SECRET-1");
CREATE SHARDING TABLE RULE t_user (STORAGE_UNITS(ds_0, ds_1), SHARDING_COLUMN=id,
  TYPE(NAME="MOD", PROPERTIES("sharding-count"=4)));
"""

SHARDING_BODY = {
    "autoTables": {
        "t_user": {
            "actualDataSources": "ds_${0..3}",
            "shardingStrategy": {"standard": {"shardingColumn": "id", "shardingAlgorithmName": "t_user_mod"}},
        }
    },
    "shardingAlgorithms": {"t_user_mod": {"type": "MOD", "props": {"sharding-count": 10}}},
}
DATA_SOURCES = {f"ds_{i}": {"url": f"jdbc:mysql://127.0.0.1:1330{6 + i}/sbtest", "username": "test",
                            "password": "test"} for i in range(4)}
ENCRYPT_RULES = GOLDEN_DIR / "rules" / "encrypt.yaml"


def test_from_distsql_routes_the_auto_table() -> None:
    engine = sqlroute.Engine.from_distsql(DISTSQL)
    assert engine.data_source_names == ["ds_0", "ds_1"]
    assert engine.route("SELECT * FROM t_user WHERE id = ?", [5]).preview() == [
        ("ds_1", "SELECT * FROM t_user_1 WHERE id = ?")]


def test_from_distsql_error_has_a_position() -> None:
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_distsql("CREATE SHARDING TABLE RULE t_user (")
    assert caught.value.code == "CONFIG_DISTSQL_SYNTAX"
    assert caught.value.where is not None


@pytest.mark.parametrize("rules", [[{"!SHARDING": SHARDING_BODY}], {"sharding": SHARDING_BODY}],
                         ids=["tagged-list", "named-mapping"])
def test_from_dict_matches_the_yaml_file(rules) -> None:
    engine = sqlroute.Engine.from_dict({"databaseName": "sharding_db", "dataSources": DATA_SOURCES, "rules": rules})
    expected = sqlroute.Engine.from_yaml(EXAMPLE_RULES)
    assert engine.export_yaml() == expected.export_yaml()
    assert engine.route("SELECT * FROM t_user WHERE id = ?", [7]).units == expected.route(
        "SELECT * FROM t_user WHERE id = ?", [7]).units


def test_from_dict_errors_keep_the_yaml_path() -> None:
    body = {**SHARDING_BODY, "shardingAlgorithms": {"t_user_mod": {"type": "NO_SUCH_TYPE"}}}
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_dict({"dataSources": DATA_SOURCES, "rules": {"sharding": body}})
    assert caught.value.code == "CONFIG_UNKNOWN_ALGORITHM"
    assert caught.value.path.startswith("rules[0].shardingAlgorithms.t_user_mod")


def test_from_dict_rejects_unknown_rules_and_bad_shapes() -> None:
    with pytest.raises(ValueError, match="unknown rule 'sharding_rule'"):
        sqlroute.Engine.from_dict({"rules": {"sharding_rule": {}}})
    with pytest.raises(ValueError, match="one key"):
        sqlroute.Engine.from_dict({"rules": [{"!SHARDING": {}, "!ENCRYPT": {}}]})
    with pytest.raises(TypeError):
        sqlroute.Engine.from_dict({"rules": {"sharding": {"x": object()}}})


def test_apply_distsql_swaps_the_rules_and_keeps_them_on_error() -> None:
    engine = sqlroute.Engine.from_distsql(DISTSQL)
    version = engine.rules_version
    engine.apply_distsql('CREATE BROADCAST TABLE RULE t_dict;')
    assert engine.rules_version != version
    assert engine.route("SELECT * FROM t_dict").route_type == "Broadcast"
    exported = engine.export_yaml()
    with pytest.raises(sqlroute.ConfigError):
        engine.apply_distsql("DROP SHARDING TABLE RULE t_missing;")
    assert engine.export_yaml() == exported


def test_apply_distsql_while_other_threads_route() -> None:
    engine = sqlroute.Engine.from_distsql(DISTSQL)
    failures = []

    def route() -> None:
        for _ in range(300):
            plan = engine.route("SELECT * FROM t_user WHERE id = ?", [5])
            if plan.units[0].data_source != "ds_1":
                failures.append(plan)

    threads = [threading.Thread(target=route) for _ in range(3)]
    for thread in threads:
        thread.start()
    for index in range(20):
        engine.apply_distsql(f"CREATE BROADCAST TABLE RULE t_b{index};")
    for thread in threads:
        thread.join()
    assert failures == []


def test_with_metadata_expands_star_and_keeps_the_original() -> None:
    engine = sqlroute.Engine.from_yaml(EXAMPLE_RULES)
    described = engine.with_metadata({"t_user": ["id", "name", "age"]})
    plan = described.route("INSERT INTO t_user VALUES (?, ?, ?)", [7, "a", 3])
    assert plan.units[0].data_source == "ds_3"
    assert sqlroute.Engine.from_yaml(EXAMPLE_RULES, metadata="t_user: [id, name]").export_yaml() != engine.export_yaml()
    assert "metadata" not in engine.export_yaml()
    assert "t_user: [id, name, age]" in described.export_yaml()


def test_with_metadata_rejects_other_types() -> None:
    with pytest.raises(TypeError):
        sqlroute.Engine.from_yaml(EXAMPLE_RULES).with_metadata(["id"])


def test_export_masks_secrets_unless_asked(secret_engine) -> None:
    from conftest import SECRET

    assert SECRET not in secret_engine.export_yaml()
    assert SECRET in secret_engine.export_yaml(include_secrets=True)
    assert SECRET not in repr(secret_engine)
    reloaded = sqlroute.Engine.from_yaml_string(secret_engine.export_yaml(include_secrets=True))
    assert reloaded.export_yaml() == secret_engine.export_yaml()


def test_distsql_passwords_stay_out_of_reprs_and_exports() -> None:
    engine = sqlroute.Engine.from_distsql(DISTSQL)
    assert "pw-SECRET-1" not in repr(engine) + engine.export_yaml()


def test_decrypt_and_decrypt_row_give_the_logical_values() -> None:
    engine = sqlroute.Engine.from_yaml(ENCRYPT_RULES)
    insert = engine.route("INSERT INTO t_user (user_id, password, amount) VALUES (?, ?, ?)", [1, "pw", 30])
    cipher_password, cipher_amount = insert.units[0].params[1], insert.units[0].params[4]
    assert cipher_password != "pw"
    assert engine.decrypt("aes_encryptor", cipher_password) == "pw"
    assert engine.decrypt("aes_encryptor", None) is None
    plan = engine.route("SELECT user_id, password AS p, amount FROM t_user WHERE user_id = 1")
    assert [(c.label, c.logic_column, c.encryptor) for c in plan.decrypt_columns] == [
        ("p", "password", "aes_encryptor"), ("amount", "amount", "aes_encryptor")]
    assert plan.decrypt_row(["user_id", "p", "amount"], [1, cipher_password, cipher_amount]) == [1, "pw", "30"]


def test_decrypt_errors() -> None:
    engine = sqlroute.Engine.from_yaml(ENCRYPT_RULES)
    with pytest.raises(sqlroute.Error) as caught:
        engine.decrypt("md5_encryptor", "abc")
    assert caught.value.code == "DECRYPT_FAILED"
    with pytest.raises(sqlroute.ConfigError):
        engine.decrypt("no_such_encryptor", "abc")
    with pytest.raises(sqlroute.Error) as caught:
        engine.decrypt("aes_encryptor", "not base64 ciphertext")
    assert "123456abc" not in str(caught.value)


def test_route_rejects_a_foreign_session(engine) -> None:
    with pytest.raises(TypeError, match="sqlroute.Session"):
        engine.route("SELECT 1", session={"in_transaction": True})
