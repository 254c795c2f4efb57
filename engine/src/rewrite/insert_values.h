#pragma once
// INSERT rewrite (ShardingSphere's ShardingInsertValuesTokenGenerator, GeneratedKey*TokenGenerator
// and EncryptInsertValuesTokenGenerator): each unit receives only its own value rows, with the
// parameters regrouped, generated key columns and values appended, and encrypted values (one per
// cipher / assisted / like column) in place of the written ones.
#include <vector>

#include "rewrite/encrypt_rewriter.h"
#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

class InsertRewriter {
 public:
  InsertRewriter(const RewriteInput& input, const EncryptRewriter& encrypt);

  bool active() const { return active_; }
  // Column list / generated key tokens (the same for every unit).
  void AddTokens(std::vector<SqlToken>& tokens) const;
  // Appends the VALUES text of unit `index` to `out`; its parameters to `params`.
  void AppendValues(std::size_t index, std::string& out) const;
  void AppendParams(std::size_t index, std::vector<Value>& params) const;

 private:
  void AppendRow(int row, std::string& out) const;
  // Whether the row's text is what AppendRow builds: "(" its values joined by ", " ")", none encrypted.
  bool WrittenAsRebuilt(const ast::InsertRow& row) const;
  void AddKeyTokens(std::vector<SqlToken>& tokens) const;
  std::string KeyText(int row) const;
  std::vector<int> Rows(std::size_t index) const;
  const RewriteInput& input_;
  const EncryptRewriter& encrypt_;
  bool active_ = false;
  bool parameterized_ = false;
};

}  // namespace sqlroute::rewrite
