#include "packet_io.h"

#include <cstring>

namespace sqlroute::proxy {

namespace {

std::uint64_t LittleEndian(std::string_view bytes) {
  std::uint64_t value = 0;
  for (std::size_t i = bytes.size(); i-- > 0;) value = (value << 8) | static_cast<std::uint8_t>(bytes[i]);
  return value;
}

void AppendLittleEndian(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

}  // namespace

std::string_view PacketReader::Fixed(std::size_t size) {
  if (size > remaining()) throw MalformedPacket("packet ends inside a field");
  std::string_view field = data_.substr(offset_, size);
  offset_ += size;
  return field;
}

std::uint8_t PacketReader::PeekU8() const {
  if (done()) throw MalformedPacket("packet ends inside a field");
  return static_cast<std::uint8_t>(data_[offset_]);
}

std::uint8_t PacketReader::U8() { return static_cast<std::uint8_t>(Fixed(1)[0]); }
std::uint16_t PacketReader::U16() { return static_cast<std::uint16_t>(LittleEndian(Fixed(2))); }
std::uint32_t PacketReader::U24() { return static_cast<std::uint32_t>(LittleEndian(Fixed(3))); }
std::uint32_t PacketReader::U32() { return static_cast<std::uint32_t>(LittleEndian(Fixed(4))); }
std::uint64_t PacketReader::U64() { return LittleEndian(Fixed(8)); }

std::optional<std::uint64_t> PacketReader::LengthEncoded() {
  std::uint8_t first = U8();
  if (first < 0xfb) return first;
  switch (first) {
    case 0xfb: return std::nullopt;
    case 0xfc: return U16();
    case 0xfd: return U24();
    case 0xfe: return U64();
    default: throw MalformedPacket("invalid length-encoded integer");
  }
}

std::string_view PacketReader::LengthEncodedString() {
  std::optional<std::uint64_t> size = LengthEncoded();
  if (!size) throw MalformedPacket("NULL where a string is expected");
  if (*size > remaining()) throw MalformedPacket("string runs past the packet");
  return Fixed(static_cast<std::size_t>(*size));
}

std::string_view PacketReader::NulTerminated() {
  const void* end = std::memchr(data_.data() + offset_, 0, remaining());
  if (end == nullptr) throw MalformedPacket("string without its terminating NUL");
  std::size_t size = static_cast<const char*>(end) - (data_.data() + offset_);
  std::string_view text = Fixed(size);
  Skip(1);
  return text;
}

std::string_view PacketReader::Rest() { return Fixed(remaining()); }

PacketWriter& PacketWriter::U8(std::uint8_t value) { payload_.push_back(static_cast<char>(value)); return *this; }
PacketWriter& PacketWriter::U16(std::uint16_t value) { AppendLittleEndian(payload_, value, 2); return *this; }
PacketWriter& PacketWriter::U24(std::uint32_t value) { AppendLittleEndian(payload_, value, 3); return *this; }
PacketWriter& PacketWriter::U32(std::uint32_t value) { AppendLittleEndian(payload_, value, 4); return *this; }
PacketWriter& PacketWriter::U64(std::uint64_t value) { AppendLittleEndian(payload_, value, 8); return *this; }

PacketWriter& PacketWriter::LengthEncoded(std::uint64_t value) {
  if (value < 0xfb) return U8(static_cast<std::uint8_t>(value));
  if (value <= 0xffff) return U8(0xfc).U16(static_cast<std::uint16_t>(value));
  if (value <= 0xffffff) return U8(0xfd).U24(static_cast<std::uint32_t>(value));
  return U8(0xfe).U64(value);
}

PacketWriter& PacketWriter::LengthEncodedString(std::string_view text) {
  return LengthEncoded(text.size()).Bytes(text);
}

PacketWriter& PacketWriter::NulTerminated(std::string_view text) { return Bytes(text).U8(0); }

PacketWriter& PacketWriter::Bytes(std::string_view bytes) {
  payload_.append(bytes.data(), bytes.size());
  return *this;
}

PacketWriter& PacketWriter::Zeros(std::size_t count) {
  payload_.append(count, '\0');
  return *this;
}

void AppendFrames(std::string& out, std::string_view payload, std::uint8_t& sequence) {
  std::size_t offset = 0;
  while (true) {
    std::size_t size = std::min(payload.size() - offset, kMaxFramePayload);
    AppendLittleEndian(out, size, 3);
    out.push_back(static_cast<char>(sequence++));
    out.append(payload.data() + offset, size);
    offset += size;
    if (size < kMaxFramePayload) return;
  }
}

FrameDecoder::Status FrameDecoder::Next(std::string& payload, std::uint8_t& sequence) {
  // Walk the frames of one payload without consuming them until the last one is here.
  std::size_t offset = 0;
  std::size_t total = 0;
  std::optional<std::uint8_t> previous;
  while (true) {
    if (buffer_.size() - offset < 4) return Status::NeedMore;
    std::size_t size = LittleEndian(std::string_view(buffer_).substr(offset, 3));
    std::uint8_t id = static_cast<std::uint8_t>(buffer_[offset + 3]);
    if (previous && id != static_cast<std::uint8_t>(*previous + 1)) return Status::OutOfSequence;
    previous = id;
    total += size;
    if (total > max_payload_) return Status::TooLarge;
    if (buffer_.size() - offset - 4 < size) return Status::NeedMore;
    offset += 4 + size;
    if (size < kMaxFramePayload) break;
  }
  payload.clear();
  payload.reserve(total);
  std::size_t read = 0;
  while (read < offset) {
    std::size_t size = LittleEndian(std::string_view(buffer_).substr(read, 3));
    payload.append(buffer_, read + 4, size);
    read += 4 + size;
  }
  sequence = *previous;
  buffer_.erase(0, offset);
  return Status::Ready;
}

}  // namespace sqlroute::proxy
