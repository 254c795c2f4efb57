#include "query_dispatcher.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>

#include "cluster_databases.h"
#include "distsql_cells.h"
#include "distsql_queries.h"
#include "session_statements.h"
#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

namespace {

StatementResult FromError(const Error& error) {
  MysqlError mapped = ToMysqlError(error);
  return StatementResult::Failure(mapped.code, mapped.sql_state, mapped.message);
}

StatementResult DatabaseExists(const std::string& name) {
  return StatementResult::Failure(mysql_error::kDatabaseExists, "HY000",
                                  "Can't create database '" + name + "'; database exists");
}

StatementResult NoDatabase() {
  return StatementResult::Failure(mysql_error::kNoDatabase, "3D000", "No database selected");
}

}  // namespace

StatementResult QueryDispatcher::Run(ConnectionState& state, const ClientIdentity& client, const std::string& sql,
                                     const std::vector<Value>& params) {
  ProxyObservability& observability = *context_.observability;
  auto started = std::chrono::steady_clock::now();
  auto start_unix_nanos = static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::system_clock::now().time_since_epoch()).count());
  observability.StatementStarted();
  StatementResult result = RunStatement(state, client, sql, params);
  observability.StatementEnded(sql, start_unix_nanos, std::chrono::steady_clock::now() - started,
                               result.kind == StatementResult::Kind::Error);
  return result;
}

StatementResult QueryDispatcher::RunStatement(ConnectionState& state, const ClientIdentity& client,
                                              const std::string& sql, const std::vector<Value>& params) {
  LocalStatement statement = ClassifyStatement(sql);
  using Kind = LocalStatement::Kind;
  switch (statement.kind) {
    case Kind::Begin: return Begin(state);
    case Kind::Commit:
    case Kind::Rollback: {
      bool commit = statement.kind == Kind::Commit;
      StatementResult result = context_.executor->EndTransaction(state, commit);
      // A COMMIT that fails on a storage unit did not commit: it counts as a rollback.
      bool committed = commit && result.kind != StatementResult::Kind::Error;
      if (context_.observability->metrics_enabled()) context_.observability->metrics().TransactionEnded(committed);
      return result;
    }
    case Kind::SetAutocommit: return SetAutocommit(state, statement.flag);
    case Kind::SetSession: return StatementResult::Done();
    case Kind::SelectSystem: return SelectSystem(state, client, statement);
    case Kind::ShowDatabases: {
      StatementResult result;
      result.kind = StatementResult::Kind::Rows;
      result.columns.push_back(TextColumn("schema_name"));
      for (const std::string& name : context_.databases.Names()) result.rows.push_back({name});
      return result;
    }
    case Kind::Use:
      if (!context_.databases.Find(statement.name)) {
        return StatementResult::Failure(mysql_error::kBadDatabase, "42000", "Unknown database '" + statement.name + "'");
      }
      state.database = statement.name;
      return StatementResult::Done();
    case Kind::CreateDatabase: return CreateDatabase(statement.name, statement.flag);
    case Kind::DropDatabase: return DropDatabase(state, statement.name, statement.flag);
    case Kind::DistSqlUpdate: return DistSqlUpdate(state, sql);
    case Kind::DistSqlQuery: return DistSqlQuery(state, sql);
    case Kind::None: break;
  }
  std::shared_ptr<LogicDatabase> database = context_.databases.Find(state.database);
  if (!database) return NoDatabase();
  if (state.transaction.active()) state.session.in_transaction = true;
  return context_.executor->Execute(database, state, sql, params);
}

std::vector<ColumnInfo> QueryDispatcher::Describe(ConnectionState& state, const std::string& sql,
                                                  std::size_t param_count) {
  if (ClassifyStatement(sql).kind != LocalStatement::Kind::None) return {};
  std::shared_ptr<LogicDatabase> database = context_.databases.Find(state.database);
  if (!database) return {};
  return context_.executor->Describe(database, state, sql, param_count);
}

