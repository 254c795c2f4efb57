#pragma once
// sqlroute errors as MySQL error packets: a stable vendor code and SQLSTATE per error code, and
// the engine's message. ShardingSphere-Proxy's own codes are used where the engine names one
// (ShardingSphereCode), MySQL's where the error is MySQL's own kind (syntax, unknown table).
#include <cstdint>
#include <string>

#include "sqlroute/error.h"

namespace sqlroute::proxy {

struct MysqlError {
  std::uint16_t code;
  std::string sql_state;
  std::string message;
};

MysqlError ToMysqlError(const Error& error);

// MySQL's own errors the proxy raises.
namespace mysql_error {
inline constexpr std::uint16_t kAccessDenied = 1045;       // 28000
inline constexpr std::uint16_t kNoDatabase = 1046;         // 3D000
inline constexpr std::uint16_t kUnknownCommand = 1047;     // 08S01
inline constexpr std::uint16_t kBadDatabase = 1049;        // 42000
inline constexpr std::uint16_t kPacketTooLarge = 1153;     // 08S01
inline constexpr std::uint16_t kUnknownStatement = 1243;   // HY000
inline constexpr std::uint16_t kUnknownSystemVariable = 1193;  // HY000
inline constexpr std::uint16_t kMalformedPacket = 1835;    // HY000
inline constexpr std::uint16_t kDatabaseExists = 1007;     // HY000
inline constexpr std::uint16_t kDatabaseDropMissing = 1008;  // HY000
inline constexpr std::uint16_t kWrongDatabaseName = 1102;  // 42000
inline constexpr std::uint16_t kParseError = 1064;      // 42000
}  // namespace mysql_error

}  // namespace sqlroute::proxy
