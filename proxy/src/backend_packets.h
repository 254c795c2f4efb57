#pragma once
// The client side of the MySQL protocol's messages, as a storage unit answers a COM_QUERY: OK,
// ERR and EOF packets, column definitions and text rows (protocol 4.1, EOF packets present:
// MariaDB Connector/C never asks for CLIENT_DEPRECATE_EOF). Each decoder throws MalformedPacket.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "packet_io.h"
#include "protocol_messages.h"

namespace sqlroute::proxy {

// What the first byte of a response packet says it is.
enum class ResponseKind { Ok, Err, Eof, LocalInfile, Other };
ResponseKind KindOf(std::string_view payload);

// `session_tracking`: the connection negotiated CLIENT_SESSION_TRACKING, so the info text is
// length-encoded and followed by session state changes.
OkPacket DecodeOk(std::string_view payload, bool session_tracking);

struct ErrPacket {
  std::uint16_t code = 0;
  std::string sql_state = "HY000";
  std::string message;
};
ErrPacket DecodeErr(std::string_view payload);

struct EofPacket {
  std::uint16_t warnings = 0;
  std::uint16_t status = 0;
};
EofPacket DecodeEof(std::string_view payload);

ColumnInfo DecodeColumnDefinition(std::string_view payload);

// Calls `each(text)` for every cell of a text row in turn, nullptr for NULL.
template <typename Each>
void ForEachCell(std::string_view payload, Each each) {
  PacketReader in(payload);
  while (!in.done()) {
    if (in.PeekU8() == 0xfb) {
      in.Skip(1);
      each(static_cast<const std::string_view*>(nullptr));
    } else {
      std::string_view text = in.LengthEncodedString();
      each(&text);
    }
  }
}
// Whether a text row holds exactly `count` well-formed cells.
bool TextRowFits(std::string_view payload, std::size_t count);
// The cells of a text row that fits (TextRowFits) into `cells`.
void DecodeTextRow(std::string_view payload, std::vector<Cell>& cells);

}  // namespace sqlroute::proxy
