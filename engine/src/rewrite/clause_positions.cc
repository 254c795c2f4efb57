#include "rewrite/clause_positions.h"

#include <cctype>
#include <string_view>

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rewrite {
namespace {

bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

// Back from `at` over spaces and comments.
uint32_t SkipBack(const ast::Statement& statement, uint32_t at) {
  for (bool moved = true; moved;) {
    moved = false;
    for (; at > 0 && IsSpace(statement.sql[at - 1]); moved = true) --at;
    for (const ast::Comment& comment : statement.comments) {
      if (comment.span.end == at && comment.span.begin < at) at = comment.span.begin, moved = true;
    }
  }
  return at;
}

// The start of `keyword`, which ends at `at`.
uint32_t KeywordEndingAt(const ast::Statement& statement, uint32_t at, std::string_view keyword) {
  auto size = static_cast<uint32_t>(keyword.size());
  if (at < size || !EqualsIgnoreCase(statement.text({at - size, at}), keyword)) {
    throw Error(Message<msg::ClauseKeywordMissing>(arg::keyword = keyword));
  }
  return at - size;
}

uint32_t TrimBack(const ast::Statement& statement, uint32_t at) {
  while (at > 0 && IsSpace(statement.sql[at - 1])) --at;
  return at;
}

}  // namespace

ast::Span HavingClause(const ast::Statement& statement, const ast::Query& query) {
  const ast::Span& condition = statement.expr(query.having).span;
  // A parenthesized condition's span leaves its parentheses out.
  uint32_t begin = SkipBack(statement, condition.begin);
  uint32_t end = condition.end;
  while (begin > 0 && statement.sql[begin - 1] == '(') {
    begin = SkipBack(statement, begin - 1);
    while (end < statement.sql.size() && statement.sql[end] != ')') ++end;
    ++end;
  }
  if (end > statement.sql.size()) throw Error(Message<msg::HavingEndMissing>());
  return {TrimBack(statement, KeywordEndingAt(statement, begin, "HAVING")), end};
}

uint32_t RollupEnd(const ast::Statement& statement, const ast::Query& query) {
  std::size_t at = query.group_by.back().span.end;
  for (std::string_view word : {"WITH", "ROLLUP"}) {
    while (at < statement.sql.size() && IsSpace(statement.sql[at])) ++at;
    if (!EqualsIgnoreCase(std::string_view(statement.sql).substr(at, word.size()), word)) {
      throw Error(Message<msg::RollupWithComments>(), PositionAt(statement.sql, at));
    }
    at += word.size();
  }
  return static_cast<uint32_t>(at);
}

uint32_t GroupByPosition(const ast::Statement& statement, const ast::Query& query) {
  if (query.having != ast::kNoExpr) return HavingClause(statement, query).begin;
  if (!query.order_by.empty()) {
    uint32_t by = KeywordEndingAt(statement, SkipBack(statement, query.order_by.front().span.begin), "BY");
    return TrimBack(statement, KeywordEndingAt(statement, SkipBack(statement, by), "ORDER"));
  }
  if (query.limit) return TrimBack(statement, query.limit->span.begin);
  if (query.lock != ast::LockKind::None) return TrimBack(statement, query.lock_span.begin);
  return query.span.end;
}

}  // namespace sqlroute::rewrite
