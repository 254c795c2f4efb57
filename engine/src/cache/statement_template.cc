#include "cache/statement_template.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "cache/statement_spans.h"
#include "parser/literal_text.h"

namespace sqlroute::cache {
namespace {

using Kind = LiteralUse::Kind;

std::string_view Text(std::string_view sql, const LiteralToken& t) { return sql.substr(t.begin, t.end - t.begin); }

// The LIMIT value the parser reads from an integer token (overflow saturates).
int64_t LimitLiteral(std::string_view token) {
  errno = 0;
  long long parsed = std::strtoll(std::string(token).c_str(), nullptr, 10);
  return errno == ERANGE ? INT64_MAX : parsed;
}

Value ExprLiteral(std::string_view token, LiteralClass type, int negations) {
  Value value = DecodeLiteral(token, type);
  for (int i = 0; i < negations; ++i) value = parser::Negate(value);
  return value;
}

template <class Statement>
auto* LimitAt(Statement& st, const LiteralUse& use) {
  auto& limit = use.index < 0 ? st.limit : st.queries[static_cast<std::size_t>(use.index)].limit;
  return use.limit_offset ? &*limit->offset : &*limit->row_count;
}

// Decides, for every literal token, how the parsed model uses it.
class UseFinder {
 public:
  UseFinder(const ast::Statement& st, const std::vector<LiteralToken>& literals)
      : st_(st), literals_(literals), uses_(literals.size()), conflict_(literals.size(), false) {}

  std::vector<LiteralUse> Find() {
    for (std::size_t id = 0; id < st_.exprs.size(); ++id) {
      if (st_.exprs[id].kind == ast::ExprKind::Literal) MatchExpr(static_cast<int32_t>(id));
    }
    for (std::size_t q = 0; q < st_.queries.size(); ++q) MatchLimit(st_.queries[q].limit, static_cast<int32_t>(q));
    MatchLimit(st_.limit, -1);
    for (const auto& query : st_.queries) {
      PinOrderItems(query.group_by);
      PinOrderItems(query.order_by);
    }
    PinOrderItems(st_.order_by);
    for (const auto& comment : st_.comments) PinWithin(comment.span);
    ForEachSpan(st_, [this](const ast::Span& span) {
      PinAround(span.begin);
      PinAround(span.end);
    });
    for (std::size_t i = 0; i < uses_.size(); ++i) {
      if (conflict_[i]) uses_[i] = LiteralUse{};
    }
    return std::move(uses_);
  }

 private:
  // The token ending at `end`, or -1.
  int TokenEndingAt(uint32_t end) const {
    auto it = std::lower_bound(literals_.begin(), literals_.end(), end,
                               [](const LiteralToken& t, uint32_t offset) { return t.end < offset; });
    return it != literals_.end() && it->end == end ? static_cast<int>(it - literals_.begin()) : -1;
  }

  std::string_view Text(const LiteralToken& t) const { return std::string_view(st_.sql).substr(t.begin, t.end - t.begin); }

  void Claim(int token, LiteralUse use, bool same_value) {
    if (!same_value || uses_[token].kind != Kind::Pinned) conflict_[token] = true;
    uses_[token] = use;
  }

  void MatchExpr(int32_t id) {
    const ast::Expr& expr = st_.exprs[static_cast<std::size_t>(id)];
    int token = TokenEndingAt(expr.span.end);
    if (token < 0) return;  // TRUE, NULL, a temporal literal, ...
    const LiteralToken& t = literals_[token];
    if (expr.span.begin > t.begin) {
      conflict_[token] = true;
      return;
    }
    int negations = 0;
    for (uint32_t i = expr.span.begin; i < t.begin; ++i) {
      char c = st_.sql[i];
      if (c == '-') {
        ++negations;
      } else if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
        conflict_[token] = true;  // 'a' 'b', N'x' 'y', a comment inside, ...
        return;
      }
    }
    bool same = ExprLiteral(Text(t), t.type, negations) == expr.literal;
    Claim(token, {Kind::Expr, id, false, static_cast<uint8_t>(negations)}, same);
  }

  void MatchLimit(const std::optional<ast::Limit>& limit, int32_t query) {
    if (!limit) return;
    if (limit->offset) MatchLimitValue(*limit->offset, query, true);
    if (limit->row_count) MatchLimitValue(*limit->row_count, query, false);
  }

  void MatchLimitValue(const ast::LimitValue& value, int32_t query, bool offset) {
    if (!value.literal) return;
    int token = TokenEndingAt(value.span.end);
    if (token < 0) return;
    const LiteralToken& t = literals_[token];
    bool same = t.begin == value.span.begin && t.type == LiteralClass::Integer && LimitLiteral(Text(t)) == *value.literal;
    Claim(token, {Kind::Limit, query, offset, 0}, same);
  }

  // ORDER BY 2 names a column by position: the number is structure, not a value.
  void PinOrderItems(const std::vector<ast::OrderItem>& items) {
    for (const auto& item : items) {
      if (item.expr == ast::kNoExpr) continue;
      int token = TokenEndingAt(st_.expr(item.expr).span.end);
      if (token >= 0) conflict_[token] = true;
    }
  }

  void PinWithin(const ast::Span& span) {
    for (std::size_t i = 0; i < literals_.size(); ++i) {
      if (literals_[i].begin >= span.begin && literals_[i].end <= span.end) conflict_[i] = true;
    }
  }

