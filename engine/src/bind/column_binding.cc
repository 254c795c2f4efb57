#include "bind/binding_steps.h"

#include <algorithm>
#include <optional>

#include "common/strings.h"
#include "sqlroute/error.h"
#include "sqlroute/error_text.h"

namespace sqlroute::bind {
namespace {

using ast::QueryId;

// Where a column is written, for the names aliases take and for MySQL's error text.
enum class Clause { Projection, On, Where, GroupBy, Having, OrderBy, Other };

const char* ClauseName(Clause clause) {
  switch (clause) {
    case Clause::Projection: return "field list";
    case Clause::On: return "on clause";
    case Clause::Where: return "where clause";
    case Clause::GroupBy: return "group statement";
    case Clause::Having: return "having clause";
    case Clause::OrderBy: return "order clause";
    default: return "field list";
  }
}

// How surely a table of the block has a column: its metadata lists it (or, without metadata,
// its rules name it: a sharding or encrypted column), it may (no metadata), or it has not.
enum class Has { No, Maybe, ByRules, ByMetadata };

// ShardingSphere's ColumnSegmentBinder: an owner-qualified column belongs to the table, CTE
// reference or derived table of that name in its block; an unqualified one to the one of them
// that has it; either, when its block has none, to an enclosing block (a correlated reference;
// a LATERAL derived table's enclosing block is the FROM clause to its left). ORDER BY and HAVING see the projection aliases first, GROUP BY
// after the tables, as MySQL resolves them. Two tables whose metadata lists an unqualified
// column make it ambiguous (ShardingSphere's AmbiguousColumnException, MySQL's error text).
class ColumnBinder {
 public:
  ColumnBinder(const ast::Statement& statement, BoundStatement& bound) : statement_(statement), bound_(bound) {
    if (!statement.has_combine) return;
    head_.resize(statement.queries.size());
    for (std::size_t q = 0; q < head_.size(); ++q) {
      if (head_[q] == 0) head_[q] = static_cast<QueryId>(q) + 1;
      for (QueryId partner : statement.queries[q].combined) head_[static_cast<std::size_t>(partner)] = static_cast<QueryId>(q) + 1;
    }
  }

  void Run() {
    for (std::size_t q = 0; q < statement_.queries.size(); ++q) Block(static_cast<QueryId>(q));
    StatementLevel();
    for (const auto& window : statement_.windows) {
      QueryId block = InnermostBlock(window.span.begin);
      for (ast::ExprId id : window.partition_by) Walk(id, block, Clause::Other);
      for (const auto& item : window.order_by) Walk(item.expr, block, Clause::Other);
    }
    for (const auto& order : statement_.call_orders) {
      QueryId block = InnermostBlock(order.span.begin);
      for (const auto& item : order.order_by) Walk(item.expr, block, Clause::Other);
    }
  }

 private:
  struct Match {
    bool found = false;
    ColumnOwner owner;
  };

  // A block a name is looked up in, and how much of its FROM clause it sees: the items before
  // `before` (a LATERAL derived table sees the tables to its left, as MySQL scopes it).
  struct Scope {
    QueryId block = ast::kNoQuery;
    uint32_t before = UINT32_MAX;
  };

  void Block(QueryId id) {
    const ast::Query& query = statement_.queries[static_cast<std::size_t>(id)];
    for (const auto& projection : query.projections) Walk(projection.expr, id, Clause::Projection);
    for (const auto& join : query.joins) Walk(join.on, id, Clause::On);
    Walk(query.where, id, Clause::Where);
    for (const auto& item : query.group_by) Walk(item.expr, id, Clause::GroupBy);
    Walk(query.having, id, Clause::Having);
    for (const auto& item : query.order_by) Walk(item.expr, id, Clause::OrderBy);
  }

  // UPDATE / DELETE / INSERT clauses (RETURNING included), and the ORDER BY after a UNION.
  void StatementLevel() {
    bound_.update_owners.reserve(statement_.update_set.size());
    for (const auto& assignment : statement_.update_set) {
      bound_.update_owners.push_back(Resolve(assignment.column, ast::kNoQuery, Clause::Other, assignment.column_span.begin));
      Walk(assignment.value, ast::kNoQuery, Clause::Other);
    }
    for (const auto& join : statement_.joins) Walk(join.on, ast::kNoQuery, Clause::On);
    Walk(statement_.where, ast::kNoQuery, Clause::Where);
    for (const auto& item : statement_.order_by) Walk(item.expr, ast::kNoQuery, Clause::OrderBy);
    const ast::InsertPart& insert = statement_.insert;
    for (const auto& row : insert.rows) {
      for (ast::ExprId value : row.values) Walk(value, ast::kNoQuery, Clause::Other);
    }
    for (const auto& assignment : insert.set_assignments) Walk(assignment.value, ast::kNoQuery, Clause::Other);
    bound_.duplicate_owners.reserve(insert.on_duplicate.size());
    for (const auto& assignment : insert.on_duplicate) {
      bound_.duplicate_owners.push_back(Resolve(assignment.column, ast::kNoQuery, Clause::Other, assignment.column_span.begin));
      Walk(assignment.value, ast::kNoQuery, Clause::Other);
    }
    for (const auto& projection : statement_.returning) Walk(projection.expr, ast::kNoQuery, Clause::Projection);
  }

