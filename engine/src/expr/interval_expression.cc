#include "expr/interval_expression.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "expr/inline_errors.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

enum class Unit { Seconds, Minutes, Hours, Days, Weeks, Months, Years };

struct DateTime {
  int64_t year = 1970;
  int month = 1, day = 1, hour = 0, minute = 0, second = 0;
};

struct PatternField {
  char letter = 0;  // 0 for literal text
  int width = 0;
  std::string literal;
};

std::string Upper(std::string_view text) {
  std::string result(text);
  for (char& c : result) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return result;
}

bool IsLeap(int64_t year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int DaysInMonth(int64_t year, int month) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && IsLeap(year) ? 29 : kDays[month - 1];
}

// Days since 1970-01-01 in the proleptic Gregorian calendar, and back.
int64_t DaysFromCivil(int64_t y, int m, int d) {
  y -= m <= 2;
  int64_t era = (y >= 0 ? y : y - 399) / 400;
  int64_t year_of_era = y - era * 400;
  int64_t day_of_year = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  int64_t day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return era * 146097 + day_of_era - 719468;
}

void CivilFromDays(int64_t days, DateTime* t) {
  days += 719468;
  int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  int64_t day_of_era = days - era * 146097;
  int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  int64_t mp = (5 * day_of_year + 2) / 153;
  t->day = static_cast<int>(day_of_year - (153 * mp + 2) / 5 + 1);
  t->month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  t->year = year_of_era + era * 400 + (t->month <= 2);
}

int64_t EpochSeconds(const DateTime& t) {
  return DaysFromCivil(t.year, t.month, t.day) * 86400 + t.hour * 3600 + t.minute * 60 + t.second;
}

DateTime Plus(DateTime t, int64_t amount, Unit unit) {
  if (unit == Unit::Years || unit == Unit::Months) {  // day clamped to the month's end, like Java
    int64_t months = t.year * 12 + (t.month - 1) + amount * (unit == Unit::Years ? 12 : 1);
    t.year = months >= 0 ? months / 12 : (months - 11) / 12;
    t.month = static_cast<int>(months - t.year * 12) + 1;
    t.day = std::min(t.day, DaysInMonth(t.year, t.month));
    return t;
  }
  // Never destroyed: other threads may still read it while exit() runs.
  static const auto& kSeconds = *new const std::map<Unit, int64_t>{
      {Unit::Seconds, 1}, {Unit::Minutes, 60}, {Unit::Hours, 3600}, {Unit::Days, 86400}, {Unit::Weeks, 604800}};
  int64_t seconds = EpochSeconds(t) + amount * kSeconds.at(unit);
  int64_t days = seconds >= 0 ? seconds / 86400 : (seconds - 86399) / 86400;
  int64_t rest = seconds - days * 86400;
  CivilFromDays(days, &t);
  t.hour = static_cast<int>(rest / 3600);
  t.minute = static_cast<int>(rest / 60 % 60);
  t.second = static_cast<int>(rest % 60);
  return t;
}

class IntervalExpander {
 public:
  IntervalExpander(std::string_view expression, size_t body_offset) : expression_(expression) {
    std::string_view body = expression.substr(body_offset);
    while (!body.empty()) {
      size_t end = body.find(';');
      std::string_view entry = body.substr(0, end);
      size_t equals = entry.find('=');
      if (equals == std::string_view::npos) Fail(Message<msg::IntervalEntryNotKeyValue>(arg::entry = entry));
      std::string key = Upper(entry.substr(0, equals));
      if (key != "P" && key != "SP" && key != "DIA" && key != "DIU" && key != "DL" && key != "DU" && key != "C") {
        Fail(Message<msg::IntervalUnknownKey>(arg::key = entry.substr(0, equals)));
      }
      props_[key] = std::string(entry.substr(equals + 1));
      body = end == std::string_view::npos ? std::string_view() : body.substr(end + 1);
    }
  }

  std::vector<std::string> Expand() {
    for (const char* key : {"SP", "DL", "DU"}) {
      if (!props_.count(key)) Fail(Message<msg::IntervalKeyMissing>(arg::key = key));
    }
    if (props_.count("C") && Upper(props_["C"]) != "ISO")
      Fail(Message<msg::IntervalChronology>(arg::chronology = props_["C"]));
    ParsePattern(props_["SP"]);
    int64_t amount = ParseAmount(props_.count("DIA") ? props_["DIA"] : "1");
    Unit unit = ParseUnit(props_.count("DIU") ? props_["DIU"] : "Days");
    DateTime lower = ParseTime(props_["DL"]), upper = ParseTime(props_["DU"]);
    std::vector<std::string> result;
    for (DateTime t = lower; EpochSeconds(t) <= EpochSeconds(upper); t = Plus(t, amount, unit)) {
      if (result.size() >= kMaxExpandedItems) Fail(Message<msg::InlineTooManyItems>());
      result.push_back(props_["P"] + Format(t));
    }
    return result;
  }

 private:
  [[noreturn]] void Fail(const ErrorText& detail) { ThrowInvalid(expression_, detail); }

