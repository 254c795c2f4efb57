#include "rewrite/insert_values.h"

#include "common/strings.h"
#include "route/route_context.h"
#include "rules/insert_columns.h"

namespace sqlroute::rewrite {

InsertRewriter::InsertRewriter(const RewriteInput& input, const EncryptRewriter& encrypt)
    : input_(input), encrypt_(encrypt) {
  const ast::Statement& statement = input.statement;
  bool insert = statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace;
  bool rows = !input.route.insert_rows.empty() || encrypt.rebuilds_insert();
  active_ = insert && rows && statement.insert.select == ast::kNoQuery;
  parameterized_ = !statement.param_markers.empty();
}

std::string InsertRewriter::KeyText(int row) const {
  return parameterized_ ? "?" : input_.route.generated_keys[static_cast<std::size_t>(row)].ToSqlLiteral();
}

bool InsertRewriter::WrittenAsRebuilt(const ast::InsertRow& row) const {
  if (encrypt_.rebuilds_insert()) return false;  // values of an encrypted table may be replaced
  const ast::Statement& statement = input_.statement;
  const std::string& sql = statement.sql;
  uint32_t at = row.span.begin + 1;  // past '('
  for (std::size_t i = 0; i < row.values.size(); ++i) {
    if (i > 0) {
      if (at + 2 > sql.size() || sql[at] != ',' || sql[at + 1] != ' ') return false;
      at += 2;
    }
    ast::Span span = statement.expr(row.values[i]).span;
    if (span.begin != at) return false;
    at = span.end;
  }
  return at + 1 == row.span.end;
}

void InsertRewriter::AppendRow(int row, std::string& out) const {
  const ast::Statement& statement = input_.statement;
  const ast::InsertRow& values = statement.insert.rows[static_cast<std::size_t>(row)];
  // A row written as it would be rebuilt goes in one piece, not a piece per value and comma:
  // route/sharding/insert_100_rows/reused, a thousand appends a statement fewer.
  if (input_.route.generated_keys.empty() && WrittenAsRebuilt(values)) {
    out += statement.text(values.span);
    return;
  }
  out += '(';
  for (std::size_t i = 0; i < values.values.size(); ++i) {
    if (i > 0) out += ", ";
    ast::ExprId id = values.values[i];
    const std::string* encrypted = encrypt_.InsertValue(id);
    out += encrypted ? std::string_view(*encrypted) : statement.text(statement.expr(id).span);
  }
  if (!input_.route.generated_keys.empty()) {
    if (!values.values.empty()) out += ", ";
    out += KeyText(row);
  }
  out += ')';
}

void InsertRewriter::AddTokens(std::vector<SqlToken>& tokens) const {
  const ast::Statement& statement = input_.statement;
  const route::RouteContext& route = input_.route;
  bool key = !route.generated_keys.empty();
  if (statement.insert.set_form || !statement.insert.columns_span.empty()) {
    if (key) AddKeyTokens(tokens);
    return;
  }
  if (!key && !encrypt_.rebuilds_insert()) return;
  const ast::TableRef& table = statement.tables[static_cast<std::size_t>(statement.insert.table)];
  const rules::ShardingTable* sharding = input_.rules.sharding ? input_.rules.sharding->Find(table.name.name) : nullptr;
  std::vector<std::string> columns = encrypt_.InsertColumns(rules::InsertColumns(statement, input_.rules, sharding));
  if (key) {
    columns.push_back(route.generated_key_column);
  } else {
    // ShardingSphere's EncryptInsertDefaultColumnsTokenGenerator writes the list with the
    // dialect's quote; with a generated key it fills in the sharding rule's unquoted list.
    for (auto& column : columns) column = Backquote(column);
  }
  tokens.push_back({table.name.span.end, table.name.span.end, TokenKind::Text, "(" + Join(columns, ", ") + ")", "", false});
}

void InsertRewriter::AddKeyTokens(std::vector<SqlToken>& tokens) const {
  const ast::Statement& statement = input_.statement;
  const std::string& key = input_.route.generated_key_column;
  if (statement.insert.set_form) {
    const auto& last = statement.insert.set_assignments.back();
    tokens.push_back({last.span.end, last.span.end, TokenKind::Text, ", " + key + " = " + KeyText(0), "", false});
    return;
  }
  uint32_t close = statement.insert.columns_span.end - 1;
  tokens.push_back({close, close, TokenKind::Text, ", " + key, "", false});
}

std::vector<int> InsertRewriter::Rows(std::size_t index) const {
  if (!input_.route.insert_rows.empty()) return input_.route.insert_rows[index];
  std::vector<int> all(input_.statement.insert.rows.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int>(i);
  return all;
}

void InsertRewriter::AppendValues(std::size_t index, std::string& out) const {
  bool first = true;
  for (int row : Rows(index)) {
    if (!first) out += ", ";
    first = false;
    AppendRow(row, out);
  }
}

void InsertRewriter::AppendParams(std::size_t index, std::vector<Value>& out) const {
  const ast::Statement& statement = input_.statement;
  const ast::Span values = statement.insert.values_span;
  auto add_markers = [&](uint32_t begin, uint32_t end) {
    for (std::size_t i = 0; i < statement.param_markers.size(); ++i) {
      const ast::Span& marker = statement.param_markers[i];
      if (marker.begin >= begin && marker.end <= end && i < input_.params.size()) {
        encrypt_.AppendParam(i, input_.params[i], out);
      }
    }
  };
  if (statement.insert.set_form) {
    uint32_t end = statement.insert.set_assignments.back().span.end;
    add_markers(0, end);
    if (parameterized_ && !input_.route.generated_keys.empty()) out.push_back(input_.route.generated_keys.front());
    add_markers(end, static_cast<uint32_t>(statement.sql.size()));
    return;
  }
  add_markers(0, values.begin);
  for (int row : Rows(index)) {
    const ast::Span& span = statement.insert.rows[static_cast<std::size_t>(row)].span;
    add_markers(span.begin, span.end);
    if (parameterized_ && !input_.route.generated_keys.empty()) {
      out.push_back(input_.route.generated_keys[static_cast<std::size_t>(row)]);
    }
  }
  add_markers(values.end, static_cast<uint32_t>(statement.sql.size()));
}

}  // namespace sqlroute::rewrite