  QueryId InnermostBlock(uint32_t at) const {
    QueryId result = ast::kNoQuery;
    uint32_t width = UINT32_MAX;
    for (std::size_t q = 0; q < statement_.queries.size(); ++q) {
      ast::Span span = statement_.queries[q].span;
      if (span.begin <= at && at < span.end && span.end - span.begin < width) {
        result = static_cast<QueryId>(q);
        width = span.end - span.begin;
      }
    }
    return result;
  }

  void Walk(ast::ExprId id, QueryId block, Clause clause) {
    if (id == ast::kNoExpr) return;
    const ast::Expr& expr = statement_.expr(id);
    if (expr.kind == ast::ExprKind::Column) {
      bound_.exprs[static_cast<std::size_t>(id)].owner = Resolve(expr.column, block, clause, expr.span.begin);
      return;
    }
    // Leaves are passed over here, not called: a 100,000-value IN has as many.
    for (ast::ExprId child : expr.children) {
      ast::ExprKind kind = child == ast::kNoExpr ? ast::ExprKind::Other : statement_.expr(child).kind;
      if (kind != ast::ExprKind::Literal && kind != ast::ExprKind::Param) Walk(child, block, clause);
    }
  }

  ColumnOwner Resolve(const ast::ColumnRef& column, QueryId block, Clause clause, uint32_t at) const {
    bool aliased = !column.owner && block != ast::kNoQuery;
    if (aliased && (clause == Clause::OrderBy || clause == Clause::Having)) {
      if (auto alias = Alias(block, column.name.name); alias.found) return alias.owner;
    }
    for (std::optional<Scope> each = Scope{block};; each = Outer(each->block)) {
      Match match = column.owner ? Qualified(column, *each) : Unqualified(column.name.name, *each, clause, at);
      if (match.found) {
        match.owner.correlated = each->block != block;
        return match.owner;
      }
      if (aliased && clause == Clause::GroupBy && each->block == block) {
        if (auto alias = Alias(block, column.name.name); alias.found) return alias.owner;
      }
      if (each->block == ast::kNoQuery) return {};
    }
  }

  // Where a block's unresolved names are looked up next, or none. A UNION partner looks where
  // its first block does; a derived table or CTE does not see the FROM clause it is part of
  // (nor a statement-level WITH's statement), a LATERAL derived table sees the tables to its left.
  std::optional<Scope> Outer(QueryId id) const {
    if (!head_.empty()) id = head_[static_cast<std::size_t>(id)] - 1;
    const ast::Query& query = statement_.queries[static_cast<std::size_t>(id)];
    QueryId parent = query.parent;
    if (parent == ast::kNoQuery) return query.cte ? std::nullopt : std::optional<Scope>(Scope{parent});
    if (query.lateral) return Scope{parent, query.span.begin};
    const ast::Query& outer = statement_.queries[static_cast<std::size_t>(parent)];
    bool derived = query.cte || std::find(outer.derived_tables.begin(), outer.derived_tables.end(), id) != outer.derived_tables.end();
    return Scope{derived ? outer.parent : parent};
  }

  Match Alias(QueryId block, const std::string& name) const {
    const auto& projections = statement_.queries[static_cast<std::size_t>(block)].projections;
    for (std::size_t k = 0; k < projections.size(); ++k) {
      if (projections[k].alias && EqualsIgnoreCase(projections[k].alias->name, name)) {
        return {true, {OwnerKind::Alias, false, -1, block, static_cast<int32_t>(k)}};
      }
    }
    return {};
  }

