// RuleSet::WithDiscoveredMetadata: the storage units' tables folded as ShardingSphere folds them.
#include <gtest/gtest.h>
#include <sqlroute/sqlroute.h>

namespace sqlroute {
namespace {

// Sharding over a read/write group (read from its write data source), encryption of t_user, and
// every other table a single table (`*.*`).
constexpr const char* kRules = R"(
databaseName: logic_db
dataSources:
  db_0: {url: "jdbc:mysql://127.0.0.1:3306/db_0"}
  db_0_replica: {url: "jdbc:mysql://127.0.0.1:3306/db_0_replica"}
  db_1: {url: "jdbc:mysql://127.0.0.1:3306/db_1"}
rules:
- !READWRITE_SPLITTING
  dataSourceGroups:
    rw_0: {writeDataSourceName: db_0, readDataSourceNames: [db_0_replica]}
- !SHARDING
  tables:
    t_order:
      actualDataNodes: rw_0.t_order_${0..1},db_1.t_order_${0..1}
      tableStrategy:
        standard: {shardingColumn: order_id, shardingAlgorithmName: t_order_mod}
  defaultDatabaseStrategy:
    standard: {shardingColumn: user_id, shardingAlgorithmName: db_mod}
  shardingAlgorithms:
    t_order_mod: {type: INLINE, props: {algorithm-expression: "t_order_${order_id % 2}"}}
    db_mod: {type: INLINE, props: {algorithm-expression: "${user_id % 2 == 0 ? 'rw_0' : 'db_1'}"}}
- !ENCRYPT
  tables:
    t_user:
      columns:
        pwd:
          cipher: {name: pwd_cipher, encryptorName: aes}
          assistedQuery: {name: pwd_assisted, encryptorName: md5}
  encryptors:
    aes: {type: AES, props: {aes-key-value: 123456abc, digest-algorithm-name: SHA-1}}
    md5: {type: MD5}
- !SINGLE
  tables: ["*.*"]
)";

// What each storage unit holds: db_0 (the group's write data source) and db_1.
constexpr const char* kStorageUnits = R"({
  "db_0": {
    "t_order_0": {"columns": [{"name": "order_id", "primaryKey": true}, "user_id", {"name": "note", "visible": false}],
                  "indexes": [{"name": "idx_user_t_order_0", "columns": ["user_id"]}],
                  "constraints": [{"name": "fk_user_t_order_0", "referencedTable": "t_user"}]},
    "t_order_1": {"columns": ["order_id", "user_id", "note"]},
    "t_user": {"columns": ["user_id", "pwd_cipher", "pwd_assisted", "name"],
               "indexes": [{"name": "idx_pwd", "columns": ["pwd_assisted", "pwd_cipher"]}]},
    "t_config": {"columns": ["k", "v"]}
  },
  "db_1": {
    "t_order_0": {"columns": ["order_id", "user_id", "note"]},
    "t_order_1": {"columns": ["order_id", "user_id", "note"]},
    "t_log": {"columns": [{"name": "id", "autoIncrement": true, "primaryKey": true}, "line"]}
  }
})";

TEST(DiscoveredMetadata, ReadsTheWriteDataSourceOfAGroup) {
  auto rules = RuleSet::FromYamlString(kRules);
  EXPECT_EQ(rules->MetadataStorageUnits(), (std::vector<std::string>{"db_0", "db_1"}));
}

TEST(DiscoveredMetadata, FoldsActualTablesSingleTablesAndEncryptedColumns) {
  auto discovered = RuleSet::FromYamlString(kRules)->WithDiscoveredMetadata(kStorageUnits);
  // Written out and read back as hand-written metadata, it is the same rule set.
  auto written = RuleSet::FromYamlString(kRules)->WithMetadata(R"(
t_order:
  columns: [{name: order_id, primaryKey: true}, user_id, {name: note, visible: false}]
  indexes: [{name: idx_user, columns: [user_id]}]
  constraints: [{name: fk_user, referencedTable: t_user}]
t_user:
  columns: [user_id, pwd, name]
  indexes: [{name: idx_pwd, columns: [pwd]}]
  dataSource: rw_0
t_config: {columns: [k, v], dataSource: rw_0}
t_log: {columns: [{name: id, autoIncrement: true, primaryKey: true}, line], dataSource: db_1}
)");
  EXPECT_EQ(discovered->ExportMetadataYaml(), written->ExportMetadataYaml());
}

TEST(DiscoveredMetadata, RoutesWithTheFoldedMetadata) {
  Engine engine(RuleSet::FromYamlString(kRules)->WithDiscoveredMetadata(kStorageUnits));
  Plan single = engine.Route("SELECT * FROM t_log", {});
  ASSERT_EQ(single.units.size(), 1u);
  EXPECT_EQ(single.units[0].data_source, "db_1");
  Plan insert = engine.Route("INSERT INTO t_order VALUES (1, 3)", {});  // the invisible note takes no value
  ASSERT_EQ(insert.units.size(), 1u);
  EXPECT_EQ(insert.units[0].data_source, "db_1");
  EXPECT_EQ(insert.units[0].sql, "INSERT INTO t_order_1 VALUES (1, 3)");
}

TEST(DiscoveredMetadata, AMissingStorageUnitKeepsNothing) {
  auto rules = RuleSet::FromYamlString(kRules);
  try {
    rules->WithDiscoveredMetadata(R"({"db_0": {}})");
    FAIL() << "expected METADATA_LOAD_FAILED";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::METADATA_LOAD_FAILED);
    EXPECT_NE(std::string(error.what()).find("db_1"), std::string::npos) << error.what();
  }
  EXPECT_EQ(rules->ExportMetadataYaml().find("t_order"), std::string::npos);
}

}  // namespace
}  // namespace sqlroute
