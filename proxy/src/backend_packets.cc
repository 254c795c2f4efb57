#include "backend_packets.h"

namespace sqlroute::proxy {

ResponseKind KindOf(std::string_view payload) {
  if (payload.empty()) return ResponseKind::Other;
  switch (static_cast<std::uint8_t>(payload[0])) {
    case 0x00: return ResponseKind::Ok;
    case 0xff: return ResponseKind::Err;
    // A length-encoded integer starting 0xfe takes 9 bytes: a shorter packet is an EOF.
    case 0xfe: return payload.size() < 9 ? ResponseKind::Eof : ResponseKind::Other;
    case 0xfb: return ResponseKind::LocalInfile;
    default: return ResponseKind::Other;
  }
}

OkPacket DecodeOk(std::string_view payload, bool session_tracking) {
  PacketReader in(payload);
  in.Skip(1);
  OkPacket ok;
  ok.affected_rows = in.LengthEncoded().value_or(0);
  ok.last_insert_id = in.LengthEncoded().value_or(0);
  ok.status = in.U16();
  ok.warnings = in.U16();
  if (!in.done()) ok.info = std::string(session_tracking ? in.LengthEncodedString() : in.Rest());
  return ok;
}

ErrPacket DecodeErr(std::string_view payload) {
  PacketReader in(payload);
  in.Skip(1);
  ErrPacket error;
  error.code = in.U16();
  if (!in.done() && in.PeekU8() == '#') {
    in.Skip(1);
    error.sql_state = std::string(in.Fixed(5));
  }
  error.message = std::string(in.Rest());
  return error;
}

EofPacket DecodeEof(std::string_view payload) {
  PacketReader in(payload);
  in.Skip(1);
  EofPacket eof;
  if (in.remaining() >= 4) {
    eof.warnings = in.U16();
    eof.status = in.U16();
  }
  return eof;
}

constexpr std::size_t kFixedFields = 13;

ColumnInfo DecodeColumnDefinition(std::string_view payload) {
  PacketReader in(payload);
  ColumnInfo column;
  in.LengthEncodedString();  // catalog, always "def"
  column.schema = std::string(in.LengthEncodedString());
  column.table = std::string(in.LengthEncodedString());
  column.org_table = std::string(in.LengthEncodedString());
  column.name = std::string(in.LengthEncodedString());
  column.org_name = std::string(in.LengthEncodedString());
  // MariaDB's extended metadata (MARIADB_CLIENT_EXTENDED_METADATA, which Connector/C asks for)
  // comes before the 13 bytes of fixed fields: the length 0x0c and 12 bytes.
  if (in.remaining() > kFixedFields) in.LengthEncodedString();
  in.Skip(1);
  column.charset = in.U16();
  column.length = in.U32();
  column.type = in.U8();
  column.flags = in.U16();
  column.decimals = in.U8();
  return column;
}

bool TextRowFits(std::string_view payload, std::size_t count) {
  std::size_t cells = 0;
  try {
    ForEachCell(payload, [&cells](const std::string_view*) { ++cells; });
  } catch (const MalformedPacket&) {
    return false;
  }
  return cells == count;
}

void DecodeTextRow(std::string_view payload, std::vector<Cell>& cells) {
  std::size_t next = 0;
  ForEachCell(payload, [&cells, &next](const std::string_view* text) {
    if (next == cells.size()) cells.emplace_back();
    Cell& cell = cells[next++];
    if (text == nullptr) {
      cell.reset();
    } else if (cell) {
      cell->assign(text->data(), text->size());
    } else {
      cell.emplace(*text);
    }
  });
  cells.resize(next);
}

}  // namespace sqlroute::proxy
