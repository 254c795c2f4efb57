// Registry items (cluster/src/rule_items.h): every golden rule set survives the trip into
// ShardingSphere's items and back, and the items have ShardingSphere's keys and values.
#include <gtest/gtest.h>

#include <yaml-cpp/yaml.h>

#include <map>

#include "rule_items.h"
#include "sqlroute/cluster.h"
#include "sqlroute/error.h"
#include "sqlroute/rule_set.h"
#include "support/golden.h"

namespace sqlroute::cluster {
namespace {

// The export with the table metadata the registry keeps: the logic tables' (not those placed on
// a data source), without the auto-increment flag YamlShardingSphereColumn has no field for.
std::string RegistryMetadataOnly(const std::string& yaml) {
  YAML::Node root = YAML::Load(yaml);
  YAML::Node kept(YAML::NodeType::Map);
  for (const auto& table : root["metadata"]) {
    YAML::Node entry = table.second;
    if ((entry.IsSequence() && entry.size() > 0 && !entry[0].IsScalar()) || (entry.IsMap() && entry["dataSource"])) continue;
    if (entry.IsMap()) {
      for (auto column : entry["columns"]) {
        if (column.IsMap()) column.remove("autoIncrement");
      }
    }
    kept[table.first.Scalar()] = entry;
  }
  root.remove("metadata");
  if (kept.size() > 0) root["metadata"] = kept;
  return RuleSet::FromYamlString(YAML::Dump(root))->ExportYaml(/*include_secrets=*/true);
}

// The registry lists the entries of a map field by name: the same rules, mappings in name order.
std::string Sorted(const YAML::Node& node) {
  if (node.IsSequence()) {
    std::string text = "[";
    for (const auto& each : node) text += Sorted(each) + ",";
    return text + "]";
  }
  if (!node.IsMap()) return node.Tag() + node.Scalar();
  std::map<std::string, std::string> entries;
  for (const auto& entry : node) entries[entry.first.Scalar()] = Sorted(entry.second);
  std::string text = node.Tag() + "{";
  for (const auto& [key, value] : entries) text += key + ":" + value + ",";
  return text + "}";
}

TEST(ClusterRuleItems, EveryGoldenRuleSetRoundTrips) {
  int checked = 0;
  for (const std::string& path : testing_support::GoldenFiles("rules")) {
    std::shared_ptr<const RuleSet> rules = RuleSet::FromYamlFile(path);
    std::string yaml = rules->ExportYaml(/*include_secrets=*/true);
    std::string database = rules->database_name().empty() ? "logic_db" : rules->database_name();
    std::string joined = JoinRules(database, SplitRules(yaml), PropsOf(yaml));
    std::string expected = RegistryMetadataOnly(yaml);
    if (rules->database_name().empty()) expected = "databaseName: logic_db\n" + expected;
    EXPECT_EQ(Sorted(YAML::Load(RuleSet::FromYamlString(joined)->ExportYaml(true))), Sorted(YAML::Load(expected)))
        << path;
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

TEST(ClusterRuleItems, TableMetadataIsAYamlShardingSphereTableInColumnOrder) {
  RuleItems items = SplitRules(R"(databaseName: db
metadata:
  t_user:
    columns: [id, {name: secret, visible: false}, {name: k, primaryKey: true}]
    indexes: [{name: idx_k, columns: [k], unique: true}]
  t_plain: [b, a]
)");
  ASSERT_EQ(items.count("schemas/db/tables/t_user"), 1u);
  YAML::Node table = YAML::Load(items.at("schemas/db/tables/t_user"));
  EXPECT_EQ(table["name"].as<std::string>(), "t_user");
  std::vector<std::string> order;
  for (const auto& column : table["columns"]) order.push_back(column.first.Scalar());
  EXPECT_EQ(order, (std::vector<std::string>{"id", "secret", "k"}));
  EXPECT_FALSE(table["columns"]["secret"]["visible"].as<bool>());
  EXPECT_TRUE(table["columns"]["k"]["primaryKey"].as<bool>());
  EXPECT_TRUE(table["indexes"]["idx_k"]["unique"].as<bool>());
  YAML::Node plain = YAML::Load(items.at("schemas/db/tables/t_plain"));
  EXPECT_EQ(plain["columns"].begin()->first.Scalar(), "b");
}

TEST(ClusterRuleItems, ItemsHaveShardingSphereKeysAndValues) {
  RuleItems items = SplitRules(R"(databaseName: db
dataSources:
  ds_0: {url: "jdbc:mysql://h/d", username: u, password: p}
rules:
- !SHARDING
  tables:
    t_order: {actualDataNodes: "ds_0.t_order_${0..1}", tableStrategy: {standard: {shardingColumn: id, shardingAlgorithmName: mod}}}
  bindingTables: [t_order, "named:t_order"]
  defaultDatabaseStrategy: {none: }
  defaultShardingColumn: id
  shardingAlgorithms:
    mod: {type: MOD, props: {sharding-count: 2}}
- !BROADCAST
  tables: [t_dict]
)");
  EXPECT_EQ(items.at("data_sources/units/ds_0"), "url: jdbc:mysql://h/d\nusername: u\npassword: p\n");
  EXPECT_EQ(items.at("rules/sharding/tables/t_order"),
            "actualDataNodes: ds_0.t_order_${0..1}\ntableStrategy:\n  standard:\n    shardingAlgorithmName: mod\n"
            "    shardingColumn: id\n");
  EXPECT_EQ(items.at("rules/sharding/sharding_algorithms/mod"), "props:\n  sharding-count: 2\ntype: MOD\n");
  EXPECT_EQ(items.at("rules/sharding/binding_tables/named"), "named:t_order");
  EXPECT_EQ(items.at("rules/sharding/default_strategies/default_sharding_column"), "id");
  EXPECT_EQ(items.count("rules/sharding/default_strategies/default_database_strategy"), 1u);
  EXPECT_EQ(items.at("rules/broadcast/tables"), "- t_dict\n");
  std::size_t unnamed = 0;
  for (const auto& [key, value] : items) {
    if (key.rfind("rules/sharding/binding_tables/", 0) == 0 && value == "t_order") ++unnamed;
  }
  EXPECT_EQ(unnamed, 1u);
}

TEST(ClusterRuleItems, SnowflakeKeyGeneratorsTakeTheRegistryWorkerId) {
  std::string yaml = JoinRules("db", {{"rules/sharding/key_generators/snow", "type: SNOWFLAKE\nprops:\n  worker-id: 5\n"},
                                      {"rules/sharding/key_generators/uuid", "type: UUID\n"}}, "");
  YAML::Node root = YAML::Load(WithWorkerId(yaml, 37));
  EXPECT_EQ(root["rules"][0]["keyGenerators"]["snow"]["props"]["worker-id"].as<std::string>(), "37");
  EXPECT_FALSE(root["rules"][0]["keyGenerators"]["uuid"]["props"]);
  EXPECT_EQ(WithWorkerId("databaseName: db\n", 3), "databaseName: db\n");
}

TEST(ClusterRuleItems, ContentThatIsNoYamlIsARegistryError) {
  try {
    JoinRules("db", {{"rules/sharding/tables/t", "a: [b"}}, "");
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::REGISTRY_CONTENT_INVALID);
    EXPECT_NE(error.message().find("rules/sharding/tables/t"), std::string::npos);
  }
}

TEST(ClusterRegistryUrl, ParsesServersAndNamespace) {
  RegistryUrl url = RegistryUrl::Parse("zookeeper://10.0.0.1:2181,10.0.0.2:2182/governance_ds");
  EXPECT_EQ(url.servers, "10.0.0.1:2181,10.0.0.2:2182");
  EXPECT_EQ(url.namespace_name, "governance_ds");
  for (const char* bad : {"zk://h:1/ns", "zookeeper://h:1", "zookeeper://h:1/", "zookeeper://h/ns",
                          "zookeeper:///ns", "zookeeper://h:1/a/b", "zookeeper://h:x/ns", "zookeeper://h:1,/ns"}) {
    try {
      RegistryUrl::Parse(bad);
      ADD_FAILURE() << bad;
    } catch (const Error& error) {
      EXPECT_EQ(error.code(), ErrorCode::REGISTRY_URL_INVALID) << bad;
    }
  }
}

}  // namespace
}  // namespace sqlroute::cluster
