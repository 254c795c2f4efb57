#pragma once
// Visits every Span of a statement model (const or not), so that a cached statement can be
// checked against and moved onto the text of a statement with different literal lengths.
// Keep in step with ast/statement.h: a span missed here would keep a stale offset.
#include "ast/statement.h"

namespace sqlroute::cache {

template <class Ident, class F>
void VisitIdentifier(Ident& ident, F& f) { f(ident.span); }

template <class Opt, class F>
void VisitOptionalIdentifier(Opt& ident, F& f) { if (ident) f(ident->span); }

template <class Column, class F>
void VisitColumn(Column& column, F& f) {
  VisitOptionalIdentifier(column.schema, f);
  VisitOptionalIdentifier(column.owner, f);
  f(column.name.span);
}

template <class Orders, class F>
void VisitOrders(Orders& items, F& f) { for (auto& item : items) f(item.span); }

template <class Limit, class F>
void VisitLimit(Limit& limit, F& f) {
  if (!limit) return;
  f(limit->span);
  if (limit->offset) f(limit->offset->span);
  if (limit->row_count) f(limit->row_count->span);
}

template <class Assignments, class F>
void VisitAssignments(Assignments& items, F& f) {
  for (auto& item : items) {
    VisitColumn(item.column, f);
    f(item.span);
    f(item.column_span);
  }
}

template <class Projections, class F>
void VisitProjections(Projections& items, F& f) {
  for (auto& projection : items) {
    f(projection.span);
    VisitOptionalIdentifier(projection.star_owner, f);
    VisitOptionalIdentifier(projection.alias, f);
  }
}

template <class Statement, class F>
void ForEachSpan(Statement& st, F&& f) {
  for (auto& expr : st.exprs) {
    f(expr.span);
    VisitColumn(expr.column, f);
  }
  for (auto& query : st.queries) {
    f(query.span);
    f(query.projections_span);
    f(query.lock_span);
    VisitProjections(query.projections, f);
    for (auto& join : query.joins) {
      for (auto& column : join.using_columns) VisitIdentifier(column, f);
    }
    VisitOrders(query.group_by, f);
    VisitOrders(query.order_by, f);
    VisitLimit(query.limit, f);
  }
  for (auto& table : st.tables) {
    VisitOptionalIdentifier(table.schema, f);
    f(table.name.span);
    VisitOptionalIdentifier(table.alias, f);
    f(table.span);
  }
  for (auto& span : st.param_markers) f(span);
  for (auto& comment : st.comments) f(comment.span);
  auto& insert = st.insert;
  for (auto& column : insert.columns) VisitIdentifier(column, f);
  f(insert.columns_span);
  f(insert.values_span);
  for (auto& row : insert.rows) f(row.span);
  VisitAssignments(insert.set_assignments, f);
  VisitAssignments(insert.on_duplicate, f);
  f(insert.on_duplicate_span);
  VisitAssignments(st.update_set, f);
  for (auto& join : st.joins) {
    for (auto& column : join.using_columns) VisitIdentifier(column, f);
  }
  for (auto& item : st.set_variables) {
    f(item.name_span);
    f(item.value_span);
    f(item.span);
  }
  for (auto& window : st.windows) {
    VisitOptionalIdentifier(window.name, f);
    VisitOptionalIdentifier(window.reference, f);
    VisitOrders(window.order_by, f);
    f(window.span);
  }
  for (auto& call : st.call_orders) {
    VisitOrders(call.order_by, f);
    f(call.span);
  }
  VisitOrders(st.order_by, f);
  VisitLimit(st.limit, f);
  VisitProjections(st.returning, f);
  f(st.returning_span);
  for (auto& name : st.index_names) VisitIdentifier(name, f);
  for (auto& name : st.constraint_names) VisitIdentifier(name, f);
  for (auto& name : st.schema_names) VisitIdentifier(name, f);
  f(st.schema_clause);
  for (auto& name : st.column_definitions) VisitIdentifier(name, f);
  for (auto& column : st.table_columns) {
    VisitIdentifier(column.name, f);
    f(column.span);
  }
  for (auto& span : st.table_elements) f(span);
  for (auto& item : st.alter_items) {
    f(item.span);
    for (auto& column : item.definitions) {
      VisitIdentifier(column.name, f);
      f(column.span);
    }
    VisitOptionalIdentifier(item.column, f);
    VisitOptionalIdentifier(item.new_name, f);
    VisitOptionalIdentifier(item.after, f);
  }
  for (auto& name : st.index_columns) VisitIdentifier(name, f);
}

}  // namespace sqlroute::cache
