#include "client_session.h"

#include "backend_packets.h"
#include "binary_values.h"
#include "error_mapping.h"
#include "native_password.h"
#include "result_conversion.h"
#include "session_statements.h"
#include "sqlroute/error_text.h"

namespace sqlroute::proxy {

namespace {

constexpr std::uint32_t kServerCapabilities =
    capability::kLongPassword | capability::kFoundRows | capability::kLongFlag | capability::kConnectWithDb |
    capability::kProtocol41 | capability::kTransactions | capability::kSecureConnection |
    capability::kMultiStatements | capability::kMultiResults | capability::kPsMultiResults |
    capability::kPluginAuth | capability::kConnectAttrs | capability::kPluginAuthLenencData;

bool HostMatches(const std::string& pattern, const std::string& address) {
  if (pattern == "%" || pattern == address) return true;
  return pattern == "localhost" && (address == "127.0.0.1" || address == "::1");
}

}  // namespace

ClientSession::ClientSession(asio::ip::tcp::socket socket, ProxyContext& context)
    : socket_(std::move(socket)), context_(context), dispatcher_(context), decoder_(context.max_allowed_packet) {
  state_.io = &static_cast<asio::io_context&>(socket_.get_executor().context());
  if (context_.observability->metrics_enabled()) context_.observability->metrics().ConnectionOpened();
}

ClientSession::~ClientSession() {
  if (context_.observability->metrics_enabled()) context_.observability->metrics().ConnectionClosed();
}

void ClientSession::Start() {
  asio::error_code ignored;
  socket_.set_option(asio::ip::tcp::no_delay(true), ignored);
  socket_.non_blocking(true, ignored);  // Write's write_some never blocks the thread
  identity_.connection_id = context_.next_connection_id++;
  identity_.host = socket_.remote_endpoint(ignored).address().to_string();
  scramble_ = NewScramble();
  HandshakeV10 handshake;
  handshake.server_version = context_.server_version;
  handshake.connection_id = identity_.connection_id;
  handshake.scramble = scramble_;
  handshake.capabilities = kServerCapabilities;
  std::string out;
  sequence_ = 0;
  AppendPacket(out, EncodeHandshake(handshake));
  Write(std::move(out));
}

void ClientSession::Read() {
  auto self = shared_from_this();
  socket_.async_read_some(asio::buffer(read_buffer_), [self](const asio::error_code& error, std::size_t size) {
    if (error) {
      self->Close();
      return;
    }
    self->decoder_.Append(self->read_buffer_.data(), size);
    self->ProcessBuffered();
  });
}

void ClientSession::ProcessBuffered() {
  if (phase_ == Phase::Closed) return;
  std::string payload;
  std::uint8_t sequence = 0;
  switch (decoder_.Next(payload, sequence)) {
    case FrameDecoder::Status::NeedMore: Read(); return;
    case FrameDecoder::Status::TooLarge:
      sequence_ = 1;
      FailAndClose(mysql_error::kPacketTooLarge, "08S01", "Got a packet bigger than 'max_allowed_packet' bytes");
      return;
    case FrameDecoder::Status::OutOfSequence:
      sequence_ = 1;
      FailAndClose(mysql_error::kMalformedPacket, "HY000", "Malformed communication packet.");
      return;
    case FrameDecoder::Status::Ready:
      sequence_ = static_cast<std::uint8_t>(sequence + 1);
      HandlePayload(std::move(payload));
      return;
  }
}

void ClientSession::HandlePayload(std::string payload) {
  try {
    switch (phase_) {
      case Phase::Handshake: HandleLogin(payload); return;
      case Phase::AuthSwitch: Authenticate(payload); return;
      case Phase::Command: HandleCommand(std::move(payload)); return;
      case Phase::Closed: return;
    }
  } catch (const MalformedPacket&) {
    FailAndClose(mysql_error::kMalformedPacket, "HY000", "Malformed communication packet.");
  } catch (const std::exception& error) {
    if (busy_) {  // the command stops here
      busy_ = false;
      --context_.in_flight;
    }
    FailAndClose(1105, "HY000", error.what());
  }
}

void ClientSession::HandleLogin(const std::string& payload) {
  login_ = DecodeHandshakeResponse(payload);
  capabilities_ = login_.capabilities & kServerCapabilities;
  identity_.user = login_.user;
  if ((capabilities_ & capability::kPluginAuth) && !login_.plugin.empty() && login_.plugin != kNativePasswordPlugin) {
    phase_ = Phase::AuthSwitch;
    std::string out;
    AppendPacket(out, EncodeAuthSwitch(kNativePasswordPlugin, scramble_));
    Write(std::move(out));
    return;
  }
  Authenticate(login_.auth_response);
}

void ClientSession::Authenticate(const std::string& token) {
  bool accepted = false;
  for (const ProxyUser& user : context_.config.users) {
    if (user.name == login_.user && HostMatches(user.host, identity_.host) &&
        NativePasswordMatches(user.password, scramble_, token)) {
      accepted = true;
      break;
    }
  }
  if (!accepted) {
    FailAndClose(mysql_error::kAccessDenied, "28000",
                 "Access denied for user '" + login_.user + "'@'" + identity_.host + "' (using password: " +
                     (token.empty() ? "NO" : "YES") + ")");
    return;
  }
  if (!login_.database.empty()) {
    if (!context_.databases.Find(login_.database)) {
      FailAndClose(mysql_error::kBadDatabase, "42000", "Unknown database '" + login_.database + "'");
      return;
    }
    state_.database = login_.database;
  }
  decoder_.set_max_payload(context_.max_allowed_packet);
  phase_ = Phase::Command;
  std::string out;
  OkPacket ok;
  ok.status = Status();
  AppendPacket(out, EncodeOk(ok));
  Write(std::move(out));
}

void ClientSession::HandleCommand(std::string payload) {
  if (payload.empty()) throw MalformedPacket("empty command");
  Command command = static_cast<Command>(static_cast<std::uint8_t>(payload[0]));
  std::string body = payload.substr(1);
  std::string out;
  OkPacket ok;
  switch (command) {
    case Command::Quit: Close(); return;
    case Command::Query: HandleQuery(std::move(body)); return;
    case Command::InitDb:
      if (!context_.databases.Find(body)) {
        AppendPacket(out, EncodeErr(mysql_error::kBadDatabase, "42000", "Unknown database '" + body + "'"));
      } else {
        state_.database = body;
        ok.status = Status();
        AppendPacket(out, EncodeOk(ok));
      }
      Write(std::move(out));
      return;
    case Command::Ping:
      ok.status = Status();
      AppendPacket(out, EncodeOk(ok));
      Write(std::move(out));
      return;
    case Command::FieldList: HandleFieldList(body); return;
    case Command::SetOption: {
      PacketReader in(body);
      std::uint16_t option = in.U16();
      if (option > 1) {
        AppendPacket(out, EncodeErr(mysql_error::kUnknownCommand, "08S01", "Unknown command"));
      } else {
        if (option == 0) capabilities_ |= capability::kMultiStatements;
        if (option == 1) capabilities_ &= ~capability::kMultiStatements;
        AppendPacket(out, EncodeEof(Status()));
      }
      Write(std::move(out));
      return;
    }
    case Command::ResetConnection: {
      statements_.clear();
      BeginCommand();
      dispatcher_.Abandon(state_, [self = shared_from_this()] {
        OkPacket reset;
        reset.status = self->Status();
        self->AppendPacket(self->reply_, EncodeOk(reset));
        self->Reply();
      });
      return;
    }
    case Command::StmtPrepare: HandlePrepare(std::move(body)); return;
    case Command::StmtExecute: HandleExecute(body); return;
    case Command::StmtSendLongData: {
      PacketReader in(body);
      std::uint32_t id = in.U32();
      std::uint16_t param = in.U16();
      auto found = statements_.find(id);
      if (found != statements_.end() && param < found->second.param_count) {
        found->second.long_data[param].append(in.Rest());
      }
      ContinueWithoutReply();
      return;
    }
    case Command::StmtClose: {
      statements_.erase(PacketReader(body).U32());
      ContinueWithoutReply();
      return;
    }
    case Command::StmtReset: {
      auto found = statements_.find(PacketReader(body).U32());
      if (found == statements_.end()) {
        AppendPacket(out, EncodeErr(mysql_error::kUnknownStatement, "HY000",
                                    "Unknown prepared statement handler given to mysqld_stmt_reset"));
      } else {
        found->second.long_data.clear();
        ok.status = Status();
        AppendPacket(out, EncodeOk(ok));
      }
      Write(std::move(out));
      return;
    }
  }
  AppendPacket(out, EncodeErr(mysql_error::kUnknownCommand, "08S01", "Unknown command"));
  Write(std::move(out));
}

void ClientSession::HandleQuery(std::string sql) {
  query_statements_.clear();
  if ((capabilities_ & capability::kMultiStatements) && sql.find(';') != std::string::npos) {
    query_statements_ = SplitStatements(sql);
  } else if (std::optional<SecondStatement> second = FindSecondStatement(sql)) {
    // As MySQL answers a client that did not enable multi-statements.
    std::string out;
    AppendPacket(out, EncodeErr(mysql_error::kParseError, "42000",
                                Message<msg::MultiStatementsNotEnabled>(arg::excerpt = second->excerpt,
                                                                        arg::line = second->line)
                                    .message));
    Write(std::move(out));
    return;
  }
  if (query_statements_.empty()) query_statements_.push_back(std::move(sql));
  next_statement_ = 0;
  binary_rows_ = false;
  BeginCommand();
  RunStatements();
}

void ClientSession::RunStatements() {
  running_statements_ = true;
  do {
    statement_ready_ = false;
    std::size_t index = next_statement_;
    dispatcher_.Run(state_, identity_, query_statements_[index], {}, this,
                    [self = shared_from_this(), index](StatementResult result) {
                      self->StatementAnswered(index, std::move(result));
                    });
  } while (statement_ready_);
  running_statements_ = false;
}

void ClientSession::StatementAnswered(std::size_t index, StatementResult result) {
  bool last = index + 1 == query_statements_.size() || result.kind == StatementResult::Kind::Error;
  AppendResult(reply_, result, false, !last);
  if (last) {
    Reply();
    return;
  }
  next_statement_ = index + 1;
  if (running_statements_) {
    statement_ready_ = true;
  } else {
    RunStatements();
  }
}

void ClientSession::HandlePrepare(std::string sql) {
  auto pending = std::make_shared<PreparedStatement>();
  pending->param_count = CountPlaceholders(sql);
  pending->sql = std::move(sql);
  BeginCommand();
  dispatcher_.Describe(state_, pending->sql, pending->param_count,
                       [self = shared_from_this(), pending](std::vector<ColumnInfo> columns) {
                         std::uint32_t id = self->next_statement_id_++;
                         std::string& out = self->reply_;
                         std::size_t param_count = pending->param_count;
                         self->AppendPacket(out, EncodePrepareOk(id, static_cast<std::uint16_t>(columns.size()),
                                                                 static_cast<std::uint16_t>(param_count)));
                         if (param_count > 0) {
                           ColumnInfo param;
                           param.name = "?";
                           param.charset = kBinaryCharset;
                           for (std::size_t i = 0; i < param_count; ++i) {
                             self->AppendPacket(out, EncodeColumnDefinition(param));
                           }
                           self->AppendPacket(out, EncodeEof(self->Status()));
                         }
                         if (!columns.empty()) {
                           for (const ColumnInfo& column : columns) self->AppendPacket(out, EncodeColumnDefinition(column));
                           self->AppendPacket(out, EncodeEof(self->Status()));
                         }
                         self->statements_.emplace(id, std::move(*pending));
                         self->Reply();
                       });
}

void ClientSession::HandleExecute(const std::string& body) {
  auto found = statements_.find(PeekStatementId(body));
  if (found == statements_.end()) {
    std::string out;
    AppendPacket(out, EncodeErr(mysql_error::kUnknownStatement, "HY000",
                                "Unknown prepared statement handler given to mysqld_stmt_execute"));
    Write(std::move(out));
    return;
  }
  PreparedStatement& prepared = found->second;
  ExecuteRequest request = DecodeExecute(body, prepared.param_count, prepared.param_types, prepared.long_data);
  prepared.long_data.clear();
  std::vector<Value> params;
  params.reserve(request.params.size());
  for (const BinaryParam& param : request.params) params.push_back(ParamToValue(param));
  binary_rows_ = true;
  BeginCommand();
  dispatcher_.Run(state_, identity_, prepared.sql, params, this, [self = shared_from_this()](StatementResult result) {
    self->AppendResult(self->reply_, result, true, false);
    self->Reply();
  });
}

void ClientSession::HandleFieldList(const std::string& body) {
  PacketReader in(body);
  std::string table(in.NulTerminated());
  std::string escaped;
  for (char c : table) escaped += c == '`' ? std::string("``") : std::string(1, c);
  BeginCommand();
  dispatcher_.Run(state_, identity_, "SELECT * FROM `" + escaped + "` LIMIT 0", {}, nullptr,
                  [self = shared_from_this()](StatementResult result) {
                    std::string& out = self->reply_;
                    if (result.kind == StatementResult::Kind::Error) {
                      self->AppendPacket(out, EncodeErr(result.error.code, result.error.sql_state, result.error.message));
                      self->Reply();
                      return;
                    }
                    for (const ColumnInfo& column : result.columns) {
                      std::string definition = EncodeColumnDefinition(column);
                      definition.push_back(static_cast<char>(0xfb));  // no default value
                      self->AppendPacket(out, definition);
                    }
                    self->AppendPacket(out, EncodeEof(self->Status()));
                    self->Reply();
                  });
}

void ClientSession::BeginCommand() {
  busy_ = true;
  ++context_.in_flight;
}

void ClientSession::Reply() {
  busy_ = false;
  std::string bytes;
  bytes.swap(reply_);
  if (phase_ == Phase::Closed) {
    --context_.in_flight;
    AbandonTransaction();
    return;
  }
  Write(std::move(bytes), false, true);
}

void ClientSession::Write(std::string bytes, bool close_after, bool finishes_command) {
  if (phase_ == Phase::Closed) {
    if (finishes_command) --context_.in_flight;
    return;
  }
  writing_ = std::move(bytes);
  auto written = [self = shared_from_this(), close_after, finishes_command](const asio::error_code& error,
                                                                            std::size_t) {
    if (finishes_command) --self->context_.in_flight;
    if (error || close_after) {
      self->Close();
      return;
    }
    self->ProcessBuffered();
  };
  // Written at once when the socket takes it all: an async write that completes at once still
  // posts its completion, which costs the thread an epoll_wait. A command already buffered is
  // taken up from the queue, so that pipelined commands never deepen the stack.
  asio::error_code error;
  std::size_t sent = socket_.write_some(asio::buffer(writing_), error);
  if (sent == writing_.size()) {
    if (decoder_.buffered() == 0) {
      written(error, sent);
    } else {
      asio::post(socket_.get_executor(), [written, error, sent] { written(error, sent); });
    }
    return;
  }
  asio::async_write(socket_, asio::buffer(writing_.data() + sent, writing_.size() - sent), written);
}

void ClientSession::Columns(const std::vector<ColumnInfo>& columns) { AppendColumns(reply_, columns); }

void ClientSession::Row(const std::vector<ColumnInfo>& columns, std::string_view text_row) {
  if (!binary_rows_) {
    AppendPacket(reply_, text_row);
    return;
  }
  DecodeTextRow(text_row, row_cells_);
  AppendPacket(reply_, EncodeBinaryRow(columns, row_cells_));
}

bool ClientSession::Full() const {
  constexpr std::size_t kFlushAt = 64 * 1024;
  return reply_.size() >= kFlushAt;
}

void ClientSession::Flush(std::function<void(bool)> written) {
  if (phase_ == Phase::Closed) {
    written(false);
    return;
  }
  writing_.swap(reply_);
  reply_.clear();
  asio::async_write(socket_, asio::buffer(writing_), [self = shared_from_this(), written = std::move(written)](
                                                         const asio::error_code& error, std::size_t) {
    if (error) self->Close();
    written(!error);
  });
}

void ClientSession::ContinueWithoutReply() {
  // Posted rather than called, so that a stream of commands without replies never deepens the stack.
  auto self = shared_from_this();
  asio::post(socket_.get_executor(), [self] { self->ProcessBuffered(); });
}

void ClientSession::FailAndClose(std::uint16_t code, const std::string& sql_state, const std::string& message) {
  std::string out;
  AppendPacket(out, EncodeErr(code, sql_state, message));
  Write(std::move(out), true);
}

void ClientSession::Close() {
  if (phase_ == Phase::Closed) return;
  phase_ = Phase::Closed;
  asio::error_code ignored;
  socket_.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
  if (!busy_) AbandonTransaction();
}

void ClientSession::AbandonTransaction() {
  if (!state_.transaction.held.empty()) dispatcher_.Abandon(state_, [self = shared_from_this()] {});
}

std::uint16_t ClientSession::Status(bool more_results) const {
  std::uint16_t status = 0;
  if (state_.transaction.autocommit) status |= server_status::kAutocommit;
  if (state_.transaction.active()) status |= server_status::kInTransaction;
  if (more_results) status |= server_status::kMoreResults;
  return status;
}

void ClientSession::AppendPacket(std::string& out, std::string_view payload) { AppendFrames(out, payload, sequence_); }

void ClientSession::AppendResult(std::string& out, const StatementResult& result, bool binary, bool more_results) {
  switch (result.kind) {
    case StatementResult::Kind::Error:
      AppendPacket(out, EncodeErr(result.error.code, result.error.sql_state, result.error.message));
      return;
    case StatementResult::Kind::Ok: {
      OkPacket ok = result.ok;
      ok.status = Status(more_results);
      AppendPacket(out, EncodeOk(ok));
      return;
    }
    case StatementResult::Kind::Rows:
      AppendColumns(out, result.columns);
      for (const std::vector<Cell>& row : result.rows) {
        AppendPacket(out, binary ? EncodeBinaryRow(result.columns, row) : EncodeTextRow(row));
      }
      AppendPacket(out, EncodeEof(Status(more_results), result.ok.warnings));
      return;
    case StatementResult::Kind::Streamed:
      AppendPacket(out, EncodeEof(Status(more_results), result.ok.warnings));
      return;
  }
}

void ClientSession::AppendColumns(std::string& out, const std::vector<ColumnInfo>& columns) {
  PacketWriter count;
  count.LengthEncoded(columns.size());
  AppendPacket(out, count.payload());
  for (const ColumnInfo& column : columns) AppendPacket(out, EncodeColumnDefinition(column));
  AppendPacket(out, EncodeEof(Status()));
}

}  // namespace sqlroute::proxy
