// sqlroute-proxy's reading of what a storage unit answers a COM_QUERY: OK, ERR, EOF, column
// definitions and text rows, each checked against the proxy's own encoders (the server side).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "backend_packets.h"
#include "packet_io.h"
#include "protocol_messages.h"

namespace sqlroute::proxy {
namespace {

TEST(ProxyBackendPackets, ResponseKindsByFirstByte) {
  EXPECT_EQ(KindOf(EncodeOk({})), ResponseKind::Ok);
  EXPECT_EQ(KindOf(EncodeErr(1146, "42S02", "no table")), ResponseKind::Err);
  EXPECT_EQ(KindOf(EncodeEof(2)), ResponseKind::Eof);
  EXPECT_EQ(KindOf(std::string("\xfb" "file", 5)), ResponseKind::LocalInfile);
  EXPECT_EQ(KindOf(std::string("\x03", 1)), ResponseKind::Other);  // a column count
  // 0xfe opening a length-encoded integer of 8 bytes: a column count or a row, not an EOF.
  EXPECT_EQ(KindOf(std::string("\xfe\x01\x00\x00\x00\x00\x00\x00\x00", 9)), ResponseKind::Other);
  EXPECT_EQ(KindOf(""), ResponseKind::Other);
}

TEST(ProxyBackendPackets, OkDecodesWithAndWithoutSessionTracking) {
  OkPacket ok;
  ok.affected_rows = 300;
  ok.last_insert_id = 70000;
  ok.status = 0x4002;
  ok.warnings = 3;
  ok.info = "Rows matched: 1  Changed: 1  Warnings: 0";
  OkPacket tracked = DecodeOk(EncodeOk(ok), true);
  EXPECT_EQ(tracked.affected_rows, 300u);
  EXPECT_EQ(tracked.last_insert_id, 70000u);
  EXPECT_EQ(tracked.status, 0x4002);
  EXPECT_EQ(tracked.warnings, 3);
  EXPECT_EQ(tracked.info, ok.info);
  std::string plain = PacketWriter().U8(0).LengthEncoded(1).LengthEncoded(0).U16(2).U16(0).Bytes("info").Take();
  EXPECT_EQ(DecodeOk(plain, false).info, "info");
  EXPECT_EQ(DecodeOk(EncodeOk({}), true).info, "");
  EXPECT_THROW(DecodeOk(std::string("\x00\x01", 2), true), MalformedPacket);
}

TEST(ProxyBackendPackets, ErrAndEofDecode) {
  ErrPacket err = DecodeErr(EncodeErr(1146, "42S02", "Table 't' doesn't exist"));
  EXPECT_EQ(err.code, 1146);
  EXPECT_EQ(err.sql_state, "42S02");
  EXPECT_EQ(err.message, "Table 't' doesn't exist");
  ErrPacket bare = DecodeErr(std::string("\xff\x15\x04" "denied", 9));  // no SQL state marker
  EXPECT_EQ(bare.code, 1045);
  EXPECT_EQ(bare.sql_state, "HY000");
  EXPECT_EQ(bare.message, "denied");
  EofPacket eof = DecodeEof(EncodeEof(0x000a, 7));
  EXPECT_EQ(eof.warnings, 7);
  EXPECT_EQ(eof.status, 0x000a);
}

TEST(ProxyBackendPackets, ColumnDefinitionRoundTrips) {
  ColumnInfo column;
  column.schema = "db_0";
  column.table = "t_order_1";
  column.org_table = "t_order_1";
  column.name = "total";
  column.org_name = "amount";
  column.charset = 63;
  column.length = 0x1234567;
  column.type = 0xf6;
  column.flags = 0x1021;
  column.decimals = 2;
  ColumnInfo decoded = DecodeColumnDefinition(EncodeColumnDefinition(column));
  EXPECT_EQ(EncodeColumnDefinition(decoded), EncodeColumnDefinition(column));
  EXPECT_EQ(decoded.org_name, "amount");
  EXPECT_EQ(decoded.decimals, 2);
  EXPECT_THROW(DecodeColumnDefinition(EncodeColumnDefinition(column).substr(0, 20)), MalformedPacket);
  // MariaDB's extended metadata (data type name, format) sits before the fixed fields.
  std::string plain = EncodeColumnDefinition(column);
  std::string extended = plain.substr(0, plain.size() - 13) + PacketWriter().LengthEncodedString(
      std::string("\x00\x04json", 6)).Take() + plain.substr(plain.size() - 13);
  EXPECT_EQ(EncodeColumnDefinition(DecodeColumnDefinition(extended)), plain);
}

// decode(encode(cells)) == cells, for rows of random NULLs, empty and long strings.
TEST(ProxyBackendPackets, TextRowsRoundTrip) {
  std::mt19937 random(11);
  std::vector<Cell> decoded;
  for (int round = 0; round < 300; ++round) {
    std::vector<Cell> cells(random() % 6);
    for (Cell& cell : cells) {
      switch (random() % 4) {
        case 0: break;  // NULL
        case 1: cell.emplace(); break;
        case 2: cell.emplace(random() % 300, static_cast<char>(random())); break;
        default: cell.emplace(std::to_string(random()));
      }
    }
    std::string payload = EncodeTextRow(cells);
    ASSERT_TRUE(TextRowFits(payload, cells.size()));
    EXPECT_FALSE(TextRowFits(payload, cells.size() + 1));
    DecodeTextRow(payload, decoded);  // reuses the cells of the previous round
    EXPECT_EQ(decoded, cells);
    if (!payload.empty()) EXPECT_FALSE(TextRowFits(payload.substr(0, payload.size() - 1), cells.size()));
  }
}

}  // namespace
}  // namespace sqlroute::proxy
