#include "rules/ddl_metadata.h"

#include "common/strings.h"
#include "parser/sql_parser.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rules {
namespace {

// Offsets of the statements of a script: split at `;` outside quotes and comments.
std::vector<std::pair<std::size_t, std::size_t>> SplitStatements(std::string_view script) {
  std::vector<std::pair<std::size_t, std::size_t>> result;
  std::size_t start = 0;
  for (std::size_t i = 0; i < script.size(); ++i) {
    char c = script[i];
    if (c == '\'' || c == '"' || c == '`') {
      for (++i; i < script.size() && script[i] != c; ++i) {
        if (script[i] == '\\' && c != '`') ++i;
      }
    } else if (c == '-' && script.substr(i, 3) == "-- ") {
      while (i < script.size() && script[i] != '\n') ++i;
    } else if (c == '#') {
      while (i < script.size() && script[i] != '\n') ++i;
    } else if (c == '/' && script.substr(i, 2) == "/*") {
      std::size_t close = script.find("*/", i + 2);
      i = close == std::string_view::npos ? script.size() : close + 1;
    } else if (c == ';') {
      result.emplace_back(start, i);
      start = i + 1;
    }
  }
  result.emplace_back(start, script.size());
  return result;
}

}  // namespace

config::NamedList<config::TableMetadataConfig> MetadataFromDdl(std::string_view script) {
  config::NamedList<config::TableMetadataConfig> result;
  for (const auto& [begin, end] : SplitStatements(script)) {
    std::string_view text = script.substr(begin, end - begin);
    if (Trim(text).empty()) continue;
    ast::Statement statement;
    try {
      statement = parser::Parse(text);
    } catch (const Error& error) {
      if (error.code() == ErrorCode::SQL_EMPTY) continue;
      SourcePosition at = PositionAt(script, begin + (error.position() ? error.position()->offset : 0));
      throw Error(Prefixed<msg::InTableDefinitions>(error), at);
    }
    if (statement.kind != ast::StatementKind::CreateTable || statement.column_definitions.empty()) {
      throw Error(Message<msg::TableDefinitionsNotCreateTable>(), PositionAt(script, begin));
    }
    config::TableMetadataConfig table;
    for (const auto& column : statement.column_definitions) table.columns.push_back({column.name});
    result.push_back({statement.tables.front().name.name, std::move(table), "ddl"});
  }
  return result;
}

}  // namespace sqlroute::rules
