#include "rewrite/encrypt_rewriter.h"

#include "rewrite/encrypt_assignments.h"
#include "rewrite/encrypt_ddl.h"
#include "rewrite/encrypt_predicates.h"
#include "rewrite/encrypt_projections.h"
#include "rewrite/encrypt_supported.h"

namespace sqlroute::rewrite {

EncryptRewriter::EncryptRewriter(const RewriteInput& input) : input_(input), scope_(input.statement, input.bound) {
  RewriteEncryptDdl(input, out_);
  if (!scope_.active()) return;
  CheckEncryptSupported(input);
  const ast::Statement& statement = input.statement;
  RewriteEncryptProjections(input, scope_, out_);
  RewriteEncryptPredicates(input, scope_, out_);
  RewriteEncryptAssignments(input, scope_, out_);
  bool insert = statement.kind == ast::StatementKind::Insert || statement.kind == ast::StatementKind::Replace;
  rebuilds_insert_ = insert && statement.insert.select == ast::kNoQuery &&
                     scope_.TableOf(statement.tables[static_cast<std::size_t>(statement.insert.table)]) != nullptr;
}

void EncryptRewriter::AddTokens(std::vector<SqlToken>& tokens) const {
  tokens.insert(tokens.end(), out_.tokens.begin(), out_.tokens.end());
}

void EncryptRewriter::ReplaceParams(UnitParams& params) const {
  for (const auto& [index, values] : out_.params) {
    if (values.size() == 1 && static_cast<std::size_t>(index) < params.get().size()) {
      params.Edit()[static_cast<std::size_t>(index)] = values.front();
    }
  }
}

void EncryptRewriter::AppendExpandedParams(const std::vector<Value>& params, std::vector<Value>& out) const {
  if (out_.params.empty()) {
    out.insert(out.end(), params.begin(), params.end());
    return;
  }
  for (std::size_t i = 0; i < params.size(); ++i) {
    auto found = out_.params.find(static_cast<int32_t>(i));
    if (found != out_.params.end() && found->second.size() > 1) {
      out.insert(out.end(), found->second.begin(), found->second.end());
    } else {
      out.push_back(params[i]);
    }
  }
}

void EncryptRewriter::AppendParam(std::size_t index, const Value& value, std::vector<Value>& out) const {
  auto found = out_.params.find(static_cast<int32_t>(index));
  if (found == out_.params.end()) {
    out.push_back(value);
  } else {
    out.insert(out.end(), found->second.begin(), found->second.end());
  }
}

const std::string* EncryptRewriter::InsertValue(ast::ExprId id) const {
  auto found = out_.insert_values.find(id);
  return found == out_.insert_values.end() ? nullptr : &found->second;
}

std::vector<std::string> EncryptRewriter::InsertColumns(const std::vector<std::string>& columns) const {
  if (!rebuilds_insert_) return columns;
  const ast::Statement& statement = input_.statement;
  return EncryptInsertColumns(scope_, statement.tables[static_cast<std::size_t>(statement.insert.table)], columns);
}

}  // namespace sqlroute::rewrite
