"""Python algorithms of every kind driving real routes, their errors, and concurrent use."""

import copy
import itertools
import threading
from typing import Callable, Dict, List

import pytest

import sqlroute

TWO_SOURCES = {"ds_0": {"url": "jdbc:mysql://h/d0"}, "ds_1": {"url": "jdbc:mysql://h/d1"}}


@pytest.fixture
def register():
    """register(kind, type_name, factory), undone after the test."""
    done = []

    def add(kind: str, type_name: str, factory: Callable) -> None:
        sqlroute.register_algorithm(kind, type_name, factory)
        done.append((kind, type_name))

    yield add
    for kind, type_name in done:
        assert sqlroute.unregister_algorithm(kind, type_name)


class SuffixMod:
    """A standard algorithm: value % count picks the target with that suffix."""

    def __init__(self, props: Dict[str, str]) -> None:
        self.count = int(props["count"])
        self.seen: List[sqlroute.ShardingValue] = []

    def do_sharding(self, available_targets: List[str], sharding_value: sqlroute.ShardingValue) -> str:
        self.seen.append(sharding_value)
        suffix = f"_{sharding_value.value % self.count}"
        return next(target for target in available_targets if target.endswith(suffix))

    def do_range_sharding(self, available_targets: List[str], sharding_value: sqlroute.ShardingValue) -> List[str]:
        bounds = sharding_value.value
        assert isinstance(bounds, sqlroute.RangeValue)
        if bounds.lower is None or bounds.upper is None:
            return available_targets
        values = range(bounds.lower + (not bounds.lower_closed), bounds.upper + bounds.upper_closed)
        return [self.do_sharding(available_targets, sqlroute.ShardingValue("", "", v)) for v in values]


def user_table_rules(strategy: Dict, algorithm: Dict, nodes: str = "ds_0.t_user_${0..3}") -> Dict:
    return {
        "dataSources": TWO_SOURCES,
        "rules": {"sharding": {
            "tables": {"t_user": {"actualDataNodes": nodes, "tableStrategy": strategy}},
            "shardingAlgorithms": {"algo": algorithm},
        }},
    }


STANDARD = {"standard": {"shardingColumn": "id", "shardingAlgorithmName": "algo"}}


def test_standard_sharding_algorithm_routes_values_and_ranges(register) -> None:
    register("sharding", "PY_SUFFIX_MOD", SuffixMod)
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "py_suffix_mod", "props": {"count": 4}}))
    assert engine.route("SELECT * FROM t_user WHERE id = ?", [6]).actual_tables == ["t_user_2"]
    assert engine.route("SELECT * FROM t_user WHERE id BETWEEN 5 AND 6").actual_tables == ["t_user_1", "t_user_2"]
    assert engine.route("SELECT * FROM t_user WHERE id > 5").actual_tables == [f"t_user_{i}" for i in range(4)]
    plan = engine.route("SELECT * FROM t_user WHERE id = ?", [6])
    assert "algo" in plan.explain()


def test_sharding_value_shape(register) -> None:
    instances = []

    def factory(props):
        instances.append(SuffixMod(props))
        return instances[-1]

    register("sharding", "PY_RECORDING", factory)
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_RECORDING", "props": {"count": "4"}}))
    engine.route("SELECT * FROM t_user WHERE id = ?", [sqlroute.Long(9)])
    (value,) = instances[0].seen
    assert (value.logic_table, value.column, value.value) == ("t_user", "id", 9)
    assert type(value.value) is sqlroute.Long


def test_complex_sharding_algorithm(register) -> None:
    calls = []

    class ByUserAndOrder:
        def do_complex_sharding(self, available_targets, sharding_value: sqlroute.ComplexShardingValue):
            calls.append(sharding_value)
            total = sum(values[0] for values in sharding_value.values.values())
            return [available_targets[total % len(available_targets)]]

    register("sharding", "PY_COMPLEX", lambda props: ByUserAndOrder())
    strategy = {"complex": {"shardingColumns": "user_id,order_id", "shardingAlgorithmName": "algo"}}
    engine = sqlroute.Engine.from_dict(user_table_rules(strategy, {"type": "PY_COMPLEX"}))
    plan = engine.route("SELECT * FROM t_user WHERE user_id = ? AND order_id = ?", [1, 2])
    assert plan.actual_tables == ["t_user_3"]
    assert calls[0].logic_table == "t_user"
    assert calls[0].values == {"user_id": [1], "order_id": [2]} and calls[0].ranges == {}


