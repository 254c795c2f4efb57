#include "backend_pool.h"

#include <errmsg.h>
#include <mysql.h>

#include "binary_values.h"

namespace sqlroute::proxy {

namespace {

ColumnInfo ColumnOf(const MYSQL_FIELD& field) {
  ColumnInfo column;
  column.schema = field.db ? field.db : "";
  column.table = field.table ? field.table : "";
  column.org_table = field.org_table ? field.org_table : "";
  column.name = field.name ? field.name : "";
  column.org_name = field.org_name ? field.org_name : "";
  column.charset = static_cast<std::uint16_t>(field.charsetnr);
  column.length = static_cast<std::uint32_t>(field.length);
  column.type = static_cast<std::uint8_t>(field.type);
  column.flags = static_cast<std::uint16_t>(field.flags);
  column.decimals = static_cast<std::uint8_t>(field.decimals);
  return column;
}

bool ConnectionLost(unsigned code) {
  return code == CR_SERVER_GONE_ERROR || code == CR_SERVER_LOST || code == CR_CONNECTION_ERROR ||
         code == CR_CONN_HOST_ERROR || code == CR_COMMANDS_OUT_OF_SYNC;
}

}  // namespace

BackendConnection::BackendConnection(const DataSourceSpec& spec) : handle_(mysql_init(nullptr)) {
  if (handle_ == nullptr) throw BackendFailure({CR_OUT_OF_MEMORY, "HY000", "MySQL client ran out of memory"});
  unsigned timeout = static_cast<unsigned>(std::max<long long>(1, spec.connection_timeout.count() / 1000));
  mysql_optionsv(handle_, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
  mysql_optionsv(handle_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  // JDBC (ShardingSphere-Proxy's driver) reports matched rather than changed rows.
  if (mysql_real_connect(handle_, spec.host.c_str(), spec.user.c_str(), spec.password.c_str(),
                         spec.database.empty() ? nullptr : spec.database.c_str(), spec.port, nullptr,
                         CLIENT_FOUND_ROWS) == nullptr) {
    BackendError error = LastError();
    mysql_close(handle_);
    throw BackendFailure(std::move(error));
  }
}

BackendConnection::~BackendConnection() { mysql_close(handle_); }

BackendError BackendConnection::LastError() const {
  return {static_cast<std::uint16_t>(mysql_errno(handle_)), mysql_sqlstate(handle_), mysql_error(handle_)};
}

bool BackendConnection::Alive() {
  if (mysql_ping(handle_) == 0) return true;
  broken_ = true;
  return false;
}

BackendResult BackendConnection::Execute(const std::string& sql) {
  last_used_ = std::chrono::steady_clock::now();
  BackendResult result;
  if (mysql_real_query(handle_, sql.data(), sql.size()) != 0) {
    broken_ = broken_ || ConnectionLost(mysql_errno(handle_));
    throw BackendFailure(LastError());
  }
  MYSQL_RES* rows = mysql_store_result(handle_);
  if (rows == nullptr) {
    if (mysql_field_count(handle_) != 0) {
      broken_ = true;
      throw BackendFailure(LastError());
    }
    result.affected_rows = mysql_affected_rows(handle_);
    result.last_insert_id = mysql_insert_id(handle_);
    result.warnings = static_cast<std::uint16_t>(mysql_warning_count(handle_));
    const char* info = mysql_info(handle_);
    if (info) result.info = info;
    return result;
  }
  result.has_rows = true;
  unsigned count = mysql_num_fields(rows);
  MYSQL_FIELD* fields = mysql_fetch_fields(rows);
  result.columns.reserve(count);
  for (unsigned i = 0; i < count; ++i) result.columns.push_back(ColumnOf(fields[i]));
  result.rows.reserve(mysql_num_rows(rows));
  while (MYSQL_ROW row = mysql_fetch_row(rows)) {
    unsigned long* lengths = mysql_fetch_lengths(rows);
    std::vector<Cell>& cells = result.rows.emplace_back();
    cells.reserve(count);
    for (unsigned i = 0; i < count; ++i) {
      if (row[i] == nullptr) {
        cells.emplace_back();
      } else {
        cells.emplace_back(std::string(row[i], lengths[i]));
      }
    }
  }
  result.warnings = static_cast<std::uint16_t>(mysql_warning_count(handle_));
  mysql_free_result(rows);
  return result;
}

std::vector<ColumnInfo> BackendConnection::Describe(const std::string& sql) {
  MYSQL_STMT* statement = mysql_stmt_init(handle_);
  if (statement == nullptr) throw BackendFailure(LastError());
  std::vector<ColumnInfo> columns;
  if (mysql_stmt_prepare(statement, sql.data(), sql.size()) != 0) {
    BackendError error{static_cast<std::uint16_t>(mysql_stmt_errno(statement)), mysql_stmt_sqlstate(statement),
                       mysql_stmt_error(statement)};
    broken_ = broken_ || ConnectionLost(error.code);
    mysql_stmt_close(statement);
    throw BackendFailure(std::move(error));
  }
  if (MYSQL_RES* metadata = mysql_stmt_result_metadata(statement)) {
    unsigned count = mysql_num_fields(metadata);
    MYSQL_FIELD* fields = mysql_fetch_fields(metadata);
    for (unsigned i = 0; i < count; ++i) columns.push_back(ColumnOf(fields[i]));
    mysql_free_result(metadata);
  }
  mysql_stmt_close(statement);
  return columns;
}

PooledConnection& PooledConnection::operator=(PooledConnection&& other) noexcept {
  if (this != &other) {
    GiveBack();
    pool_ = std::move(other.pool_);
    connection_ = std::move(other.connection_);
  }
  return *this;
}

PooledConnection::~PooledConnection() { GiveBack(); }

void PooledConnection::Reopen() {
  connection_ = std::make_unique<BackendConnection>(pool_->spec());
}

void PooledConnection::GiveBack() {
  if (pool_ && connection_) pool_->Release(std::move(connection_));
  pool_.reset();
}

PooledConnection BackendPool::Acquire() {
  std::unique_lock<std::mutex> lock(mutex_);
  return std::move(Take(lock, 1).front());
}

std::vector<PooledConnection> BackendPool::AcquireMany(std::size_t count) {
  std::unique_lock<std::mutex> lock(mutex_);
  return Take(lock, std::min(count, spec_.max_pool_size));
}

std::vector<PooledConnection> BackendPool::Take(std::unique_lock<std::mutex>& lock, std::size_t count) {
  bool free = freed_.wait_for(lock, spec_.connection_timeout,
                              [&] { return idle_.size() + (spec_.max_pool_size - open_) >= count; });
  if (!free) {
    throw BackendFailure({CR_CONN_HOST_ERROR, "HY000",
                          "Connection is not available for storage unit `" + spec_.name + "`, request timed out after " +
                              std::to_string(spec_.connection_timeout.count()) + "ms."});
  }
  std::vector<PooledConnection> taken;
  while (taken.size() < count && !idle_.empty()) {
    taken.emplace_back(shared_from_this(), std::move(idle_.back()));
    idle_.pop_back();
  }
  std::size_t to_open = count - taken.size();
  open_ += to_open;
  lock.unlock();
  constexpr auto kValidateAfter = std::chrono::milliseconds(500);
  for (PooledConnection& connection : taken) {
    if (std::chrono::steady_clock::now() - connection->last_used() > kValidateAfter && !connection->Alive()) {
      connection.Reopen();  // keeps its place in the pool's count
    }
  }
  for (std::size_t opened = 0; opened < to_open; ++opened) {
    try {
      taken.emplace_back(shared_from_this(), std::make_unique<BackendConnection>(spec_));
    } catch (...) {
      lock.lock();
      open_ -= to_open - opened;
      freed_.notify_all();
      lock.unlock();
      throw;  // the connections already taken go back as `taken` is destroyed
    }
  }
  return taken;
}

void BackendPool::Release(std::unique_ptr<BackendConnection> connection) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (connection->reusable()) {
    idle_.push_back(std::move(connection));
  } else {
    --open_;
    connection.reset();
  }
  freed_.notify_all();
}

}  // namespace sqlroute::proxy
