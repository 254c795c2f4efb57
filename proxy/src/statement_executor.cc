#include "statement_executor.h"

#include <algorithm>
#include <optional>

#include "statement_run.h"
#include "sqlroute/error_text.h"

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

void StatementExecutor::Execute(const std::shared_ptr<LogicDatabase>& database, ConnectionState& state,
                                const std::string& sql, const std::vector<Value>& params, RowSink* sink,
                                StatementDone done) {
  try {
    database->engine().RouteInto(state.plan, sql, params, {}, &state.session);
  } catch (const Error& error) {
    done(FromEngineError(error));
    return;
  }
  if (state.plan.units.empty()) {
    done(StatementResult::Done());
    return;
  }
  RunRoutedStatement(database, state, sink, std::move(done));
}

void StatementExecutor::Describe(const std::shared_ptr<LogicDatabase>& database, const ConnectionState& state,
                                 const std::string& sql, std::size_t param_count,
                                 std::function<void(std::vector<ColumnInfo>)> done) {
  auto plan = std::make_shared<Plan>();
  bool routed = false;
  for (const Value& placeholder : {Value::Int(0), Value::Null()}) {
    Session session = state.session;
    try {
      *plan = database->engine().Route(sql, std::vector<Value>(param_count, placeholder), {}, &session);
      routed = !plan->units.empty();
    } catch (const Error&) {
      continue;
    }
    if (routed) break;
  }
  std::shared_ptr<BackendPool> pool;
  try {
    if (routed && plan->statement_kind == "SELECT") pool = database->Pool(plan->units.front().data_source);
  } catch (const BackendFailure&) {
  }
  if (!pool) {
    done({});
    return;
  }
  pool->Acquire(1, *state.io, [plan, done](std::vector<PooledConnection> connections, std::optional<BackendError> error) {
    if (error) {
      done({});
      return;
    }
    auto connection = std::make_shared<PooledConnection>(std::move(connections.front()));
    auto columns = std::make_shared<std::vector<ColumnInfo>>();
    (*connection)->Describe(plan->units.front().sql, *columns,
                            [plan, done, connection, columns](std::optional<BackendError> failed) {
                              if (failed) columns->clear();
                              std::size_t derived = plan->merge.derived_labels.size();
                              columns->resize(columns->size() - std::min(columns->size(), derived));
                              done(std::move(*columns));
                            });
  });
}

namespace {

// COMMIT or ROLLBACK, then autocommit back on, on one held connection after the other.
class TransactionEnd : public std::enable_shared_from_this<TransactionEnd> {
 public:
  TransactionEnd(ConnectionState& state, bool commit, StatementDone done)
      : state_(state), commit_(commit), done_(std::move(done)), next_(state.transaction.held.begin()) {}

  void EndNext() {
    TransactionState& transaction = state_.transaction;
    if (next_ == transaction.held.end()) {
      Finish();
      return;
    }
    BackendConnection& connection = *next_->second;
    connection.Execute(commit_ ? "COMMIT" : "ROLLBACK", scratch_,
                       [self = shared_from_this(), &connection](std::optional<BackendError> error) {
                         if (error) {
                           self->Failed(std::move(*error));
                           return;
                         }
                         connection.Execute("SET autocommit=1", self->scratch_,
                                            [self, &connection](std::optional<BackendError> failed) {
                                              if (failed) {
                                                self->Failed(std::move(*failed));
                                                return;
                                              }
                                              connection.set_in_transaction(false);
                                              ++self->next_;
                                              self->EndNext();
                                            });
                       });
  }

 private:
  void Failed(BackendError error) {
    if (!first_error_) {
      error.message = Message<msg::TransactionEndFailed>(arg::name = next_->first,
                                                         arg::statement = commit_ ? "COMMIT" : "ROLLBACK")
                          .message +
                      error.message;
      first_error_ = std::move(error);
    }
    ++next_;
    EndNext();
  }

  void Finish() {
    TransactionState& transaction = state_.transaction;
    transaction.held.clear();  // a connection whose end failed is not reusable and is closed
    transaction.database.reset();
    transaction.explicit_transaction = false;
    state_.session.in_transaction = !transaction.autocommit;
    state_.session.fixed_replicas.clear();
    StatementDone done = std::move(done_);
    done(first_error_ ? FromBackendError(*first_error_) : StatementResult::Done());
  }

  ConnectionState& state_;
  bool commit_;
  StatementDone done_;
  std::map<std::string, PooledConnection>::iterator next_;
  std::optional<BackendError> first_error_;
  BackendResult scratch_;
};

}  // namespace

void StatementExecutor::EndTransaction(ConnectionState& state, bool commit, StatementDone done) {
  std::make_shared<TransactionEnd>(state, commit, std::move(done))->EndNext();
}

}  // namespace sqlroute::proxy
