#pragma once
// The subset of java.time.format.DateTimeFormatter patterns the datetime algorithms use:
// y/u (year; "yy" is 2000-based), M, d, H, m, s (one letter = 1-2 digits, two = exactly 2),
// S..S (fraction digits), 'quoted' literals and any non-letter as literal text. Parsing resolves
// like ResolverStyle.SMART: a day past the month's end is clamped to its last day.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithm/sharding/local_date_time.h"

namespace sqlroute::algorithm {

enum DateTimeField : unsigned {
  kYearField = 1,
  kMonthField = 2,
  kDayField = 4,
  kHourField = 8,
  kMinuteField = 16,
  kSecondField = 32,
  kFractionField = 64,
};

class DateTimePattern {
 public:
  // Throws Error(CONFIG_ALGORITHM_PROPS) naming the unsupported part.
  explicit DateTimePattern(std::string_view pattern);

  std::string Format(const LocalDateTime& time) const;
  // Absent fields keep LocalDateTime's defaults. With allow_trailing, text after the pattern is ignored.
  std::optional<LocalDateTime> Parse(std::string_view text, bool allow_trailing = false) const;

  unsigned fields() const { return fields_; }
  const std::string& pattern() const { return pattern_; }

 private:
  struct Element {
    char letter = 0;  // 0 for literal text
    int count = 0;
    std::string literal;
  };
  std::string pattern_;
  std::vector<Element> elements_;
  unsigned fields_ = 0;
};

}  // namespace sqlroute::algorithm
