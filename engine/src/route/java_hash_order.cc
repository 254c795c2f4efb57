#include "route/java_hash_order.h"

namespace sqlroute::route {

int32_t JavaStringHash(std::string_view utf8) {
  uint32_t hash = 0;
  auto add = [&](uint32_t unit) { hash = hash * 31u + unit; };
  for (std::size_t i = 0; i < utf8.size();) {
    auto byte = static_cast<unsigned char>(utf8[i]);
    int length = byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4;
    uint32_t code = length == 1 ? byte : byte & (0x7Fu >> length);
    for (int k = 1; k < length && i + k < utf8.size(); ++k) {
      code = (code << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3Fu);
    }
    i += length;
    if (code >= 0x10000) {  // a surrogate pair
      code -= 0x10000;
      add(0xD800u + (code >> 10));
      add(0xDC00u + (code & 0x3FFu));
    } else {
      add(code);
    }
  }
  return static_cast<int32_t>(hash);
}

uint32_t JavaSpreadHash(std::string_view utf8) {
  auto hash = static_cast<uint32_t>(JavaStringHash(utf8));
  return hash ^ (hash >> 16);
}

std::size_t JavaTableSizeLoadOne(std::size_t initial_capacity, std::size_t entries) {
  std::size_t size = 1;
  while (size < initial_capacity) size <<= 1;
  while (entries > size) size <<= 1;
  return size;
}

std::size_t JavaDefaultTableSize(std::size_t entries) {
  std::size_t size = 16;
  while (entries > size / 4 * 3) size <<= 1;
  return size;
}

}  // namespace sqlroute::route
