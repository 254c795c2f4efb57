// YAML and DistSQL loading beyond the golden files: ShardingSphere's documented examples, the seed
// document's DistSQL, struct-level round trips, secrets and metadata.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "config/distsql.h"
#include "config/metadata_loader.h"
#include "config/rule_config_equality.h"
#include "config/yaml_loader.h"
#include "sqlroute/error.h"
#include "support/shared_data.h"

namespace sqlroute::config {
namespace {

// The YAML examples of ShardingSphere's rule documentation (yaml-config/rules: sharding,
// readwrite-splitting, encrypt, shadow, single), together in one file. The sharding example writes
// `${...}` unquoted inside flow maps and `t_order_item_inline:{` without a space, which no YAML
// parser accepts (SnakeYAML neither); those three algorithm lines are quoted / spaced here.
const char kDocumentedExamples[] = R"(
rules:
- !SHARDING
  tables:
    t_order:
      actualDataNodes: ds_${0..1}.t_order_${0..1}
      databaseStrategy: {standard: {shardingColumn: user_id, shardingAlgorithmName: db_inline}}
      tableStrategy:    {standard: {shardingColumn: order_id, shardingAlgorithmName: t_order_inline}}
      keyGenerateStrategy: {column: order_id, keyGeneratorName: snowflake}
    t_order_item:
      actualDataNodes: ds_${0..1}.t_order_item_${0..1}
      tableStrategy: {standard: {shardingColumn: order_id, shardingAlgorithmName: t_order_item_inline}}
  autoTables:
    t_user:
      actualDataSources: ds_${0..1}
      shardingStrategy: {standard: {shardingColumn: user_id, shardingAlgorithmName: user_mod}}
  bindingTables: [ "t_order,t_order_item" ]
  defaultDatabaseStrategy: {standard: {shardingColumn: user_id, shardingAlgorithmName: db_inline}}
  defaultTableStrategy: {none: }
  shardingAlgorithms:
    db_inline:          {type: INLINE, props: {algorithm-expression: "ds_${user_id % 2}"}}
    t_order_inline:     {type: INLINE, props: {algorithm-expression: "t_order_${order_id % 2}"}}
    t_order_item_inline: {type: INLINE, props: {algorithm-expression: "t_order_item_${order_id % 2}"}}
    user_mod:           {type: MOD,    props: {sharding-count: 4}}
  keyGenerators:
    snowflake: {type: SNOWFLAKE}
  auditors:
    sharding_key_required_auditor: {type: DML_SHARDING_CONDITIONS}
- !BROADCAST
  tables: [t_address]
- !READWRITE_SPLITTING
  dataSourceGroups:
    readwrite_ds:
      writeDataSourceName: write_ds
      readDataSourceNames: [read_ds_0, read_ds_1]
      transactionalReadQueryStrategy: PRIMARY   # PRIMARY | FIXED | DYNAMIC
      loadBalancerName: random
  loadBalancers:
    random: {type: RANDOM}
- !ENCRYPT
  tables:
    t_user:
      columns:
        username:                      # logical column
          cipher:        {name: username,              encryptorName: aes_encryptor}
          assistedQuery: {name: assisted_query_username, encryptorName: assisted_encryptor}   # optional
          likeQuery:     {name: like_query_username,   encryptorName: like_encryptor}       # optional
  encryptors:
    aes_encryptor:      {type: AES, props: {aes-key-value: 123456abc, digest-algorithm-name: SHA-1}}
    assisted_encryptor: {type: MD5}
    like_encryptor:     {type: CHAR_DIGEST_LIKE}     # plugin in 5.4+
- !SHADOW
  dataSources:
    shadowDataSource: {productionDataSourceName: ds, shadowDataSourceName: shadow_ds}
  tables:
    t_order:
      dataSourceNames: [shadowDataSource]
      shadowAlgorithmNames: [user_id_insert_match_algorithm, sql_hint_algorithm]
  defaultShadowAlgorithmName: sql_hint_algorithm      # optional; must be a hint algorithm
  shadowAlgorithms:
    user_id_insert_match_algorithm: {type: REGEX_MATCH, props: {operation: insert, column: user_id, regex: "[1]"}}
    sql_hint_algorithm: {type: SQL_HINT}
- !SINGLE
  tables: [ds_0.t_single, "ds_1.*", "*.*"]    # MySQL style ds.table; "*" wildcards
  defaultDataSource: ds_0    # target for CREATE TABLE of a new single table; absent = random unicast
)";

TEST(ConfigLoading, DocumentedExamplesLoad) {
  RuleConfig config = LoadYamlString(kDocumentedExamples);
  ASSERT_TRUE(config.sharding && config.broadcast && config.readwrite_splitting && config.encrypt && config.shadow &&
              config.single);
  const auto* order = Find(config.sharding->tables, "t_order");
  ASSERT_NE(order, nullptr);
  EXPECT_EQ(order->actual_data_nodes, "ds_${0..1}.t_order_${0..1}");
  EXPECT_EQ(order->table_strategy->algorithm_name, "t_order_inline");
  EXPECT_EQ(config.sharding->default_table_strategy->kind, StrategyConfig::Kind::None);
  EXPECT_EQ(config.sharding->binding_groups,
            (std::vector<std::vector<std::string>>{{"t_order", "t_order_item"}}));
  EXPECT_EQ(Find(config.sharding->sharding_algorithms, "user_mod")->props.Get("sharding-count"), "4");
  EXPECT_EQ(config.sharding->tables[1].path, "rules[0].tables.t_order_item");
  EXPECT_EQ(Find(config.shadow->algorithms, "user_id_insert_match_algorithm")->props.Get("regex"), "[1]");
  EXPECT_EQ(config.single->tables, (std::vector<std::string>{"ds_0.t_single", "ds_1.*", "*.*"}));
}

TEST(ConfigLoading, LoadExportLoadGivesAnEqualConfig) {
  RuleConfig config = LoadYamlString(kDocumentedExamples);
  RuleConfig reloaded = LoadYamlString(ExportYaml(config, true));
  EXPECT_TRUE(reloaded == config) << ExportYaml(reloaded, true);
}

TEST(ConfigLoading, ExportMasksSecretsUnlessAsked) {
  RuleConfig config = LoadYamlString(R"(
dataSources:
  ds: {url: "jdbc:mysql://h/db", username: root, password: s3cret-pw}
rules:
- !ENCRYPT
  encryptors:
    aes: {type: AES, props: {aes-key-value: k3y-value}}
    sm4: {type: SM4, props: {sm4-key: 4d4b, sm4-iv: 9a9b, sm4-mode: CBC}}
)");
  std::string masked = ExportYaml(config, false);
  for (const char* secret : {"s3cret-pw", "k3y-value", "4d4b", "9a9b"}) {
    EXPECT_EQ(masked.find(secret), std::string::npos) << secret;
  }
  EXPECT_NE(masked.find("sm4-mode: CBC"), std::string::npos);
  EXPECT_NE(ExportYaml(config, true).find("s3cret-pw"), std::string::npos);
}

TEST(ConfigLoading, MetadataFromYamlAndJson) {
  auto from_yaml = LoadMetadataYaml("t_user: [id, k, c, pad]\nt_order: {columns: [order_id], dataSource: ds_0}");
  auto from_json = LoadMetadataYaml(R"({"t_user": ["id", "k", "c", "pad"],
                                        "t_order": {"columns": ["order_id"], "dataSource": "ds_0"}})");
  ASSERT_EQ(from_yaml.size(), 2u);
  EXPECT_EQ(from_yaml[0].value.ColumnNames(), (std::vector<std::string>{"id", "k", "c", "pad"}));
  EXPECT_EQ(from_yaml[1].value.data_source, "ds_0");
  EXPECT_TRUE(from_yaml == from_json);
}

