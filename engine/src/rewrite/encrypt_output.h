#pragma once
// What the encrypt rewrite produces, shared by its parts: tokens over the original text,
// parameter replacements (an INSERT or SET value becomes cipher, assisted and like values),
// texts of INSERT values for the insert rewriter, and the columns a proxy must decrypt.
#include <map>
#include <string>
#include <vector>

#include "ast/statement.h"
#include "rewrite/sql_token.h"
#include "rules/encrypt_rule.h"
#include "sqlroute/plan.h"

namespace sqlroute::rewrite {

struct EncryptOutput {
  std::vector<SqlToken> tokens;
  std::map<int32_t, std::vector<Value>> params;       // parameter index -> the values replacing it
  std::map<ast::ExprId, std::string> insert_values;   // INSERT VALUES item -> its replacement
  std::vector<DecryptColumn> decrypt;

  void Replace(const ast::Span& span, std::string text) {
    tokens.push_back({span.begin, span.end, TokenKind::Text, std::move(text), "", false});
  }
};

// `value` encrypted by `item`'s encryptor, as a SQL literal ('...' or NULL).
std::string EncryptedLiteral(const rules::EncryptItem& item, const Value& value);
std::string Backquote(const std::string& name);
// `name` written the way the original identifier was: back-quoted or not.
std::string LikeWritten(const std::string& name, const ast::Identifier& original);

}  // namespace sqlroute::rewrite
