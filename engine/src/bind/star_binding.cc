#include "bind/binding_steps.h"

#include <algorithm>

#include "common/strings.h"

namespace sqlroute::bind {
namespace {

bool HasStar(const ast::Query& query) {
  return std::any_of(query.projections.begin(), query.projections.end(), [](const ast::Projection& p) { return p.star; });
}

bool CoalescingJoin(const ast::Join& join) { return join.type.compare(0, 7, "NATURAL") == 0 || !join.using_columns.empty(); }

// ShardingSphere's ShorthandProjectionSegmentBinder: `*` and `t.*` of every block, each bound
// after the derived tables and CTEs it reads from.
class StarBinder {
 public:
  StarBinder(const ast::Statement& statement, BoundStatement& bound)
      : statement_(statement), bound_(bound), state_(statement.queries.size(), State::Unbound) {}

  void Run() {
    for (std::size_t q = 0; q < statement_.queries.size(); ++q) Block(static_cast<ast::QueryId>(q));
    for (std::size_t i = 0; i < statement_.returning.size(); ++i) {
      if (statement_.returning[i].star) bound_.stars.push_back(BindStar(ast::kNoQuery, i));
    }
  }

 private:
  enum class State : uint8_t { Unbound, Binding, Bound };

  // A recursive CTE read inside itself is left Binding: a `*` over it stays incomplete.
  void Block(ast::QueryId id) {
    State& state = state_[static_cast<std::size_t>(id)];
    if (state != State::Unbound) return;
    state = State::Binding;
    const ast::Query& query = statement_.queries[static_cast<std::size_t>(id)];
    for (ast::QueryId derived : query.derived_tables) Block(derived);
    for (int32_t index : bound_.BlockTables(id)) {
      if (bound_.table(index).cte != ast::kNoQuery) Block(bound_.table(index).cte);
    }
    for (std::size_t i = 0; i < query.projections.size(); ++i) {
      if (query.projections[i].star) bound_.stars.push_back(BindStar(id, i));
    }
    state_[static_cast<std::size_t>(id)] = State::Bound;
  }

  void AppendTable(int32_t index, BoundStar& star) {
    bound_.star_tables.push_back(index);
    const std::vector<std::string>* columns = bound_.table(index).columns;
    if (!columns) {
      star.complete = false;
      return;
    }
    // ShorthandProjectionSegmentBinder expands to the table's visible columns only.
    const config::TableMetadataConfig* metadata = bound_.table(index).metadata;
    for (std::size_t j = 0; j < columns->size(); ++j) {
      if (metadata && !metadata->columns[j].visible) continue;
      bound_.star_columns.push_back({index, ast::kNoQuery, static_cast<int32_t>(j)});
    }
  }

  void AppendDerived(ast::QueryId derived, BoundStar& star) {
    const ast::Query& query = statement_.queries[static_cast<std::size_t>(derived)];
    for (std::size_t k = 0; k < query.projections.size(); ++k) {
      if (!query.projections[k].star) {
        bound_.star_columns.push_back({-1, derived, static_cast<int32_t>(k)});
        continue;
      }
      const BoundStar* inner = bound_.StarOf(derived, static_cast<int32_t>(k));
      star.complete = star.complete && inner && inner->complete;
      if (!inner) continue;
      for (uint32_t c = inner->columns_begin; c < inner->columns_end; ++c) {
        StarColumn column = bound_.star_columns[c];
        bound_.star_columns.push_back(column);
      }
    }
  }

  // `*` / `t.*` of projection `index` of block `id` (kNoQuery: of RETURNING): the tables, CTEs
  // and derived tables it covers in FROM order, and their columns.
  BoundStar BindStar(ast::QueryId id, std::size_t index) {
    static const std::vector<ast::QueryId> kNoDerived;
    bool returning = id == ast::kNoQuery;
    const ast::Query* query = returning ? nullptr : &statement_.queries[static_cast<std::size_t>(id)];
    const std::vector<ast::QueryId>& derived_tables = returning ? kNoDerived : query->derived_tables;
    const std::optional<ast::Identifier>& owner = (returning ? statement_.returning : query->projections)[index].star_owner;
    BoundStar star;
    star.query = id;
    star.projection = static_cast<int32_t>(index);
    star.tables_begin = static_cast<uint32_t>(bound_.star_tables.size());
    star.columns_begin = static_cast<uint32_t>(bound_.star_columns.size());
    std::vector<uint32_t> items;  // where each FROM item's columns begin
    Indexes tables = bound_.BlockTables(id);
    const int32_t* table = tables.begin();
    auto derived = derived_tables.begin();
    while (table != tables.end() || derived != derived_tables.end()) {
      const ast::Query* sub = derived == derived_tables.end() ? nullptr : &statement_.queries[static_cast<std::size_t>(*derived)];
      bool take_table = table != tables.end() &&
                        (!sub || statement_.tables[static_cast<std::size_t>(*table)].span.begin < sub->span.begin);
      items.push_back(static_cast<uint32_t>(bound_.star_columns.size()));
      if (take_table) {
        if (!owner || EqualsIgnoreCase(VisibleName(statement_.tables[static_cast<std::size_t>(*table)]), owner->name)) {
          ast::QueryId cte = bound_.table(*table).cte;
          if (cte != ast::kNoQuery) AppendDerived(cte, star);
          else AppendTable(*table, star);
        }
        ++table;
        continue;
      }
      if (!owner || (sub->alias && EqualsIgnoreCase(sub->alias->name, owner->name))) AppendDerived(*derived, star);
      ++derived;
    }
    if (!owner && !returning && star.complete) CoalesceJoins(query->joins, items);
    star.tables_end = static_cast<uint32_t>(bound_.star_tables.size());
    star.columns_end = static_cast<uint32_t>(bound_.star_columns.size());
    return star;
  }

