#pragma once
// The statement model: what routing and rewriting need from a parsed MySQL statement.
// Every item that may be rewritten carries its byte span in the original SQL, so that the
// rewriter can splice replacement text into the untouched original. No ANTLR type here.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/value.h"

namespace sqlroute::ast {

// Half-open byte range [begin, end) in Statement::sql.
struct Span {
  uint32_t begin = 0;
  uint32_t end = 0;
  bool empty() const { return begin == end; }
};

// An identifier as written: `name` is unquoted (backquotes removed, `` doubled `` undone),
// `span` covers the token including its backquotes.
struct Identifier {
  std::string name;
  Span span;
  bool quoted = false;
};

enum class StatementClass { DQL, DML, DDL, TCL, DAL, DCL, Other };

enum class StatementKind {
  // DQL / DML
  Select, Insert, Replace, Update, Delete, LoadData, Call, Do, Table, Values,
  // DDL
  CreateTable, AlterTable, DropTable, TruncateTable, RenameTable, CreateIndex, DropIndex,
  CreateView, AlterView, DropView, CreateDatabase, AlterDatabase, DropDatabase,
  CreateTrigger, DropTrigger, CreateProcedure, AlterProcedure, DropProcedure,
  CreateFunction, AlterFunction, DropFunction, CreateEvent, AlterEvent, DropEvent,
  CreateTablespace, AlterTablespace, DropTablespace, CreateServer, AlterServer, DropServer,
  CreateLogfileGroup, AlterLogfileGroup, DropLogfileGroup, CreateSpatialReferenceSystem,
  DropSpatialReferenceSystem, CreateSequence, AlterSequence, DropSequence,
  // TCL
  Begin, Commit, Rollback, Savepoint, ReleaseSavepoint, SetTransaction, SetAutocommit, Xa,
  LockTables, UnlockTables, LockInstance, UnlockInstance,
  // DAL
  Set, Show, Use, Describe, Explain, Analyze, Optimize, Check, Repair, Kill, Flush, Reset,
  CreateResourceGroup, AlterResourceGroup, DropResourceGroup, SetResourceGroup, Help, Checksum, CacheIndex,
  LoadIndex, InstallPlugin, UninstallPlugin, InstallComponent, UninstallComponent, Shutdown, Restart, Clone,
  AlterInstance, Binlog,
  // DCL
  Grant, Revoke, CreateUser, DropUser, AlterUser, RenameUser, SetPassword, CreateRole, DropRole,
  SetRole,
  // Other: prepared statements, HANDLER, conditions and diagnostics, IMPORT TABLE, replication,
  // MariaDB's compound statements outside stored programs
  Prepare, Execute, DeallocatePrepare, HandlerOpen, HandlerRead, HandlerClose, Signal, Resignal, GetDiagnostics,
  ImportTable, ChangeReplicationSource, ChangeReplicationFilter, StartReplica, StopReplica, ResetReplica,
  StartGroupReplication, StopGroupReplication, PurgeBinaryLogs, Compound,
};

StatementClass ClassOf(StatementKind kind);
const char* KindName(StatementKind kind);  // "SELECT", "CREATE TABLE", ...

using ExprId = int32_t;  // index into Statement::exprs; -1 = none
constexpr ExprId kNoExpr = -1;
using QueryId = int32_t;  // index into Statement::queries; -1 = none
constexpr QueryId kNoQuery = -1;

enum class ExprKind {
  Column,     // column: [schema.][owner.]name
  Literal,    // literal: typed value
  Param,      // ? marker: param_index
  Binary,     // op in {"=", "<=>", "<>", "!=", "<", ">", "<=", ">=", "AND", "OR", "XOR",
              //        "+", "-", "*", "/", "%", "DIV", "MOD", "|", "&", "^", "<<", ">>",
              //        "->", "->>", "COLLATE"}; children = {lhs, rhs}
  Unary,      // op in {"NOT", "-", "+", "~", "!", "BINARY"}; children = {operand}
  In,         // children = {lhs, items...}; or subquery set and children = {lhs}; negated
  Between,    // children = {lhs, low, high}; negated
  Like,       // op "LIKE" | "REGEXP" | "RLIKE" | "SOUNDS LIKE"; children = {lhs, pattern[, escape]}; negated
  IsNull,     // children = {operand}; negated for IS NOT NULL
  IsBool,     // op "TRUE" | "FALSE" | "UNKNOWN"; children = {operand}; negated
  Function,   // op = function name upper-cased; children = args; distinct; star for COUNT(*)
  Subquery,   // subquery = QueryId (scalar subquery in an expression)
  Exists,     // subquery = QueryId; negated
  Case,       // children = [operand?] when/then pairs [else]; has_operand tells
  Row,        // (a, b, ...): children
  Interval,   // INTERVAL expr unit: children = {expr}; op = unit
  Variable,   // @user or @@system: op = text as written
  Default,    // DEFAULT / DEFAULT(col)
  Other,      // anything else: kept as opaque text (span)
};

struct ColumnRef {
  std::optional<Identifier> schema;
  std::optional<Identifier> owner;  // table name or alias qualifier
  Identifier name;
};

// Members in the order the per-expression passes read them (binder, value slots, condition
// extraction: kind, span, param_index, children, literal), so that they share the first cache
// lines: route/sharding/in_100000_values walks 100,000 of these several times.
struct Expr {
  ExprKind kind = ExprKind::Other;
  bool negated = false;
  bool distinct = false;    // Function: aggregate over DISTINCT
  bool star = false;        // Function: COUNT(*)
  bool has_operand = false; // Case
  bool window = false;       // Function: called with an OVER clause (not a group aggregate)
  Span span;
  int32_t param_index = -1; // Param: 0-based order of the '?' in the statement
  QueryId subquery = kNoQuery;  // Subquery, Exists, In with a subquery
  std::vector<ExprId> children;
  Value literal;            // Literal
  std::string op;
  ColumnRef column;         // Column
};

enum class TableRole {
  From,         // FROM / JOIN of a query
  InsertTarget, // INSERT/REPLACE INTO
  UpdateTarget, // UPDATE
  DeleteTarget, // DELETE FROM / multi-table delete list
  Ddl,          // table of a DDL statement (CREATE/ALTER/DROP/TRUNCATE/RENAME, index's table)
  DdlReference, // REFERENCES t / LIKE t / RENAME ... TO t
  Other,        // SHOW ... FROM t, DESCRIBE t, LOCK TABLES, ANALYZE, GRANT ON t, ...
};

struct TableRef {
  std::optional<Identifier> schema;
  Identifier name;
  std::optional<Identifier> alias;
  TableRole role = TableRole::From;
  QueryId query = kNoQuery;  // the query block the table belongs to (From role)
  Span span;                 // whole reference: [schema.]name [AS alias]
};
const char* TableRoleName(TableRole role);  // "from", "insert", "update", "delete", "ddl", "reference", "other"

enum class AggregationKind { None, Count, Sum, Avg, Max, Min, BitXor, GroupConcat, Other };

struct Projection {
  Span span;                  // the whole item, alias included
  ExprId expr = kNoExpr;      // kNoExpr for '*' and 't.*'
  bool star = false;
  std::optional<Identifier> star_owner;  // 't' of 't.*'
  std::optional<Identifier> alias;
  AggregationKind aggregation = AggregationKind::None;  // top-level aggregate call
};

struct OrderItem {
  ExprId expr = kNoExpr;
  Span span;                 // expression with its direction keyword
  bool descending = false;
  bool explicit_direction = false;
  int position = 0;          // ORDER BY 2 -> 2; 0 when not a position
};

struct LimitValue {
  std::optional<int64_t> literal;
  int32_t param_index = -1;
  Span span;
};

struct Limit {
  std::optional<LimitValue> offset;
  std::optional<LimitValue> row_count;
  Span span;                 // from LIMIT to the end of the clause
};

enum class LockKind { None, ForUpdate, ForShare, LockInShareMode };

struct Join {
  std::string type;          // "JOIN", "LEFT JOIN", "CROSS JOIN", "STRAIGHT_JOIN", "NATURAL JOIN", ","
  ExprId on = kNoExpr;
  std::vector<Identifier> using_columns;
};

// The name of a common table expression: visible within `scope` (the query expression or the
// statement its WITH belongs to) after `definition`, and within `definition` too when recursive.
struct CteName {
  Span scope;
  Span definition;           // name [(columns)] AS (query)
  bool recursive = false;    // WITH RECURSIVE
};

// One SELECT query block (also used for each side of a UNION).
struct Query {
  Span span;                 // from SELECT to the end of the block
  QueryId parent = kNoQuery; // enclosing query, kNoQuery at top level
  std::optional<Identifier> alias;  // derived table alias or CTE name, when the block has one
  std::optional<CteName> cte;       // the first block of a common table expression
  std::vector<Identifier> column_names;  // CTE name (a, b) AS ... / derived table alias (a, b)
  bool lateral = false;             // LATERAL derived table
  bool distinct = false;
  std::vector<Projection> projections;
  Span projections_span;     // from the first to the last projection item
  std::vector<int32_t> from_tables;  // indexes into Statement::tables
  std::vector<QueryId> derived_tables;  // subqueries in FROM
  std::vector<Join> joins;
  ExprId where = kNoExpr;
  std::vector<OrderItem> group_by;
  bool with_rollup = false;
  ExprId having = kNoExpr;
  std::vector<OrderItem> order_by;
  std::optional<Limit> limit;
  LockKind lock = LockKind::None;
  Span lock_span;
  std::vector<QueryId> combined;  // UNION/INTERSECT/EXCEPT partners of a top-level block
  std::string combine_type;       // "UNION", "UNION ALL", "INTERSECT", "EXCEPT" (first operator seen)
};

// A window specification: OVER (...) of a window function call, or WINDOW name AS (...).
struct WindowSpec {
  ExprId function = kNoExpr;            // the call with OVER; kNoExpr for a WINDOW clause definition
  std::optional<Identifier> name;       // WINDOW name AS (...)
  std::optional<Identifier> reference;  // OVER name, or the window named first inside the parentheses
  std::vector<ExprId> partition_by;
  std::vector<OrderItem> order_by;
  Span span;                            // OVER ... or the whole definition
};

// ORDER BY inside an aggregate call's arguments (GROUP_CONCAT(a ORDER BY b)).
struct CallOrder {
  ExprId function = kNoExpr;
  std::vector<OrderItem> order_by;
  Span span;                            // from ORDER to the last item
};

enum class VariableScope { None, Global, Session, Local, Persist, PersistOnly, User };

// One item of SET: `[scope] name = value`, `@user = value`, `@@[scope.]name = value`, NAMES, CHARACTER SET.
struct VariableAssignment {
  VariableScope scope = VariableScope::None;  // written scope; User for @name; None when no scope is written
  std::string name;          // without @, @@ and scope; lower-cased for system variables; "NAMES" / "CHARACTER SET"
  Span name_span;            // the variable as written, @ / @@scope. prefix included (scope keyword excluded)
  ExprId value = kNoExpr;    // kNoExpr for ON, ALL, BINARY and the charset of NAMES / CHARACTER SET
  Span value_span;
  Span span;                 // the whole item, scope keyword included
};

struct Assignment {
  ColumnRef column;
  ExprId value = kNoExpr;
  Span span;                 // column = value
  Span column_span;
};

struct InsertRow {
  std::vector<ExprId> values;
  Span span;                 // parentheses included
};

struct InsertPart {
  int32_t table = -1;        // index into Statement::tables
  std::vector<Identifier> columns;
  Span columns_span;         // "(a, b)" including parentheses; empty when no column list
  Span values_span;          // from the first row to the last row
  std::vector<InsertRow> rows;
  bool set_form = false;     // INSERT ... SET a = 1, b = 2
  std::vector<Assignment> set_assignments;
  QueryId select = kNoQuery; // INSERT ... SELECT
  std::vector<Assignment> on_duplicate;
  Span on_duplicate_span;
  bool ignore = false;
};

// DDL: one column definition, `name type attributes...`.
struct ColumnDefinition {
  Identifier name;
  Span span;                 // from the name to the end of the last attribute
};

enum class AlterAction {
  AddColumns,    // ADD [COLUMN] def [position] | ADD [COLUMN] (def, ...)
  ModifyColumn,  // MODIFY [COLUMN] def [position]
  ChangeColumn,  // CHANGE [COLUMN] old def [position]
  DropColumn,    // DROP [COLUMN] name
  AlterColumn,   // ALTER [COLUMN] name SET DEFAULT ... | DROP DEFAULT | SET VISIBLE ...
  RenameColumn,  // RENAME COLUMN old TO new
  Other,         // every other ALTER TABLE item (indexes, constraints, options, ...)
};

// DDL: one item of ALTER TABLE that concerns columns.
struct AlterItem {
  AlterAction action = AlterAction::Other;
  Span span;                                // the whole item, position included
  std::vector<ColumnDefinition> definitions;  // AddColumns, ModifyColumn, ChangeColumn (the new definition)
  std::optional<Identifier> column;          // ChangeColumn / DropColumn / AlterColumn / RenameColumn: the column named
  std::optional<Identifier> new_name;        // RenameColumn: the new name
  std::optional<Identifier> after;           // position `AFTER col`
};

struct Comment {
  std::string text;          // the whole comment as written, delimiters included
  Span span;
};

struct Statement {
  std::string sql;           // the original text, owned
  StatementKind kind = StatementKind::Select;
  std::vector<Expr> exprs;
  std::vector<Query> queries;        // for SELECT: queries[0] is the top-level block
  std::vector<TableRef> tables;      // every table reference, in source order
  std::vector<Span> param_markers;   // span of each '?', in order
  std::vector<Comment> comments;     // every comment, in source order
  QueryId main_query = kNoQuery;     // SELECT (or the SELECT of INSERT ... SELECT is insert.select)

