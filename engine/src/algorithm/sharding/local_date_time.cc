#include "algorithm/sharding/local_date_time.h"

#include <algorithm>
#include <cctype>

namespace sqlroute::algorithm {
namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;

int64_t FloorDiv(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }
int64_t FloorMod(int64_t a, int64_t b) { return a - FloorDiv(a, b) * b; }

}  // namespace

bool IsLeapYear(int64_t year) { return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0; }

int DaysInMonth(int64_t year, int month) {
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return month == 2 && IsLeapYear(year) ? 29 : kDays[month - 1];
}

int64_t LocalDateTime::EpochDay() const {
  // Howard Hinnant's days_from_civil.
  int64_t y = year - (month <= 2);
  int64_t era = FloorDiv(y, 400);
  int64_t yoe = y - era * 400;
  int64_t doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

int64_t LocalDateTime::EpochSecond() const { return EpochDay() * 86400 + hour * 3600 + minute * 60 + second; }

LocalDateTime LocalDateTime::FromEpochSecond(int64_t epoch_second, int nano) {
  int64_t days = FloorDiv(epoch_second, 86400);
  int64_t seconds = FloorMod(epoch_second, 86400);
  int64_t z = days + 719468;
  int64_t era = FloorDiv(z, 146097);
  int64_t doe = z - era * 146097;
  int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  int64_t mp = (5 * doy + 2) / 153;
  LocalDateTime result;
  result.day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  result.month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  result.year = yoe + era * 400 + (result.month <= 2);
  result.hour = static_cast<int>(seconds / 3600);
  result.minute = static_cast<int>(seconds / 60 % 60);
  result.second = static_cast<int>(seconds % 60);
  result.nano = nano;
  return result;
}

std::optional<ChronoUnit> ParseChronoUnit(const std::string& name) {
  static const std::pair<const char*, ChronoUnit> kNames[] = {
      {"nanos", ChronoUnit::Nanos},         {"micros", ChronoUnit::Micros}, {"millis", ChronoUnit::Millis},
      {"seconds", ChronoUnit::Seconds},     {"minutes", ChronoUnit::Minutes}, {"hours", ChronoUnit::Hours},
      {"halfdays", ChronoUnit::HalfDays},   {"days", ChronoUnit::Days},     {"weeks", ChronoUnit::Weeks},
      {"months", ChronoUnit::Months},       {"years", ChronoUnit::Years},   {"decades", ChronoUnit::Decades},
      {"centuries", ChronoUnit::Centuries}, {"millennia", ChronoUnit::Millennia}};
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  for (const auto& each : kNames) {
    if (lower == each.first) return each.second;
  }
  return std::nullopt;
}

int64_t FixedUnitNanos(ChronoUnit unit) {
  switch (unit) {
    case ChronoUnit::Nanos: return 1;
    case ChronoUnit::Micros: return 1000;
    case ChronoUnit::Millis: return 1'000'000;
    case ChronoUnit::Seconds: return kNanosPerSecond;
    case ChronoUnit::Minutes: return 60 * kNanosPerSecond;
    case ChronoUnit::Hours: return 3600 * kNanosPerSecond;
    case ChronoUnit::HalfDays: return 43200 * kNanosPerSecond;
    case ChronoUnit::Days: return 86400 * kNanosPerSecond;
    case ChronoUnit::Weeks: return 7 * 86400 * kNanosPerSecond;
    default: return 0;
  }
}

int64_t UnitMonths(ChronoUnit unit) {
  switch (unit) {
    case ChronoUnit::Months: return 1;
    case ChronoUnit::Years: return 12;
    case ChronoUnit::Decades: return 120;
    case ChronoUnit::Centuries: return 1200;
    case ChronoUnit::Millennia: return 12000;
    default: return 0;
  }
}

LocalDateTime Plus(const LocalDateTime& time, int64_t amount, ChronoUnit unit) {
  if (int64_t months = UnitMonths(unit)) {
    int64_t total = time.year * 12 + (time.month - 1) + amount * months;
    LocalDateTime result = time;
    result.year = FloorDiv(total, 12);
    result.month = static_cast<int>(FloorMod(total, 12)) + 1;
    result.day = std::min(time.day, DaysInMonth(result.year, result.month));
    return result;
  }
  __int128 nanos = static_cast<__int128>(amount) * FixedUnitNanos(unit) + time.nano;
  auto seconds = static_cast<int64_t>(nanos / kNanosPerSecond);
  auto nano = static_cast<int64_t>(nanos % kNanosPerSecond);
  if (nano < 0) {
    nano += kNanosPerSecond;
    --seconds;
  }
  return LocalDateTime::FromEpochSecond(time.EpochSecond() + seconds, static_cast<int>(nano));
}

}  // namespace sqlroute::algorithm