TEST(ConfigLoading, MetadataFlagsIndexesAndConstraintsRoundTrip) {
  auto read = LoadMetadataYaml(R"(
t_order:
  columns: [{name: order_id, primaryKey: true, autoIncrement: true}, user_id, {name: note, visible: false},
            {name: total, generated: true}]
  indexes: [{name: idx_user, columns: [user_id], unique: true}, idx_plain]
  constraints: [{name: fk_user, referencedTable: t_user}]
  dataSource: ds_0
t_user: [user_id, name]
)");
  ASSERT_EQ(read.size(), 2u);
  const TableMetadataConfig& order = read[0].value;
  ASSERT_EQ(order.columns.size(), 4u);
  EXPECT_TRUE(order.columns[0].primary_key && order.columns[0].auto_increment && order.columns[0].visible);
  EXPECT_FALSE(order.columns[2].visible);
  EXPECT_TRUE(order.columns[3].generated);
  EXPECT_EQ(order.VisibleColumnNames(), (std::vector<std::string>{"order_id", "user_id", "total"}));
  ASSERT_EQ(order.indexes.size(), 2u);
  EXPECT_EQ(order.indexes[0].columns, (std::vector<std::string>{"user_id"}));
  EXPECT_TRUE(order.indexes[0].unique);
  EXPECT_EQ(order.indexes[1].name, "idx_plain");
  ASSERT_EQ(order.constraints.size(), 1u);
  EXPECT_EQ(order.constraints[0].referenced_table, "t_user");
  // The export of `metadata:` alone loads back to the same entries.
  EXPECT_TRUE(LoadMetadataYaml(ExportMetadataYaml(read)) == read);
}

