#pragma once
// Reads structured choices (numbers, short strings) from the front of a fuzz input; whatever
// is left is the main text (SQL, expression). Running out of bytes yields zeros and "".
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace sqlroute::fuzz {

class FuzzInput {
 public:
  FuzzInput(const uint8_t* data, size_t size) : data_(data), size_(size) {}

  uint8_t Byte() { return pos_ < size_ ? data_[pos_++] : 0; }

  template <typename T>
  T Number() {
    T value{};
    size_t n = sizeof(T) < size_ - pos_ ? sizeof(T) : size_ - pos_;
    std::memcpy(&value, data_ + pos_, n);
    pos_ += n;
    return value;
  }

  // A string of Byte() bytes.
  std::string ShortString() {
    size_t n = Byte();
    if (n > size_ - pos_) n = size_ - pos_;
    std::string text(reinterpret_cast<const char*>(data_ + pos_), n);
    pos_ += n;
    return text;
  }

  std::string_view Rest() const {
    return {reinterpret_cast<const char*>(data_ + pos_), size_ - pos_};
  }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_ = 0;
};

}  // namespace sqlroute::fuzz
