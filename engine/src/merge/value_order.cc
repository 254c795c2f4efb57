#include "merge/value_order.h"

#include <algorithm>
#include <cstdint>
#include <string_view>

#include "merge/merge_numbers.h"

namespace sqlroute {
namespace {

enum class Family { Null, Number, Text, Bytes };

Family FamilyOf(const Value& value) {
  switch (value.kind()) {
    case Value::Kind::Null: return Family::Null;
    case Value::Kind::Bytes: return Family::Bytes;
    case Value::Kind::String:
    case Value::Kind::Date:
    case Value::Kind::Time:
    case Value::Kind::DateTime: return Family::Text;
    default: return Family::Number;
  }
}

template <typename T>
int Sign(const T& a, const T& b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int CompareNumbers(const Value& a, const Value& b) {
  bool a_small = a.kind() == Value::Kind::Int || a.kind() == Value::Kind::Long || a.kind() == Value::Kind::Bool;
  bool b_small = b.kind() == Value::Kind::Int || b.kind() == Value::Kind::Long || b.kind() == Value::Kind::Bool;
  if (a_small && b_small) return Sign(a.int_value(), b.int_value());
  if (a.kind() != Value::Kind::Double && b.kind() != Value::Kind::Double) {
    auto x = merge::ExactNumber(a);
    auto y = merge::ExactNumber(b);
    if (x && y) return expr::Compare(*x, *y);
  }
  return Sign(merge::ApproximateNumber(a).value_or(0.0), merge::ApproximateNumber(b).value_or(0.0));
}

// Decodes one UTF-8 code point at `at`; malformed bytes stand for themselves.
uint32_t NextCodePoint(std::string_view text, std::size_t& at) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(at);
  int length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
  if (at + static_cast<std::size_t>(length) > text.size()) length = 1;
  uint32_t code = length == 1 ? lead : lead & (0x7F >> length);
  for (int i = 1; i < length; ++i) {
    unsigned char next = byte(at + static_cast<std::size_t>(i));
    if ((next & 0xC0) != 0x80) {
      length = 1;
      code = lead;
      break;
    }
    code = (code << 6) | (next & 0x3F);
  }
  at += static_cast<std::size_t>(length);
  return code;
}

// utf8mb4_general_ci weights: upper case, Latin-1 accents folded to their base letter,
// characters beyond the BMP all equal.
uint32_t GeneralCiWeight(uint32_t code) {
  static const char kLatin1[] = "AAAAAA\xC6" "CEEEEIIII\xD0NOOOOO\xD7\xD8UUUUY\xDES"   // 0xC0-0xDF
                                "AAAAAA\xC6" "CEEEEIIII\xD0NOOOOO\xF7\xD8UUUUY\xDEY";  // 0xE0-0xFF
  if (code >= 'a' && code <= 'z') return code - 'a' + 'A';
  if (code >= 0xC0 && code <= 0xFF) return static_cast<unsigned char>(kLatin1[code - 0xC0]);
  if (code > 0xFFFF) return 0xFFFD;
  return code;
}

// PAD SPACE: the shorter string compares as if padded with spaces.
int CompareGeneralCi(std::string_view a, std::string_view b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() || j < b.size()) {
    uint32_t x = i < a.size() ? GeneralCiWeight(NextCodePoint(a, i)) : ' ';
    uint32_t y = j < b.size() ? GeneralCiWeight(NextCodePoint(b, j)) : ' ';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

int CompareBytes(std::string_view a, std::string_view b) {
  int result = a.compare(b);
  return result < 0 ? -1 : (result > 0 ? 1 : 0);
}

}  // namespace

int CompareForMerge(const Value& a, const Value& b, Collation collation) {
  Family x = FamilyOf(a);
  Family y = FamilyOf(b);
  if (x == Family::Null || y == Family::Null) return Sign(y == Family::Null, x == Family::Null);
  if (x == Family::Number || y == Family::Number) return CompareNumbers(a, b);
  if (x == Family::Text && y == Family::Text && collation == Collation::GeneralCi) {
    return CompareGeneralCi(a.text(), b.text());
  }
  return CompareBytes(a.text(), b.text());
}

namespace merge {

int CompareRows(const Row& a, const Row& b, const std::vector<SortKey>& keys, Collation collation) {
  for (const SortKey& key : keys) {
    int result = CompareForMerge(a[key.index], b[key.index], collation);
    if (result != 0) return key.descending ? -result : result;
  }
  return 0;
}

bool RowLess::operator()(const Row& a, const Row& b) const {
  std::size_t size = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < size; ++i) {
    int result = CompareForMerge(a[i], b[i], collation);
    if (result != 0) return result < 0;
  }
  return a.size() < b.size();
}

}  // namespace merge
}  // namespace sqlroute