void QueryDispatcher::Abandon(ConnectionState& state) {
  if (!state.transaction.held.empty()) context_.executor->EndTransaction(state, false);
  state.transaction.autocommit = true;
  state.transaction.explicit_transaction = false;
  state.session = Session();
}

StatementResult QueryDispatcher::Begin(ConnectionState& state) {
  // BEGIN inside a transaction commits it first, as MySQL does.
  if (state.transaction.active() && !state.transaction.held.empty()) {
    StatementResult committed = context_.executor->EndTransaction(state, true);
    if (committed.kind == StatementResult::Kind::Error) return committed;
  }
  state.transaction.explicit_transaction = true;
  state.session.in_transaction = true;
  return StatementResult::Done();
}

StatementResult QueryDispatcher::SetAutocommit(ConnectionState& state, bool on) {
  if (on && !state.transaction.autocommit) {
    // Turning autocommit back on commits the open transaction.
    state.transaction.autocommit = true;
    state.transaction.explicit_transaction = false;
    return context_.executor->EndTransaction(state, true);
  }
  state.transaction.autocommit = on;
  state.session.in_transaction = state.transaction.active();
  return StatementResult::Done();
}

StatementResult QueryDispatcher::SelectSystem(const ConnectionState& state, const ClientIdentity& client,
                                              const LocalStatement& statement) {
  StatementResult result;
  result.kind = StatementResult::Kind::Rows;
  std::vector<Cell> row;
  for (const LocalStatement::Item& item : statement.items) {
    std::string name = item.expression;
    for (const char* prefix : {"@@session.", "@@global.", "@@local.", "@@"}) {
      if (name.rfind(prefix, 0) == 0) {
        name = name.substr(std::string(prefix).size());
        break;
      }
    }
    Cell value;
    if (name == "database()" || name == "schema()") {
      if (!state.database.empty()) value = state.database;
    } else if (name == "version()" || name == "version") {
      value = context_.server_version;
    } else if (name == "connection_id()") {
      value = std::to_string(client.connection_id);
    } else if (name == "user()" || name == "current_user()" || name == "session_user()" || name == "system_user()") {
      value = client.user + "@" + client.host;
    } else if (name == "last_insert_id()") {
      value = "0";
    } else if (name == "version_comment") {
      value = "sqlroute-proxy";
    } else if (name == "max_allowed_packet") {
      value = std::to_string(context_.max_allowed_packet);
    } else if (name == "autocommit") {
      value = state.transaction.autocommit ? "1" : "0";
    } else if (name == "tx_isolation" || name == "transaction_isolation") {
      value = "REPEATABLE-READ";
    } else if (name == "tx_read_only" || name == "transaction_read_only" || name == "lower_case_table_names" ||
               name == "query_cache_size" || name == "performance_schema") {
      value = "0";
    } else if (name.rfind("character_set_", 0) == 0) {
      value = "utf8mb4";
    } else if (name.rfind("collation_", 0) == 0) {
      value = "utf8mb4_general_ci";
    } else if (name == "sql_mode") {
      value = "STRICT_TRANS_TABLES,ERROR_FOR_DIVISION_BY_ZERO,NO_AUTO_CREATE_USER,NO_ENGINE_SUBSTITUTION";
    } else if (name == "time_zone") {
      value = "SYSTEM";
    } else if (name == "system_time_zone") {
      value = "UTC";
    } else if (name == "wait_timeout" || name == "interactive_timeout") {
      value = "28800";
    } else if (name == "net_write_timeout") {
      value = "60";
    } else if (name == "net_buffer_length") {
      value = "16384";
    } else if (name == "auto_increment_increment") {
      value = "1";
    } else if (name == "license") {
      value = "GPL";
    } else if (name == "init_connect") {
      value = "";
    } else {
      return StatementResult::Failure(mysql_error::kUnknownSystemVariable, "HY000",
                                      "Unknown system variable '" + name + "'");
    }
    result.columns.push_back(TextColumn(item.label));
    row.push_back(std::move(value));
  }
  result.rows.push_back(std::move(row));
  return result;
}

