#pragma once
// Shared check: every span of a parsed statement lies within its text, and every table name
// span holds the identifier as written.
#include <gtest/gtest.h>

#include "ast/statement.h"

namespace sqlroute::parser {

inline void ExpectSpanWithin(const ast::Statement& st, ast::Span span, const char* what) {
  EXPECT_LE(span.begin, span.end) << what;
  EXPECT_LE(span.end, st.sql.size()) << what;
}

inline void ExpectNameSpan(const ast::Statement& st, const ast::Identifier& id) {
  ExpectSpanWithin(st, id.span, "identifier");
  std::string_view text = st.text(id.span);
  if (id.quoted) {
    ASSERT_GE(text.size(), 2u);
    std::string unquoted;
    for (size_t i = 1; i + 1 < text.size(); ++i) {
      unquoted += text[i];
      if (text[i] == text[0] && text[i + 1] == text[0]) ++i;
    }
    EXPECT_EQ(unquoted, id.name);
  } else {
    EXPECT_EQ(text, id.name);
  }
}

inline void ExpectSpansWithin(const ast::Statement& st) {
  for (const auto& table : st.tables) {
    ExpectSpanWithin(st, table.span, "table");
    ExpectNameSpan(st, table.name);
    if (table.schema) ExpectNameSpan(st, *table.schema);
    if (table.alias) ExpectNameSpan(st, *table.alias);
    EXPECT_LE(table.span.begin, table.name.span.begin);
    EXPECT_GE(table.span.end, table.name.span.end);
  }
  for (const auto& expr : st.exprs) ExpectSpanWithin(st, expr.span, "expr");
  for (const auto& query : st.queries) {
    ExpectSpanWithin(st, query.span, "query");
    for (const auto& projection : query.projections) ExpectSpanWithin(st, projection.span, "projection");
    for (const auto& item : query.order_by) ExpectSpanWithin(st, item.span, "order by");
    for (const auto& item : query.group_by) ExpectSpanWithin(st, item.span, "group by");
    if (query.limit) ExpectSpanWithin(st, query.limit->span, "limit");
  }
  for (const auto& marker : st.param_markers) EXPECT_EQ(st.text(marker), "?");
  for (const auto& comment : st.comments) EXPECT_EQ(st.text(comment.span), comment.text);
  for (const auto& row : st.insert.rows) ExpectSpanWithin(st, row.span, "insert row");
  for (const auto& id : st.index_names) ExpectNameSpan(st, id);
  for (const auto& id : st.constraint_names) ExpectNameSpan(st, id);
  for (const auto& id : st.schema_names) ExpectNameSpan(st, id);
  for (const auto& item : st.set_variables) {
    ExpectSpanWithin(st, item.span, "set item");
    EXPECT_LE(item.span.begin, item.name_span.begin);
    EXPECT_GE(item.span.end, item.value_span.end);
  }
  for (const auto& window : st.windows) {
    ExpectSpanWithin(st, window.span, "window");
    if (window.name) ExpectNameSpan(st, *window.name);
    if (window.reference) ExpectNameSpan(st, *window.reference);
    for (const auto& item : window.order_by) ExpectSpanWithin(st, item.span, "window order by");
  }
  for (const auto& call : st.call_orders) ExpectSpanWithin(st, call.span, "call order by");
}

}  // namespace sqlroute::parser
