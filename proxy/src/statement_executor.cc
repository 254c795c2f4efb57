#include "statement_executor.h"

#include <algorithm>
#include <optional>

#include "result_conversion.h"
#include "sqlroute/merge.h"

namespace sqlroute::proxy {

StatementResult StatementResult::Failure(std::uint16_t code, std::string sql_state, std::string message) {
  StatementResult result;
  result.kind = Kind::Error;
  result.error = {code, std::move(sql_state), std::move(message)};
  return result;
}

StatementResult StatementResult::Done(std::uint64_t affected_rows) {
  StatementResult result;
  result.ok.affected_rows = affected_rows;
  return result;
}

namespace {

// Units on one connection, run in order.
struct ConnectionJob {
  std::string data_source;
  std::vector<std::size_t> units;
  PooledConnection* connection = nullptr;
};

struct UnitOutcome {
  std::optional<BackendResult> result;
  std::optional<BackendError> error;
};

// ShardingSphere's partition of a data source's units: groups of ceil(n / max) units, in order.
std::vector<ConnectionJob> PlanJobs(const Plan& plan, std::size_t max_connections, bool one_per_data_source) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<std::size_t>> by_source;
  for (std::size_t i = 0; i < plan.units.size(); ++i) {
    auto& units = by_source[plan.units[i].data_source];
    if (units.empty()) order.push_back(plan.units[i].data_source);
    units.push_back(i);
  }
  std::vector<ConnectionJob> jobs;
  for (const std::string& source : order) {
    const std::vector<std::size_t>& units = by_source[source];
    std::size_t per_connection =
        one_per_data_source ? units.size() : (units.size() + max_connections - 1) / max_connections;
    for (std::size_t start = 0; start < units.size(); start += per_connection) {
      std::size_t end = std::min(units.size(), start + per_connection);
      jobs.push_back({source, std::vector<std::size_t>(units.begin() + start, units.begin() + end)});
    }
  }
  return jobs;
}

StatementResult FromBackendError(const BackendError& error) {
  return StatementResult::Failure(error.code, error.sql_state, error.message);
}

StatementResult Rows(const Plan& plan, const RuleSet& rules, std::vector<UnitOutcome>& outcomes) {
  StatementResult answer;
  answer.kind = StatementResult::Kind::Rows;
  BackendResult& first = *outcomes.front().result;
  if (outcomes.size() == 1 && plan.merge.decrypt.empty() && plan.merge.derived_labels.empty()) {
    answer.columns = std::move(first.columns);
    answer.rows = std::move(first.rows);
    answer.ok.warnings = first.warnings;
    return answer;
  }
  std::vector<ColumnInfo> columns = first.columns;
  std::vector<ResultSet> sets;
  sets.reserve(outcomes.size());
  for (UnitOutcome& outcome : outcomes) sets.push_back(ToResultSet(std::move(*outcome.result)));
  ResultSet merged = Merge(plan.merge, std::move(sets));
  columns.resize(std::min(columns.size(), merged.columns.size()));
  for (std::size_t i = 0; i < columns.size(); ++i) columns[i].name = merged.columns[i];
  answer.rows.reserve(merged.rows.size());
  for (Row& row : merged.rows) {
    if (!plan.merge.decrypt.empty()) rules.DecryptRow(plan.merge.decrypt, merged.columns, row);
    std::vector<Cell>& cells = answer.rows.emplace_back();
    cells.reserve(row.size());
    for (const Value& value : row) cells.push_back(ValueToCell(value));
  }
  answer.columns = std::move(columns);
  return answer;
}

// The least positive last insert id of the units and the engine's generated keys, as
// ShardingSphere-Proxy's UpdateResponseHeader answers it.
std::uint64_t LastInsertId(const Plan& plan, const std::vector<UnitOutcome>& outcomes) {
  std::uint64_t least = 0;
  auto consider = [&least](std::uint64_t id) {
    if (id > 0 && (least == 0 || id < least)) least = id;
  };
  for (const UnitOutcome& outcome : outcomes) consider(outcome.result->last_insert_id);
  for (const Value& key : plan.generated_keys) {
    if (key.is_integral() && key.int_value() > 0) consider(static_cast<std::uint64_t>(key.int_value()));
  }
  return least;
}

StatementResult Counts(const Plan& plan, std::vector<UnitOutcome>& outcomes) {
  StatementResult answer;
  answer.ok.last_insert_id = LastInsertId(plan, outcomes);
  for (UnitOutcome& outcome : outcomes) {
    const BackendResult& result = *outcome.result;
    if (plan.merge.affected_rows_once) {
      answer.ok.affected_rows = std::max(answer.ok.affected_rows, result.affected_rows);
    } else {
      answer.ok.affected_rows += result.affected_rows;
    }
    answer.ok.warnings = static_cast<std::uint16_t>(answer.ok.warnings + result.warnings);
  }
  if (outcomes.size() == 1) answer.ok.info = outcomes.front().result->info;
  return answer;
}

}  // namespace

