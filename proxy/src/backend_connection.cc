#include "backend_connection.h"

#include <errmsg.h>
#include <mysql.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "backend_packets.h"
#include "sqlroute/error_text.h"

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

std::vector<ColumnInfo> ColumnsOf(MYSQL_RES* result) {
  unsigned count = mysql_num_fields(result);
  MYSQL_FIELD* fields = mysql_fetch_fields(result);
  std::vector<ColumnInfo> columns;
  columns.reserve(count);
  for (unsigned i = 0; i < count; ++i) columns.push_back(ColumnOf(fields[i]));
  return columns;
}

// Connector/C's error for a connection lost during a query (its message table is not exported).
BackendError LostConnection() { return {CR_SERVER_LOST, "HY000", Message<msg::StorageUnitConnectionLost>().message}; }

// COM_STMT_EXECUTE's payload: integers as LONGLONG, doubles as DOUBLE, bytes as BLOB and every
// other value as its text, which the server converts as it converts a literal.
void AppendExecute(std::string& payload, std::uint32_t id, const std::vector<Value>& params) {
  PacketWriter out;
  out.U8(0x17).U32(id).U8(0).U32(1);
  if (!params.empty()) {
    std::string nulls((params.size() + 7) / 8, '\0');
    for (std::size_t i = 0; i < params.size(); ++i) {
      if (params[i].is_null()) nulls[i / 8] = static_cast<char>(nulls[i / 8] | (1 << (i % 8)));
    }
    out.Bytes(nulls).U8(1);
    for (const Value& param : params) {
      using Kind = Value::Kind;
      switch (param.kind()) {
        case Kind::Null: out.U8(MYSQL_TYPE_NULL); break;
        case Kind::Bool:
        case Kind::Int:
        case Kind::Long: out.U8(MYSQL_TYPE_LONGLONG); break;
        case Kind::Double: out.U8(MYSQL_TYPE_DOUBLE); break;
        case Kind::Bytes: out.U8(MYSQL_TYPE_BLOB); break;
        case Kind::BigInt:
        case Kind::Decimal: out.U8(MYSQL_TYPE_NEWDECIMAL); break;
        default: out.U8(MYSQL_TYPE_VAR_STRING); break;
      }
      out.U8(0);
    }
    for (const Value& param : params) {
      using Kind = Value::Kind;
      switch (param.kind()) {
        case Kind::Null: break;
        case Kind::Bool:
        case Kind::Int:
        case Kind::Long: out.U64(static_cast<std::uint64_t>(param.int_value())); break;
        case Kind::Double: {
          double value = param.double_value();
          std::uint64_t bits;
          std::memcpy(&bits, &value, sizeof bits);
          out.U64(bits);
          break;
        }
        default: out.LengthEncodedString(param.text()); break;
      }
    }
  }
  payload = out.Take();
}

// A binary result row: the 0x00 header and a NULL bitmap for `count` columns at least.
bool BinaryRowFits(std::string_view payload, std::size_t count) {
  return !payload.empty() && payload[0] == '\0' && payload.size() >= 1 + (count + 2 + 7) / 8;
}

bool ConnectionLost(unsigned code) {
  return code == CR_SERVER_GONE_ERROR || code == CR_SERVER_LOST || code == CR_CONNECTION_ERROR ||
         code == CR_CONN_HOST_ERROR || code == CR_COMMANDS_OUT_OF_SYNC;
}

}  // namespace

BackendConnection::BackendConnection() : handle_(mysql_init(nullptr)), responses_(SIZE_MAX) {
  if (handle_ == nullptr) throw BackendFailure({CR_OUT_OF_MEMORY, "HY000", Message<msg::ClientLibraryOutOfMemory>().message});
  mysql_options(handle_, MYSQL_OPT_NONBLOCK, nullptr);
}

BackendConnection::~BackendConnection() {
  Unbind();
  mysql_close(handle_);
}

