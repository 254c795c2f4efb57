#include "distsql_queries.h"

#include <cctype>

#include "distsql_cells.h"
#include "distsql_rule_queries.h"

#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

namespace {

std::string Trim(std::string_view text) {
  std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string_view::npos) return {};
  std::size_t end = text.find_last_not_of(" \t\r\n;");
  return std::string(text.substr(start, end - start + 1));
}

std::vector<std::string> Words(std::string_view sql) {
  std::vector<std::string> words;
  std::string current;
  for (char c : sql) {
    if (std::isspace(static_cast<unsigned char>(c)) || c == ';') {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current.push_back(c);
    }
  }
  if (!current.empty()) words.push_back(std::move(current));
  return words;
}

StatementResult Preview(const LogicDatabase& database, const Session& session, const std::string& sql) {
  Session copy = session;  // previewing changes no transaction state
  Plan plan = database.engine().Route(sql, {}, {}, &copy);
  StatementResult result = Table({"data_source_name", "actual_sql"});
  for (const SqlUnit& unit : plan.units) result.rows.push_back({unit.data_source, unit.sql});
  return result;
}

StatementResult ShowStorageUnits(const LogicDatabase& database) {
  StatementResult result = Table({"name", "type", "host", "port", "db", "connection_timeout_milliseconds",
                                  "idle_timeout_milliseconds", "max_lifetime_milliseconds", "max_pool_size",
                                  "min_pool_size", "read_only", "other_attributes"});
  YAML::Node root = YAML::Load(database.engine().rules()->ExportYaml(false));
  for (const auto& [name, spec] : database.Specs()) {
    YAML::Node props = root["dataSources"][name];
    auto standard = [&](const char* key, const std::string& fallback) {
      YAML::Node value = props[key];
      return value && value.IsScalar() ? value.Scalar() : fallback;
    };
    result.rows.push_back({name, std::string("MySQL"), spec.host, std::to_string(spec.port), spec.database,
                           std::to_string(spec.connection_timeout.count()), std::to_string(spec.idle_timeout.count()),
                           std::to_string(spec.max_lifetime.count()), std::to_string(spec.max_pool_size),
                           std::to_string(spec.min_pool_size),
                           standard("readOnly", "false"), std::string("")});
  }
  return result;
}

// The strategy's cells: type, column(s), algorithm type, algorithm props.
std::vector<Cell> StrategyCells(const YAML::Node& sharding, const YAML::Node& strategy) {
  std::string type = StrategyType(strategy);
  if (type.empty()) return {std::string(), std::string(), std::string(), std::string()};
  YAML::Node body = StrategyBody(strategy);
  std::string column = type == "COMPLEX" ? ScalarOf(body["shardingColumns"]) : ScalarOf(body["shardingColumn"]);
  if (type == "NONE") return {type, column, std::string(), std::string()};
  YAML::Node algorithm = sharding["shardingAlgorithms"][ScalarOf(body["shardingAlgorithmName"])];
  return {type, column, ScalarOf(algorithm["type"]), PropsCell(algorithm["props"])};
}

std::vector<Cell> KeyAndAuditCells(const YAML::Node& sharding, const YAML::Node& table) {
  YAML::Node key = table["keyGenerateStrategy"] ? table["keyGenerateStrategy"] : sharding["defaultKeyGenerateStrategy"];
  std::vector<Cell> cells;
  if (key) {
    YAML::Node generator = sharding["keyGenerators"][ScalarOf(key["keyGeneratorName"])];
    cells = {ScalarOf(key["column"]), ScalarOf(generator["type"]), PropsCell(generator["props"])};
  } else {
    cells = {std::string(), std::string(), std::string()};
  }
  YAML::Node audit = table["auditStrategy"] ? table["auditStrategy"] : sharding["defaultAuditStrategy"];
  if (audit) {
    std::string types;
    for (const auto& name : audit["auditorNames"]) {
      types += (types.empty() ? "" : ",") + ScalarOf(sharding["auditors"][name.Scalar()]["type"]);
    }
    cells.push_back(types);
    cells.push_back(ScalarOf(audit["allowHintDisable"]));
  } else {
    cells.push_back(std::string());
    cells.push_back(std::string());
  }
  return cells;
}

