#include "engine/sql_hint.h"

#include <algorithm>

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::engine {
namespace {

constexpr std::string_view kPrefixes[] = {"/* SHARDINGSPHERE_HINT:", "/* ShardingSphere hint:"};

// true / false in any case; anything else would silently route as false, so it is an error.
bool IsTrue(const std::string& key, const std::string& value) {
  if (EqualsIgnoreCase(value, "true")) return true;
  if (EqualsIgnoreCase(value, "false")) return false;
  throw Error(Message<msg::HintNotBoolean>(arg::key = key, arg::value = value), SourcePosition{1, 1, 0});
}

Value HintValue(const std::string& text) {
  bool numeric = !text.empty() && std::all_of(text.begin() + (text[0] == '-' && text.size() > 1 ? 1 : 0), text.end(), ::isdigit);
  return numeric ? Value::BigInt(text) : Value::String(text);
}

bool KeyIs(const std::string& key, std::string_view name, std::string_view alias) {
  return ToUpper(key) == name || key == alias;
}

// `t_order.SHARDING_DATABASE_VALUE` -> "t_order"; bare key -> "".
std::string ScopeOf(const std::string& key) {
  std::size_t dot = key.rfind('.');
  return dot == std::string::npos ? "" : key.substr(0, dot);
}

void Apply(const std::string& key, const std::string& value, Hints& hints) {
  std::string upper = ToUpper(key);
  if (KeyIs(key, "DATA_SOURCE_NAME", "dataSourceName")) {
    hints.data_source_name = value;
  } else if (KeyIs(key, "WRITE_ROUTE_ONLY", "writeRouteOnly")) {
    hints.write_route_only = IsTrue(key, value);
  } else if (KeyIs(key, "SKIP_SQL_REWRITE", "skipSQLRewrite") || KeyIs(key, "SKIP_ENCRYPT_REWRITE", "skipEncryptRewrite")) {
    hints.skip_sql_rewrite = IsTrue(key, value);
  } else if (KeyIs(key, "SKIP_METADATA_VALIDATE", "skipMetadataValidate")) {
    hints.skip_metadata_validate = IsTrue(key, value);
  } else if (KeyIs(key, "DISABLE_AUDIT_NAMES", "disableAuditNames")) {
    hints.disable_audit_names = SplitTrimmed(value, ' ');
  } else if (KeyIs(key, "SHADOW", "shadow")) {
    hints.shadow = IsTrue(key, value);
  } else if (KeyIs(key, "USE_TRAFFIC", "useTraffic")) {
    // Traffic rules are a proxy feature; the hint is accepted and has no routing effect.
  } else if (upper.find("SHARDING_DATABASE_VALUE") != std::string::npos || key.find("shardingDatabaseValue") != std::string::npos) {
    hints.database_values[ScopeOf(key)].push_back(HintValue(value));
  } else if (upper.find("SHARDING_TABLE_VALUE") != std::string::npos || key.find("shardingTableValue") != std::string::npos) {
    hints.table_values[ScopeOf(key)].push_back(HintValue(value));
  } else {
    throw Error(Message<msg::HintUnknownKey>(arg::key = key));
  }
}

}  // namespace

SqlHint ExtractSqlHint(std::string_view sql) {
  SqlHint result;
  result.sql = sql;
  for (std::string_view prefix : kPrefixes) {
    if (sql.substr(0, prefix.size()) != prefix) continue;
    std::size_t close = sql.find("*/", prefix.size());
    if (close == std::string_view::npos) {
      throw Error(Message<msg::HintNotClosed>(), SourcePosition{1, 1, 0});
    }
    std::string body(sql.substr(prefix.size(), close - prefix.size()));
    for (const auto& pair : SplitTrimmed(body, ',')) {
      std::size_t equals = pair.find('=');
      if (equals == std::string::npos) {
        throw Error(Message<msg::HintNotKeyValue>(arg::item = pair), SourcePosition{1, 1, 0});
      }
      Apply(Trim(pair.substr(0, equals)), Trim(pair.substr(equals + 1)), result.hints);
    }
    std::string_view rest = sql.substr(close + 2);
    while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.front()))) rest.remove_prefix(1);
    while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back()))) rest.remove_suffix(1);
    result.sql = rest;
    break;
  }
  return result;
}

Hints MergeHints(Hints comment, const Hints& call) {
  for (const auto& each : call.database_values) comment.database_values[each.first] = each.second;
  for (const auto& each : call.table_values) comment.table_values[each.first] = each.second;
  if (call.database_value_only) comment.database_value_only = call.database_value_only;
  if (call.data_source_name) comment.data_source_name = call.data_source_name;
  comment.write_route_only = comment.write_route_only || call.write_route_only;
  comment.shadow = comment.shadow || call.shadow;
  comment.skip_sql_rewrite = comment.skip_sql_rewrite || call.skip_sql_rewrite;
  comment.skip_metadata_validate = comment.skip_metadata_validate || call.skip_metadata_validate;
  comment.disable_audit_names.insert(comment.disable_audit_names.end(), call.disable_audit_names.begin(),
                                     call.disable_audit_names.end());
  return comment;
}

}  // namespace sqlroute::engine