  InsertPart insert;                 // Insert, Replace
  std::vector<Assignment> update_set;  // Update
  std::vector<Join> joins;           // Update, Delete: joins of the multi-table reference list
  ExprId where = kNoExpr;            // Update, Delete
  std::vector<OrderItem> order_by;   // Update, Delete
  std::optional<Limit> limit;        // Update, Delete
  std::vector<Projection> returning; // Insert, Replace, Delete: MariaDB's RETURNING items
  Span returning_span;               // from the first to the last RETURNING item

  std::vector<Identifier> column_definitions;  // DDL: columns defined (CREATE TABLE, ALTER ... ADD/CHANGE/MODIFY)
  std::vector<Identifier> index_names;       // DDL: index names (CREATE/DROP INDEX, ADD INDEX, KEY ...)
  std::vector<Identifier> constraint_names;  // DDL: CONSTRAINT name
  std::vector<Identifier> schema_names;      // USE db, SHOW TABLES FROM db, CREATE DATABASE db ...
  Span schema_clause;                        // SHOW ... FROM|IN db: the whole clause; empty when absent
  std::vector<ColumnDefinition> table_columns;  // CREATE TABLE: the column definitions, in order
  std::vector<Span> table_elements;          // CREATE TABLE: every column definition and constraint, in order
  std::vector<AlterItem> alter_items;        // ALTER TABLE: the items that concern columns, in order
  std::vector<Identifier> index_columns;     // DDL: columns of index key parts (INDEX, KEY, UNIQUE, PRIMARY KEY)
  std::vector<VariableAssignment> set_variables;  // Set, SetAutocommit: every item in order
  std::vector<WindowSpec> windows;   // every OVER clause and WINDOW definition, in source order
  std::vector<CallOrder> call_orders;  // every ORDER BY inside a call's arguments, in source order
  bool has_subquery = false;
  bool has_combine = false;          // UNION / INTERSECT / EXCEPT anywhere
  bool if_exists = false;            // DROP ... IF EXISTS / CREATE ... IF NOT EXISTS (or MariaDB's OR REPLACE)
  bool cascade = false;              // DROP TABLE ... CASCADE
  int32_t rename_target = -1;        // ALTER TABLE ... RENAME TO t: index of t in tables

  const Expr& expr(ExprId id) const { return exprs[static_cast<size_t>(id)]; }
  std::string_view text(Span span) const { return std::string_view(sql).substr(span.begin, span.end - span.begin); }
};

}  // namespace sqlroute::ast