void BackendConnection::Open(const DataSourceSpec& spec, asio::io_context& io, Opened done) {
  std::unique_ptr<BackendConnection> connection(new BackendConnection());
  BackendConnection& opening = *connection;
  unsigned timeout = static_cast<unsigned>(std::max<long long>(1, spec.connection_timeout.count() / 1000));
  mysql_optionsv(opening.handle_, MYSQL_OPT_CONNECT_TIMEOUT, &timeout);
  mysql_optionsv(opening.handle_, MYSQL_SET_CHARSET_NAME, "utf8mb4");
  auto connected = std::make_shared<MYSQL*>(nullptr);
  // JDBC (ShardingSphere-Proxy's driver) reports matched rather than changed rows.
  int status = mysql_real_connect_start(connected.get(), opening.handle_, spec.host.c_str(), spec.user.c_str(),
                                        spec.password.c_str(), spec.database.empty() ? nullptr : spec.database.c_str(),
                                        spec.port, nullptr, CLIENT_FOUND_ROWS);
  if (status != 0) opening.Bind(io);
  auto owner = std::make_shared<std::unique_ptr<BackendConnection>>(std::move(connection));
  // The library may try one address after the other, each on a new socket: the socket is watched
  // afresh for every wait.
  opening.Await(
      status,
      [&opening, &io, connected](int events) {
        int next = mysql_real_connect_cont(connected.get(), opening.handle_, events);
        if (next != 0) opening.Rebind(io);
        return next;
      },
      [owner, connected, done = std::move(done)] {
        std::unique_ptr<BackendConnection> result = std::move(*owner);
        if (*connected == nullptr) {
          BackendError error = result->LastError();
          done(nullptr, std::move(error));
          return;
        }
        done(std::move(result), std::nullopt);
      });
}

bool BackendConnection::BoundTo(const asio::io_context& io) const {
  return socket_ && &socket_->get_executor().context() == &io;
}

bool BackendConnection::BoundToStopped() const {
  return socket_ && static_cast<asio::io_context&>(socket_->get_executor().context()).stopped();
}

void BackendConnection::Bind(asio::io_context& io) {
  if (BoundTo(io)) return;
  Unbind();
  asio::error_code error;
  socket_ = std::make_unique<asio::posix::stream_descriptor>(io);
  socket_->assign(mysql_get_socket(handle_), error);
  if (!error) socket_->non_blocking(true, error);  // write_some never blocks the thread
  if (error) broken_ = true;
}

void BackendConnection::Rebind(asio::io_context& io) {
  Unbind();
  Bind(io);
}

void BackendConnection::Unbind() {
  timer_.reset();
  if (socket_ && socket_->is_open()) socket_->release();  // the library owns and closes the socket
  socket_.reset();
}

BackendError BackendConnection::LastError() const {
  return {static_cast<std::uint16_t>(mysql_errno(handle_)), mysql_sqlstate(handle_), mysql_error(handle_)};
}

void BackendConnection::Fail(const BackendDone& done, std::optional<BackendError> error) {
  if (!error) error = LastError();
  broken_ = broken_ || ConnectionLost(error->code);
  done(std::move(error));
}

void BackendConnection::Await(int status, std::function<int(int)> resume, std::function<void()> finished) {
  if (status == 0) {
    finished();
    return;
  }
  resume_ = std::move(resume);
  finished_ = std::move(finished);
  Wait(status);
}

void BackendConnection::Wait(int status) {
  // Each wait has its number: whichever of the socket and the timer fires first resumes the call
  // and cancels the other, whose late completion then finds a newer number and does nothing.
  auto resume = [this](int events) {
    int next = resume_(events);
    if (next != 0) {
      Wait(next);
      return;
    }
    if (watched_for_write_) {
      // Asio keeps EPOLLOUT registered once a write was waited for, and re-arms the socket for
      // every wait: a writable socket would then wake the thread for each read it waits for
      // (connections opened here wait for a write: epoll_wait 2.4 -> 1.4 per point select).
      watched_for_write_ = false;
      Rebind(static_cast<asio::io_context&>(socket_->get_executor().context()));
    }
    std::function<void()> finished = std::move(finished_);
    resume_ = nullptr;
    finished();
  };
  std::uint64_t wait = ++wait_number_;
  bool timed = (status & MYSQL_WAIT_TIMEOUT) != 0;
  if (timed) {
    if (!timer_) timer_ = std::make_unique<asio::steady_timer>(socket_->get_executor());
    timer_->expires_after(std::chrono::milliseconds(mysql_get_timeout_value_ms(handle_)));
    timer_->async_wait([this, wait, resume](const asio::error_code& error) {
      if (error || wait != wait_number_) return;
      ++wait_number_;
      socket_->cancel();
      resume(MYSQL_WAIT_TIMEOUT);
    });
  }
  int event = (status & MYSQL_WAIT_WRITE) ? MYSQL_WAIT_WRITE : (status & MYSQL_WAIT_READ) ? MYSQL_WAIT_READ
                                                                                           : MYSQL_WAIT_EXCEPT;
  watched_for_write_ = watched_for_write_ || event == MYSQL_WAIT_WRITE;
  auto type = event == MYSQL_WAIT_WRITE  ? asio::posix::stream_descriptor::wait_write
              : event == MYSQL_WAIT_READ ? asio::posix::stream_descriptor::wait_read
                                         : asio::posix::stream_descriptor::wait_error;
  socket_->async_wait(type, [this, wait, timed, event, resume](const asio::error_code&) {
    if (wait != wait_number_) return;
    ++wait_number_;
    if (timed) timer_->cancel();
    resume(event);  // on a socket error the library's next read or write reports it
  });
}