  // An alias first: the target list of a multi-table DELETE names its tables by their aliases.
  Match Qualified(const ast::ColumnRef& column, Scope scope) const {
    const std::string& owner = column.owner->name;
    for (bool aliased : {true, false}) {
      for (int32_t index : bound_.BlockTables(scope.block)) {
        const ast::TableRef& ref = statement_.tables[static_cast<std::size_t>(index)];
        bool schema_matches = !column.schema || !ref.schema || EqualsIgnoreCase(column.schema->name, ref.schema->name);
        if (ref.span.begin < scope.before && ref.alias.has_value() == aliased && schema_matches &&
            EqualsIgnoreCase(VisibleName(ref), owner)) {
          QueryId cte = bound_.table(index).cte;
          if (cte != ast::kNoQuery) return {true, {OwnerKind::DerivedColumn, false, index, cte, ProjectionNamed(cte, column.name.name)}};
          return {true, {OwnerKind::Table, false, index, -1, -1}};
        }
      }
    }
    if (scope.block == ast::kNoQuery || column.schema) return {};
    for (QueryId derived : statement_.queries[static_cast<std::size_t>(scope.block)].derived_tables) {
      const ast::Query& query = statement_.queries[static_cast<std::size_t>(derived)];
      if (query.span.begin < scope.before && query.alias && EqualsIgnoreCase(query.alias->name, owner)) {
        return {true, {OwnerKind::DerivedColumn, false, -1, derived, ProjectionNamed(derived, column.name.name)}};
      }
    }
    return {};
  }

  Match Unqualified(const std::string& name, Scope scope, Clause clause, uint32_t at) const {
    QueryId block = scope.block;
    Indexes tables = bound_.BlockTables(block);
    if (tables.size() == 1 && scope.before == UINT32_MAX && bound_.table(*tables.begin()).cte == ast::kNoQuery &&
        (block == ast::kNoQuery || statement_.queries[static_cast<std::size_t>(block)].derived_tables.empty())) {
      if (TableHas(*tables.begin(), name) == Has::No) return {};
      return {true, {OwnerKind::Table, false, *tables.begin(), -1, -1}};
    }
    Match first, second, by_rules, maybe;
    int entries = 0, rules_hits = 0;
    bool settled = false;  // a CTE that has the column came before any other candidate
    auto consider = [&](Has has, ColumnOwner owner) {
      ++entries;
      if (settled) return;
      if (has == Has::ByMetadata) {
        // ShardingSphere's ColumnSegmentBinder stops at a CTE's columns (isFromWithSegment).
        settled = !first.found && owner.table >= 0 && owner.kind == OwnerKind::DerivedColumn;
        (first.found ? second : first) = {true, owner};
      } else if (has == Has::ByRules) {
        if (!by_rules.found) by_rules = {true, owner};
        ++rules_hits;
      } else if (has == Has::Maybe && !maybe.found) {
        maybe = {true, owner};
      }
    };
    auto consider_derived = [&](QueryId derived, int32_t reference) {
      int32_t projection = ProjectionNamed(derived, name);
      Has has = projection >= 0 ? Has::ByMetadata : DerivedIncomplete(derived) ? Has::Maybe : Has::No;
      consider(has, {OwnerKind::DerivedColumn, false, reference, derived, projection});
    };
    for (int32_t index : tables) {
      if (statement_.tables[static_cast<std::size_t>(index)].span.begin >= scope.before) continue;
      QueryId cte = bound_.table(index).cte;
      if (cte != ast::kNoQuery) consider_derived(cte, index);
      else consider(TableHas(index, name), {OwnerKind::Table, false, index, -1, -1});
    }
    if (block != ast::kNoQuery) {
      for (QueryId derived : statement_.queries[static_cast<std::size_t>(block)].derived_tables) {
        if (statement_.queries[static_cast<std::size_t>(derived)].span.begin < scope.before) consider_derived(derived, -1);
      }
    }
    if (second.found) {
      if (!Coalesced(block, name)) {
        throw Error(Message<msg::ColumnAmbiguous>(arg::column = name, arg::clause = ClauseName(clause)),
                    PositionAt(statement_.sql, at));
      }
      return RightJoined(block) ? LastByMetadata(name, block) : first;
    }
    if (first.found) return first;
    if (rules_hits == 1 || (rules_hits > 1 && Coalesced(block, name))) return by_rules;
    if (rules_hits > 1) return {true, {}};  // several tables' rules name it: no one owner
    if (entries == 1 && maybe.found) return maybe;
    return {};
  }

  Has TableHas(int32_t index, const std::string& name) const {
    const BoundTable& table = bound_.table(index);
    if (table.columns) {
      for (const auto& each : *table.columns) {
        if (EqualsIgnoreCase(each, name)) return Has::ByMetadata;
      }
    }
    if (table.sharding && ShardingColumn(*table.sharding, name)) return Has::ByRules;
    if (table.encrypt && table.encrypt->Find(name)) return Has::ByRules;
    return table.columns ? Has::No : Has::Maybe;
  }

  static bool ShardingColumn(const rules::ShardingTable& table, const std::string& name) {
    for (const auto* strategy : {&table.database_strategy, &table.table_strategy}) {
      for (const auto& column : strategy->columns) {
        if (EqualsIgnoreCase(column, name)) return true;
      }
    }
    return false;
  }