StatementResult ShowShardingTableRules(const LogicDatabase& database, const std::string& only_table) {
  StatementResult result =
      Table({"table", "actual_data_nodes", "actual_data_sources", "database_strategy_type", "database_sharding_column",
             "database_sharding_algorithm_type", "database_sharding_algorithm_props", "table_strategy_type",
             "table_sharding_column", "table_sharding_algorithm_type", "table_sharding_algorithm_props",
             "key_generate_column", "key_generator_type", "key_generator_props", "auditor_types",
             "allow_hint_disable"});
  YAML::Node sharding = RuleOf(ExportedRules(database), "!SHARDING");
  if (!sharding) return result;
  auto wanted = [&](const std::string& name) { return only_table.empty() || Upper(name) == Upper(only_table); };
  for (const auto& entry : sharding["tables"]) {
    std::string name = entry.first.Scalar();
    if (!wanted(name)) continue;
    const YAML::Node& table = entry.second;
    YAML::Node database_strategy =
        table["databaseStrategy"] ? table["databaseStrategy"] : sharding["defaultDatabaseStrategy"];
    YAML::Node table_strategy = table["tableStrategy"] ? table["tableStrategy"] : sharding["defaultTableStrategy"];
    std::vector<Cell> row = {name, ScalarOf(table["actualDataNodes"]), std::string()};
    for (Cell& cell : StrategyCells(sharding, database_strategy)) row.push_back(std::move(cell));
    for (Cell& cell : StrategyCells(sharding, table_strategy)) row.push_back(std::move(cell));
    for (Cell& cell : KeyAndAuditCells(sharding, table)) row.push_back(std::move(cell));
    result.rows.push_back(std::move(row));
  }
  for (const auto& entry : sharding["autoTables"]) {
    std::string name = entry.first.Scalar();
    if (!wanted(name)) continue;
    const YAML::Node& table = entry.second;
    YAML::Node strategy = table["shardingStrategy"] ? table["shardingStrategy"] : sharding["defaultTableStrategy"];
    std::vector<Cell> row = {name, std::string(), ScalarOf(table["actualDataSources"]), std::string(), std::string(),
                             std::string(), std::string()};
    for (Cell& cell : StrategyCells(sharding, strategy)) row.push_back(std::move(cell));
    for (Cell& cell : KeyAndAuditCells(sharding, table)) row.push_back(std::move(cell));
    result.rows.push_back(std::move(row));
  }
  return result;
}

// ShowReadwriteSplittingRuleExecutor's columns.
StatementResult ShowReadwriteSplittingRules(const LogicDatabase& database, const std::string& only_rule) {
  StatementResult result = Table({"name", "write_storage_unit_name", "read_storage_unit_names",
                                  "transactional_read_query_strategy", "load_balancer_type", "load_balancer_props"});
  YAML::Node rule = RuleOf(ExportedRules(database), "!READWRITE_SPLITTING");
  if (!rule) return result;
  for (const auto& entry : rule["dataSourceGroups"]) {
    std::string name = entry.first.Scalar();
    if (!only_rule.empty() && Upper(name) != Upper(only_rule)) continue;
    const YAML::Node& group = entry.second;
    std::string strategy = ScalarOf(group["transactionalReadQueryStrategy"]);
    YAML::Node balancer = group["loadBalancerName"] ? rule["loadBalancers"][ScalarOf(group["loadBalancerName"])]
                                                    : YAML::Node();
    result.rows.push_back({name, ScalarOf(group["writeDataSourceName"]), Joined(group["readDataSourceNames"]),
                           strategy.empty() ? std::string("DYNAMIC") : Upper(strategy),
                           balancer ? ScalarOf(balancer["type"]) : std::string(),
                           balancer ? PropsCell(balancer["props"]) : std::string()});
  }
  return result;
}

// ShowEncryptRuleExecutor's columns, a row per encrypted column; secret props are masked.
StatementResult ShowEncryptRules(const LogicDatabase& database, const std::string& only_table) {
  StatementResult result = Table({"table", "logic_column", "cipher_column", "assisted_query_column",
                                  "like_query_column", "encryptor_type", "encryptor_props", "assisted_query_type",
                                  "assisted_query_props", "like_query_type", "like_query_props"});
  YAML::Node rule = RuleOf(ExportedRules(database), "!ENCRYPT");
  if (!rule) return result;
  auto item = [&](const YAML::Node& column, const char* key, std::vector<Cell>& names, std::vector<Cell>& algorithm) {
    YAML::Node part = column[key];
    names.push_back(part ? ScalarOf(part["name"]) : std::string());
    YAML::Node encryptor = part ? rule["encryptors"][ScalarOf(part["encryptorName"])] : YAML::Node();
    algorithm.push_back(encryptor ? ScalarOf(encryptor["type"]) : std::string());
    algorithm.push_back(encryptor ? PropsCell(encryptor["props"]) : std::string());
  };
  for (const auto& table : rule["tables"]) {
    std::string name = table.first.Scalar();
    if (!only_table.empty() && name != only_table) continue;
    for (const auto& column : table.second["columns"]) {
      std::vector<Cell> row = {name, column.first.Scalar()}, algorithms;
      item(column.second, "cipher", row, algorithms);
      item(column.second, "assistedQuery", row, algorithms);
      item(column.second, "likeQuery", row, algorithms);
      for (Cell& cell : algorithms) row.push_back(std::move(cell));
      result.rows.push_back(std::move(row));
    }
  }
  return result;
}