bool BackendConnection::session_tracking() const { return (handle_->client_flag & CLIENT_SESSION_TRACKING) != 0; }

void BackendConnection::Unreadable(const BackendDone& done, const char* what) {
  broken_ = true;
  Fail(done, BackendError{CR_MALFORMED_PACKET, "HY000", Message<msg::StorageUnitPacketMalformed>(arg::detail = what).message});
}

void BackendConnection::Finish(const BackendDone& done, std::optional<BackendError> error) {
  if (error) {
    Fail(done, std::move(error));
    return;
  }
  done(std::nullopt);
}

bool BackendConnection::TakePacket() {
  std::uint8_t sequence = 0;
  switch (responses_.Next(packet_, sequence)) {
    case FrameDecoder::Status::Ready: return true;
    case FrameDecoder::Status::NeedMore: return false;
    default: throw MalformedPacket("frames out of sequence");
  }
}

void BackendConnection::ReadMore(const BackendDone& failed, std::function<void()> then) {
  socket_->async_read_some(asio::buffer(read_buffer_), [this, failed, then = std::move(then)](
                                                           const asio::error_code& error, std::size_t size) {
    if (error) {
      broken_ = true;
      Fail(failed, LostConnection());
      return;
    }
    responses_.Append(read_buffer_.data(), size);
    then();
  });
}

void BackendConnection::Query(const std::string& sql, BackendResult& into, BackendDone done) {
  last_used_ = std::chrono::steady_clock::now();
  binary_rows_ = false;
  executing_ = nullptr;
  packet_.assign(1, '\x03');  // COM_QUERY
  packet_ += sql;
  request_.clear();
  std::uint8_t sequence = 0;
  AppendFrames(request_, packet_, sequence);
  Send(done, [this, &into, done] { ReadResponse(into, done); });
}

void BackendConnection::Send(const BackendDone& done, std::function<void()> read) {
  // Written at once when the socket takes it all (it nearly always does): an async write that
  // completes at once still posts its completion, which costs the thread an epoll_wait.
  asio::error_code ignored;
  std::size_t written = socket_->write_some(asio::buffer(request_), ignored);
  if (written == request_.size()) {
    read();
    return;
  }
  asio::async_write(*socket_, asio::buffer(request_.data() + written, request_.size() - written),
                    [this, done, read = std::move(read)](const asio::error_code& error, std::size_t) {
                      if (error) {
                        broken_ = true;
                        Fail(done, LostConnection());
                        return;
                      }
                      read();
                    });
}

void BackendConnection::QueryPrepared(const std::string& sql, const std::vector<Value>& params,
                                      BackendResult& into, BackendDone done) {
  last_used_ = std::chrono::steady_clock::now();
  auto found = prepared_.find(sql);
  if (found != prepared_.end()) {
    RunPrepared(found->second, params, into, done);
    return;
  }
  if (prepared_.size() >= kPreparedLimit || sql.size() > kPreparedSqlLimit) {
    done(BackendError{kUnsupportedPrepared, "HY000", "beyond the prepared statement cache"});
    return;
  }
  packet_.assign(1, '\x16');  // COM_STMT_PREPARE
  packet_ += sql;
  request_.clear();
  std::uint8_t sequence = 0;
  AppendFrames(request_, packet_, sequence);
  preparing_ = Prepared{};
  Send(done, [this, sql, params, &into, done] {
    ReadPrepareOk([this, sql, params, &into, done](std::optional<BackendError> error) {
      if (error) {
        done(std::move(error));
        return;
      }
      Prepared& statement = prepared_.emplace(sql, std::move(preparing_)).first->second;
      if (statement.param_count != params.size()) {
        done(BackendError{kUnsupportedPrepared, "HY000", "parameters unlike the statement's"});
        return;
      }
      RunPrepared(statement, params, into, done);
    });
  });
}