StatementResult StatementExecutor::Execute(const std::shared_ptr<LogicDatabase>& shared_database,
                                           ConnectionState& state, const std::string& sql,
                                           const std::vector<Value>& params) {
  LogicDatabase& database = *shared_database;
  // One plan per worker thread, reused (Engine::RouteInto); a reference, so that helper threads
  // running units read this thread's plan rather than their own.
  thread_local Plan worker_plan;
  Plan& plan = worker_plan;
  std::shared_ptr<const RuleSet> rules = database.engine().rules();
  try {
    database.engine().RouteInto(plan, sql, params, {}, &state.session);
  } catch (const Error& error) {
    MysqlError mapped = ToMysqlError(error);
    return StatementResult::Failure(mapped.code, mapped.sql_state, mapped.message);
  }
  if (plan.units.empty()) return StatementResult::Done();

  TransactionState& transaction = state.transaction;
  bool in_transaction = transaction.active();
  std::vector<ConnectionJob> jobs = PlanJobs(plan, max_connections_per_query_, in_transaction);
  std::vector<std::vector<PooledConnection>> acquired;
  try {
    if (in_transaction) {
      if (transaction.database != shared_database) {
        if (!transaction.held.empty()) {
          return StatementResult::Failure(1105, "HY000", "a transaction cannot span logical databases");
        }
        transaction.database = shared_database;
      }
      for (ConnectionJob& job : jobs) {
        auto held = transaction.held.find(job.data_source);
        if (held == transaction.held.end()) {
          PooledConnection connection = database.Pool(job.data_source)->Acquire();
          connection->set_in_transaction(true);
          connection->Execute("SET autocommit=0");
          held = transaction.held.emplace(job.data_source, std::move(connection)).first;
        }
        job.connection = &held->second;
      }
    } else {
      std::map<std::string, std::size_t> needed;
      for (const ConnectionJob& job : jobs) ++needed[job.data_source];
      std::map<std::string, std::size_t> next;
      for (const auto& [source, count] : needed) acquired.push_back(database.Pool(source)->AcquireMany(count));
      std::size_t index = 0;
      std::map<std::string, std::size_t> slot;
      for (const auto& [source, count] : needed) slot[source] = index++;
      for (ConnectionJob& job : jobs) {
        std::vector<PooledConnection>& pool = acquired[slot[job.data_source]];
        std::size_t& used = next[job.data_source];
        job.connection = &pool[std::min(used++, pool.size() - 1)];
      }
    }
  } catch (const BackendFailure& failure) {
    return FromBackendError(failure.error());
  }

  std::vector<UnitOutcome> outcomes(plan.units.size());
  workers_.ForEach(jobs.size(), jobs.size(), [&](std::size_t j) {
    ConnectionJob& job = jobs[j];
    for (std::size_t unit : job.units) {
      try {
        outcomes[unit].result = (*job.connection)->Execute(InlineParams(plan.units[unit].sql, plan.units[unit].params));
      } catch (const BackendFailure& failure) {
        outcomes[unit].error = failure.error();
        return;
      } catch (const std::exception& other) {
        outcomes[unit].error = BackendError{1105, "HY000", other.what()};
        return;
      }
    }
  });
  for (const UnitOutcome& outcome : outcomes) {
    if (outcome.error) return FromBackendError(*outcome.error);
  }
  for (const UnitOutcome& outcome : outcomes) {
    if (!outcome.result) return StatementResult::Failure(1105, "HY000", "a unit was not executed");
  }
  database.StatementSucceeded(plan.statement_kind);
  try {
    bool rows = std::any_of(outcomes.begin(), outcomes.end(), [](const UnitOutcome& o) { return o.result->has_rows; });
    return rows ? Rows(plan, *rules, outcomes) : Counts(plan, outcomes);
  } catch (const Error& error) {
    MysqlError mapped = ToMysqlError(error);
    return StatementResult::Failure(mapped.code, mapped.sql_state, mapped.message);
  }
}

std::vector<ColumnInfo> StatementExecutor::Describe(const std::shared_ptr<LogicDatabase>& database,
                                                    const ConnectionState& state, const std::string& sql,
                                                    std::size_t param_count) {
  Plan plan;
  bool routed = false;
  for (const Value& placeholder : {Value::Int(0), Value::Null()}) {
    Session session = state.session;
    try {
      plan = database->engine().Route(sql, std::vector<Value>(param_count, placeholder), {}, &session);
      routed = !plan.units.empty();
    } catch (const Error&) {
      continue;
    }
    if (routed) break;
  }
  if (!routed || plan.statement_kind != "SELECT") return {};
  try {
    const SqlUnit& unit = plan.units.front();
    PooledConnection connection = database->Pool(unit.data_source)->Acquire();
    std::vector<ColumnInfo> columns = connection->Describe(unit.sql);
    columns.resize(columns.size() - std::min(columns.size(), plan.merge.derived_labels.size()));
    return columns;
  } catch (const BackendFailure&) {
    return {};
  }
}

StatementResult StatementExecutor::EndTransaction(ConnectionState& state, bool commit) {
  TransactionState& transaction = state.transaction;
  std::optional<BackendError> first_error;
  for (auto& [source, connection] : transaction.held) {
    try {
      connection->Execute(commit ? "COMMIT" : "ROLLBACK");
      connection->Execute("SET autocommit=1");
      connection->set_in_transaction(false);
    } catch (const BackendFailure& failure) {
      if (!first_error) {
        BackendError error = failure.error();
        error.message = (commit ? "COMMIT failed on storage unit `" : "ROLLBACK failed on storage unit `") + source +
                        "`: " + error.message;
        first_error = error;
      }
    }
  }
  transaction.held.clear();  // a connection whose end failed is not reusable and is closed
  transaction.database.reset();
  transaction.explicit_transaction = false;
  state.session.in_transaction = !transaction.autocommit;
  state.session.fixed_replicas.clear();
  if (first_error) return FromBackendError(*first_error);
  return StatementResult::Done();
}

}  // namespace sqlroute::proxy
