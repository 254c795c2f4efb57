#include "distsql_cells.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace sqlroute::proxy {

namespace {

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

}  // namespace

ColumnInfo TextColumn(const std::string& name) {
  ColumnInfo column;
  column.name = name;
  column.length = 1024;
  return column;
}

std::string Upper(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::toupper(c); });
  return out;
}

bool SameName(const std::string& a, const std::string& b) { return Upper(a) == Upper(b); }

std::string Unquoted(std::string name) {
  name.erase(std::remove(name.begin(), name.end(), '`'), name.end());
  return name;
}

StatementResult Table(const std::vector<std::string>& names) {
  StatementResult result;
  result.kind = StatementResult::Kind::Rows;
  for (const std::string& name : names) result.columns.push_back(TextColumn(name));
  return result;
}

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

std::string ScalarOf(const YAML::Node& node) { return node && node.IsScalar() ? node.Scalar() : ""; }

std::string Joined(const YAML::Node& list) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ",") + ScalarOf(item);
  return out;
}

std::string StrategyType(const YAML::Node& strategy) {
  if (!strategy || !strategy.IsMap() || strategy.size() == 0) return "";
  return Upper(strategy.begin()->first.Scalar());
}

YAML::Node StrategyBody(const YAML::Node& strategy) {
  if (!strategy || !strategy.IsMap() || strategy.size() == 0) return YAML::Node();
  return strategy.begin()->second;
}

YAML::Node ExportedRules(const LogicDatabase& database) { return YAML::Load(database.engine().rules()->ExportYaml(false)); }

YAML::Node RuleOf(const YAML::Node& exported, const char* tag) {
  for (const auto& rule : exported["rules"]) {
    if (rule.Tag() == tag) return rule;
  }
  return YAML::Node();
}

}  // namespace sqlroute::proxy
