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

// SQL LIKE, ignoring case: % any run, _ one character, \ escapes the next. Matched over the
// pattern's items with the set of text positions reached, so that no pattern takes long.
bool Like(const std::string& text, const std::string& pattern) {
  std::vector<bool> reached(text.size() + 1, false), next(text.size() + 1);
  reached[0] = true;
  for (std::size_t from = 0; from < pattern.size(); ++from) {
    char p = pattern[from];
    bool any_run = p == '%', any_one = p == '_';
    if (p == '\\' && from + 1 < pattern.size()) p = pattern[++from];
    std::fill(next.begin(), next.end(), false);
    for (std::size_t at = 0; at <= text.size(); ++at) {
      if (!reached[at]) continue;
      if (any_run) {
        std::fill(next.begin() + static_cast<std::ptrdiff_t>(at), next.end(), true);
        break;
      }
      bool same = at < text.size() && (any_one || std::tolower(static_cast<unsigned char>(p)) ==
                                                      std::tolower(static_cast<unsigned char>(text[at])));
      if (same) next[at + 1] = true;
    }
    reached.swap(next);
  }
  return reached[text.size()];
}

YAML::Node ExportedRules(const LogicDatabase& database) { return YAML::Load(database.engine().rules()->ExportYaml(false)); }

YAML::Node RuleOf(const YAML::Node& exported, const char* tag) {
  for (const auto& rule : exported["rules"]) {
    if (rule.Tag() == tag) return rule;
  }
  return YAML::Node();
}

}  // namespace sqlroute::proxy
