#pragma once
// One client connection: handshake and mysql_native_password login, then commands one at a
// time, all on the one I/O thread that owns the connection: reading, routing, the storage units'
// non-blocking I/O and writing are Asio operations there, so no thread waits per client and a
// statement switches no thread.
#include <asio.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "packet_io.h"
#include "protocol_messages.h"
#include "proxy_context.h"
#include "query_dispatcher.h"

namespace sqlroute::proxy {

class ClientSession : public std::enable_shared_from_this<ClientSession>, private RowSink {
 public:
  ClientSession(asio::ip::tcp::socket socket, ProxyContext& context);
  ~ClientSession();
  void Start();

 private:
  enum class Phase { Handshake, AuthSwitch, Command, Closed };
  struct PreparedStatement {
    std::string sql;
    std::size_t param_count = 0;
    std::string param_types;
    std::map<std::uint16_t, std::string> long_data;
  };

  void Read();
  void ProcessBuffered();
  void HandlePayload(std::string payload);
  void HandleLogin(const std::string& payload);
  void Authenticate(const std::string& token);
  void HandleCommand(std::string payload);
  void HandleQuery(std::string sql);
  void HandlePrepare(std::string sql);
  void HandleExecute(const std::string& body);
  void HandleFieldList(const std::string& body);
  // The statements of one COM_QUERY, from `next_statement_` on; those answered before the call
  // returns are taken in a loop, so that many short statements never deepen the stack.
  void RunStatements();
  void StatementAnswered(std::size_t index, StatementResult result);

  // A command that waits on the storage units: counted in flight (SIGTERM waits for them).
  void BeginCommand();
  // Ends it: writes `reply_`.
  void Reply();
  // After a command that has no reply (COM_STMT_CLOSE, COM_STMT_SEND_LONG_DATA).
  void ContinueWithoutReply();
  // `finishes_command`: the reply of a command begun by BeginCommand.
  void Write(std::string bytes, bool close_after = false, bool finishes_command = false);
  void FailAndClose(std::uint16_t code, const std::string& sql_state, const std::string& message);
  void Close();
  // Rolls back a transaction the client left open; not while a command still uses its connections.
  void AbandonTransaction();

  // RowSink: streamed rows go into `reply_`, written whenever it fills.
  void Columns(const std::vector<ColumnInfo>& columns) override;
  void Row(const std::vector<ColumnInfo>& columns, std::string_view text_row) override;
  bool BinaryRows() const override { return binary_rows_; }
  void BinaryRow(std::string_view binary_row) override { AppendPacket(reply_, binary_row); }
  bool Full() const override;
  void Flush(std::function<void(bool)> written) override;

  std::uint16_t Status(bool more_results = false) const;
  void AppendPacket(std::string& out, std::string_view payload);
  void AppendColumns(std::string& out, const std::vector<ColumnInfo>& columns);
  void AppendResult(std::string& out, const StatementResult& result, bool binary, bool more_results);

  asio::ip::tcp::socket socket_;
  ProxyContext& context_;
  QueryDispatcher dispatcher_;
  FrameDecoder decoder_;
  std::array<char, 16384> read_buffer_{};
  Phase phase_ = Phase::Handshake;
  std::uint8_t sequence_ = 0;
  std::string scramble_;
  HandshakeResponse login_;
  std::uint32_t capabilities_ = 0;
  ClientIdentity identity_;
  ConnectionState state_;
  std::map<std::uint32_t, PreparedStatement> statements_;
  std::uint32_t next_statement_id_ = 1;
  std::string reply_;    // the running command's answer so far
  std::string writing_;  // what the one outstanding write sends
  bool busy_ = false;    // a command is running
  bool binary_rows_ = false;  // the running command answers rows in the binary protocol
  std::vector<Cell> row_cells_;  // a streamed row's cells, for its binary encoding
  std::vector<std::string> query_statements_;
  std::size_t next_statement_ = 0;
  bool running_statements_ = false, statement_ready_ = false;
};

}  // namespace sqlroute::proxy
