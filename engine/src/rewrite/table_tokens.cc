#include "rewrite/table_tokens.h"

#include <set>

#include "common/strings.h"

namespace sqlroute::rewrite {
namespace {

class TableTokenGenerator {
 public:
  TableTokenGenerator(const RewriteInput& input, std::vector<SqlToken>& tokens) : input_(input), tokens_(tokens) {
    for (const auto& unit : input.route.units) {
      for (const auto& mapping : unit.tables) {
        if (mapping.logic != mapping.actual) mapped_.insert(ToLower(mapping.logic));
      }
    }
    for (const auto& ref : input.statement.tables) {
      if (ref.alias) aliases_.insert(ToLower(ref.alias->name));
    }
  }

  void Run() {
    SchemaClause();
    if (mapped_.empty()) return;
    const ast::Statement& statement = input_.statement;
    for (const auto& ref : statement.tables) Qualified(ref.schema, ref.name);
    for (const auto& expr : statement.exprs) {
      if (expr.kind == ast::ExprKind::Column && expr.column.owner && !IsAlias(*expr.column.owner)) {
        Qualified(expr.column.schema, *expr.column.owner);
      }
    }
    for (const auto& query : statement.queries) StarOwners(query.projections);
    StarOwners(statement.returning);
    for (const auto& assignment : statement.update_set) Owner(assignment.column);
    for (const auto& assignment : statement.insert.on_duplicate) Owner(assignment.column);
    IndexNames(statement.index_names);
    IndexNames(statement.constraint_names);
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

  void StarOwners(const std::vector<ast::Projection>& projections) {
    for (const auto& projection : projections) {
      if (projection.star_owner && !IsAlias(*projection.star_owner)) Qualified(std::nullopt, *projection.star_owner);
    }
  }

  bool IsAlias(const ast::Identifier& owner) const { return aliases_.count(ToLower(owner.name)) > 0; }

  void Owner(const ast::ColumnRef& column) {
    if (column.owner && !IsAlias(*column.owner)) Qualified(column.schema, *column.owner);
  }

  void Qualified(const std::optional<ast::Identifier>& schema, const ast::Identifier& name) {
    if (!mapped_.count(ToLower(name.name))) return;
    if (schema) {
      if (!EqualsIgnoreCase(schema->name, input_.rules.config.database_name)) return;
      tokens_.push_back({schema->span.begin, name.span.begin, TokenKind::Text, "", "", false});
    }
    tokens_.push_back({name.span.begin, name.span.end, TokenKind::TableName, name.name, "", name.quoted});
  }

  void IndexNames(const std::vector<ast::Identifier>& names) {
    if (names.empty() || input_.route.units.empty() || input_.route.units.front().tables.empty()) return;
    const std::string& table = input_.route.units.front().tables.front().logic;
    for (const auto& name : names) {
      tokens_.push_back({name.span.begin, name.span.end, TokenKind::IndexName, name.name, table, name.quoted});
    }
  }

  const RewriteInput& input_;
  std::vector<SqlToken>& tokens_;
  std::set<std::string> mapped_;
  std::set<std::string> aliases_;
};

}  // namespace

void AddTableTokens(const RewriteInput& input, std::vector<SqlToken>& tokens) {
  TableTokenGenerator(input, tokens).Run();
}

}  // namespace sqlroute::rewrite
