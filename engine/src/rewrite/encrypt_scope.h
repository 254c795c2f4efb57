#pragma once
// Which encrypt table and logical column a column reference means, read from the bound
// statement (bind/bound_statement.h): the table the binder found as the column's owner, in
// its own block or an enclosing one.
#include <optional>

#include "ast/statement.h"
#include "bind/bound_statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::rewrite {

struct EncryptedRef {
  const ast::TableRef* table = nullptr;
  const rules::EncryptColumn* column = nullptr;
};

class EncryptScope {
 public:
  EncryptScope(const ast::Statement& statement, const bind::BoundStatement& bound);

  // True when some table of the statement has encrypted columns.
  bool active() const { return active_; }
  // The encrypted column a column expression means, or nullopt.
  std::optional<EncryptedRef> Resolve(ast::ExprId column) const;
  // The encrypted column of UPDATE's assignment `index`, or nullopt.
  std::optional<EncryptedRef> ResolveAssignment(std::size_t index) const;
  // A column of a derived table of its own block (FROM (SELECT ...) d) that the derived block
  // projects from an encrypted column: its units hold ciphertext as `<name>_C`.
  std::optional<EncryptedRef> ThroughDerived(ast::ExprId column) const;
  const rules::EncryptTable* TableOf(const ast::TableRef& ref) const;
  // The data tables of one block, in source order.
  bind::Indexes TablesOf(ast::QueryId query) const { return bound_.BlockTables(query); }

 private:
  std::optional<EncryptedRef> Owned(const bind::ColumnOwner& owner, const std::string& column) const;
  // The table column a derived table's `*` gives `column` from, if encrypted.
  std::optional<EncryptedRef> ThroughStar(const bind::ColumnOwner& owner, const std::string& column) const;

  const ast::Statement& statement_;
  const bind::BoundStatement& bound_;
  bool active_ = false;
};

}  // namespace sqlroute::rewrite