StatementResult QueryDispatcher::CreateDatabase(const std::string& name, bool if_not_exists) {
  // The name becomes part of a file name in the configuration directory: letters, digits, _ $ - only.
  bool usable = !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](unsigned char c) {
    return std::isalnum(c) || c == '_' || c == '$' || c == '-';
  });
  if (!usable) {
    return StatementResult::Failure(mysql_error::kWrongDatabaseName, "42000", "Incorrect database name '" + name + "'");
  }
  if (context_.databases.Find(name)) return if_not_exists ? StatementResult::Done() : DatabaseExists(name);
  try {
    if (context_.cluster) {
      if (context_.cluster->CreateDatabase(name)) return StatementResult::Done(1);
      return if_not_exists ? StatementResult::Done() : DatabaseExists(name);
    }
    // A file of another database may already have this name (rule files are named freely).
    std::filesystem::path directory(context_.config.directory);
    std::filesystem::path file = directory / ("database-" + name + ".yaml");
    for (int suffix = 2; std::filesystem::exists(file); ++suffix) {
      file = directory / ("database-" + name + "-" + std::to_string(suffix) + ".yaml");
    }
    auto database = std::make_shared<LogicDatabase>(name, Engine::FromYamlString("databaseName: " + name + "\n"),
                                                   file.string(), context_.config.props);
    database->Persist();  // first, so that a database the directory cannot hold is never served
    if (!context_.AddDatabase(database)) return if_not_exists ? StatementResult::Done() : DatabaseExists(name);
  } catch (const Error& error) {
    return FromError(error);
  }
  return StatementResult::Done(1);
}

StatementResult QueryDispatcher::DropDatabase(ConnectionState& state, const std::string& name, bool if_exists) {
  bool dropped = false;
  if (context_.cluster) {
    try {
      dropped = context_.cluster->DropDatabase(name);
    } catch (const Error& error) {
      return FromError(error);
    }
  } else if (std::shared_ptr<LogicDatabase> removed = context_.databases.Remove(name)) {
    removed->RemoveRuleFile();
    dropped = true;
  }
  if (!dropped) {
    if (if_exists) return StatementResult::Done();
    return StatementResult::Failure(mysql_error::kDatabaseDropMissing, "HY000",
                                    "Can't drop database '" + name + "'; database doesn't exist");
  }
  if (state.database == name) state.database.clear();
  return StatementResult::Done();
}

StatementResult QueryDispatcher::DistSqlUpdate(ConnectionState& state, const std::string& sql) {
  std::shared_ptr<LogicDatabase> database = context_.databases.Find(state.database);
  if (!database) return NoDatabase();
  try {
    if (context_.cluster) {
      context_.cluster->ApplyDistSql(state.database, sql);
    } else {
      database->ApplyDistSql(sql);
    }
  } catch (const Error& error) {
    return FromError(error);
  }
  return StatementResult::Done();
}

StatementResult QueryDispatcher::DistSqlQuery(ConnectionState& state, const std::string& sql) {
  if (IsShowComputeNodes(sql)) {
    if (!context_.cluster) {
      return FromError(Error(Message<msg::DistSqlQueryUnsupported>(arg::detail = "SHOW COMPUTE NODES (standalone mode)")));
    }
    try {
      return context_.cluster->ShowComputeNodes();
    } catch (const Error& error) {
      return FromError(error);
    }
  }
  std::shared_ptr<LogicDatabase> database = context_.databases.Find(state.database);
  if (!database) return NoDatabase();
  try {
    return RunDistSqlQuery(*database, state.session, sql);
  } catch (const Error& error) {
    return FromError(error);
  }
}

}  // namespace sqlroute::proxy
