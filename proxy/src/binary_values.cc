#include "binary_values.h"

#include <charconv>
#include <cstdio>
#include <cstring>

#include "packet_io.h"

namespace sqlroute::proxy {

namespace {

std::string TwoDigits(unsigned value) {
  char text[8];
  std::snprintf(text, sizeof text, "%02u", value % 100);
  return text;
}

std::string Micros(std::uint32_t micros) {
  if (micros == 0) return {};
  char text[16];
  std::snprintf(text, sizeof text, ".%06u", micros % 1000000);
  return text;
}

std::string ReadDate(PacketReader& in, bool with_time) {
  std::uint8_t size = in.U8();
  unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  std::uint32_t micros = 0;
  if (size >= 4) {
    year = in.U16();
    month = in.U8();
    day = in.U8();
  }
  if (size >= 7) {
    hour = in.U8();
    minute = in.U8();
    second = in.U8();
  }
  if (size >= 11) micros = in.U32();
  if (size != 0 && size != 4 && size != 7 && size != 11) throw MalformedPacket("invalid date length");
  char text[16];
  std::snprintf(text, sizeof text, "%04u-", year % 10000);
  std::string out = text + TwoDigits(month) + "-" + TwoDigits(day);
  if (with_time) out += " " + TwoDigits(hour) + ":" + TwoDigits(minute) + ":" + TwoDigits(second) + Micros(micros);
  return out;
}

std::string ReadTime(PacketReader& in) {
  std::uint8_t size = in.U8();
  if (size == 0) return "00:00:00";
  if (size != 8 && size != 12) throw MalformedPacket("invalid time length");
  bool negative = in.U8() != 0;
  std::uint32_t days = in.U32();
  unsigned hour = in.U8(), minute = in.U8(), second = in.U8();
  std::uint32_t micros = size == 12 ? in.U32() : 0;
  std::string out = negative ? "-" : "";
  out += std::to_string(static_cast<std::uint64_t>(days) * 24 + hour);
  if (out.size() < (negative ? 3u : 2u)) out.insert(negative ? 1 : 0, "0");
  return out + ":" + TwoDigits(minute) + ":" + TwoDigits(second) + Micros(micros);
}

BinaryParam ReadParam(PacketReader& in, std::uint8_t type, bool is_unsigned) {
  BinaryParam param;
  auto integer = [&](std::uint64_t raw, int bits) {
    if (is_unsigned) {
      param.kind = BinaryParam::Kind::Unsigned;
      param.unsigned_value = raw;
    } else {
      param.kind = BinaryParam::Kind::Signed;
      std::uint64_t sign = 1ull << (bits - 1);
      param.signed_value = bits == 64 ? static_cast<std::int64_t>(raw)
                                      : static_cast<std::int64_t>((raw ^ sign)) - static_cast<std::int64_t>(sign);
    }
  };
  switch (type) {
    case field_type::kTiny: integer(in.U8(), 8); break;
    case field_type::kShort:
    case field_type::kYear: integer(in.U16(), 16); break;
    case field_type::kLong:
    case field_type::kInt24: integer(in.U32(), 32); break;
    case field_type::kLongLong: integer(in.U64(), 64); break;
    case field_type::kFloat: {
      std::uint32_t raw = in.U32();
      float value;
      std::memcpy(&value, &raw, sizeof value);
      param.kind = BinaryParam::Kind::Double;
      param.double_value = value;
      break;
    }
    case field_type::kDouble: {
      std::uint64_t raw = in.U64();
      std::memcpy(&param.double_value, &raw, sizeof raw);
      param.kind = BinaryParam::Kind::Double;
      break;
    }
    case field_type::kDate:
      param.kind = BinaryParam::Kind::Date;
      param.text = ReadDate(in, false);
      break;
    case field_type::kDateTime:
    case field_type::kTimestamp:
      param.kind = BinaryParam::Kind::DateTime;
      param.text = ReadDate(in, true);
      break;
    case field_type::kTime:
      param.kind = BinaryParam::Kind::Time;
      param.text = ReadTime(in);
      break;
    case field_type::kNull: break;
    case field_type::kTinyBlob:
    case field_type::kMediumBlob:
    case field_type::kLongBlob:
    case field_type::kBlob:
      param.kind = BinaryParam::Kind::Bytes;
      param.text = std::string(in.LengthEncodedString());
      break;
    default:
      param.kind = BinaryParam::Kind::Text;
      param.text = std::string(in.LengthEncodedString());
      break;
  }
  return param;
}

template <typename T>
T ParseNumber(const std::string& text) {
  T value{};
  std::from_chars(text.data(), text.data() + text.size(), value);
  return value;
}

void WriteDate(PacketWriter& out, const std::string& text, bool with_time) {
  unsigned year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, micros = 0;
  char fraction[8] = {0};
  int fields = std::sscanf(text.c_str(), "%u-%u-%u %u:%u:%u.%6[0-9]", &year, &month, &day, &hour, &minute, &second,
                           fraction);
  if (fields >= 7) {
    std::string digits(fraction);
    digits.resize(6, '0');
    micros = ParseNumber<unsigned>(digits);
  }
  bool has_time = with_time && (hour || minute || second || micros);
  std::uint8_t size = micros ? 11 : has_time ? 7 : (year || month || day) ? 4 : 0;
  out.U8(size);
  if (size >= 4) out.U16(static_cast<std::uint16_t>(year)).U8(month).U8(day);
  if (size >= 7) out.U8(hour).U8(minute).U8(second);
  if (size >= 11) out.U32(micros);
}

void WriteTime(PacketWriter& out, const std::string& text) {
  bool negative = !text.empty() && text[0] == '-';
  unsigned hours = 0, minute = 0, second = 0, micros = 0;
  char fraction[8] = {0};
  int fields = std::sscanf(text.c_str() + (negative ? 1 : 0), "%u:%u:%u.%6[0-9]", &hours, &minute, &second, fraction);
  if (fields >= 4) {
    std::string digits(fraction);
    digits.resize(6, '0');
    micros = ParseNumber<unsigned>(digits);
  }
  if (!hours && !minute && !second && !micros) {
    out.U8(0);
    return;
  }
  out.U8(micros ? 12 : 8).U8(negative ? 1 : 0).U32(hours / 24).U8(hours % 24).U8(minute).U8(second);
  if (micros) out.U32(micros);
}

void WriteValue(PacketWriter& out, const ColumnInfo& column, const std::string& text) {
  bool is_unsigned = column.flags & kUnsignedFlag;
  auto integer = [&](int bytes) {
    std::uint64_t raw = is_unsigned ? ParseNumber<std::uint64_t>(text)
                                    : static_cast<std::uint64_t>(ParseNumber<std::int64_t>(text));
    if (bytes == 1) out.U8(static_cast<std::uint8_t>(raw));
    if (bytes == 2) out.U16(static_cast<std::uint16_t>(raw));
    if (bytes == 4) out.U32(static_cast<std::uint32_t>(raw));
    if (bytes == 8) out.U64(raw);
  };
  switch (column.type) {
    case field_type::kTiny: integer(1); break;
    case field_type::kShort:
    case field_type::kYear: integer(2); break;
    case field_type::kLong:
    case field_type::kInt24: integer(4); break;
    case field_type::kLongLong: integer(8); break;
    case field_type::kFloat: {
      float value = std::strtof(text.c_str(), nullptr);
      std::uint32_t raw;
      std::memcpy(&raw, &value, sizeof raw);
      out.U32(raw);
      break;
    }
    case field_type::kDouble: {
      double value = std::strtod(text.c_str(), nullptr);
      std::uint64_t raw;
      std::memcpy(&raw, &value, sizeof raw);
      out.U64(raw);
      break;
    }
    case field_type::kDate: WriteDate(out, text, false); break;
    case field_type::kDateTime:
    case field_type::kTimestamp: WriteDate(out, text, true); break;
    case field_type::kTime: WriteTime(out, text); break;
    default: out.LengthEncodedString(text); break;
  }
}

}  // namespace

std::uint32_t PeekStatementId(std::string_view body) {
  PacketReader in(body);
  return in.U32();
}

ExecuteRequest DecodeExecute(std::string_view body, std::size_t param_count, std::string& param_types,
                             const std::map<std::uint16_t, std::string>& long_data) {
  PacketReader in(body);
  ExecuteRequest request;
  request.statement_id = in.U32();
  std::uint8_t flags = in.U8();
  if (flags & ~0x0fu) throw MalformedPacket("unknown COM_STMT_EXECUTE flags");
  in.U32();  // iteration count, always 1
  if (param_count == 0) return request;
  std::string_view nulls = in.Fixed((param_count + 7) / 8);
  if (in.U8() == 1) param_types = std::string(in.Fixed(param_count * 2));
  if (param_types.size() != param_count * 2) throw MalformedPacket("parameters executed without their types");
  request.params.resize(param_count);
  for (std::size_t i = 0; i < param_count; ++i) {
    std::uint8_t type = static_cast<std::uint8_t>(param_types[2 * i]);
    bool is_unsigned = static_cast<std::uint8_t>(param_types[2 * i + 1]) & 0x80;
    auto long_value = long_data.find(static_cast<std::uint16_t>(i));
    if (long_value != long_data.end()) {
      request.params[i].kind = type == field_type::kBlob || type == field_type::kLongBlob ||
                                       type == field_type::kMediumBlob || type == field_type::kTinyBlob
                                   ? BinaryParam::Kind::Bytes
                                   : BinaryParam::Kind::Text;
      request.params[i].text = long_value->second;
    } else if (static_cast<std::uint8_t>(nulls[i / 8]) & (1u << (i % 8))) {
      request.params[i].kind = BinaryParam::Kind::Null;
    } else {
      request.params[i] = ReadParam(in, type, is_unsigned);
    }
  }
  return request;
}

std::string EncodeBinaryRow(const std::vector<ColumnInfo>& columns, const std::vector<Cell>& cells) {
  PacketWriter out;
  out.U8(0);
  std::string nulls((cells.size() + 9) / 8, '\0');
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!cells[i]) nulls[(i + 2) / 8] = static_cast<char>(nulls[(i + 2) / 8] | (1u << ((i + 2) % 8)));
  }
  out.Bytes(nulls);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (cells[i]) WriteValue(out, columns[i], *cells[i]);
  }
  return out.Take();
}

}  // namespace sqlroute::proxy
