#include "rewrite/table_tokens.h"

#include <algorithm>

#include "common/strings.h"

namespace sqlroute::rewrite {
namespace {

class TableTokenGenerator {
 public:
  TableTokenGenerator(const RewriteInput& input, std::vector<SqlToken>& tokens) : input_(input), tokens_(tokens) {}

  void Run() {
    SchemaClause();
    ConstraintNames();
    if (!AnyMapped([](const TableMapping&) { return true; })) return;
    const ast::Statement& statement = input_.statement;
    const bind::BoundStatement& bound = input_.bound;
    for (const auto& ref : statement.tables) Qualified(ref.schema, ref.name);
    for (ast::ExprId id : bound.qualified_columns) Owner(statement.expr(id).column, bound.owner(id));
    for (std::size_t q = 0; q < statement.queries.size(); ++q) {
      StarOwners(statement.queries[q].projections, static_cast<ast::QueryId>(q));
    }
    StarOwners(statement.returning, ast::kNoQuery);
    for (std::size_t i = 0; i < statement.update_set.size(); ++i) Owner(statement.update_set[i].column, bound.update_owners[i]);
    const auto& duplicates = statement.insert.on_duplicate;
    for (std::size_t i = 0; i < duplicates.size(); ++i) Owner(duplicates[i].column, bound.duplicate_owners[i]);
  }

 private:
  // SHOW TABLES / TABLE STATUS / COLUMNS / INDEX ... FROM|IN <logical database>: the clause is
  // removed, so that each data source answers for its own database (ShardingSphere's
  // ShardingRemoveTokenGenerator; its remove token spans `FROM db` exactly, leaving the spaces
  // around it).
  void SchemaClause() {
    const ast::Statement& statement = input_.statement;
    if (statement.kind != ast::StatementKind::Show || statement.schema_clause.empty()) return;
    for (const auto& schema : statement.schema_names) {
      bool in_clause = schema.span.begin >= statement.schema_clause.begin && schema.span.end <= statement.schema_clause.end;
      if (in_clause && EqualsIgnoreCase(schema.name, input_.rules.config.database_name)) {
        tokens_.push_back({statement.schema_clause.begin, statement.schema_clause.end, TokenKind::Text, "", "", false});
        return;
      }
    }
  }

  // A column's qualifier is renamed when it names a table by its table name, as the binder
  // resolved it: an alias (a table's or a derived table's) is kept.
  void Owner(const ast::ColumnRef& column, const bind::ColumnOwner& owner) {
    if (!column.owner) return;
    bool by_table_name = owner.kind == bind::OwnerKind::None ||
                         (owner.kind == bind::OwnerKind::Table && !input_.statement.tables[static_cast<std::size_t>(owner.table)].alias);
    if (by_table_name) Qualified(column.schema, *column.owner);
  }

  // `t.*` of a query block's projections (or of RETURNING: kNoQuery), renamed unless the
  // binder found `t` to be an alias.
  void StarOwners(const std::vector<ast::Projection>& projections, ast::QueryId query) {
    const bind::BoundStatement& bound = input_.bound;
    for (std::size_t p = 0; p < projections.size(); ++p) {
      if (!projections[p].star_owner) continue;
      const bind::BoundStar* star = bound.StarOf(query, static_cast<int32_t>(p));
      bool by_alias = star && std::any_of(bound.StarTables(*star).begin(), bound.StarTables(*star).end(), [&](int32_t table) {
        return input_.statement.tables[static_cast<std::size_t>(table)].alias.has_value();
      });
      if (!by_alias) Qualified(std::nullopt, *projections[p].star_owner);
    }
  }

  // Whether a unit renames a logic table that `match` accepts (read from the units in place: a
  // list of them cost an allocation per statement, route/sharding/point_select/reused).
  template <class Match>
  bool AnyMapped(const Match& match) const {
    for (const auto& unit : input_.route.units) {
      for (const auto& mapping : unit.tables) {
        if (mapping.logic != mapping.actual && match(mapping)) return true;
      }
    }
    return false;
  }

  bool Mapped(const std::string& name) const {
    return AnyMapped([&](const TableMapping& mapping) { return EqualsIgnoreCase(mapping.logic, name); });
  }

  void Qualified(const std::optional<ast::Identifier>& schema, const ast::Identifier& name) {
    if (!Mapped(name.name)) return;
    if (schema) {
      if (!EqualsIgnoreCase(schema->name, input_.rules.config.database_name)) return;
      tokens_.push_back({schema->span.begin, name.span.begin, TokenKind::Text, "", "", false});
    }
    tokens_.push_back({name.span.begin, name.span.end, TokenKind::TableName, name.name, "", name.quoted});
  }

  // CONSTRAINT names get `_<actual table>` of the statement's first table (ShardingSphere's
  // ConstraintToken) when the route names sharding tables. Index names are kept: ShardingSphere's
  // ShardingIndexTokenGenerator renames them only for databases whose index names are unique
  // per schema, and MySQL's are unique per table.
  void ConstraintNames() {
    const ast::Statement& statement = input_.statement;
    if (statement.constraint_names.empty() || statement.tables.empty()) return;
    const auto& units = input_.route.units;
    if (std::all_of(units.begin(), units.end(), [](const RouteUnit& unit) { return unit.tables.empty(); })) return;
    const std::string& table = statement.tables.front().name.name;
    for (const auto& name : statement.constraint_names) {
      tokens_.push_back({name.span.begin, name.span.end, TokenKind::ConstraintName, name.name, table, name.quoted});
    }
  }

  const RewriteInput& input_;
  std::vector<SqlToken>& tokens_;
};

}  // namespace

void AddTableTokens(const RewriteInput& input, std::vector<SqlToken>& tokens) {
  TableTokenGenerator(input, tokens).Run();
}

}  // namespace sqlroute::rewrite
