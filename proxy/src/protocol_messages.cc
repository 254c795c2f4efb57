#include "protocol_messages.h"

#include "packet_io.h"

namespace sqlroute::proxy {

std::string EncodeHandshake(const HandshakeV10& handshake) {
  PacketWriter out;
  out.U8(10).NulTerminated(handshake.server_version).U32(handshake.connection_id);
  out.Bytes(std::string_view(handshake.scramble).substr(0, 8)).U8(0);
  out.U16(static_cast<std::uint16_t>(handshake.capabilities & 0xffff));
  out.U8(static_cast<std::uint8_t>(kUtf8mb4GeneralCi)).U16(handshake.status);
  out.U16(static_cast<std::uint16_t>(handshake.capabilities >> 16));
  out.U8(static_cast<std::uint8_t>(handshake.scramble.size() + 1)).Zeros(10);
  out.Bytes(std::string_view(handshake.scramble).substr(8)).U8(0);
  out.NulTerminated(kNativePasswordPlugin);
  return out.Take();
}

HandshakeResponse DecodeHandshakeResponse(std::string_view payload) {
  PacketReader in(payload);
  HandshakeResponse response;
  response.capabilities = in.U32();
  if ((response.capabilities & capability::kProtocol41) == 0) {
    throw MalformedPacket("only protocol 4.1 handshake responses are supported");
  }
  response.max_packet = in.U32();
  response.charset = in.U8();
  in.Skip(23);
  response.user = std::string(in.NulTerminated());
  if (response.capabilities & capability::kPluginAuthLenencData) {
    response.auth_response = std::string(in.LengthEncodedString());
  } else if (response.capabilities & capability::kSecureConnection) {
    response.auth_response = std::string(in.Fixed(in.U8()));
  } else {
    response.auth_response = std::string(in.NulTerminated());
  }
  if ((response.capabilities & capability::kConnectWithDb) && !in.done()) {
    response.database = std::string(in.NulTerminated());
  }
  if ((response.capabilities & capability::kPluginAuth) && !in.done()) {
    response.plugin = std::string(in.NulTerminated());
  }
  return response;  // connection attributes, if any, are not needed
}

std::string EncodeAuthSwitch(std::string_view plugin, std::string_view scramble) {
  PacketWriter out;
  out.U8(0xfe).NulTerminated(plugin).Bytes(scramble).U8(0);
  return out.Take();
}

std::string EncodeOk(const OkPacket& ok) {
  PacketWriter out;
  out.U8(0).LengthEncoded(ok.affected_rows).LengthEncoded(ok.last_insert_id).U16(ok.status).U16(ok.warnings);
  // MySQL servers write the info text length-encoded (net_store_data), and clients read it so.
  if (!ok.info.empty()) out.LengthEncodedString(ok.info);
  return out.Take();
}

std::string EncodeErr(std::uint16_t code, std::string_view sql_state, std::string_view message) {
  PacketWriter out;
  std::string state(sql_state.substr(0, 5));
  state.resize(5, '0');
  out.U8(0xff).U16(code).U8('#').Bytes(state).Bytes(message);
  return out.Take();
}

std::string EncodeEof(std::uint16_t status, std::uint16_t warnings) {
  PacketWriter out;
  out.U8(0xfe).U16(warnings).U16(status);
  return out.Take();
}

std::string EncodeColumnDefinition(const ColumnInfo& column) {
  PacketWriter out;
  out.LengthEncodedString("def").LengthEncodedString(column.schema).LengthEncodedString(column.table);
  out.LengthEncodedString(column.org_table).LengthEncodedString(column.name).LengthEncodedString(column.org_name);
  out.LengthEncoded(0x0c).U16(column.charset).U32(column.length).U8(column.type).U16(column.flags);
  out.U8(column.decimals).U16(0);
  return out.Take();
}

std::string EncodeTextRow(const std::vector<Cell>& cells) {
  PacketWriter out;
  for (const Cell& cell : cells) {
    if (cell) {
      out.LengthEncodedString(*cell);
    } else {
      out.U8(0xfb);
    }
  }
  return out.Take();
}

std::string EncodePrepareOk(std::uint32_t statement_id, std::uint16_t columns, std::uint16_t params) {
  PacketWriter out;
  out.U8(0).U32(statement_id).U16(columns).U16(params).U8(0).U16(0);
  return out.Take();
}

}  // namespace sqlroute::proxy
