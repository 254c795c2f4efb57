#include "query_dispatcher.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <optional>

#include "cluster_databases.h"
#include "distsql_cells.h"
#include "distsql_queries.h"
#include "session_statements.h"
#include "show_tables.h"
#include "sqlroute/error_text.h"
#include "table_metadata.h"

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

StatementResult UnknownDatabase(const std::string& name) {
  return StatementResult::Failure(mysql_error::kBadDatabase, "42000", "Unknown database '" + name + "'");
}

}  // namespace

namespace {

// A statement timed for the observability: its answer is reported once both the answer and what
// the engine recorded while routing it (on this thread, before Run returns) are there.
struct TimedStatement {
  std::string sql;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::uint64_t start_unix_nanos = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::system_clock::now().time_since_epoch())
          .count());
  std::optional<StatementCapture> capture;
  std::optional<StatementResult> result;
  StatementDone done;

  void ReportWhenComplete(ProxyObservability& observability) {
    if (!capture || !result) return;
    observability.StatementEnded(sql, std::move(*capture), start_unix_nanos,
                                 std::chrono::steady_clock::now() - started, result->kind == StatementResult::Kind::Error);
    StatementDone answer = std::move(done);
    answer(std::move(*result));
  }
};

}  // namespace

void QueryDispatcher::Run(ConnectionState& state, const ClientIdentity& client, const std::string& sql,
                          const std::vector<Value>& params, RowSink* sink, StatementDone done) {
  ProxyObservability& observability = *context_.observability;
  // With every observer off, a statement reads no clock.
  if (!observability.active()) {
    RunStatement(state, client, sql, params, sink, std::move(done));
    return;
  }
  auto timed = std::make_shared<TimedStatement>();
  timed->sql = sql;
  timed->done = std::move(done);
  observability.StatementStarted();
  RunStatement(state, client, sql, params, sink, [timed, &observability](StatementResult result) {
    timed->result = std::move(result);
    timed->ReportWhenComplete(observability);
  });
  timed->capture = observability.TakeCapture();
  timed->ReportWhenComplete(observability);
}

void QueryDispatcher::RunStatement(ConnectionState& state, const ClientIdentity& client, const std::string& sql,
                                   const std::vector<Value>& params, RowSink* sink, StatementDone done) {
  LocalStatement statement = ClassifyStatement(sql);
  using Kind = LocalStatement::Kind;
  switch (statement.kind) {
    case Kind::Begin: Begin(state, std::move(done)); return;
    case Kind::Commit:
    case Kind::Rollback: {
      bool commit = statement.kind == Kind::Commit;
      context_.executor->EndTransaction(state, commit, [this, commit, done = std::move(done)](StatementResult result) {
        // A COMMIT that fails on a storage unit did not commit: it counts as a rollback.
        bool committed = commit && result.kind != StatementResult::Kind::Error;
        if (context_.observability->metrics_enabled()) context_.observability->metrics().TransactionEnded(committed);
        done(std::move(result));
      });
      return;
    }
    case Kind::SetAutocommit: SetAutocommit(state, statement.flag, std::move(done)); return;
    case Kind::SetSession: done(StatementResult::Done()); return;
    case Kind::SelectSystem: done(SelectSystem(state, client, statement)); return;
    case Kind::ShowDatabases: {
      StatementResult result;
      result.kind = StatementResult::Kind::Rows;
      result.columns.push_back(TextColumn("schema_name"));
      for (const std::string& name : context_.databases.Names()) result.rows.push_back({name});
      done(std::move(result));
      return;
    }
    case Kind::ShowTables: {
      std::string name = statement.name.empty() ? state.database : statement.name;
      std::shared_ptr<LogicDatabase> shown = context_.databases.Find(name);
      done(shown ? ShowTables(*shown, statement.flag, statement.like) : name.empty() ? NoDatabase() : UnknownDatabase(name));
      return;
    }
    case Kind::Use:
      if (!context_.databases.Find(statement.name)) {
        done(UnknownDatabase(statement.name));
        return;
      }
      state.database = statement.name;
      done(StatementResult::Done());
      return;
    case Kind::CreateDatabase:
      OnWorker(state, [this, statement] { return CreateDatabase(statement.name, statement.flag); }, std::move(done));
      return;
    case Kind::DropDatabase:
      OnWorker(state, [this, &state, statement] { return DropDatabase(state, statement.name, statement.flag); },
               std::move(done));
      return;
    case Kind::DistSqlUpdate:
      OnWorker(state, [this, &state, sql] { return DistSqlUpdate(state, sql); }, std::move(done));
      return;
    case Kind::DistSqlQuery:
      OnWorker(state, [this, &state, sql] { return DistSqlQuery(state, sql); }, std::move(done));
      return;
    case Kind::None: break;
  }
  // A SHOW naming a logical database runs in it (ShardingSphere takes the statement's database
  // before the session's); the unit SQL leaves the name out.
  const std::string& name = statement.database.empty() ? state.database : statement.database;
  std::shared_ptr<LogicDatabase> database = context_.databases.Find(name);
  if (!database) {
    done(statement.database.empty() ? NoDatabase() : UnknownDatabase(statement.database));
    return;
  }
  if (state.transaction.active()) state.session.in_transaction = true;
  context_.executor->Execute(database, state, sql, params, sink,
                             [this, &state, database, done = std::move(done)](StatementResult result) mutable {
                               if (result.kind == StatementResult::Kind::Error ||
                                   !ChangesTableMetadata(state.plan.statement_kind)) {
                                 done(std::move(result));
                                 return;
                               }
                               RefreshMetadata(state, database, std::move(result), std::move(done));
                             });
}