  void ParsePattern(const std::string& pattern) {
    for (size_t i = 0; i < pattern.size();) {
      char c = pattern[i];
      if (c == '\'') {
        size_t close = pattern.find('\'', i + 1);
        if (close == std::string::npos) Fail(Message<msg::IntervalPatternQuote>(arg::pattern = pattern));
        fields_.push_back({0, 0, close == i + 1 ? "'" : pattern.substr(i + 1, close - i - 1)});
        i = close + 1;
      } else if (std::isalpha(static_cast<unsigned char>(c))) {
        if (std::string_view("yMdHms").find(c) == std::string_view::npos) {
          Fail(Message<msg::IntervalPatternLetter>(arg::letter = c));
        }
        size_t end = i;
        while (end < pattern.size() && pattern[end] == c) ++end;
        fields_.push_back({c, static_cast<int>(end - i), ""});
        finest_ = std::max(finest_, static_cast<int>(std::string_view("yMdHms").find(c)));
        i = end;
      } else {
        fields_.push_back({0, 0, std::string(1, c)});
        ++i;
      }
    }
  }

  int64_t ParseAmount(const std::string& text) {
    if (text.empty() || text.size() > 9 || text.find_first_not_of("0123456789") != std::string::npos || std::stoll(text) == 0) {
      Fail(Message<msg::IntervalAmountInvalid>(arg::amount = text));
    }
    return std::stoll(text);
  }

  Unit ParseUnit(const std::string& text) {
  // Never destroyed: other threads may still read it while exit() runs.
    static const auto& kUnits = *new const std::map<std::string, std::pair<Unit, int>>{  // unit and the pattern field it needs
        {"SECONDS", {Unit::Seconds, 5}}, {"MINUTES", {Unit::Minutes, 4}}, {"HOURS", {Unit::Hours, 3}},
        {"DAYS", {Unit::Days, 2}},       {"WEEKS", {Unit::Weeks, 2}},     {"MONTHS", {Unit::Months, 1}},
        {"YEARS", {Unit::Years, 0}}};
    auto found = kUnits.find(Upper(text));
    if (found == kUnits.end()) Fail(Message<msg::IntervalUnitUnsupported>(arg::unit = text));
    if (found->second.second > finest_)
      Fail(Message<msg::IntervalStepTooFine>(arg::unit = text, arg::pattern = props_["SP"]));
    return found->second.first;
  }

  DateTime ParseTime(const std::string& text) {
    DateTime t;
    size_t pos = 0;
    for (const PatternField& field : fields_) {
      if (field.letter == 0) {
        if (text.compare(pos, field.literal.size(), field.literal) != 0) BadTime(text);
        pos += field.literal.size();
        continue;
      }
      size_t end = pos;
      size_t limit = field.width == 1 ? text.size() : pos + field.width;
      while (end < text.size() && end < limit && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
      if (end == pos || (field.width > 1 && end != limit) || end - pos > 9) BadTime(text);
      int64_t value = std::stoll(text.substr(pos, end - pos));
      pos = end;
      switch (field.letter) {
        case 'y': t.year = field.width == 2 ? 2000 + value : value; break;
        case 'M': t.month = static_cast<int>(value); break;
        case 'd': t.day = static_cast<int>(value); break;
        case 'H': t.hour = static_cast<int>(value); break;
        case 'm': t.minute = static_cast<int>(value); break;
        default: t.second = static_cast<int>(value); break;
      }
    }
    if (pos != text.size() || t.month < 1 || t.month > 12 || t.day < 1 || t.day > DaysInMonth(t.year, t.month) ||
        t.hour > 23 || t.minute > 59 || t.second > 59) {
      BadTime(text);
    }
    return t;
  }

  [[noreturn]] void BadTime(const std::string& text) {
    Fail(Message<msg::IntervalValueMismatch>(arg::value = text, arg::pattern = props_["SP"]));
  }

  std::string Format(const DateTime& t) const {
    std::string out;
    for (const PatternField& field : fields_) {
      if (field.letter == 0) {
        out += field.literal;
        continue;
      }
      int64_t value = 0;
      switch (field.letter) {
        case 'y': value = field.width == 2 ? t.year % 100 : t.year; break;
        case 'M': value = t.month; break;
        case 'd': value = t.day; break;
        case 'H': value = t.hour; break;
        case 'm': value = t.minute; break;
        default: value = t.second; break;
      }
      std::string digits = std::to_string(value);
      if (static_cast<int>(digits.size()) < field.width) digits.insert(0, field.width - digits.size(), '0');
      out += digits;
    }
    return out;
  }

  std::string_view expression_;
  std::map<std::string, std::string> props_;
  std::vector<PatternField> fields_;
  int finest_ = -1;  // index in "yMdHms" of the finest field in the pattern
};

}  // namespace

std::vector<std::string> ExpandIntervalList(std::string_view expression, size_t body_offset) {
  return IntervalExpander(expression, body_offset).Expand();
}

}  // namespace sqlroute::expr