void BackendConnection::ReadPrepareOk(const BackendDone& done) {
  try {
    if (!TakePacket()) {
      ReadMore(done, [this, done] { ReadPrepareOk(done); });
      return;
    }
    if (KindOf(packet_) == ResponseKind::Err) {
      ErrPacket err = DecodeErr(packet_);
      // The server's max_prepared_stmt_count reached: this one runs as text.
      if (err.code == kTooManyPrepared) err.code = kUnsupportedPrepared;
      Fail(done, BackendError{err.code, std::move(err.sql_state), std::move(err.message)});
      return;
    }
    PacketReader in(packet_);
    if (in.U8() != 0) throw MalformedPacket("not a COM_STMT_PREPARE answer");
    preparing_.id = in.U32();
    column_count_ = in.U16();
    preparing_.param_count = in.U16();
  } catch (const MalformedPacket& malformed) {
    Unreadable(done, malformed.what());
    return;
  }
  preparing_.columns.reserve(column_count_);
  // The parameter definitions and their EOF packet are skipped.
  ReadPrepareDefinitions(preparing_.param_count > 0 ? preparing_.param_count + 1 : 0, done);
}

void BackendConnection::ReadPrepareDefinitions(std::size_t skip, const BackendDone& done) {
  try {
    while (skip > 0 || (column_count_ > 0 && preparing_.columns.size() <= column_count_)) {
      if (!TakePacket()) {
        ReadMore(done, [this, skip, done] { ReadPrepareDefinitions(skip, done); });
        return;
      }
      if (skip > 0) {
        --skip;
        continue;
      }
      if (preparing_.columns.size() == column_count_) {
        if (KindOf(packet_) != ResponseKind::Eof) throw MalformedPacket("column definitions without their EOF");
        break;
      }
      preparing_.columns.push_back(DecodeColumnDefinition(packet_));
    }
  } catch (const MalformedPacket& malformed) {
    Unreadable(done, malformed.what());
    return;
  }
  done(std::nullopt);
}

void BackendConnection::RunPrepared(Prepared& statement, const std::vector<Value>& params,
                                    BackendResult& into, const BackendDone& done) {
  binary_rows_ = true;
  AppendExecute(packet_, statement.id, params);
  request_.clear();
  std::uint8_t sequence = 0;
  AppendFrames(request_, packet_, sequence);
  executing_ = &statement;
  Send(done, [this, &into, done] { ReadResponse(into, done); });
}

void BackendConnection::ReadResponse(BackendResult& into, const BackendDone& done) {
  std::optional<BackendError> error;
  try {
    if (!TakePacket()) {
      ReadMore(done, [this, &into, done] { ReadResponse(into, done); });
      return;
    }
    switch (KindOf(packet_)) {
      case ResponseKind::Ok: {
        OkPacket ok = DecodeOk(packet_, session_tracking());
        // Further results (a CALL) would be read by nobody: the connection is not reused.
        if (ok.status & SERVER_MORE_RESULTS_EXIST) broken_ = true;
        into.has_rows = false;
        into.affected_rows = ok.affected_rows;
        into.last_insert_id = ok.last_insert_id;
        into.warnings = ok.warnings;
        into.info = std::move(ok.info);
        break;
      }
      case ResponseKind::Err: {
        ErrPacket err = DecodeErr(packet_);
        error = BackendError{err.code, std::move(err.sql_state), std::move(err.message)};
        break;
      }
      case ResponseKind::LocalInfile:
        Unreadable(done, "LOAD DATA LOCAL INFILE is not supported");
        return;
      default: {
        PacketReader in(packet_);
        column_count_ = static_cast<std::size_t>(in.LengthEncoded().value_or(0));
        streamed_columns_.clear();
        // MARIADB_CLIENT_CACHE_METADATA: a byte says whether the definitions follow; a prepared
        // statement's unchanged ones are left out (their EOF packet is still sent).
        if (executing_ != nullptr && !in.done() && in.U8() == 0) {
          if (executing_->columns.size() != column_count_) throw MalformedPacket("columns unlike the statement's");
          streamed_columns_ = executing_->columns;
        } else if (executing_ != nullptr) {
          executing_->columns.clear();  // the server's new ones, once read
        }
        streamed_columns_.reserve(column_count_);
        ReadColumns(into, done);
        return;
      }
    }
  } catch (const MalformedPacket& malformed) {
    Unreadable(done, malformed.what());
    return;
  }
  Finish(done, std::move(error));
}

