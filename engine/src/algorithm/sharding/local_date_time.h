#pragma once
// A zone-less date-time (java.time.LocalDateTime) with the calendar arithmetic the datetime
// sharding algorithms need: proleptic Gregorian calendar, nanosecond precision.
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

namespace sqlroute::algorithm {

struct LocalDateTime {
  int64_t year = 2000;
  int month = 1;
  int day = 1;
  int hour = 0;
  int minute = 0;
  int second = 0;
  int nano = 0;

  int64_t EpochDay() const;
  // Seconds since 1970-01-01T00:00:00 on this zone-less time line.
  int64_t EpochSecond() const;
  static LocalDateTime FromEpochSecond(int64_t epoch_second, int nano);

  auto Tie() const { return std::tie(year, month, day, hour, minute, second, nano); }
  friend bool operator<(const LocalDateTime& a, const LocalDateTime& b) { return a.Tie() < b.Tie(); }
  friend bool operator==(const LocalDateTime& a, const LocalDateTime& b) { return a.Tie() == b.Tie(); }
  friend bool operator<=(const LocalDateTime& a, const LocalDateTime& b) { return !(b < a); }
};

bool IsLeapYear(int64_t year);
int DaysInMonth(int64_t year, int month);

// java.time.temporal.ChronoUnit values that LocalDateTime.plus accepts.
enum class ChronoUnit { Nanos, Micros, Millis, Seconds, Minutes, Hours, HalfDays, Days, Weeks, Months, Years, Decades, Centuries, Millennia };

// Matches ChronoUnit.toString() ("Days", "HalfDays", ...) ignoring case, as IntervalShardingAlgorithm does.
std::optional<ChronoUnit> ParseChronoUnit(const std::string& name);
// Length in nanoseconds of a time-based unit (Nanos..HalfDays), Days and Weeks; 0 for month-based units.
int64_t FixedUnitNanos(ChronoUnit unit);
// Months in a month-based unit (Months..Millennia), else 0.
int64_t UnitMonths(ChronoUnit unit);

// LocalDateTime.plus(amount, unit): month-based units clamp the day to the month's length.
LocalDateTime Plus(const LocalDateTime& time, int64_t amount, ChronoUnit unit);

}  // namespace sqlroute::algorithm
