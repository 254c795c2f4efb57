#include "algorithm/sharding/datetime_pattern.h"

#include <algorithm>
#include <cctype>

#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

unsigned FieldOf(char letter) {
  switch (letter) {
    case 'y': return kYearField;
    case 'M': return kMonthField;
    case 'd': return kDayField;
    case 'H': return kHourField;
    case 'm': return kMinuteField;
    case 's': return kSecondField;
    case 'S': return kFractionField;
    default: return 0;
  }
}

std::string Padded(int64_t number, int width) {
  std::string text = std::to_string(number);
  if (static_cast<int>(text.size()) < width) text.insert(0, width - text.size(), '0');
  return text;
}

}  // namespace

DateTimePattern::DateTimePattern(std::string_view pattern) : pattern_(pattern) {
  for (std::size_t i = 0; i < pattern.size();) {
    char c = pattern[i];
    if (c == '\'') {
      std::string literal;
      std::size_t j = i + 1;
      for (;; ++j) {
        if (j >= pattern.size()) throw Error(Message<msg::PatternUnterminatedQuote>(arg::pattern = pattern_));
        if (pattern[j] != '\'') {
          literal += pattern[j];
        } else if (j + 1 < pattern.size() && pattern[j + 1] == '\'') {
          literal += '\'';
          ++j;
        } else {
          break;
        }
      }
      if (j == i + 1) literal = "'";  // '' is a single quote
      elements_.push_back({0, 0, literal});
      i = j + 1;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      if (c == '[' || c == ']' || c == '{' || c == '}' || c == '#') {
        throw Error(Message<msg::PatternUnsupportedCharacter>(arg::character = c, arg::pattern = pattern_));
      }
      elements_.push_back({0, 0, std::string(1, c)});
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < pattern.size() && pattern[j] == c) ++j;
    int count = static_cast<int>(j - i);
    char letter = c == 'u' ? 'y' : c;
    unsigned field = FieldOf(letter);
    bool supported = field != 0 && (letter == 'S' ? count <= 9 : letter == 'y' ? count <= 4 && count != 3 : count <= 2);
    if (!supported) {
      throw Error(
          Message<msg::PatternUnsupportedLetters>(arg::letters = pattern.substr(i, count), arg::pattern = pattern_));
    }
    fields_ |= field;
    elements_.push_back({letter, count, ""});
    i = j;
  }
}

std::string DateTimePattern::Format(const LocalDateTime& time) const {
  std::string result;
  for (const auto& each : elements_) {
    switch (each.letter) {
      case 0: result += each.literal; break;
      case 'y': result += each.count == 2 ? Padded(((time.year % 100) + 100) % 100, 2) : Padded(time.year, each.count); break;
      case 'M': result += Padded(time.month, each.count); break;
      case 'd': result += Padded(time.day, each.count); break;
      case 'H': result += Padded(time.hour, each.count); break;
      case 'm': result += Padded(time.minute, each.count); break;
      case 's': result += Padded(time.second, each.count); break;
      case 'S': result += Padded(time.nano, 9).substr(0, each.count); break;
    }
  }
  return result;
}

std::optional<LocalDateTime> DateTimePattern::Parse(std::string_view text, bool allow_trailing) const {
  LocalDateTime result;
  std::size_t position = 0;
  for (std::size_t index = 0; index < elements_.size(); ++index) {
    const Element& each = elements_[index];
    if (each.letter == 0) {
      if (text.substr(position, each.literal.size()) != each.literal) return std::nullopt;
      position += each.literal.size();
      continue;
    }
    // Widths: one letter = 1..2 digits, else exactly `count`; a lone "yyyy" may take more digits.
    bool next_is_number = index + 1 < elements_.size() && elements_[index + 1].letter != 0;
    int min_width = each.count;
    int max_width = each.count == 1 ? 2 : each.count;
    if (each.letter == 'y' && each.count != 2) max_width = next_is_number ? each.count : 9;
    if (each.letter == 'S') max_width = each.count;
    int64_t number = 0;
    int width = 0;
    while (width < max_width && position < text.size() && std::isdigit(static_cast<unsigned char>(text[position]))) {
      number = number * 10 + (text[position] - '0');
      ++width;
      ++position;
    }
    if (width < min_width) return std::nullopt;
    switch (each.letter) {
      case 'y': result.year = each.count == 2 ? 2000 + number : number; break;
      case 'M': result.month = static_cast<int>(number); break;
      case 'd': result.day = static_cast<int>(number); break;
      case 'H': result.hour = static_cast<int>(number); break;
      case 'm': result.minute = static_cast<int>(number); break;
      case 's': result.second = static_cast<int>(number); break;
      case 'S': {
        for (int k = width; k < 9; ++k) number *= 10;
        result.nano = static_cast<int>(number);
        break;
      }
    }
  }
  if (!allow_trailing && position != text.size()) return std::nullopt;
  bool valid = result.month >= 1 && result.month <= 12 && result.day >= 1 && result.day <= 31 && result.hour <= 23 &&
               result.minute <= 59 && result.second <= 59;
  if (!valid) return std::nullopt;
  result.day = std::min(result.day, DaysInMonth(result.year, result.month));
  return result;
}

}  // namespace sqlroute::algorithm
