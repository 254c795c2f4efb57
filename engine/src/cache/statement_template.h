#pragma once
// A parsed statement kept with the literal tokens of its text, and how each literal appears in
// the model, so that a statement of the same shape gets its model without being parsed: the
// cached model with the new text, the new literal values and the spans moved accordingly.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ast/statement.h"
#include "cache/sql_normalizer.h"
#include "common/cache_line.h"

namespace sqlroute::cache {

// Where the value of one literal token goes in the model. A pinned literal is one whose value
// the model depends on in other ways (ORDER BY 2, a string alias, text inside a comment, ...):
// only a statement with the same text there shares the template.
struct LiteralUse {
  enum class Kind : uint8_t { Pinned, Expr, Limit };
  Kind kind = Kind::Pinned;
  int32_t index = -1;         // Expr: the expression; Limit: the query, or -1 for the statement's LIMIT
  bool limit_offset = false;  // Limit: the offset (else the row count)
  uint8_t negations = 0;      // Expr: minus signs the parser folded into the literal (-5)
};

class alignas(kCacheLine) StatementTemplate {
 public:
  StatementTemplate(ast::Statement statement, std::vector<LiteralToken> literals);

  // Whether `sql` (whose normalized form has this template's shape) has the pinned literals' text.
  bool Matches(std::string_view sql, const std::vector<LiteralToken>& literals) const;
  // The model of `sql`, which Matches. With `lend`, the template's own model, when it is that,
  // comes without a reference count: valid while the template lives.
  std::shared_ptr<const ast::Statement> Instantiate(std::string_view sql, const std::vector<LiteralToken>& literals,
                                                    bool lend = false) const;
  // The template's own model (that of its own text); with `lend`, without a reference count.
  std::shared_ptr<const ast::Statement> Own(bool lend) const;

  const std::shared_ptr<const ast::Statement>& statement() const { return statement_; }

  const std::vector<LiteralUse>& uses() const { return uses_; }
  std::size_t ApproxBytes() const;

 private:
  std::shared_ptr<const ast::Statement> statement_;
  std::vector<LiteralToken> literals_;
  std::vector<LiteralUse> uses_;
  std::vector<uint32_t> tokens_before_spans_;  // per span offset, in ForEachSpan order: literals before it
  bool any_normalized_ = false;
};

}  // namespace sqlroute::cache
