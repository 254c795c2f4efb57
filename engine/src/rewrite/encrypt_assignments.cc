#include "rewrite/encrypt_assignments.h"

#include "common/strings.h"
#include "rules/insert_columns.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

using ast::Expr;
using ast::ExprKind;

std::vector<std::string> ItemNames(const rules::EncryptColumn& column, bool quoted) {
  std::vector<std::string> result;
  for (const auto* item : column.items()) result.push_back(quoted ? Backquote(item->column) : item->column);
  return result;
}

class AssignmentRewriter {
 public:
  AssignmentRewriter(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out)
      : statement_(input.statement), rules_(input.rules), params_(input.params), scope_(scope), out_(out) {}

  void Run() {
    if (statement_.kind == ast::StatementKind::Insert || statement_.kind == ast::StatementKind::Replace) Insert();
    for (std::size_t i = 0; i < statement_.update_set.size(); ++i) {
      if (auto resolved = scope_.ResolveAssignment(i)) Assignment(statement_.update_set[i], *resolved->column, -1);
    }
  }

 private:
  void Insert() {
    const ast::InsertPart& insert = statement_.insert;
    const ast::TableRef& target = statement_.tables[static_cast<std::size_t>(insert.table)];
    const rules::EncryptTable* table = scope_.TableOf(target);
    if (!table) return;
    const rules::ShardingTable* sharding = rules_.sharding ? rules_.sharding->Find(target.name.name) : nullptr;
    std::vector<std::string> columns = rules::InsertColumns(statement_, rules_, sharding);
    if (columns.empty() && !insert.rows.empty()) {
      throw Error(Message<msg::InsertWithoutColumnsEncrypt>(arg::table = target.name.name));
    }
    for (const auto& written : insert.columns) {
      if (const auto* column = table->Find(written.name)) out_.Replace(written.span, Join(ItemNames(*column, true), ", "));
    }
    for (const auto& row : insert.rows) {
      for (std::size_t i = 0; i < row.values.size() && i < columns.size(); ++i) {
        if (const auto* column = table->Find(columns[i])) Value(row.values[i], *column, static_cast<int>(i));
      }
    }
    for (std::size_t i = 0; i < insert.set_assignments.size(); ++i) {
      if (const auto* column = table->Find(insert.set_assignments[i].column.name.name)) {
        Assignment(insert.set_assignments[i], *column, static_cast<int>(i));
      }
    }
    for (const auto& assignment : insert.on_duplicate) {
      if (const auto* column = table->Find(assignment.column.name.name)) Assignment(assignment, *column, -1, table);
    }
  }

  // A VALUES item of encrypted column number `index`.
  void Value(ast::ExprId id, const rules::EncryptColumn& column, int index) {
    std::vector<std::string> values = Values(id, column);
    if (values.empty()) throw InsertValueUnsupported(index, statement_.expr(id));
    out_.insert_values[id] = Join(values, ", ");
  }

  // The encrypted texts of a literal or parameter value, one per item; empty for other values.
  std::vector<std::string> Values(ast::ExprId id, const rules::EncryptColumn& column) {
    const Expr& expr = statement_.expr(id);
    std::vector<std::string> result;
    if (expr.kind == ExprKind::Literal) {
      for (const auto* item : column.items()) result.push_back(EncryptedLiteral(*item, expr.literal));
    } else if (expr.kind == ExprKind::Param) {
      std::vector<sqlroute::Value> encrypted;
      const auto index = static_cast<std::size_t>(expr.param_index);
      for (const auto* item : column.items()) {
        if (index < params_.size()) encrypted.push_back(item->encryptor->Encrypt(params_[index]));
        result.emplace_back("?");
      }
      if (index < params_.size()) {
        out_.params[expr.param_index] = std::move(encrypted);
      }
    }
    return result;
  }

  // `c = v` -> `cipher` = v1, `assisted` = v2, `like` = v3. `index` >= 0: INSERT ... SET item.
  void Assignment(const ast::Assignment& assignment, const rules::EncryptColumn& column, int index,
                  const rules::EncryptTable* insert_table = nullptr) {
    std::vector<std::string> names = ItemNames(column, true);
    std::vector<std::string> values = Values(assignment.value, column);
    if (values.empty() && insert_table) values = ValuesFunction(assignment, column, *insert_table);
    if (values.empty()) {
      const Expr& value = statement_.expr(assignment.value);
      if (index >= 0) throw InsertValueUnsupported(index, value);
      throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = statement_.text(assignment.span)),
                  PositionAt(statement_.sql, assignment.span.begin));
    }
    std::vector<std::string> items;
    for (std::size_t i = 0; i < names.size(); ++i) items.push_back(names[i] + " = " + values[i]);
    out_.Replace({assignment.column.name.span.begin, assignment.span.end}, Join(items, ", "));
  }

  // ON DUPLICATE KEY UPDATE c = VALUES(v): VALUES(cipher of v), VALUES(assisted of v), ...
  std::vector<std::string> ValuesFunction(const ast::Assignment& assignment, const rules::EncryptColumn& column,
                                          const rules::EncryptTable& table) const {
    const Expr& value = statement_.expr(assignment.value);
    if (value.kind != ExprKind::Function || value.op != "VALUES" || value.children.size() != 1) return {};
    const Expr& argument = statement_.expr(value.children.front());
    if (argument.kind != ExprKind::Column) return {};
    const rules::EncryptColumn* source = table.Find(argument.column.name.name);
    if (!source || source->items().size() != column.items().size()) {
      throw Error(Message<msg::EncryptClauseUnsupported>(arg::clause = assignment.column.name.name + "=VALUES(" +
                                                                       argument.column.name.name + ")"),
                  PositionAt(statement_.sql, assignment.span.begin));
    }
    std::vector<std::string> result;
    for (const auto& name : ItemNames(*source, false)) result.push_back("VALUES(" + name + ")");
    return result;
  }

  Error InsertValueUnsupported(int index, const Expr& value) const {
    return Error(Message<msg::EncryptInsertValueUnsupported>(arg::index = index),
                 PositionAt(statement_.sql, value.span.begin));
  }

  const ast::Statement& statement_;
  const rules::CompiledRules& rules_;
  const std::vector<sqlroute::Value>& params_;
  const EncryptScope& scope_;
  EncryptOutput& out_;
};

}  // namespace

void RewriteEncryptAssignments(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out) {
  AssignmentRewriter(input, scope, out).Run();
}

std::vector<std::string> EncryptInsertColumns(const EncryptScope& scope, const ast::TableRef& table,
                                              const std::vector<std::string>& columns) {
  const rules::EncryptTable* encrypted = scope.TableOf(table);
  std::vector<std::string> result;
  for (const auto& name : columns) {
    const rules::EncryptColumn* column = encrypted ? encrypted->Find(name) : nullptr;
    if (!column) {
      result.push_back(name);
      continue;
    }
    for (auto& each : ItemNames(*column, false)) result.push_back(std::move(each));
  }
  return result;
}

}  // namespace sqlroute::rewrite
