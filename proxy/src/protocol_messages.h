#pragma once
// The server side of the MySQL protocol's messages: handshake v10 and the client's handshake
// response, OK / ERR / EOF, column definitions and text rows, prepared statement replies.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::proxy {

namespace capability {
inline constexpr std::uint32_t kLongPassword = 1;
inline constexpr std::uint32_t kFoundRows = 1u << 1;
inline constexpr std::uint32_t kLongFlag = 1u << 2;
inline constexpr std::uint32_t kConnectWithDb = 1u << 3;
inline constexpr std::uint32_t kProtocol41 = 1u << 9;
inline constexpr std::uint32_t kSsl = 1u << 11;
inline constexpr std::uint32_t kTransactions = 1u << 13;
inline constexpr std::uint32_t kSecureConnection = 1u << 15;
inline constexpr std::uint32_t kMultiStatements = 1u << 16;
inline constexpr std::uint32_t kMultiResults = 1u << 17;
inline constexpr std::uint32_t kPsMultiResults = 1u << 18;
inline constexpr std::uint32_t kPluginAuth = 1u << 19;
inline constexpr std::uint32_t kConnectAttrs = 1u << 20;
inline constexpr std::uint32_t kPluginAuthLenencData = 1u << 21;
inline constexpr std::uint32_t kDeprecateEof = 1u << 24;
}  // namespace capability

namespace server_status {
inline constexpr std::uint16_t kInTransaction = 1;
inline constexpr std::uint16_t kAutocommit = 2;
inline constexpr std::uint16_t kMoreResults = 8;
}  // namespace server_status

// Commands (the first byte of a client payload).
enum class Command : std::uint8_t {
  Quit = 0x01,
  InitDb = 0x02,
  Query = 0x03,
  FieldList = 0x04,
  Ping = 0x0e,
  StmtPrepare = 0x16,
  StmtExecute = 0x17,
  StmtSendLongData = 0x18,
  StmtClose = 0x19,
  StmtReset = 0x1a,
  SetOption = 0x1b,
  ResetConnection = 0x1f,
};

inline constexpr std::uint16_t kUtf8mb4GeneralCi = 45;
inline constexpr std::uint16_t kBinaryCharset = 63;
inline constexpr std::string_view kNativePasswordPlugin = "mysql_native_password";

struct HandshakeV10 {
  std::string server_version;
  std::uint32_t connection_id = 0;
  std::string scramble;  // 20 bytes
  std::uint32_t capabilities = 0;
  std::uint16_t status = server_status::kAutocommit;
};
std::string EncodeHandshake(const HandshakeV10& handshake);

struct HandshakeResponse {
  std::uint32_t capabilities = 0;
  std::uint32_t max_packet = 0;
  std::uint16_t charset = 0;
  std::string user;
  std::string auth_response;
  std::string database;
  std::string plugin;
};
// Throws MalformedPacket. Only protocol 4.1 responses are accepted.
HandshakeResponse DecodeHandshakeResponse(std::string_view payload);

std::string EncodeAuthSwitch(std::string_view plugin, std::string_view scramble);

struct OkPacket {
  std::uint64_t affected_rows = 0;
  std::uint64_t last_insert_id = 0;
  std::uint16_t status = server_status::kAutocommit;
  std::uint16_t warnings = 0;
  std::string info;
};
std::string EncodeOk(const OkPacket& ok);
std::string EncodeErr(std::uint16_t code, std::string_view sql_state, std::string_view message);
std::string EncodeEof(std::uint16_t status, std::uint16_t warnings = 0);

// One column of a result set as column definition 4.1 describes it.
struct ColumnInfo {
  std::string schema;
  std::string table;
  std::string org_table;
  std::string name;
  std::string org_name;
  std::uint16_t charset = kUtf8mb4GeneralCi;
  std::uint32_t length = 0;
  std::uint8_t type = 0xfd;  // MYSQL_TYPE_VAR_STRING
  std::uint16_t flags = 0;
  std::uint8_t decimals = 0;
};
std::string EncodeColumnDefinition(const ColumnInfo& column);

// A cell of a text row: nullopt is SQL NULL.
using Cell = std::optional<std::string>;
std::string EncodeTextRow(const std::vector<Cell>& cells);

std::string EncodePrepareOk(std::uint32_t statement_id, std::uint16_t columns, std::uint16_t params);

}  // namespace sqlroute::proxy