def test_hint_sharding_algorithm(register) -> None:
    class HintPick:
        def do_hint_sharding(self, available_targets, sharding_value: sqlroute.HintShardingValue):
            return [t for t in available_targets if int(t[-1]) in sharding_value.values]

    register("sharding", "PY_HINT", lambda props: HintPick())
    engine = sqlroute.Engine.from_dict(user_table_rules({"hint": {"shardingAlgorithmName": "algo"}}, {"type": "PY_HINT"}))
    plan = engine.route("SELECT * FROM t_user", hints=sqlroute.Hints(table_values={"t_user": [1, 3]}))
    assert plan.actual_tables == ["t_user_1", "t_user_3"]


def test_an_object_without_sharding_methods_is_a_config_error(register) -> None:
    register("sharding", "PY_EMPTY", lambda props: object())
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_EMPTY"}))
    assert caught.value.code == "CONFIG_INVALID_VALUE"
    assert caught.value.path.startswith("rules[0].shardingAlgorithms.algo")


def test_factory_errors_are_config_errors_without_secrets(register) -> None:
    def factory(props):
        raise ValueError(f"bad key {props['aes-key-value']}")

    register("sharding", "PY_FAILING_FACTORY", factory)
    algorithm = {"type": "PY_FAILING_FACTORY", "props": {"aes-key-value": "TopSecretKey"}}
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.Engine.from_dict(user_table_rules(STANDARD, algorithm))
    error = caught.value
    assert error.code == "CONFIG_ALGORITHM_PROPS"
    assert error.path.startswith("rules[0].shardingAlgorithms.algo")
    assert "ValueError" in error.message and "TopSecretKey" not in str(error)


def test_callback_exceptions_become_internal_errors(register) -> None:
    class Failing:
        def do_sharding(self, available_targets, sharding_value):
            raise ZeroDivisionError("no shard today")

    register("sharding", "PY_FAILING", lambda props: Failing())
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_FAILING"}))
    with pytest.raises(sqlroute.InternalError) as caught:
        engine.route("SELECT * FROM t_user WHERE id = 1")
    assert caught.value.code == "INTERNAL_ERROR"
    assert "PY_FAILING" in caught.value.message and "ZeroDivisionError: no shard today" in caught.value.message


def test_a_raised_sqlroute_error_keeps_its_code(register) -> None:
    class Strict:
        def do_sharding(self, available_targets, sharding_value):
            raise sqlroute.RouteError("SHARDING_VALUE_INVALID", f"id {sharding_value.value} is reserved")

    register("sharding", "PY_STRICT", lambda props: Strict())
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_STRICT"}))
    with pytest.raises(sqlroute.RouteError) as caught:
        engine.route("SELECT * FROM t_user WHERE id = 0")
    assert caught.value.code == "SHARDING_VALUE_INVALID" and "id 0 is reserved" in caught.value.message


def test_wrong_return_types_are_errors_not_crashes(register) -> None:
    class Confused:
        def do_sharding(self, available_targets, sharding_value):
            return 42

        def do_range_sharding(self, available_targets, sharding_value):
            return "t_user_0"

    register("sharding", "PY_CONFUSED", lambda props: Confused())
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_CONFUSED"}))
    with pytest.raises(sqlroute.Error):
        engine.route("SELECT * FROM t_user WHERE id = 1")
    with pytest.raises(sqlroute.InternalError, match="list of names"):
        engine.route("SELECT * FROM t_user WHERE id > 1")


