#pragma once
// The binary protocol of prepared statements: COM_STMT_EXECUTE parameters and binary result
// rows, converted from and to the text forms the rest of the proxy works with.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "protocol_messages.h"

namespace sqlroute::proxy {

namespace field_type {
inline constexpr std::uint8_t kDecimal = 0, kTiny = 1, kShort = 2, kLong = 3, kFloat = 4, kDouble = 5,
                              kNull = 6, kTimestamp = 7, kLongLong = 8, kInt24 = 9, kDate = 10, kTime = 11,
                              kDateTime = 12, kYear = 13, kVarchar = 15, kBit = 16, kJson = 245,
                              kNewDecimal = 246, kTinyBlob = 249, kMediumBlob = 250, kLongBlob = 251,
                              kBlob = 252, kVarString = 253, kString = 254;
}  // namespace field_type
inline constexpr std::uint16_t kUnsignedFlag = 32;
inline constexpr std::uint16_t kBinaryFlag = 128;

// One parameter of COM_STMT_EXECUTE.
struct BinaryParam {
  enum class Kind { Null, Signed, Unsigned, Double, Text, Bytes, Date, Time, DateTime };
  Kind kind = Kind::Null;
  std::int64_t signed_value = 0;
  std::uint64_t unsigned_value = 0;
  double double_value = 0;
  std::string text;  // Text, Bytes; Date/Time/DateTime as 'yyyy-MM-dd', 'HH:mm:ss[.ffffff]', both
};

struct ExecuteRequest {
  std::uint32_t statement_id = 0;
  std::vector<BinaryParam> params;
};

// Reads COM_STMT_EXECUTE after its command byte. `param_types` holds the types bound by an
// earlier execution (2 bytes each) and is replaced when the client binds new ones; a parameter
// with `long_data` takes that value. Throws MalformedPacket.
std::uint32_t PeekStatementId(std::string_view body);
ExecuteRequest DecodeExecute(std::string_view body, std::size_t param_count, std::string& param_types,
                             const std::map<std::uint16_t, std::string>& long_data);

// A binary result row from text cells, each encoded as its column's type requires.
std::string EncodeBinaryRow(const std::vector<ColumnInfo>& columns, const std::vector<Cell>& cells);

}  // namespace sqlroute::proxy