  // `*` over USING / NATURAL joins lists each join column once: the join columns first, then
  // the other columns of the left and the right operand, the right one first for RIGHT JOIN
  // (MySQL's column order; ShardingSphere's JoinTableSegmentBinder derives the same list). The
  // joins of a block follow its FROM items left to right; a FROM clause that does not read so
  // (nested joins, JSON_TABLE) keeps the plain order.
  void CoalesceJoins(const std::vector<ast::Join>& joins, const std::vector<uint32_t>& items) {
    if (std::none_of(joins.begin(), joins.end(), CoalescingJoin) || items.size() != joins.size() + 1) return;
    std::vector<StarColumn>& all = bound_.star_columns;
    auto item = [&](std::size_t i) {
      auto end = i + 1 < items.size() ? all.begin() + items[i + 1] : all.end();
      return std::vector<StarColumn>(all.begin() + items[i], end);
    };
    auto name = [&](const StarColumn& column) { return StarColumnName(statement_, bound_, column); };
    auto names = [&](const std::vector<StarColumn>& list, std::string_view wanted) {
      return std::any_of(list.begin(), list.end(), [&](const StarColumn& c) { return EqualsIgnoreCase(name(c), wanted); });
    };
    std::vector<StarColumn> left = item(0);
    for (std::size_t j = 0; j < joins.size(); ++j) {
      std::vector<StarColumn> right = item(j + 1);
      if (!CoalescingJoin(joins[j])) {
        left.insert(left.end(), right.begin(), right.end());
        continue;
      }
      std::vector<std::string_view> common;
      for (const auto& each : joins[j].using_columns) common.push_back(each.name);
      if (joins[j].using_columns.empty()) {  // NATURAL: the columns both operands have
        for (const StarColumn& each : left) {
          if (names(right, name(each))) common.push_back(name(each));
        }
      }
      bool right_first = joins[j].type.find("RIGHT") != std::string::npos;
      std::vector<StarColumn> both = right_first ? right : left;
      const std::vector<StarColumn>& second = right_first ? left : right;
      both.insert(both.end(), second.begin(), second.end());
      auto is_common = [&](std::string_view column) {
        return std::any_of(common.begin(), common.end(), [&](std::string_view c) { return EqualsIgnoreCase(c, column); });
      };
      std::vector<StarColumn> joined;
      for (const StarColumn& each : both) {
        if (is_common(name(each)) && !names(joined, name(each))) joined.push_back(each);
      }
      for (const StarColumn& each : both) {
        if (!is_common(name(each))) joined.push_back(each);
      }
      left = std::move(joined);
    }
    all.resize(items.front());
    all.insert(all.end(), left.begin(), left.end());
  }

  const ast::Statement& statement_;
  BoundStatement& bound_;
  std::vector<State> state_;
};

}  // namespace

void BindStars(const ast::Statement& statement, BoundStatement& bound) {
  bool stars = std::any_of(statement.queries.begin(), statement.queries.end(), HasStar) ||
               std::any_of(statement.returning.begin(), statement.returning.end(), [](const ast::Projection& p) { return p.star; });
  if (stars) StarBinder(statement, bound).Run();
}

std::string_view VisibleName(const ast::Statement& statement, const ast::Projection& projection) {
  if (projection.alias) return projection.alias->name;
  if (projection.expr == ast::kNoExpr) return {};
  const ast::Expr& expr = statement.expr(projection.expr);
  if (expr.kind == ast::ExprKind::Column) return expr.column.name.name;
  return statement.text(expr.span);
}

std::string_view ColumnName(const ast::Statement& statement, ast::QueryId query, std::size_t projection) {
  const ast::Query& block = statement.queries[static_cast<std::size_t>(query)];
  if (block.column_names.empty()) return VisibleName(statement, block.projections[projection]);
  if (HasStar(block) || projection >= block.column_names.size()) return {};
  return block.column_names[projection].name;
}

std::string_view StarColumnName(const ast::Statement& statement, const BoundStatement& bound, const StarColumn& column) {
  if (column.table >= 0) return (*bound.table(column.table).columns)[static_cast<std::size_t>(column.column)];
  return ColumnName(statement, column.derived, static_cast<std::size_t>(column.column));
}

const BoundStar* BoundStatement::StarOf(ast::QueryId query, int32_t projection) const {
  for (const BoundStar& star : stars) {
    if (star.query == query && star.projection == projection) return &star;
  }
  return nullptr;
}

}  // namespace sqlroute::bind