  // A span boundary inside a token would not survive a change of the token's length.
  void PinAround(uint32_t offset) {
    auto it = std::upper_bound(literals_.begin(), literals_.end(), offset,
                               [](uint32_t o, const LiteralToken& t) { return o < t.end; });
    if (it != literals_.end() && it->begin < offset) conflict_[static_cast<std::size_t>(it - literals_.begin())] = true;
  }

  const ast::Statement& st_;
  const std::vector<LiteralToken>& literals_;
  std::vector<LiteralUse> uses_;
  std::vector<bool> conflict_;
};

// For each span offset ForEachSpan visits (begin, then end), how many literal tokens end at or
// before it: moving the offset onto another text of the shape adds the length change of those.
std::vector<uint32_t> TokensBeforeSpans(const ast::Statement& st, const std::vector<LiteralToken>& literals) {
  std::vector<uint32_t> result;
  auto tokens_before = [&](uint32_t offset) {
    auto it = std::upper_bound(literals.begin(), literals.end(), offset,
                               [](uint32_t o, const LiteralToken& t) { return o < t.end; });
    return static_cast<uint32_t>(it - literals.begin());
  };
  ForEachSpan(st, [&](const ast::Span& span) {
    result.push_back(tokens_before(span.begin));
    result.push_back(tokens_before(span.end));
  });
  return result;
}

}  // namespace

StatementTemplate::StatementTemplate(ast::Statement statement, std::vector<LiteralToken> literals)
    : literals_(std::move(literals)) {
  uses_ = UseFinder(statement, literals_).Find();
  any_normalized_ = std::any_of(uses_.begin(), uses_.end(), [](const LiteralUse& u) { return u.kind != Kind::Pinned; });
  if (any_normalized_) tokens_before_spans_ = TokensBeforeSpans(statement, literals_);
  statement_ = std::make_shared<const ast::Statement>(std::move(statement));
}

bool StatementTemplate::Matches(std::string_view sql, const std::vector<LiteralToken>& literals) const {
  for (std::size_t i = 0; i < literals.size(); ++i) {
    if (uses_[i].kind == Kind::Pinned && Text(sql, literals[i]) != Text(statement_->sql, literals_[i])) return false;
  }
  return true;
}

std::shared_ptr<const ast::Statement> StatementTemplate::Instantiate(std::string_view sql,
                                                                     const std::vector<LiteralToken>& literals,
                                                                     bool lend) const {
  if (!any_normalized_ || sql == statement_->sql) return Own(lend);  // the text is the template's own
  // Each literal's length change moves every offset after it (no span boundary lies inside a
  // normalized literal); delta[k]: the total change of the first k + 1 literals.
  std::vector<int64_t> delta;
  delta.reserve(literals.size());
  bool same_lengths = true;
  for (std::size_t i = 0; i < literals.size(); ++i) {
    delta.push_back(static_cast<int64_t>(literals[i].end) - static_cast<int64_t>(literals_[i].end));
    same_lengths = same_lengths && delta.back() == 0;
  }
  auto st = std::make_shared<ast::Statement>(*statement_);
  st->sql.assign(sql);
  if (!same_lengths) {
    std::size_t next = 0;
    auto move = [&](uint32_t offset) {
      uint32_t before = tokens_before_spans_[next++];
      return before == 0 ? offset : static_cast<uint32_t>(offset + delta[before - 1]);
    };
    ForEachSpan(*st, [&](ast::Span& span) {
      span.begin = move(span.begin);
      span.end = move(span.end);
    });
  }
  for (std::size_t i = 0; i < literals.size(); ++i) {
    const LiteralUse& use = uses_[i];
    if (use.kind == Kind::Pinned) continue;
    std::string_view text = Text(sql, literals[i]);
    if (text == Text(statement_->sql, literals_[i])) continue;  // same token, same value
    if (use.kind == Kind::Expr) {
      st->exprs[static_cast<std::size_t>(use.index)].literal = ExprLiteral(text, literals[i].type, use.negations);
    } else {
      LimitAt(*st, use)->literal = LimitLiteral(text);
    }
  }
  return st;
}

std::shared_ptr<const ast::Statement> StatementTemplate::Own(bool lend) const {
  return lend ? std::shared_ptr<const ast::Statement>(std::shared_ptr<const ast::Statement>(), statement_.get()) : statement_;
}

std::size_t StatementTemplate::ApproxBytes() const {
  const ast::Statement& st = *statement_;
  std::size_t bytes = sizeof(*this) + sizeof(st) + st.sql.capacity() + literals_.capacity() * sizeof(LiteralToken) +
                      uses_.capacity() * sizeof(LiteralUse) + tokens_before_spans_.capacity() * sizeof(uint32_t) +
                      st.exprs.capacity() * sizeof(ast::Expr) +
                      st.queries.capacity() * sizeof(ast::Query) + st.tables.capacity() * sizeof(ast::TableRef) +
                      st.param_markers.capacity() * sizeof(ast::Span) + st.insert.rows.capacity() * sizeof(ast::InsertRow) +
                      st.update_set.capacity() * sizeof(ast::Assignment);
  for (const auto& expr : st.exprs) {
    bytes += expr.children.capacity() * sizeof(ast::ExprId) + expr.literal.text().capacity() + expr.column.name.name.capacity();
  }
  for (const auto& query : st.queries) bytes += query.projections.capacity() * sizeof(ast::Projection);
  for (const auto& row : st.insert.rows) bytes += row.values.capacity() * sizeof(ast::ExprId);
  for (const auto& comment : st.comments) bytes += sizeof(comment) + comment.text.capacity();
  return bytes;
}

}  // namespace sqlroute::cache