// ShowBroadcastTableRuleExecutor's column.
StatementResult ShowBroadcastTableRules(const LogicDatabase& database) {
  StatementResult result = Table({"broadcast_table"});
  YAML::Node rule = RuleOf(ExportedRules(database), "!BROADCAST");
  if (rule) {
    for (const auto& table : rule["tables"]) result.rows.push_back({ScalarOf(table)});
  }
  return result;
}

}  // namespace

StatementResult RunDistSqlQuery(const LogicDatabase& database, const Session& session, std::string_view sql) {
  std::string text = Trim(sql);
  std::vector<std::string> words = Words(text);
  std::vector<std::string> upper;
  for (const std::string& word : words) upper.push_back(Upper(word));
  if (!upper.empty() && upper[0] == "PREVIEW") return Preview(database, session, Trim(text.substr(7)));
  // The statement is SHOW followed by `form`; `name` is the word after it (not FROM database or LIKE).
  std::string name, like;
  auto show = [&](std::initializer_list<const char*> form) {
    if (upper.size() < form.size() + 1 || upper[0] != "SHOW") return false;
    std::size_t i = 1;
    for (const char* word : form) {
      if (upper[i++] != word) return false;
    }
    bool named = i < upper.size() && upper[i] != "FROM" && upper[i] != "LIKE";
    name = named ? Unquoted(words[i]) : std::string();
    if (i + 1 < upper.size() && upper[i] == "LIKE") like = words[i + 1].substr(1, words[i + 1].size() - 2);
    return true;
  };
  if (show({"STORAGE", "UNITS"})) return ShowStorageUnits(database);
  if (show({"SHARDING", "TABLE", "RULES"}) || show({"SHARDING", "TABLE", "RULE"})) {
    return ShowShardingTableRules(database, name);
  }
  if (show({"SHARDING", "TABLE", "NODES"}) || show({"SHARDING", "TABLE", "NODE"})) {
    return ShowShardingTableNodes(database, name);
  }
  if (show({"SHARDING", "TABLE", "REFERENCE", "RULES"}) || show({"SHARDING", "TABLE", "REFERENCE", "RULE"})) {
    return ShowShardingTableReferenceRules(database, name);
  }
  if (show({"SHARDING", "BINDING", "TABLE", "RULES"})) return ShowShardingBindingTableRules(database);
  if (show({"SHARDING", "ALGORITHMS"})) return ShowShardingAlgorithms(database);
  if (show({"SHARDING", "KEY", "GENERATORS"}) || show({"SHARDING", "KEY", "GENERATOR"})) {
    return ShowShardingKeyGenerators(database, name);
  }
  if (show({"DEFAULT", "SHARDING", "STRATEGY"})) return ShowDefaultShardingStrategy(database);
  if (show({"READWRITE_SPLITTING", "RULES"}) || show({"READWRITE_SPLITTING", "RULE"})) {
    return ShowReadwriteSplittingRules(database, name);
  }
  if (show({"ENCRYPT", "RULES"}) || show({"ENCRYPT", "RULE"})) return ShowEncryptRules(database, name);
  if (show({"BROADCAST", "TABLE", "RULES"})) return ShowBroadcastTableRules(database);
  if (show({"SHADOW", "RULES"}) || show({"SHADOW", "RULE"})) return ShowShadowRules(database, name);
  if (show({"SHADOW", "TABLE", "RULES"}) || show({"SHADOW", "TABLE", "RULE"})) return ShowShadowTableRules(database, name);
  if (show({"SHADOW", "ALGORITHMS"})) return ShowShadowAlgorithms(database);
  if (show({"DEFAULT", "SHADOW", "ALGORITHM"})) return ShowDefaultShadowAlgorithm(database);
  if (show({"MASK", "RULES"}) || show({"MASK", "RULE"})) return ShowMaskRules();
  if (show({"SINGLE", "TABLES"}) || show({"SINGLE", "TABLE"})) return ShowSingleTables(database, name, like);
  if (show({"DEFAULT", "SINGLE", "TABLE", "STORAGE", "UNIT"})) return ShowDefaultSingleTableStorageUnit(database);
  throw Error(Message<msg::DistSqlQueryUnsupported>(arg::detail = text.substr(0, 80)));
}

}  // namespace sqlroute::proxy
