#pragma once
// INSERT rewrite (spec §5.5, §5.6): each unit receives only its own value rows, with the
// parameters regrouped, and generated key columns and values appended.
#include <vector>

#include "rewrite/rewriter.h"
#include "rewrite/sql_token.h"

namespace sqlroute::rewrite {

class InsertRewriter {
 public:
  explicit InsertRewriter(const RewriteInput& input);

  bool active() const { return active_; }
  // Column list / generated key tokens (the same for every unit).
  void AddTokens(std::vector<SqlToken>& tokens) const;
  // The VALUES text and the parameters of unit `index`.
  std::string ValuesText(std::size_t index) const;
  std::vector<Value> Params(std::size_t index) const;

 private:
  std::string RowText(int row) const;
  std::string KeyText(int row) const;
  const RewriteInput& input_;
  bool active_ = false;
  bool parameterized_ = false;
};

}  // namespace sqlroute::rewrite
