#pragma once
// MySQL client/server packets: the 4-byte frame (3-byte length, sequence id), payloads of
// 16 MiB - 1 bytes and more split over several frames, and the integer and string encodings
// payloads are made of (fixed-width little-endian, length-encoded, NUL-terminated).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sqlroute::proxy {

inline constexpr std::size_t kMaxFramePayload = 0xffffff;

// A payload that ends before a field it announces, or holds an impossible value.
class MalformedPacket : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Reads the fields of one payload in order; throws MalformedPacket when it runs past the end.
class PacketReader {
 public:
  explicit PacketReader(std::string_view payload) : data_(payload) {}

  std::uint8_t U8();
  std::uint16_t U16();
  std::uint32_t U24();
  std::uint32_t U32();
  std::uint64_t U64();
  // A length-encoded integer; nullopt for the NULL marker 0xfb.
  std::optional<std::uint64_t> LengthEncoded();
  std::string_view LengthEncodedString();
  std::string_view NulTerminated();
  std::string_view Fixed(std::size_t size);
  std::string_view Rest();
  // The next byte, left unread.
  std::uint8_t PeekU8() const;
  void Skip(std::size_t size) { Fixed(size); }

  std::size_t remaining() const { return data_.size() - offset_; }
  bool done() const { return remaining() == 0; }

 private:
  std::string_view data_;
  std::size_t offset_ = 0;
};

// Appends fields to a payload.
class PacketWriter {
 public:
  PacketWriter& U8(std::uint8_t value);
  PacketWriter& U16(std::uint16_t value);
  PacketWriter& U24(std::uint32_t value);
  PacketWriter& U32(std::uint32_t value);
  PacketWriter& U64(std::uint64_t value);
  PacketWriter& LengthEncoded(std::uint64_t value);
  PacketWriter& LengthEncodedString(std::string_view text);
  PacketWriter& NulTerminated(std::string_view text);
  PacketWriter& Bytes(std::string_view bytes);
  PacketWriter& Zeros(std::size_t count);

  const std::string& payload() const { return payload_; }
  std::string Take() { return std::move(payload_); }

 private:
  std::string payload_;
};

// Appends `payload` to `out` as frames numbered from `sequence` on (which is advanced): a
// payload of kMaxFramePayload bytes or more goes in full frames followed by a shorter one,
// empty when the size is an exact multiple.
void AppendFrames(std::string& out, std::string_view payload, std::uint8_t& sequence);

// Reassembles payloads from the bytes a connection receives.
class FrameDecoder {
 public:
  enum class Status { NeedMore, Ready, TooLarge, OutOfSequence };

  explicit FrameDecoder(std::size_t max_payload) : max_payload_(max_payload) {}
  void set_max_payload(std::size_t max_payload) { max_payload_ = max_payload; }

  void Append(const char* data, std::size_t size) { buffer_.append(data, size); }
  // Ready: `payload` holds the next whole payload and `sequence` the id of its last frame.
  // TooLarge: the payload would exceed the maximum (nothing more can be read safely).
  // OutOfSequence: a continuation frame's id does not follow the previous one.
  Status Next(std::string& payload, std::uint8_t& sequence);
  std::size_t buffered() const { return buffer_.size(); }

 private:
  std::string buffer_;
  std::size_t max_payload_;
};

}  // namespace sqlroute::proxy