void BackendConnection::ReadColumns(BackendResult& into, const BackendDone& done) {
  try {
    // The column definitions, then the EOF packet that ends them.
    while (streamed_columns_.size() <= column_count_) {
      if (!TakePacket()) {
        ReadMore(done, [this, &into, done] { ReadColumns(into, done); });
        return;
      }
      if (streamed_columns_.size() == column_count_) {
        if (KindOf(packet_) != ResponseKind::Eof) throw MalformedPacket("column definitions without their EOF");
        break;
      }
      streamed_columns_.push_back(DecodeColumnDefinition(packet_));
    }
  } catch (const MalformedPacket& malformed) {
    Unreadable(done, malformed.what());
    return;
  }
  if (executing_ != nullptr && executing_->columns.empty()) executing_->columns = streamed_columns_;
  in_result_ = true;
  into.has_rows = true;
  done(std::nullopt);
}

bool BackendConnection::EndOfRows(std::optional<BackendError>& error) {
  switch (KindOf(packet_)) {
    case ResponseKind::Eof: {
      EofPacket eof = DecodeEof(packet_);
      warnings_ = eof.warnings;
      if (eof.status & SERVER_MORE_RESULTS_EXIST) broken_ = true;
      break;
    }
    case ResponseKind::Err: {  // a result the server cannot finish ends with an error
      ErrPacket err = DecodeErr(packet_);
      error = BackendError{err.code, std::move(err.sql_state), std::move(err.message)};
      break;
    }
    default: return false;
  }
  in_result_ = false;
  return true;
}

void BackendConnection::FetchRow(std::string_view& row, bool& more, BackendDone done) {
  std::optional<BackendError> error;
  try {
    if (!TakePacket()) {
      ReadMore(done, [this, &row, &more, done] { FetchRow(row, more, done); });
      return;
    }
    more = !EndOfRows(error);
    if (more && !(binary_rows_ ? BinaryRowFits(packet_, column_count_) : TextRowFits(packet_, column_count_))) throw MalformedPacket("a row unlike its columns");
    if (more) row = packet_;
  } catch (const MalformedPacket& malformed) {
    Unreadable(done, malformed.what());
    return;
  }
  Finish(done, std::move(error));
}

void BackendConnection::Execute(const std::string& sql, BackendResult& into, BackendDone done) {
  into.rows.clear();
  Query(sql, into, [this, &into, done](std::optional<BackendError> error) {
    if (error || !into.has_rows) {
      done(std::move(error));
      return;
    }
    StoreRows(into, done);
  });
}

void BackendConnection::StoreRows(BackendResult& into, const BackendDone& done) {
  std::optional<BackendError> error;
  try {
    while (true) {
      if (!TakePacket()) {
        ReadMore(done, [this, &into, done] { StoreRows(into, done); });
        return;
      }
      if (EndOfRows(error)) break;
      if (!TextRowFits(packet_, column_count_)) throw MalformedPacket("a row unlike its columns");
      DecodeTextRow(packet_, into.rows.emplace_back());
    }
  } catch (const MalformedPacket& malformed) {
    Unreadable(done, malformed.what());
    return;
  }
  into.columns = streamed_columns_;
  into.warnings = warnings_;
  Finish(done, std::move(error));
}

void BackendConnection::Describe(const std::string& sql, std::vector<ColumnInfo>& into, BackendDone done) {
  MYSQL_STMT* statement = mysql_stmt_init(handle_);
  if (statement == nullptr) {
    Fail(done);
    return;
  }
  last_used_ = std::chrono::steady_clock::now();
  int status = mysql_stmt_prepare_start(&int_result_, statement, sql.data(), sql.size());
  Await(
      status, [this, statement](int events) { return mysql_stmt_prepare_cont(&int_result_, statement, events); },
      [this, statement, &into, done = std::move(done)] {
        std::optional<BackendError> error;
        if (int_result_ != 0) {
          error = BackendError{static_cast<std::uint16_t>(mysql_stmt_errno(statement)), mysql_stmt_sqlstate(statement),
                               mysql_stmt_error(statement)};
        } else if (MYSQL_RES* metadata = mysql_stmt_result_metadata(statement)) {
          into = ColumnsOf(metadata);
          mysql_free_result(metadata);
        }
        mysql_stmt_close(statement);  // COM_STMT_CLOSE has no reply: nothing to wait for
        if (error) {
          Fail(done, std::move(error));
          return;
        }
        done(std::nullopt);
      });
}

void BackendConnection::Ping(BackendDone done) {
  int status = mysql_ping_start(&int_result_, handle_);
  Await(
      status, [this](int events) { return mysql_ping_cont(&int_result_, handle_, events); },
      [this, done = std::move(done)] {
        if (int_result_ != 0) {
          broken_ = true;
          Fail(done);
          return;
        }
        done(std::nullopt);
      });
}

}  // namespace sqlroute::proxy