TEST(ConfigLoading, UnreadableFileIsAnError) {
  try {
    LoadYamlFile("/nonexistent/rules.yaml");
    FAIL();
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::CONFIG_FILE_UNREADABLE);
  }
}

// The seed document's rule statements, as written there (a user's clone has no ../shared).
const char* const kSeedScripts[] = {
    R"(REGISTER STORAGE UNIT ds_0 (HOST="192.168.xx.20", PORT=13306, DB="sbtest", USER="test", PASSWORD="test"),
       ds_1 (HOST="192.168.xx.21", PORT=13306, DB="sbtest", USER="test", PASSWORD="test"),
       ds_2 (HOST="192.168.xx.22", PORT=13306, DB="sbtest", USER="test", PASSWORD="test"),
       ds_3 (HOST="192.168.xx.23", PORT=13306, DB="sbtest", USER="test", PASSWORD="test");
       CREATE SHARDING TABLE RULE t_user (
       STORAGE_UNITS(ds_0, ds_1, ds_2, ds_3),
       SHARDING_COLUMN=id,TYPE(NAME="MOD",PROPERTIES("sharding-count"=10))
       );)",
    R"(REGISTER STORAGE UNIT write_ds (HOST="192.168.xx.20", PORT=13308, DB="test", USER="test", PASSWORD="test"),
       read_ds (HOST="192.168.xx.20", PORT=13309, DB="test", USER="test", PASSWORD="test");
       CREATE READWRITE_SPLITTING RULE readwrite_ds (
       WRITE_STORAGE_UNIT=write_ds,
       READ_STORAGE_UNITS(read_ds),
       TYPE(NAME="FIXED_REPLICA_RANDOM")
       );)",
    R"(REGISTER STORAGE UNIT sphereex_demo(HOST="192.168.xx.20", PORT=13306, DB="encrypt_db", USER="test", PASSWORD="test");
       CREATE ENCRYPT RULE t_user (
       COLUMNS(
       (NAME=idCard,CIPHER=idcard_cipher,TYPE(NAME="AES",PROPERTIES("aes-key-value"="123456abc"))),
       (NAME=mobile, CIPHER =mobile_cipher,TYPE(NAME="AES",PROPERTIES("aes-key-value"="123456abc")))));)",
    R"(REGISTER STORAGE UNIT ds (HOST="192.168.xx.20", PORT=13306, DB="prod_ds", USER="test", PASSWORD="test"),
       ds_shadow (HOST="192.168.xx.21", PORT=13306, DB="shadow_ds", USER="test", PASSWORD="test");
       CREATE SHADOW RULE shadowDataSource(
       SOURCE=ds,
       SHADOW=ds_shadow,
       t_user(
       TYPE(NAME="VALUE_MATCH", PROPERTIES("operation"="insert","column"="status", "value"=1)),
       TYPE(NAME="SIMPLE_HINT", PROPERTIES("shadow"=true)))
       );)",
};

