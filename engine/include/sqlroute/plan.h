#pragma once
// The result of routing one statement: what each data source receives, and what a proxy
// needs to combine the results.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/scatter.h"
#include "sqlroute/value.h"

namespace sqlroute {

enum class RouteType {
  Standard,           // one sharding table, or binding tables
  Binding,            // binding tables joined
  Cartesian,          // several sharding tables without binding
  Broadcast,          // broadcast tables only
  DatabaseBroadcast,  // every data source (TCL, SET, most DAL)
  TableBroadcast,     // every actual table (DDL on sharding tables)
  InstanceBroadcast,  // each database instance once (DCL)
  Unicast,            // any one data source
  Single,             // single (unsharded) tables
  DataSourceHint,     // DATA_SOURCE_NAME hint
  Passthrough,        // no rule touches the statement
};
const char* RouteTypeName(RouteType type);

struct TableMapping {
  std::string logic;
  std::string actual;
};

// One statement a data source receives.
struct SqlUnit {
  std::string data_source;
  std::string sql;
  std::vector<Value> params;
};

// Where one unit goes before rewriting: the logic data source the route named (a read/write
// group, a shadow data source or a shadow production source: the start of the chain) and the
// storage unit at its end, plus the logic -> actual tables.
struct RouteUnit {
  std::string logic_data_source;
  std::string data_source;
  std::vector<TableMapping> tables;
};

// What an algorithm did with a sharding value, for explain output.
struct RouteDecision {
  std::string table;
  std::string column;
  std::string algorithm;  // configured name
  std::string condition;  // "= 7", "IN (1, 2)", "BETWEEN 1 AND 5", "hint 3"
  std::vector<std::string> targets;
  bool database_level = false;
};

// A result column the merge refers to: by position when the statement fixes it, else by the
// label it has in the units' results (e.g. an ORDER BY column covered by `*`).
struct MergeColumn {
  std::string label;
  int index = -1;  // 0-based position in a unit's result row; -1: look the label up
};

struct MergeOrderItem {
  MergeColumn column;
  bool descending = false;
};

enum class AggregationType { Count, Sum, Min, Max, Avg, BitXor, GroupConcat };
const char* AggregationTypeName(AggregationType type);

struct MergeAggregation {
  AggregationType type = AggregationType::Count;
  MergeColumn column;            // the aggregate's own column
  bool distinct = false;
  MergeColumn avg_count;         // Avg: the derived COUNT column
  MergeColumn avg_sum;           // Avg: the derived SUM column
  std::string separator = ",";   // GroupConcat
  // COUNT/SUM/AVG DISTINCT rewritten to `x AS AGGREGATION_DISTINCT_DERIVED_n`: `column` holds
  // the units' distinct values and this is the label the logical result shows; else empty.
  std::string result_label;
};

// A condition the merge evaluates on each merged group: the HAVING of a statement on several
// units, over the merged row's columns. Booleans are numbers (1, 0) and NULL is unknown, as in
// MySQL; a group is kept when the condition is true.
enum class MergeExprKind {
  Column,   // column
  Literal,  // literal (parameters are bound when the plan is made)
  Not,      // NOT children[0]
  And,      // children[0] AND children[1]
  Or,       // children[0] OR children[1]
  Xor,      // children[0] XOR children[1]
  Compare,  // op in {"=", "<=>", "<>", "<", ">", "<=", ">="}: children[0] op children[1]
  Arithmetic,  // op in {"+", "-", "*", "/", "DIV", "%"}: children[0] op children[1]
  Negate,   // -children[0]
  IsNull,   // children[0] IS [NOT] NULL
  In,       // children[0] [NOT] IN (children[1..])
  Between,  // children[0] [NOT] BETWEEN children[1] AND children[2]
};

struct MergeExpr {
  MergeExprKind kind = MergeExprKind::Literal;
  std::string op;
  std::vector<MergeExpr> children;
  MergeColumn column;
  Value literal;
  bool negated = false;  // IsNull, In, Between
};

// A result column that holds ciphertext (ShardingSphere's EncryptMergedResult decrypts it): a proxy
// decrypts it with the named encryptor through RuleSet::Decrypt / RuleSet::DecryptRow. The key
// never leaves the rule set.
struct DecryptColumn {
  MergeColumn column;       // label = the logical column name or its alias
  std::string table;        // logic table
  std::string logic_column;
  std::string encryptor;    // encryptor name in the encrypt rule
};

// How a proxy combines the units' results into the logical result, as ShardingSphere's
// ShardingDQLResultMerger does.
struct MergeInstructions {
  bool required = false;                 // more than one unit returns rows
  std::vector<MergeOrderItem> order_by;  // the logical ORDER BY (or the added GROUP BY order)
  std::vector<MergeOrderItem> group_by;
  std::vector<MergeAggregation> aggregations;
  bool distinct = false;                 // SELECT DISTINCT
  std::optional<int64_t> offset;         // the statement's own LIMIT, applied after merging
  std::optional<int64_t> row_count;
  std::vector<std::string> derived_labels;  // trailing columns the units add; hide them
  std::optional<MergeExpr> having;          // evaluated on the merged groups, before DISTINCT and LIMIT
  bool rollup = false;                      // GROUP BY ... WITH ROLLUP: the merge adds the super-aggregate rows
  std::vector<DecryptColumn> decrypt;       // encrypted projections, also for a single unit
  bool affected_rows_once = false;          // DML on broadcast copies: report one unit's count, not the sum
};

// How ShardingSphere would spend connections on one data source (max-connections-size-per-query):
// MemoryStrictly opens one connection per unit and merges by streaming; ConnectionStrictly
// packs several units per connection and merges in memory.
enum class ConnectionMode { MemoryStrictly, ConnectionStrictly };
const char* ConnectionModeName(ConnectionMode mode);

struct ExecutionGroup {
  std::string data_source;
  ConnectionMode mode = ConnectionMode::MemoryStrictly;
  std::vector<std::vector<std::size_t>> connections;  // indexes into Plan::units, one list per connection
};

struct Plan {
  std::string logic_sql;
  std::string statement_kind;  // SELECT, INSERT, ...
  RouteType route_type = RouteType::Passthrough;
  std::vector<RouteUnit> route_units;
  std::vector<SqlUnit> units;
  std::vector<RouteDecision> decisions;
  std::vector<std::string> warnings;  // e.g. why a statement routes to every node
  std::vector<std::string> notes;     // why units went where they did: primary/replica, shadow
  // Why the statement reaches more than one unit; empty for one unit. Filled only when the
  // route has several units, so a statement routed to one pays nothing.
  std::vector<ScatterReason> scatter_reasons;
  // TCL, SET, USE and the like: they follow the session to every data source, and are no scatter.
  bool session_statement = false;
  MergeInstructions merge;
  std::vector<ExecutionGroup> execution_groups;  // per data source, in unit order
  // INSERT into a table with a key generator and no key column: the generated values, one per
  // row in row order (ShardingSphere's GeneratedKeyContext); a proxy answers the least as the
  // OK packet's last insert id, as ShardingSphere-Proxy's UpdateResponseHeader does.
  std::vector<Value> generated_keys;

  std::string Explain() const;  // readable table; never shows secrets
};

// A prepared statement executed with many parameter sets (JDBC batching): per data source and
// actual SQL, the parameter sets it receives, in input order.
struct BatchUnit {
  std::string data_source;
  std::string sql;
  std::vector<std::vector<Value>> param_sets;
  std::vector<std::size_t> inputs;  // index of the input parameter set each one came from
};

struct BatchPlan {
  std::vector<BatchUnit> units;
};

}  // namespace sqlroute
