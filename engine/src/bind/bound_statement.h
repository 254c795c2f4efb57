#pragma once
// The bind stage: a parsed statement with every name resolved against the rules and the table
// metadata, as ShardingSphere's binder (SelectStatementBinder, TableSegmentBinder,
// ColumnSegmentBinder) does before routing. Route, the encrypt rewrite and merge planning read
// owners from here. Flat vectors indexed by table reference, ExprId and query block.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ast/statement.h"
#include "rules/compiled_rules.h"

namespace sqlroute::bind {

// What governs a table reference: the rule that routes it. Single: neither sharded nor
// broadcast, and a single-table rule (or the default single data source) covers it.
// Encryption is orthogonal (BoundTable::encrypt).
enum class Governance : uint8_t { None, Sharding, BindingGroup, Broadcast, Single };

struct BoundTable {
  Governance governance = Governance::None;
  bool data = false;  // rows are read or written (not a DDL, DDL reference or other reference)
  const rules::ShardingTable* sharding = nullptr;
  const rules::EncryptTable* encrypt = nullptr;        // the table has encrypted columns
  const std::vector<std::string>* columns = nullptr;   // metadata; nullptr when unknown or a CTE
  const config::TableMetadataConfig* metadata = nullptr;  // the columns' flags, indexes, constraints
  // The common table expression the reference names; its columns are that block's. The rules
  // above still go by the name, as ShardingSphere's TablesContext lists a CTE reference's name.
  ast::QueryId cte = ast::kNoQuery;
};

// Whether the table's metadata lists `column` as invisible (MySQL / MariaDB INVISIBLE): `*` does not
// stand for it.
bool IsInvisibleColumn(const BoundTable& table, std::string_view column);

enum class OwnerKind : uint8_t {
  None,           // not a column, or a name nothing in scope is known to have
  Table,          // a column of `table`
  DerivedColumn,  // projection `projection` of derived table or CTE `query` (`table`: the CTE's reference)
  Alias,          // the alias of projection `projection` of block `query` (ORDER BY / GROUP BY / HAVING)
};

struct ColumnOwner {
  OwnerKind kind = OwnerKind::None;
  bool correlated = false;  // found in an enclosing block, not the reference's own
  int32_t table = -1;       // Table, or DerivedColumn of a CTE: index into Statement::tables
  ast::QueryId query = ast::kNoQuery;
  int32_t projection = -1;
};

// One expression: the owner of a column, the value slot of a literal or `?` marker.
struct BoundExpr {
  ColumnOwner owner;
  int32_t slot = -1;
};

// One column a `*` stands for: `column` of metadata of table `table`, or projection `column`
// of derived table `derived` (a column the derived table's own `*` projects names its table, as
// ShardingSphere's ColumnProjection keeps its original table).
struct StarColumn {
  int32_t table = -1;
  ast::QueryId derived = ast::kNoQuery;
  int32_t column = -1;
};

// `*` or `t.*` of projection `projection` of block `query` (kNoQuery: of the statement's
// RETURNING): the tables it covers and the columns of those whose columns are known, in FROM
// order; `complete` when that is all of them.
struct BoundStar {
  ast::QueryId query = ast::kNoQuery;
  int32_t projection = -1;
  uint32_t tables_begin = 0, tables_end = 0;    // into BoundStatement::star_tables
  uint32_t columns_begin = 0, columns_end = 0;  // into BoundStatement::star_columns
  bool complete = true;
};

// A literal or `?` marker: value slots are numbered in source order.
struct ValueSlot {
  ast::ExprId expr = ast::kNoExpr;
  int32_t param_index = -1;  // the marker's parameter, -1 for a literal
};

// A run of table indexes of a BoundStatement.
struct Indexes {
  const int32_t* first = nullptr;
  const int32_t* last = nullptr;
  const int32_t* begin() const { return first; }
  const int32_t* end() const { return last; }
  std::size_t size() const { return static_cast<std::size_t>(last - first); }
};

struct BoundStatement {
  std::vector<BoundTable> tables;  // per Statement::tables
  std::vector<BoundExpr> exprs;    // per Statement::exprs
  std::vector<ValueSlot> slots;
  std::vector<ast::ExprId> qualified_columns;  // the Column expressions with an owner (t.c), in ExprId order
  std::vector<ColumnOwner> update_owners;     // per Statement::update_set
  std::vector<ColumnOwner> duplicate_owners;  // per InsertPart::on_duplicate
  // The data tables of each query block in source order (block b = query + 1; 0 is the statement
  // level of UPDATE / DELETE / INSERT): blocks[b] and blocks[b + 1] delimit block b's run of
  // table indexes, which follow the queries + 2 offsets.
  std::vector<int32_t> blocks;
  std::vector<BoundStar> stars;
  std::vector<int32_t> star_tables;
  std::vector<StarColumn> star_columns;

  const ColumnOwner& owner(ast::ExprId id) const { return exprs[static_cast<std::size_t>(id)].owner; }
  const BoundTable& table(int32_t index) const { return tables[static_cast<std::size_t>(index)]; }
  // The data tables of a block (kNoQuery: the statement level), in source order.
  Indexes BlockTables(ast::QueryId query) const {
    const int32_t* first = blocks.data();
    return {first + blocks[static_cast<std::size_t>(query + 1)], first + blocks[static_cast<std::size_t>(query + 2)]};
  }
  Indexes StarTables(const BoundStar& star) const {
    return {star_tables.data() + star.tables_begin, star_tables.data() + star.tables_end};
  }
  // The star of a projection, or nullptr.
  const BoundStar* StarOf(ast::QueryId query, int32_t projection) const;
  // The bytes its lists hold (the plan cache counts them).
  std::size_t ApproxBytes() const;
};

// Throws Error(COLUMN_AMBIGUOUS) where MySQL would: an unqualified column that the metadata of
// several tables of its block lists (a USING / NATURAL join column excepted), or that several
// derived tables or CTEs of the block project.
BoundStatement Bind(const ast::Statement& statement, const rules::CompiledRules& rules);

}  // namespace sqlroute::bind
