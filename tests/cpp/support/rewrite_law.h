#pragma once
// The single-unit law of the rewrite (tests/golden/README.md, "Invariants"): with one route
// unit, the rewrite changes nothing but names. tests/python/rewrite_law.py implements the same
// law; keep the two in step.
//
// Both texts are split into tokens (whitespace between tokens is free). In the unit's SQL every
// name is mapped back to its logical name: an actual table of the unit to its logic table, an
// index or constraint name `<name>_<actual table>` to `<name>`. The leading SQL hint comment of
// the logical SQL is dropped. The token sequences must then be equal, but for these hunks:
// - the logical schema qualifier removed: `<logical database> .` or SHOW's `FROM|IN <logical database>`;
// - on an INSERT, the generated key (ShardingSphere's GeneratedKey*TokenGenerator): `, <key column>`
//   in the column list or `, <key column> = <value>` after the SET assignments, `, <value>` in each
//   row, and a column list written out from metadata when the statement has none.
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "sqlroute/plan.h"

namespace sqlroute::testing_support {

struct LawToken {
  enum Kind { Name, Number, String, Param, Comment, Punct } kind = Punct;
  std::string text;   // as written
  std::string value;  // Name: unquoted and lower-cased
  bool quoted = false;

  bool operator==(const LawToken& other) const {
    if (kind != other.kind) return false;
    if (kind == Name) return value == other.value && quoted == other.quoted;
    return text == other.text;
  }
};

inline std::string LawLower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

inline bool LawWordChar(unsigned char c) { return std::isalnum(c) || c == '_' || c == '$' || c >= 0x80; }

inline std::vector<LawToken> LawTokens(const std::string& sql) {
  std::vector<LawToken> result;
  std::size_t i = 0;
  const std::size_t n = sql.size();
  auto push = [&](LawToken::Kind kind, std::size_t begin, std::size_t end) {
    LawToken token;
    token.kind = kind;
    token.text = sql.substr(begin, end - begin);
    result.push_back(std::move(token));
    return &result.back();
  };
  while (i < n) {
    unsigned char c = static_cast<unsigned char>(sql[i]);
    std::size_t begin = i;
    if (std::isspace(c)) {
      ++i;
    } else if (c == '/' && i + 1 < n && sql[i + 1] == '*') {
      std::size_t close = sql.find("*/", i + 2);
      i = close == std::string::npos ? n : close + 2;
      push(LawToken::Comment, begin, i);
    } else if (c == '#' || (c == '-' && i + 1 < n && sql[i + 1] == '-' && (i + 2 == n || std::isspace(static_cast<unsigned char>(sql[i + 2]))))) {
      std::size_t close = sql.find('\n', i);
      i = close == std::string::npos ? n : close;
      push(LawToken::Comment, begin, i);
    } else if (c == '\'' || c == '"' || c == '`') {
      ++i;
      while (i < n) {
        if (sql[i] == '\\' && c != '`') {
          i += 2;
        } else if (static_cast<unsigned char>(sql[i]) == c) {
          if (i + 1 < n && static_cast<unsigned char>(sql[i + 1]) == c) {
            i += 2;
          } else {
            ++i;
            break;
          }
        } else {
          ++i;
        }
      }
      i = std::min(i, n);
      LawToken* token = push(c == '`' ? LawToken::Name : LawToken::String, begin, i);
      if (c == '`') {
        std::string inner = token->text.substr(1, token->text.size() >= 2 ? token->text.size() - 2 : 0);
        std::string unquoted;
        for (std::size_t k = 0; k < inner.size(); ++k) {
          unquoted += inner[k];
          if (inner[k] == '`' && k + 1 < inner.size() && inner[k + 1] == '`') ++k;
        }
        token->value = LawLower(unquoted);
        token->quoted = true;
      }
    } else if (std::isdigit(c) || (c == '.' && i + 1 < n && std::isdigit(static_cast<unsigned char>(sql[i + 1])))) {
      while (i < n && (LawWordChar(static_cast<unsigned char>(sql[i])) || sql[i] == '.')) {
        char last = sql[i++];
        if ((last == 'e' || last == 'E') && i < n && (sql[i] == '+' || sql[i] == '-')) ++i;
      }
      push(LawToken::Number, begin, i);
    } else if (LawWordChar(c)) {
      while (i < n && LawWordChar(static_cast<unsigned char>(sql[i]))) ++i;
      push(LawToken::Name, begin, i)->value = LawLower(sql.substr(begin, i - begin));
    } else if (c == '?') {
      push(LawToken::Param, begin, ++i);
    } else {
      static const char* const kOperators[] = {"<=>", "->>", "<=", ">=", "<>", "!=", "||", "&&", ":=", "<<", ">>", "->"};
      std::size_t length = 1;
      for (const char* op : kOperators) {
        if (sql.compare(i, std::char_traits<char>::length(op), op) == 0) {
          length = std::char_traits<char>::length(op);
          break;
        }
      }
      i += length;
      push(LawToken::Punct, begin, i);
    }
  }
  return result;
}

// Key-generate columns of the rules file (lower-cased): per table, default, and 5.5.4 strategies.
inline std::set<std::string> LawKeyColumns(const YAML::Node& root) {
  std::set<std::string> result;
  if (!root["rules"] || !root["rules"].IsSequence()) return result;
  auto column = [&](const YAML::Node& strategy, const char* key) {
    if (strategy && strategy.IsMap() && strategy[key]) result.insert(LawLower(strategy[key].as<std::string>()));
  };
  for (const auto& rule : root["rules"]) {
    if (rule.Tag() != "!SHARDING" || !rule.IsMap()) continue;
    for (const char* tables : {"tables", "autoTables"}) {
      if (!rule[tables] || !rule[tables].IsMap()) continue;
      for (const auto& table : rule[tables]) {
        if (table.second.IsMap()) column(table.second["keyGenerateStrategy"], "column");
      }
    }
    column(rule["defaultKeyGenerateStrategy"], "column");
    if (rule["keyGenerateStrategies"] && rule["keyGenerateStrategies"].IsMap()) {
      for (const auto& strategy : rule["keyGenerateStrategies"]) column(strategy.second, "keyGenerateColumn");
    }
  }
  return result;
}

struct LawContext {
  std::string database;                // logical database name
  std::vector<TableMapping> tables;    // the unit's logic -> actual tables
  std::set<std::string> key_columns;   // lower-cased
};

namespace law_detail {

inline bool IsName(const LawToken& token, const std::string& value) { return token.kind == LawToken::Name && token.value == value; }
inline bool IsPunct(const LawToken& token, const char* text) { return token.kind == LawToken::Punct && token.text == text; }
inline bool IsValue(const LawToken& token) {
  return token.kind == LawToken::Number || token.kind == LawToken::String || token.kind == LawToken::Param;
}

inline bool SchemaRemoval(const std::vector<LawToken>& deleted, const LawContext& context) {
  if (deleted.size() != 2 || context.database.empty()) return false;
  std::string database = LawLower(context.database);
  if (IsName(deleted[0], database) && IsPunct(deleted[1], ".")) return true;
  return (IsName(deleted[0], "from") || IsName(deleted[0], "in")) && IsName(deleted[1], database);
}

inline bool GeneratedKey(const std::vector<LawToken>& inserted, const LawContext& context) {
  auto key = [&](const LawToken& token) { return token.kind == LawToken::Name && context.key_columns.count(token.value) > 0; };
  if (inserted.size() == 2 && IsPunct(inserted[0], ",") && (key(inserted[1]) || IsValue(inserted[1]))) return true;
  if (inserted.size() == 4 && IsPunct(inserted[0], ",") && key(inserted[1]) && IsPunct(inserted[2], "=") && IsValue(inserted[3])) {
    return true;
  }
  // A column list written out from metadata: ( name, name, ... )
  if (inserted.size() < 3 || !IsPunct(inserted.front(), "(") || !IsPunct(inserted.back(), ")")) return false;
  for (std::size_t i = 1; i + 1 < inserted.size(); ++i) {
    bool ok = i % 2 == 1 ? inserted[i].kind == LawToken::Name : IsPunct(inserted[i], ",");
    if (!ok) return false;
  }
  return inserted.size() % 2 == 1;
}

inline std::string Describe(const std::vector<LawToken>& tokens) {
  std::string result;
  for (const auto& token : tokens) result += (result.empty() ? "" : " ") + token.text;
  return "[" + result + "]";
}

}  // namespace law_detail

// "" when `unit_sql` satisfies the law against `logic_sql`; else the first hunk that does not.
inline std::string SingleUnitLawViolation(const std::string& logic_sql, const std::string& unit_sql, const LawContext& context) {
  using namespace law_detail;
  std::vector<LawToken> a = LawTokens(logic_sql);
  if (!a.empty() && a.front().kind == LawToken::Comment &&
      (a.front().text.rfind("/* SHARDINGSPHERE_HINT:", 0) == 0 || a.front().text.rfind("/* ShardingSphere hint:", 0) == 0)) {
    a.erase(a.begin());
  }
  std::vector<LawToken> b = LawTokens(unit_sql);
  for (auto& token : b) {
    if (token.kind != LawToken::Name) continue;
    bool mapped = false;
    for (const auto& mapping : context.tables) {
      if (token.value == LawLower(mapping.actual)) {
        token.value = LawLower(mapping.logic);
        mapped = true;
        break;
      }
    }
    for (const auto& mapping : context.tables) {
      std::string suffix = "_" + LawLower(mapping.actual);
      if (!mapped && token.value.size() > suffix.size() &&
          token.value.compare(token.value.size() - suffix.size(), suffix.size(), suffix) == 0) {
        token.value.resize(token.value.size() - suffix.size());
        break;
      }
    }
  }
  bool insert = !a.empty() && (IsName(a.front(), "insert") || IsName(a.front(), "replace"));
  // lcs[i][j]: longest common subsequence of a[i..] and b[j..]
  std::vector<std::vector<int>> lcs(a.size() + 1, std::vector<int>(b.size() + 1, 0));
  for (std::size_t i = a.size(); i-- > 0;) {
    for (std::size_t j = b.size(); j-- > 0;) {
      lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() || j < b.size()) {
    if (i < a.size() && j < b.size() && a[i] == b[j] && lcs[i][j] == lcs[i + 1][j + 1] + 1) {
      ++i;
      ++j;
      continue;
    }
    std::vector<LawToken> deleted;
    std::vector<LawToken> inserted;
    while (i < a.size() || j < b.size()) {
      if (i < a.size() && j < b.size() && a[i] == b[j] && lcs[i][j] == lcs[i + 1][j + 1] + 1) break;
      if (j == b.size() || (i < a.size() && lcs[i + 1][j] >= lcs[i][j + 1])) {
        deleted.push_back(a[i++]);
      } else {
        inserted.push_back(b[j++]);
      }
    }
    bool allowed = (inserted.empty() && SchemaRemoval(deleted, context)) || (insert && deleted.empty() && GeneratedKey(inserted, context));
    if (!allowed) return "tokens " + Describe(deleted) + " became " + Describe(inserted);
  }
  return "";
}

}  // namespace sqlroute::testing_support