  // The projection of a derived table or CTE a name means (a `*` that covers it included), or -1.
  int32_t ProjectionNamed(QueryId derived, const std::string& name) const {
    const ast::Query& query = statement_.queries[static_cast<std::size_t>(derived)];
    const auto& projections = query.projections;
    for (std::size_t k = 0; k < projections.size(); ++k) {
      const ast::Projection& projection = projections[k];
      if (!projection.star) {
        if (EqualsIgnoreCase(ColumnName(statement_, derived, k), name)) return static_cast<int32_t>(k);
        continue;
      }
      if (!query.column_names.empty()) continue;  // the column list names what the `*` stands for
      const BoundStar* star = bound_.StarOf(derived, static_cast<int32_t>(k));
      for (uint32_t c = star ? star->columns_begin : 0; star && c < star->columns_end; ++c) {
        if (EqualsIgnoreCase(StarColumnName(statement_, bound_, bound_.star_columns[c]), name)) return static_cast<int32_t>(k);
      }
    }
    return -1;
  }

  // Whether a derived table or CTE may have columns its projections do not name: a `*` of
  // unknown columns, or a column list over a `*`.
  bool DerivedIncomplete(QueryId derived) const {
    const ast::Query& query = statement_.queries[static_cast<std::size_t>(derived)];
    for (const BoundStar& star : bound_.stars) {
      if (star.query == derived && (!star.complete || !query.column_names.empty())) return true;
    }
    return false;
  }

  const std::vector<ast::Join>& JoinsOf(QueryId block) const {
    return block == ast::kNoQuery ? statement_.joins : statement_.queries[static_cast<std::size_t>(block)].joins;
  }

  // A column of USING (...) or of a NATURAL join is one column of the joined tables.
  bool Coalesced(QueryId block, const std::string& name) const {
    for (const auto& join : JoinsOf(block)) {
      if (join.type.compare(0, 7, "NATURAL") == 0) return true;
      for (const auto& each : join.using_columns) {
        if (EqualsIgnoreCase(each.name, name)) return true;
      }
    }
    return false;
  }

  // RIGHT JOIN ... USING / NATURAL RIGHT JOIN: the coalesced column is the right table's.
  bool RightJoined(QueryId block) const {
    for (const auto& join : JoinsOf(block)) {
      if (join.type.find("RIGHT") != std::string::npos) return true;
    }
    return false;
  }

  Match LastByMetadata(const std::string& name, QueryId block) const {
    Match result;
    for (int32_t index : bound_.BlockTables(block)) {
      if (TableHas(index, name) == Has::ByMetadata) result = {true, {OwnerKind::Table, false, index, -1, -1}};
    }
    return result;
  }

  const ast::Statement& statement_;
  BoundStatement& bound_;
  std::vector<QueryId> head_;  // with UNION: per block, 1 + the first block of its UNION
};

}  // namespace

void BindColumns(const ast::Statement& statement, BoundStatement& bound) {
  ColumnBinder(statement, bound).Run();
}

void BindValues(const ast::Statement& statement, BoundStatement& bound) {
  // One pass over the expressions, which also sees whether the leaves come in text order (as
  // they mostly do): BindValues of a 100,000-value IN, 23.6 M -> 5.1 M instructions. It lists
  // the qualified columns too, so that the rewrite need not pass over every expression again.
  bool sorted = true;
  uint32_t last = 0;
  for (std::size_t i = 0; i < statement.exprs.size(); ++i) {
    const ast::Expr& expr = statement.exprs[i];
    if (expr.kind == ast::ExprKind::Column && expr.column.owner) {
      bound.qualified_columns.push_back(static_cast<ast::ExprId>(i));
    }
    if (expr.kind == ast::ExprKind::Literal || expr.kind == ast::ExprKind::Param) {
      bound.slots.push_back({static_cast<ast::ExprId>(i), expr.kind == ast::ExprKind::Param ? expr.param_index : -1});
      sorted = sorted && expr.span.begin >= last;
      last = expr.span.begin;
    }
  }
  auto before = [&](const ValueSlot& a, const ValueSlot& b) {
    return statement.expr(a.expr).span.begin < statement.expr(b.expr).span.begin;
  };
  if (!sorted) std::sort(bound.slots.begin(), bound.slots.end(), before);
  for (std::size_t slot = 0; slot < bound.slots.size(); ++slot) {
    bound.exprs[static_cast<std::size_t>(bound.slots[slot].expr)].slot = static_cast<int32_t>(slot);
  }
}

}  // namespace sqlroute::bind
