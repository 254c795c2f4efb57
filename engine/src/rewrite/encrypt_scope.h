#pragma once
// Which encrypt table and logical column a column reference means: the owner names a table
// or alias; an unqualified name is looked up among the tables of its query block (metadata
// decides between several), then among the enclosing blocks' tables.
#include <optional>
#include <vector>

#include "ast/statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::rewrite {

struct EncryptedRef {
  const ast::TableRef* table = nullptr;
  const rules::EncryptColumn* column = nullptr;
};

class EncryptScope {
 public:
  EncryptScope(const ast::Statement& statement, const rules::CompiledRules& rules);

  // True when some table of the statement has encrypted columns.
  bool active() const { return active_; }
  // `query` is the block the reference appears in; kNoQuery for UPDATE / DELETE / INSERT.
  std::optional<EncryptedRef> Resolve(const ast::ColumnRef& column, ast::QueryId query) const;
  // A column of a derived table of `query` (FROM (SELECT ...) d) that the derived block projects
  // from an encrypted column: its units hold ciphertext under the logical name.
  std::optional<EncryptedRef> ThroughDerived(const ast::ColumnRef& column, ast::QueryId query) const;
  const rules::EncryptTable* TableOf(const ast::TableRef& ref) const;
  // Tables of one block, in source order.
  std::vector<const ast::TableRef*> TablesOf(ast::QueryId query) const;

 private:
  std::optional<EncryptedRef> ResolveIn(const ast::ColumnRef& column, ast::QueryId query) const;
  bool HasColumn(const ast::TableRef& ref, const std::string& column) const;

  const ast::Statement& statement_;
  const rules::CompiledRules& rules_;
  bool active_ = false;
};

}  // namespace sqlroute::rewrite
