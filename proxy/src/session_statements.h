#pragma once
// Statements the proxy answers itself rather than routing, as ShardingSphere-Proxy's
// admin and transaction handlers do: transaction control, session SET, SELECT @@variable,
// USE, SHOW DATABASES, SHOW TABLES, CREATE / DROP DATABASE, and DistSQL.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::proxy {

struct LocalStatement {
  enum class Kind {
    None,            // route it
    Begin,
    Commit,
    Rollback,
    SetAutocommit,   // flag: the new value
    SetSession,      // other SET: accepted, nothing to do
    SelectSystem,    // items: @@variables and functions such as DATABASE()
    ShowDatabases,
    ShowTables,      // flag: FULL; name: the FROM / IN database ("" for the current); like
    Use,             // name
    CreateDatabase,  // name, flag: IF NOT EXISTS
    DropDatabase,    // name, flag: IF EXISTS
    DistSqlUpdate,   // RDL: REGISTER STORAGE UNIT, CREATE ... RULE, ...
    DistSqlQuery,    // RQL: SHOW STORAGE UNITS, SHOW ... RULES, PREVIEW
  };
  // One item of SELECT @@a, DATABASE() ...: what to evaluate and the column label.
  struct Item {
    std::string expression;  // lower-cased: "@@version_comment", "database()"
    std::string label;
  };
  Kind kind = Kind::None;
  bool flag = false;
  std::string name;
  std::string like;      // ShowTables: the LIKE pattern, "" for none
  // None: the logical database a SHOW names (SHOW COLUMNS FROM t FROM db, SHOW INDEX FROM db.t,
  // SHOW TABLE STATUS IN db, ...), which it runs in rather than the current one; "" for the current.
  std::string database;
  std::vector<Item> items;
};

LocalStatement ClassifyStatement(std::string_view sql);

// The statements of a multi-statement text, split at `;` outside quotes and comments; empty
// pieces are dropped.
std::vector<std::string> SplitStatements(std::string_view text);

// Where a text of several statements goes wrong for a client without CLIENT_MULTI_STATEMENTS:
// the start of its second statement, as MySQL's parse error names it (near '<at most 80
// characters>' at line N). Nullopt for a text of one statement.
struct SecondStatement {
  std::string excerpt;
  std::size_t line = 1;
};
std::optional<SecondStatement> FindSecondStatement(std::string_view text);

}  // namespace sqlroute::proxy