// After DDL the metadata of the storage units it ran on is read again (blocking reads, so on the worker pool)
// before the client has its answer, as ShardingSphere's MetaDataRefreshEngine refreshes it.
void QueryDispatcher::RefreshMetadata(ConnectionState& state, std::shared_ptr<LogicDatabase> database,
                                      StatementResult result, StatementDone done) {
  auto answer = std::make_shared<StatementResult>(std::move(result));
  std::set<std::string> touched;
  for (const SqlUnit& unit : state.plan.units) touched.insert(unit.data_source);
  OnWorker(
      state,
      [database, touched = std::move(touched)] {
        database->RefreshTableMetadata(touched);
        return StatementResult::Done();
      },
      [answer, done = std::move(done)](StatementResult refreshed) {
        done(refreshed.kind == StatementResult::Kind::Error ? std::move(refreshed) : std::move(*answer));
      });
}

void QueryDispatcher::OnWorker(ConnectionState& state, std::function<StatementResult()> job, StatementDone done) {
  context_.workers->Submit([io = state.io, job = std::move(job), done = std::move(done)] {
    StatementResult result;
    try {
      result = job();
    } catch (const std::exception& error) {
      result = StatementResult::Failure(1105, "HY000", error.what());
    }
    asio::post(*io, [done, result = std::move(result)]() mutable { done(std::move(result)); });
  });
}

void QueryDispatcher::Describe(ConnectionState& state, const std::string& sql, std::size_t param_count,
                               std::function<void(std::vector<ColumnInfo>)> done) {
  std::shared_ptr<LogicDatabase> database = context_.databases.Find(state.database);
  if (ClassifyStatement(sql).kind != LocalStatement::Kind::None || !database) {
    done({});
    return;
  }
  context_.executor->Describe(database, state, sql, param_count, std::move(done));
}

void QueryDispatcher::Abandon(ConnectionState& state, std::function<void()> done) {
  auto forget = [&state, done = std::move(done)](StatementResult) {
    state.transaction.autocommit = true;
    state.transaction.explicit_transaction = false;
    state.session = Session();
    done();
  };
  if (state.transaction.held.empty()) {
    forget(StatementResult::Done());
    return;
  }
  context_.executor->EndTransaction(state, false, std::move(forget));
}

void QueryDispatcher::Begin(ConnectionState& state, StatementDone done) {
  auto begin = [&state, done = std::move(done)](StatementResult committed) {
    if (committed.kind == StatementResult::Kind::Error) {
      done(std::move(committed));
      return;
    }
    state.transaction.explicit_transaction = true;
    state.session.in_transaction = true;
    done(StatementResult::Done());
  };
  // BEGIN inside a transaction commits it first, as MySQL does.
  if (state.transaction.active() && !state.transaction.held.empty()) {
    context_.executor->EndTransaction(state, true, std::move(begin));
    return;
  }
  begin(StatementResult::Done());
}

void QueryDispatcher::SetAutocommit(ConnectionState& state, bool on, StatementDone done) {
  if (on && !state.transaction.autocommit) {
    // Turning autocommit back on commits the open transaction.
    state.transaction.autocommit = true;
    state.transaction.explicit_transaction = false;
    context_.executor->EndTransaction(state, true, std::move(done));
    return;
  }
  state.transaction.autocommit = on;
  state.session.in_transaction = state.transaction.active();
  done(StatementResult::Done());
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
