// A client's bytes -> sqlroute-proxy's packet decoder: frames reassembled (1 MiB limit), the first
// payload as a handshake response, the rest as commands (COM_QUERY text classified and split,
// COM_STMT_EXECUTE parameters for a parameter count taken from the input, binary rows encoded
// from the decoded values). Every payload must frame and decode back to itself. Each payload is
// also read as a storage unit's response packet (OK, ERR, EOF, column definition), and as a text
// row: one that fits its cell count must encode to a row of the same cells.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "backend_packets.h"
#include "binary_values.h"
#include "packet_io.h"
#include "protocol_messages.h"
#include "session_statements.h"

namespace {

using namespace sqlroute::proxy;

void DecodeCommand(const std::string& payload, std::string& param_types) {
  if (payload.empty()) return;
  std::string body = payload.substr(1);
  switch (static_cast<Command>(static_cast<std::uint8_t>(payload[0]))) {
    case Command::Query:
      ClassifyStatement(body);
      SplitStatements(body);
      break;
    case Command::StmtExecute: {
      std::size_t params = body.empty() ? 0 : static_cast<std::uint8_t>(body.back()) % 40;
      ExecuteRequest request = DecodeExecute(body, params, param_types, {{0, "long"}});
      std::vector<ColumnInfo> columns(request.params.size());
      std::vector<Cell> cells;
      for (std::size_t i = 0; i < request.params.size(); ++i) {
        columns[i].type = static_cast<std::uint8_t>(param_types.size() > 2 * i ? param_types[2 * i] : 0);
        const BinaryParam& param = request.params[i];
        if (param.kind == BinaryParam::Kind::Null) {
          cells.emplace_back();
        } else {
          cells.emplace_back(param.text.empty() ? std::to_string(param.signed_value) : param.text);
        }
      }
      EncodeBinaryRow(columns, cells);
      break;
    }
    case Command::StmtSendLongData:
    case Command::StmtClose:
    case Command::StmtReset: {
      PacketReader in(body);
      in.U32();
      break;
    }
    default: break;
  }
}

void DecodeResponse(const std::string& payload) {
  try {
    switch (KindOf(payload)) {
      case ResponseKind::Ok: DecodeOk(payload, payload.size() % 2 == 0); break;
      case ResponseKind::Err: DecodeErr(payload); break;
      case ResponseKind::Eof: DecodeEof(payload); break;
      default: DecodeColumnDefinition(payload);
    }
  } catch (const MalformedPacket&) {
  }
  std::size_t cells = 0;
  try {
    ForEachCell(payload, [&cells](const std::string_view*) { ++cells; });
  } catch (const MalformedPacket&) {
    return;
  }
  if (!TextRowFits(payload, cells)) std::abort();
  std::vector<Cell> row, again;
  DecodeTextRow(payload, row);
  // Lengths may be written longer than needed: the cells, not the bytes, come back.
  DecodeTextRow(EncodeTextRow(row), again);
  if (row.size() != cells || again != row) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FrameDecoder decoder(1u << 20);
  decoder.Append(reinterpret_cast<const char*>(data), size);
  std::string payload;
  std::uint8_t sequence = 0;
  std::string param_types;
  bool first = true;
  while (decoder.Next(payload, sequence) == FrameDecoder::Status::Ready) {
    std::string framed;
    std::uint8_t start = 0;
    AppendFrames(framed, payload, start);
    FrameDecoder again(1u << 20);
    again.Append(framed.data(), framed.size());
    std::string decoded;
    if (again.Next(decoded, sequence) != FrameDecoder::Status::Ready || decoded != payload) std::abort();
    DecodeResponse(payload);
    try {
      if (first) {
        DecodeHandshakeResponse(payload);
      } else {
        DecodeCommand(payload, param_types);
      }
    } catch (const MalformedPacket&) {
    }
    first = false;
  }
  return 0;
}
