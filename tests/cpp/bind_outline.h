#pragma once
// A bound statement as text, for the binder's tests and the `bound` key of parse golden cases:
// one line per column reference (UPDATE's `SET col` and ON DUPLICATE KEY `UPDATE col` ones
// included), `*` projection and value slot, in source order.
#include <algorithm>
#include <string>
#include <vector>

#include "bind/binding_steps.h"

namespace sqlroute::bind {

// A derived table's or CTE's column: its column list's name, its alias or its text.
inline std::string DerivedColumnText(const ast::Statement& statement, ast::QueryId query, int32_t projection) {
  const ast::Query& derived = statement.queries[static_cast<std::size_t>(query)];
  const ast::Projection& item = derived.projections[static_cast<std::size_t>(projection)];
  if (!derived.column_names.empty()) return std::string(ColumnName(statement, query, static_cast<std::size_t>(projection)));
  return item.alias ? item.alias->name : std::string(statement.text(statement.expr(item.expr).span));
}

// `<column as written> -> <owner>`: the owning table's alias or name (`outer ` before it when
// the reference is correlated), `<derived alias>.<column>`, `AS <alias>` or `?`.
inline std::string OwnerText(const ast::Statement& statement, const BoundStatement& bound, const ColumnOwner& owner) {
  std::string prefix = owner.correlated ? "outer " : "";
  switch (owner.kind) {
    case OwnerKind::Table: {
      const ast::TableRef& ref = statement.tables[static_cast<std::size_t>(owner.table)];
      return prefix + (ref.alias ? ref.alias->name : ref.name.name);
    }
    case OwnerKind::DerivedColumn: {
      const ast::Query& derived = statement.queries[static_cast<std::size_t>(owner.query)];
      std::string column = "?";
      if (owner.projection >= 0) {
        const ast::Projection& projection = derived.projections[static_cast<std::size_t>(owner.projection)];
        column = projection.star ? "*" : DerivedColumnText(statement, owner.query, owner.projection);
      }
      std::string source = owner.table >= 0 ? VisibleName(statement.tables[static_cast<std::size_t>(owner.table)])
                           : derived.alias ? derived.alias->name : "";
      return prefix + source + "." + column;
    }
    case OwnerKind::Alias: {
      const ast::Query& query = statement.queries[static_cast<std::size_t>(owner.query)];
      return "AS " + query.projections[static_cast<std::size_t>(owner.projection)].alias->name;
    }
    default: return "?";
  }
}

inline std::string StarColumnText(const ast::Statement& statement, const BoundStatement& bound, const StarColumn& column) {
  if (column.table >= 0) {
    const ast::TableRef& ref = statement.tables[static_cast<std::size_t>(column.table)];
    return (ref.alias ? ref.alias->name : ref.name.name) + "." +
           (*bound.table(column.table).columns)[static_cast<std::size_t>(column.column)];
  }
  const ast::Query& derived = statement.queries[static_cast<std::size_t>(column.derived)];
  return (derived.alias ? derived.alias->name : "") + "." + DerivedColumnText(statement, column.derived, column.column);
}

inline std::vector<std::string> Outline(const ast::Statement& statement, const BoundStatement& bound) {
  std::vector<std::pair<uint32_t, std::string>> lines;
  for (std::size_t i = 0; i < statement.exprs.size(); ++i) {
    const ast::Expr& expr = statement.exprs[i];
    if (expr.kind != ast::ExprKind::Column) continue;
    lines.emplace_back(expr.span.begin, std::string(statement.text(expr.span)) + " -> " +
                                            OwnerText(statement, bound, bound.exprs[i].owner));
  }
  for (std::size_t i = 0; i < statement.update_set.size(); ++i) {
    const ast::Assignment& assignment = statement.update_set[i];
    lines.emplace_back(assignment.column_span.begin, "SET " + std::string(statement.text(assignment.column_span)) + " -> " +
                                                         OwnerText(statement, bound, bound.update_owners[i]));
  }
  for (std::size_t i = 0; i < statement.insert.on_duplicate.size(); ++i) {
    const ast::Assignment& assignment = statement.insert.on_duplicate[i];
    lines.emplace_back(assignment.column_span.begin, "UPDATE " + std::string(statement.text(assignment.column_span)) +
                                                         " -> " + OwnerText(statement, bound, bound.duplicate_owners[i]));
  }
  for (const BoundStar& star : bound.stars) {
    const auto& projections =
        star.query == ast::kNoQuery ? statement.returning : statement.queries[static_cast<std::size_t>(star.query)].projections;
    const ast::Projection& projection = projections[static_cast<std::size_t>(star.projection)];
    std::string text = std::string(statement.text(projection.span)) + " ->";
    for (uint32_t c = star.columns_begin; c < star.columns_end; ++c) {
      text += (c == star.columns_begin ? " " : ", ") + StarColumnText(statement, bound, bound.star_columns[c]);
    }
    if (!star.complete) text += star.columns_begin == star.columns_end ? " ..." : ", ...";
    lines.emplace_back(projection.span.begin, text);
  }
  for (std::size_t slot = 0; slot < bound.slots.size(); ++slot) {
    ast::Span span = statement.expr(bound.slots[slot].expr).span;
    lines.emplace_back(span.begin, "slot " + std::to_string(slot) + ": " + std::string(statement.text(span)));
  }
  std::stable_sort(lines.begin(), lines.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> result;
  for (auto& line : lines) result.push_back(std::move(line.second));
  return result;
}

}  // namespace sqlroute::bind