def test_registration_errors(register) -> None:
    register("sharding", "PY_ONCE", SuffixMod)
    with pytest.raises(sqlroute.ConfigError) as caught:
        sqlroute.register_algorithm("sharding", "py_once", SuffixMod)
    assert caught.value.code == "CONFIG_DUPLICATE_NAME"
    with pytest.raises(sqlroute.ConfigError):
        sqlroute.register_algorithm("sharding", "MOD", SuffixMod)
    with pytest.raises(ValueError, match="unknown algorithm kind"):
        sqlroute.register_algorithm("sharder", "X", SuffixMod)
    with pytest.raises(TypeError):
        sqlroute.register_algorithm("sharding", "PY_NOT_CALLABLE", 3)
    assert "PY_ONCE" in sqlroute.algorithm_types("sharding")
    assert not sqlroute.unregister_algorithm("sharding", "MOD")
    assert not sqlroute.unregister_algorithm("sharding", "PY_NEVER_REGISTERED")


def test_loaded_rules_keep_an_unregistered_algorithm() -> None:
    sqlroute.register_algorithm("sharding", "PY_SHORT_LIVED", SuffixMod)
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_SHORT_LIVED", "props": {"count": 4}}))
    assert sqlroute.unregister_algorithm("sharding", "PY_SHORT_LIVED")
    assert engine.route("SELECT * FROM t_user WHERE id = 3").actual_tables == ["t_user_3"]
    with pytest.raises(sqlroute.ConfigError, match="unknown sharding algorithm type"):
        sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_SHORT_LIVED", "props": {"count": 4}}))


