// sqlroute-proxy's MySQL packet codec: frames, field encodings, handshake, prepared statement
// parameters and binary rows.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>

#include "binary_values.h"
#include "native_password.h"
#include "packet_io.h"
#include "protocol_messages.h"

namespace sqlroute::proxy {
namespace {

std::string Frames(const std::string& payload, std::uint8_t first_sequence = 0) {
  std::string out;
  AppendFrames(out, payload, first_sequence);
  return out;
}

TEST(ProxyCodec, LengthEncodedIntegersRoundTrip) {
  for (std::uint64_t value : {0ull, 250ull, 251ull, 0xffffull, 0x10000ull, 0xffffffull, 0x1000000ull, ~0ull}) {
    PacketWriter out;
    out.LengthEncoded(value);
    PacketReader in(out.payload());
    EXPECT_EQ(in.LengthEncoded(), value);
    EXPECT_TRUE(in.done());
  }
  EXPECT_EQ(PacketWriter().LengthEncoded(250).payload().size(), 1u);
  EXPECT_EQ(PacketWriter().LengthEncoded(251).payload(), std::string("\xfc\xfb\x00", 3));
  EXPECT_EQ(PacketReader(std::string("\xfb", 1)).LengthEncoded(), std::nullopt);
}

TEST(ProxyCodec, ReaderRejectsTruncatedFields) {
  EXPECT_THROW(PacketReader(std::string("\x01\x02", 2)).U32(), MalformedPacket);
  EXPECT_THROW(PacketReader(std::string("\x05" "abc", 4)).LengthEncodedString(), MalformedPacket);
  EXPECT_THROW(PacketReader("no terminator").NulTerminated(), MalformedPacket);
  EXPECT_THROW(PacketReader(std::string("\xff", 1)).LengthEncoded(), MalformedPacket);
}

TEST(ProxyCodec, PayloadsOf16MiBSplitIntoFrames) {
  std::string exact(kMaxFramePayload, 'a');
  std::string framed = Frames(exact);
  ASSERT_EQ(framed.size(), kMaxFramePayload + 8);  // a full frame, then an empty one
  EXPECT_EQ(framed.substr(0, 4), std::string("\xff\xff\xff\x00", 4));
  EXPECT_EQ(framed.substr(kMaxFramePayload + 4), std::string("\x00\x00\x00\x01", 4));
  std::string longer(kMaxFramePayload + 5, 'b');
  EXPECT_EQ(Frames(longer).substr(kMaxFramePayload + 4, 4), std::string("\x05\x00\x00\x01", 4));
}

// decode(encode(payload)) == payload, whatever the sizes and however the bytes arrive.
TEST(ProxyCodec, FramesDecodeToTheirPayloads) {
  std::mt19937 random(7);
  const std::size_t sizes[] = {0, 1, 250, 70000, kMaxFramePayload - 1, kMaxFramePayload, kMaxFramePayload + 1,
                               2 * kMaxFramePayload};
  for (std::size_t size : sizes) {
    std::string payload(size, '\0');
    for (char& c : payload) c = static_cast<char>(random());
    std::string stream = Frames(payload, 3) + Frames("next", 0);
    FrameDecoder decoder(64u << 20);
    std::string decoded;
    std::uint8_t sequence = 0;
    std::size_t offset = 0;
    FrameDecoder::Status status = FrameDecoder::Status::NeedMore;
    while (status == FrameDecoder::Status::NeedMore) {
      std::size_t chunk = std::min<std::size_t>(stream.size() - offset, 1 + random() % 3000000);
      decoder.Append(stream.data() + offset, chunk);
      offset += chunk;
      status = decoder.Next(decoded, sequence);
    }
    ASSERT_EQ(status, FrameDecoder::Status::Ready);
    EXPECT_EQ(decoded, payload) << size;
    EXPECT_EQ(sequence, 3 + size / kMaxFramePayload);
    decoder.Append(stream.data() + offset, stream.size() - offset);
    ASSERT_EQ(decoder.Next(decoded, sequence), FrameDecoder::Status::Ready);
    EXPECT_EQ(decoded, "next");
  }
}

TEST(ProxyCodec, DecoderStopsAtTheSizeLimitAndOnSequenceGaps) {
  FrameDecoder limited(100);
  std::string payload;
  std::uint8_t sequence;
  limited.Append("\x65\x00\x00\x00", 4);  // 101 bytes announced
  EXPECT_EQ(limited.Next(payload, sequence), FrameDecoder::Status::TooLarge);

  std::string stream(4 + kMaxFramePayload, 'x');
  stream.replace(0, 4, std::string("\xff\xff\xff\x00", 4));
  stream += std::string("\x01\x00\x00\x05" "y", 5);  // continuation numbered 5, not 1
  FrameDecoder gaps(64u << 20);
  gaps.Append(stream.data(), stream.size());
  EXPECT_EQ(gaps.Next(payload, sequence), FrameDecoder::Status::OutOfSequence);
}

TEST(ProxyCodec, HandshakeResponseDecodes) {
  std::uint32_t caps = capability::kProtocol41 | capability::kSecureConnection | capability::kPluginAuth |
                       capability::kConnectWithDb | capability::kPluginAuthLenencData;
  PacketWriter out;
  out.U32(caps).U32(1 << 24).U8(45).Zeros(23).NulTerminated("root").LengthEncodedString("0123456789abcdefghij");
  out.NulTerminated("sharding_db").NulTerminated("mysql_native_password");
  HandshakeResponse response = DecodeHandshakeResponse(out.payload());
  EXPECT_EQ(response.user, "root");
  EXPECT_EQ(response.auth_response, "0123456789abcdefghij");
  EXPECT_EQ(response.database, "sharding_db");
  EXPECT_EQ(response.plugin, "mysql_native_password");
  EXPECT_THROW(DecodeHandshakeResponse(out.payload().substr(0, 40)), MalformedPacket);
  EXPECT_THROW(DecodeHandshakeResponse(std::string(32, '\0')), MalformedPacket);  // not protocol 4.1
}

TEST(ProxyCodec, HandshakeCarriesTheScrambleInTwoParts) {
  HandshakeV10 handshake;
  handshake.server_version = "5.7.22-sqlroute-proxy";
  handshake.connection_id = 9;
  handshake.scramble = "ABCDEFGHIJKLMNOPQRST";
  handshake.capabilities = capability::kProtocol41 | capability::kPluginAuth;
  std::string packet = EncodeHandshake(handshake);
  PacketReader in(packet);
  EXPECT_EQ(in.U8(), 10);
  EXPECT_EQ(in.NulTerminated(), "5.7.22-sqlroute-proxy");
  EXPECT_EQ(in.U32(), 9u);
  EXPECT_EQ(in.Fixed(8), "ABCDEFGH");
  in.Skip(1 + 2 + 1 + 2 + 2);
  EXPECT_EQ(in.U8(), 21);
  in.Skip(10);
  EXPECT_EQ(in.NulTerminated(), "IJKLMNOPQRST");
  EXPECT_EQ(in.NulTerminated(), "mysql_native_password");
}

TEST(ProxyCodec, NativePasswordTokens) {
  std::string scramble = NewScramble();
  ASSERT_EQ(scramble.size(), 20u);
  EXPECT_EQ(scramble.find('\0'), std::string::npos);
  std::string token = NativePasswordToken("root", scramble);
  EXPECT_EQ(token.size(), 20u);
  EXPECT_TRUE(NativePasswordMatches("root", scramble, token));
  EXPECT_FALSE(NativePasswordMatches("rooT", scramble, token));
  EXPECT_FALSE(NativePasswordMatches("root", NewScramble(), token));
  EXPECT_TRUE(NativePasswordMatches("", scramble, ""));
  EXPECT_FALSE(NativePasswordMatches("", scramble, token));
}

TEST(ProxyCodec, OkAndErrorPackets) {
  OkPacket ok;
  ok.affected_rows = 3;
  ok.last_insert_id = 300;
  ok.info = "Rows matched: 3";
  std::string packet = EncodeOk(ok);
  PacketReader in(packet);
  EXPECT_EQ(in.U8(), 0);
  EXPECT_EQ(in.LengthEncoded(), 3u);
  EXPECT_EQ(in.LengthEncoded(), 300u);
  EXPECT_EQ(in.U16(), server_status::kAutocommit);
  EXPECT_EQ(in.U16(), 0);
  EXPECT_EQ(in.LengthEncodedString(), "Rows matched: 3");
  EXPECT_EQ(EncodeErr(1045, "28000", "Access denied"), std::string("\xff\x15\x04#28000Access denied"));
}

TEST(ProxyCodec, ExecuteParametersDecode) {
  PacketWriter out;
  out.U32(7).U8(0).U32(1);
  out.U8(0b00000010);  // parameter 1 is NULL
  out.U8(1);           // types follow
  out.U8(field_type::kLongLong).U8(0).U8(field_type::kNull).U8(0).U8(field_type::kVarString).U8(0);
  out.U8(field_type::kTiny).U8(0x80).U8(field_type::kDateTime).U8(0).U8(field_type::kDouble).U8(0);
  out.U64(static_cast<std::uint64_t>(-5)).LengthEncodedString("abc").U8(200);
  out.U8(7).U16(2024).U8(2).U8(29).U8(13).U8(5).U8(9);
  double half = 0.5;
  std::uint64_t bits;
  std::memcpy(&bits, &half, sizeof bits);
  out.U64(bits);
  std::string types;
  ExecuteRequest request = DecodeExecute(out.payload(), 6, types, {});
  ASSERT_EQ(request.params.size(), 6u);
  EXPECT_EQ(request.statement_id, 7u);
  EXPECT_EQ(request.params[0].signed_value, -5);
  EXPECT_EQ(request.params[1].kind, BinaryParam::Kind::Null);
  EXPECT_EQ(request.params[2].text, "abc");
  EXPECT_EQ(request.params[3].kind, BinaryParam::Kind::Unsigned);
  EXPECT_EQ(request.params[3].unsigned_value, 200u);
  EXPECT_EQ(request.params[4].text, "2024-02-29 13:05:09");
  EXPECT_EQ(request.params[5].double_value, 0.5);
  EXPECT_EQ(types.size(), 12u);  // kept for executions that do not rebind

  PacketWriter again;
  again.U32(7).U8(0).U32(1).U8(0).U8(0);  // no new types: the kept ones apply
  again.U64(1).LengthEncodedString("").U8(1).U8(0).U64(0);  // the NULL-typed parameter has no value
  EXPECT_EQ(DecodeExecute(again.payload(), 6, types, {}).params[0].signed_value, 1);
  std::string none;
  EXPECT_THROW(DecodeExecute(again.payload(), 6, none, {}), MalformedPacket);
  EXPECT_THROW(DecodeExecute(out.payload().substr(0, 20), 6, types, {}), MalformedPacket);
}

TEST(ProxyCodec, LongDataReplacesTheParameterValue) {
  PacketWriter out;
  out.U32(1).U8(0).U32(1).U8(0).U8(1).U8(field_type::kBlob).U8(0);
  std::string types;
  ExecuteRequest request = DecodeExecute(out.payload(), 1, types, {{0, "chunked value"}});
  EXPECT_EQ(request.params[0].kind, BinaryParam::Kind::Bytes);
  EXPECT_EQ(request.params[0].text, "chunked value");
}

TEST(ProxyCodec, BinaryRowsEncodeByColumnType) {
  ColumnInfo id, name, when, amount;
  id.type = field_type::kLongLong;
  name.type = field_type::kVarString;
  when.type = field_type::kDate;
  amount.type = field_type::kNewDecimal;
  std::string row = EncodeBinaryRow({id, name, when, amount}, {std::string("-2"), std::nullopt,
                                                                std::string("2024-01-31"), std::string("1.50")});
  PacketReader in(row);
  EXPECT_EQ(in.U8(), 0);
  EXPECT_EQ(in.U8(), 0b00001000);  // column 1 NULL: bit 1 + 2
  EXPECT_EQ(static_cast<std::int64_t>(in.U64()), -2);
  EXPECT_EQ(in.U8(), 4);
  EXPECT_EQ(in.U16(), 2024);
  EXPECT_EQ(in.U8(), 1);
  EXPECT_EQ(in.U8(), 31);
  EXPECT_EQ(in.LengthEncodedString(), "1.50");
  EXPECT_TRUE(in.done());
}

}  // namespace
}  // namespace sqlroute::proxy