TEST(ConfigLoading, SeedRuleStatementsLoad) {
  RuleConfig sharding = LoadDistSql(kSeedScripts[0]);
  EXPECT_EQ(sharding.data_sources.size(), 4u);
  EXPECT_EQ(sharding.data_sources[0].value.props.Get("url"), "jdbc:mysql://192.168.xx.20:13306/sbtest");
  const auto* user = Find(sharding.sharding->auto_tables, "t_user");
  ASSERT_NE(user, nullptr);
  EXPECT_EQ(user->actual_data_sources, "ds_0,ds_1,ds_2,ds_3");
  EXPECT_EQ(Find(sharding.sharding->sharding_algorithms, "t_user_mod")->props.Get("sharding-count"), "10");

  RuleConfig readwrite = LoadDistSql(kSeedScripts[1]);
  const auto* group = Find(readwrite.readwrite_splitting->groups, "readwrite_ds");
  EXPECT_EQ(group->transactional_read_query_strategy, "FIXED");
  EXPECT_EQ(Find(readwrite.readwrite_splitting->load_balancers, group->load_balancer_name)->type, "RANDOM");

  RuleConfig encrypt = LoadDistSql(kSeedScripts[2]);
  EXPECT_EQ(Find(encrypt.encrypt->tables, "t_user")->columns[1].value.cipher.name, "mobile_cipher");

  RuleConfig shadow = LoadDistSql(kSeedScripts[3]);
  const auto& algorithms = shadow.shadow->algorithms;
  ASSERT_EQ(algorithms.size(), 2u);
  EXPECT_EQ(algorithms[0].value.props.Get("value"), "1");
  EXPECT_EQ(algorithms[1].value.props.Get("shadow"), "true");
}

// Scenarios of the seed file: each REGISTER STORAGE UNIT starts one, with the rule
// statements that follow it.
std::vector<std::string> SeedScenarios(const std::string& text) {
  std::regex statement(R"((REGISTER STORAGE UNIT|CREATE (SHARDING TABLE|READWRITE_SPLITTING|ENCRYPT|SHADOW) RULE)[^;]*;)");
  std::vector<std::string> result;
  for (std::sregex_iterator it(text.begin(), text.end(), statement), end; it != end; ++it) {
    if (it->str().rfind("REGISTER", 0) == 0 || result.empty()) result.emplace_back();
    result.back() += it->str() + "\n";
  }
  return result;
}

TEST(ConfigLoading, SeedFileDistSqlLoadsVerbatim) {
  SQLROUTE_REQUIRE_SHARED("seeds/003_e094258471a678d0.txt");
  std::ifstream in(testing_support::SharedPath("seeds/003_e094258471a678d0.txt"));
  std::stringstream text;
  text << in.rdbuf();
  std::vector<std::string> scenarios = SeedScenarios(text.str());
  ASSERT_EQ(scenarios.size(), 5u);
  int rules = 0;
  for (const auto& script : scenarios) {
    RuleConfig config = LoadDistSql(script);
    EXPECT_TRUE(LoadYamlString(ExportYaml(config, true)) == config) << script;
    rules += config.sharding.has_value() + config.readwrite_splitting.has_value() + config.encrypt.has_value() +
             config.shadow.has_value();
  }
  EXPECT_EQ(rules, 4);
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(LoadDistSql(scenarios[i]) == LoadDistSql(kSeedScripts[i])) << i;
}

TEST(ConfigLoading, ApplyDistSqlLeavesTheInputUntouchedOnError) {
  RuleConfig base = LoadDistSql("CREATE BROADCAST TABLE RULE t_a;");
  EXPECT_THROW(ApplyDistSql(base, "DROP BROADCAST TABLE RULE t_a; DROP BROADCAST TABLE RULE t_b;"), Error);
  EXPECT_EQ(base.broadcast->tables, std::vector<std::string>{"t_a"});
}

}  // namespace
}  // namespace sqlroute::config