def test_concurrent_routing_through_a_python_algorithm(register) -> None:
    register("sharding", "PY_THREADED", SuffixMod)
    engine = sqlroute.Engine.from_dict(user_table_rules(STANDARD, {"type": "PY_THREADED", "props": {"count": 4}}))
    results: Dict[int, List[str]] = {}

    def route(worker: int) -> None:
        results[worker] = [engine.route("SELECT * FROM t_user WHERE id = ?", [i]).actual_tables[0]
                           for i in range(worker, worker + 400)]

    threads = [threading.Thread(target=route, args=(worker,)) for worker in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for worker, tables in results.items():
        assert tables == [f"t_user_{i % 4}" for i in range(worker, worker + 400)]


def test_key_generator_values_appear_in_insert_rewrites(register) -> None:
    class Sequence:
        def __init__(self, props):
            self.next = itertools.count(int(props["start"]))

        def generate(self):
            return next(self.next)

    register("key_generator", "PY_SEQUENCE", Sequence)
    rules = user_table_rules(STANDARD, {"type": "MOD", "props": {"sharding-count": 4}})
    sharding = rules["rules"]["sharding"]
    sharding["tables"]["t_user"]["keyGenerateStrategy"] = {"column": "id", "keyGeneratorName": "seq"}
    sharding["keyGenerators"] = {"seq": {"type": "PY_SEQUENCE", "props": {"start": 100}}}
    engine = sqlroute.Engine.from_dict(rules)
    plan = engine.route("INSERT INTO t_user (name) VALUES (?), (?)", ["a", "b"])
    assert [(u.sql, u.params) for u in plan.units] == [
        ("INSERT INTO t_user_0 (name, id) VALUES (?, ?)", ["a", 100]),
        ("INSERT INTO t_user_1 (name, id) VALUES (?, ?)", ["b", 101]),
    ]
    assert plan.generated_keys == [100, 101]
    assert engine.route("INSERT INTO t_user (id, name) VALUES (7, 'c')").generated_keys == []


class Reverse:
    """A toy reversible encryptor."""

    def __init__(self, props):
        self.prefix = props.get("prefix", "")

    def encrypt(self, value):
        return self.prefix + str(value)[::-1]

    def decrypt(self, value):
        return value[len(self.prefix):][::-1]


ENCRYPT_RULES = {
    "dataSources": {"ds": {"url": "jdbc:mysql://h/d"}},
    "rules": {"encrypt": {
        "tables": {"t_user": {"columns": {"password": {"cipher": {"name": "password_cipher",
                                                                   "encryptorName": "rev"}}}}},
        "encryptors": {"rev": {"type": "PY_REVERSE", "props": {"prefix": "x:", "aes-key-value": "KeyNeverShown"}}},
    }},
}


def test_encryptor_in_predicates_inserts_and_decryption(register) -> None:
    register("encryptor", "PY_REVERSE", Reverse)
    engine = sqlroute.Engine.from_dict(ENCRYPT_RULES)
    plan = engine.route("SELECT password FROM t_user WHERE password = ?", ["abc"])
    assert plan.units[0].sql == "SELECT `password_cipher` AS password FROM t_user WHERE `password_cipher` = ?"
    assert plan.units[0].params == ["x:cba"]
    insert = engine.route("INSERT INTO t_user (id, password) VALUES (1, 'secret')")
    assert "'x:terces'" in insert.units[0].sql
    assert engine.decrypt("rev", "x:cba") == "abc"
    assert plan.decrypt_row(["password"], ["x:cba"]) == ["abc"]
    assert engine.route("SELECT id FROM t_user WHERE password IS NULL").units[0].params == []
    assert "KeyNeverShown" not in engine.export_yaml()


def test_encryptor_without_decrypt_serves_an_assisted_query_but_never_a_cipher(register) -> None:
    class OneWay:
        def encrypt(self, value):
            return f"h{len(str(value))}"

    register("encryptor", "PY_REVERSE", Reverse)
    register("encryptor", "PY_ONE_WAY", lambda props: OneWay())
    rules = copy.deepcopy(ENCRYPT_RULES)
    encrypt = rules["rules"]["encrypt"]
    encrypt["encryptors"]["digest"] = {"type": "PY_ONE_WAY"}
    encrypt["tables"]["t_user"]["columns"]["password"]["assistedQuery"] = {"name": "password_assisted",
                                                                          "encryptorName": "digest"}
    engine = sqlroute.Engine.from_dict(rules)
    assert engine.route("SELECT id FROM t_user WHERE password = ?", ["abc"]).units[0].params == ["h3"]
    with pytest.raises(sqlroute.Error) as caught:
        engine.decrypt("digest", "h3")
    assert caught.value.code == "DECRYPT_FAILED"
    # As ShardingSphere's EncryptRule.checkEncryptorType: a cipher must decrypt.
    encrypt["tables"]["t_user"]["columns"]["password"]["cipher"]["encryptorName"] = "digest"
    with pytest.raises(sqlroute.ConfigError) as refused:
        sqlroute.Engine.from_dict(rules)
    assert refused.value.code == "CONFIG_ENCRYPTOR_MISMATCH"
    assert "'Cipher' column's encrypt algorithm 'digest' should support decrypt." in str(refused.value)
    assert "password.cipher.encryptorName" in str(refused.value)


def readwrite_rules(balancer: Dict, strategy: str = "DYNAMIC") -> Dict:
    return {
        "dataSources": {name: {"url": f"jdbc:mysql://h/{name}"} for name in ("primary", "replica_0", "replica_1")},
        "rules": {"readwrite_splitting": {
            "dataSourceGroups": {"rw": {"writeDataSourceName": "primary",
                                        "readDataSourceNames": ["replica_0", "replica_1"],
                                        "transactionalReadQueryStrategy": strategy,
                                        "loadBalancerName": "lb"}},
            "loadBalancers": {"lb": balancer},
        }},
    }


def test_load_balancer_chooses_replicas(register) -> None:
    calls = []

    class Last:
        def choose(self, group, read_data_sources):
            calls.append((group, read_data_sources))
            return read_data_sources[-1]

    register("load_balancer", "PY_LAST", lambda props: Last())
    engine = sqlroute.Engine.from_dict(readwrite_rules({"type": "PY_LAST"}))
    assert engine.route("SELECT * FROM t").units[0].data_source == "replica_1"
    assert engine.route("UPDATE t SET a = 1").units[0].data_source == "primary"
    assert calls == [("rw", ["replica_0", "replica_1"])]


def test_load_balancer_must_choose_a_replica(register) -> None:
    register("load_balancer", "PY_ROGUE", lambda props: type("Rogue", (), {"choose": lambda self, g, r: "elsewhere"})())
    engine = sqlroute.Engine.from_dict(readwrite_rules({"type": "PY_ROGUE"}))
    with pytest.raises(sqlroute.InternalError, match="not one of"):
        engine.route("SELECT * FROM t")


SHADOW_RULES = {
    "dataSources": {"ds": {"url": "jdbc:mysql://h/prod"}, "ds_shadow": {"url": "jdbc:mysql://h/shadow"}},
    "rules": {"shadow": {
        "dataSources": {"shadow_group": {"productionDataSourceName": "ds", "shadowDataSourceName": "ds_shadow"}},
        "tables": {"t_user": {"dataSourceNames": ["shadow_group"], "shadowAlgorithmNames": ["test_users", "flag"]}},
        "shadowAlgorithms": {"test_users": {"type": "PY_TEST_USER"}, "flag": {"type": "PY_FLAG"}},
    }},
}


def test_shadow_column_and_hint_algorithms(register) -> None:
    seen = []

    class TestUsers:
        column = "user_id"
        operation = "insert"

        def is_shadow(self, shadow_value: sqlroute.ShadowValue) -> bool:
            seen.append(shadow_value)
            return shadow_value.values[0] >= 9000

    class Flag:
        def is_shadow(self, shadow_value: sqlroute.ShadowValue) -> bool:
            return shadow_value.shadow_hint or shadow_value.hints.get("test") == "yes"

    register("shadow", "PY_TEST_USER", lambda props: TestUsers())
    register("shadow", "PY_FLAG", lambda props: Flag())
    engine = sqlroute.Engine.from_dict(SHADOW_RULES)
    insert = "INSERT INTO t_user (user_id, name) VALUES (?, ?)"
    assert engine.route(insert, [9001, "x"]).units[0].data_source == "ds_shadow"
    assert engine.route(insert, [1, "x"]).units[0].data_source == "ds"
    assert (seen[0].operation, seen[0].table, seen[0].column, seen[0].values) == ("insert", "t_user", "user_id", [9001])
    select = "SELECT * FROM t_user WHERE user_id = 1"
    assert engine.route(select).units[0].data_source == "ds"
    assert engine.route(select, hints=sqlroute.Hints(shadow=True)).units[0].data_source == "ds_shadow"


def test_shadow_column_algorithm_needs_an_operation(register) -> None:
    register("shadow", "PY_TEST_USER", lambda props: type("NoOp", (), {"column": "user_id",
                                                                       "is_shadow": lambda self, v: True})())
    register("shadow", "PY_FLAG", lambda props: type("Flag", (), {"is_shadow": lambda self, v: False})())
    with pytest.raises(sqlroute.ConfigError, match="operation"):
        sqlroute.Engine.from_dict(SHADOW_RULES)


def test_auditor_rejects_statements_without_sharding_conditions(register) -> None:
    audits = []

    class NeedsCondition:
        def check(self, audit_value: sqlroute.AuditValue):
            audits.append(audit_value)
            if audit_value.statement_kind == "DELETE" and not audit_value.has_sharding_conditions:
                return "DELETE without a sharding condition"
            return None

    register("auditor", "PY_AUDIT", lambda props: NeedsCondition())
    rules = user_table_rules(STANDARD, {"type": "MOD", "props": {"sharding-count": 4}})
    sharding = rules["rules"]["sharding"]
    sharding["tables"]["t_user"]["auditStrategy"] = {"auditorNames": ["audit"], "allowHintDisable": True}
    sharding["auditors"] = {"audit": {"type": "PY_AUDIT"}}
    engine = sqlroute.Engine.from_dict(rules)
    assert engine.route("DELETE FROM t_user WHERE id = 1").units
    with pytest.raises(sqlroute.RouteError) as caught:
        engine.route("DELETE FROM t_user")
    assert caught.value.code == "AUDIT_FAILED" and "without a sharding condition" in caught.value.message
    assert engine.route("DELETE FROM t_user", hints={"disable_audit_names": ["audit"]}).units
    assert audits[0] == sqlroute.AuditValue("DELETE", ["t_user"], True)
