#include "distsql_queries.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>

#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

namespace {

std::string Upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

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

std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// LocalDataQueryResultRow's form of a Properties cell: JSON with sorted keys, "" when empty.
std::string PropsCell(const YAML::Node& props) {
  if (!props || !props.IsMap() || props.size() == 0) return "";
  std::vector<std::pair<std::string, std::string>> items;
  for (const auto& entry : props) {
    items.emplace_back(entry.first.Scalar(), entry.second.IsScalar() ? entry.second.Scalar() : "");
  }
  std::sort(items.begin(), items.end());
  std::string out = "{";
  for (std::size_t i = 0; i < items.size(); ++i) {
    out += (i ? "," : "") + JsonString(items[i].first) + ":" + JsonString(items[i].second);
  }
  return out + "}";
}

ColumnInfo TextColumn(const std::string& name) {
  ColumnInfo column;
  column.name = name;
  column.length = 1024;
  return column;
}

StatementResult Table(const std::vector<std::string>& names) {
  StatementResult result;
  result.kind = StatementResult::Kind::Rows;
  for (const std::string& name : names) result.columns.push_back(TextColumn(name));
  return result;
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
                           std::to_string(spec.connection_timeout.count()),
                           standard("idleTimeoutMilliseconds", "60000"), standard("maxLifetimeMilliseconds", "2100000"),
                           std::to_string(spec.max_pool_size), std::to_string(spec.min_pool_size),
                           standard("readOnly", "false"), std::string("")});
  }
  return result;
}

std::string StrategyType(const YAML::Node& strategy) {
  if (!strategy || !strategy.IsMap() || strategy.size() == 0) return "";
  return Upper(strategy.begin()->first.Scalar());
}

YAML::Node StrategyBody(const YAML::Node& strategy) {
  if (!strategy || !strategy.IsMap() || strategy.size() == 0) return YAML::Node();
  return strategy.begin()->second;
}

std::string ScalarOf(const YAML::Node& node) { return node && node.IsScalar() ? node.Scalar() : ""; }

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
  YAML::Node root = YAML::Load(database.engine().rules()->ExportYaml(false));
  YAML::Node sharding;
  for (const auto& rule : root["rules"]) {
    if (rule.Tag() == "!SHARDING") sharding.reset(rule);
  }
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

}  // namespace

StatementResult RunDistSqlQuery(const LogicDatabase& database, const Session& session, std::string_view sql) {
  std::string text = Trim(sql);
  std::vector<std::string> words = Words(text);
  std::vector<std::string> upper;
  for (const std::string& word : words) upper.push_back(Upper(word));
  if (!upper.empty() && upper[0] == "PREVIEW") return Preview(database, session, Trim(text.substr(7)));
  if (upper.size() >= 3 && upper[0] == "SHOW" && upper[1] == "STORAGE" && upper[2] == "UNITS") {
    return ShowStorageUnits(database);
  }
  if (upper.size() >= 4 && upper[0] == "SHOW" && upper[1] == "SHARDING" && upper[2] == "TABLE") {
    if (upper[3] == "RULES") return ShowShardingTableRules(database, "");
    if (upper[3] == "RULE" && upper.size() >= 5) {
      std::string table = words[4];
      table.erase(std::remove(table.begin(), table.end(), '`'), table.end());
      return ShowShardingTableRules(database, table);
    }
  }
  throw Error(Message<msg::DistSqlQueryUnsupported>(arg::detail = text.substr(0, 80)));
}

}  // namespace sqlroute::proxy
