#pragma once
// The encrypt rewrite (ShardingSphere's encrypt token generators and checkers): checks the
// statement, then renames encrypted columns, encrypts literal and parameter values and lists the
// result columns to decrypt. Parameters change in two ways: a predicate value is replaced by its
// ciphertext, and an INSERT / SET value becomes cipher, assisted and like values (the insert
// rewriter regroups those per unit).
#include <map>
#include <string>
#include <vector>

#include "rewrite/encrypt_output.h"
#include "rewrite/encrypt_scope.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

class EncryptRewriter {
 public:
  explicit EncryptRewriter(const RewriteInput& input);

  // The INSERT targets an encrypt table: its VALUES are rebuilt with encrypted values.
  bool rebuilds_insert() const { return rebuilds_insert_; }
  void AddTokens(std::vector<SqlToken>& tokens) const;
  const std::vector<DecryptColumn>& decrypt() const { return out_.decrypt; }

  // Predicate parameters replaced by their ciphertext (`params` is copied only then).
  void ReplaceParams(UnitParams& params) const;
  // Appends the parameters (after ReplaceParams) with each SET value expanded to its encrypted
  // values. Only SET values expand, and they precede any IN list the sharding split shortens.
  void AppendExpandedParams(const std::vector<Value>& params, std::vector<Value>& out) const;
  // Appends what parameter `index` (originally `value`) becomes.
  void AppendParam(std::size_t index, const Value& value, std::vector<Value>& out) const;

  // The text of an INSERT VALUES item, or nullptr when it stays as written.
  const std::string* InsertValue(ast::ExprId id) const;
  // A generated INSERT column list with encrypted columns expanded.
  std::vector<std::string> InsertColumns(const std::vector<std::string>& columns) const;

 private:
  const RewriteInput& input_;
  EncryptScope scope_;
  EncryptOutput out_;
  bool rebuilds_insert_ = false;
};

}  // namespace sqlroute::rewrite
