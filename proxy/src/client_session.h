#pragma once
// One client connection: handshake and mysql_native_password login, then commands one at a
// time. Reading and writing are Asio operations on the I/O threads; a command that needs the
// storage units runs on the worker pool and posts its reply back, so no thread waits per client.
#include <asio.hpp>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "packet_io.h"
#include "protocol_messages.h"
#include "proxy_context.h"
#include "query_dispatcher.h"

namespace sqlroute::proxy {

class ClientSession : public std::enable_shared_from_this<ClientSession> {
 public:
  ClientSession(asio::ip::tcp::socket socket, ProxyContext& context);
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

  // Runs `job` on the worker pool and writes the bytes it returns.
  void RunOnWorker(std::function<std::string()> job);
  void ReplyFromWorker(std::string bytes);
  // After a command that has no reply (COM_STMT_CLOSE, COM_STMT_SEND_LONG_DATA).
  void ContinueWithoutReply();
  // `finishes_job`: the reply of a worker-pool command, which ends its in-flight count.
  void Write(std::string bytes, bool close_after = false, bool finishes_job = false);
  void FailAndClose(std::uint16_t code, const std::string& sql_state, const std::string& message);
  void Close();

  std::uint16_t Status(bool more_results = false) const;
  void AppendPacket(std::string& out, std::string_view payload);
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
};

}  // namespace sqlroute::proxy
