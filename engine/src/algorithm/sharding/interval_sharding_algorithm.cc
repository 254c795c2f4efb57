#include "algorithm/sharding/interval_sharding_algorithm.h"

#include <ctime>
#include <limits>
#include <memory>
#include <set>

#include "algorithm/sharding/algorithm_props.h"
#include "algorithm/sharding/datetime_pattern.h"
#include "algorithm/sharding/local_date_time.h"
#include "algorithm/sharding/sharding_values.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

constexpr const char* kType = "INTERVAL";
constexpr unsigned kDateFields = kYearField | kMonthField | kDayField;
constexpr unsigned kTimeFields = kHourField | kMinuteField | kSecondField | kFractionField;

__int128 EpochNanos(const LocalDateTime& time) {
  return static_cast<__int128>(time.EpochSecond()) * 1'000'000'000 + time.nano;
}

// One end of a range on the time line.
struct Bound {
  LocalDateTime time;
  bool closed;
};

// Whether [start, end) meets the range from `lower` to `upper` in at least one instant.
bool Intersects(const LocalDateTime& start, const LocalDateTime& end, const Bound& lower, const Bound& upper) {
  Bound from = lower.time < start ? Bound{start, true} : start < lower.time ? lower : Bound{start, lower.closed};
  Bound to = end < upper.time ? Bound{end, false} : upper.time < end ? upper : Bound{end, false};
  return from.time < to.time || (from.time == to.time && from.closed && to.closed);
}

// The java.time type the pattern resolves to decides which fields exist and which units apply.
unsigned SupportedFields(unsigned pattern_fields) {
  if ((pattern_fields & kHourField) && (pattern_fields & kDateFields)) return kDateFields | kTimeFields;  // LocalDateTime
  if (pattern_fields & kHourField) return kTimeFields;                                                 // LocalTime
  if (pattern_fields & kDayField) return kDateFields;                                                  // LocalDate
  return pattern_fields & (kYearField | kMonthField);                                                  // YearMonth, Year, Month
}

bool UnitApplies(unsigned supported, ChronoUnit unit) {
  int64_t nanos = FixedUnitNanos(unit);
  int64_t day = FixedUnitNanos(ChronoUnit::Days);
  if (!(supported & kDateFields)) return nanos != 0 && nanos < day;  // LocalTime: up to HalfDays
  if (supported & kHourField) return true;
  if (supported & kDayField) return nanos == 0 || nanos >= day;
  if (supported & kMonthField) return nanos == 0;
  return UnitMonths(unit) >= 12;
}

class IntervalShardingAlgorithm : public StandardShardingAlgorithm {
 public:
  IntervalShardingAlgorithm(DateTimePattern pattern, DateTimePattern suffix_pattern, LocalDateTime lower,
                            LocalDateTime upper, int64_t amount, ChronoUnit unit)
      : pattern_(std::move(pattern)), suffix_pattern_(std::move(suffix_pattern)), lower_(lower), upper_(upper),
        amount_(amount), unit_(unit) {}

  std::string DoSharding(const std::vector<std::string>& available_targets, const ShardingTarget& target,
                         const Value& value) const override {
    RequireNotNull(value);
    Bound point{ToDateTime(value), true};
    auto matched = Matched(available_targets, point, point);
    return matched.empty() ? std::string() : matched.front();
  }

  std::vector<std::string> DoRangeSharding(const std::vector<std::string>& available_targets,
                                           const ShardingTarget& target, const ValueRange& range) const override {
    Bound lower = range.lower ? Bound{ToDateTime(*range.lower), range.lower_closed} : Bound{lower_, true};
    Bound upper = range.upper ? Bound{ToDateTime(*range.upper), range.upper_closed} : Bound{upper_, true};
    return Matched(available_targets, lower, upper);
  }

 private:
  std::vector<std::string> Matched(const std::vector<std::string>& available_targets, const Bound& lower,
                                   const Bound& upper) const {
    std::set<std::string> matched;
    for (LocalDateTime start = FirstCandidate(lower.time); start <= upper_ && start <= upper.time;) {
      LocalDateTime end = Plus(start, amount_, unit_);
      if (Intersects(start, end, lower, upper)) {
        std::string suffix = suffix_pattern_.Format(start);
        for (const auto& each : available_targets) {
          if (each.size() >= suffix.size() && each.compare(each.size() - suffix.size(), suffix.size(), suffix) == 0) {
            matched.insert(each);
          }
        }
        if (matched.size() == available_targets.size()) break;
      }
      start = end;
    }
    return InAvailableOrder(available_targets, matched);
  }

  // A start a little before the query's lower end, skipping the intervals that cannot meet it.
  // Month steps from a day past 28 drift (Jan 31 → Feb 28 → Mar 28), so those are walked from the start.
  LocalDateTime FirstCandidate(const LocalDateTime& query_lower) const {
    if (!(lower_ < query_lower)) return lower_;
    int64_t skipped = 0;
    if (int64_t nanos = FixedUnitNanos(unit_)) {
      skipped = static_cast<int64_t>((EpochNanos(query_lower) - EpochNanos(lower_)) / (static_cast<__int128>(nanos) * amount_));
    } else if (lower_.day <= 28) {
      int64_t months = (query_lower.year - lower_.year) * 12 + (query_lower.month - lower_.month);
      skipped = months / (UnitMonths(unit_) * amount_);
    }
    return skipped > 1 ? Plus(lower_, (skipped - 1) * amount_, unit_) : lower_;
  }

  // The value as text in the datetime pattern (temporal values are formatted with it, others use
  // their Java text), cut to the pattern's length or parsed with an equally long prefix of the pattern.
  LocalDateTime ToDateTime(const Value& value) const {
    RequireNotNull(value);
    std::string text;
    if (value.is_temporal()) {
      text = pattern_.Format(TemporalFields(value));
    } else if (value.kind() != Value::Kind::Bytes) {
      text = value.ToJavaString();
    } else {
      Invalid(value);
    }
    const std::string& pattern = pattern_.pattern();
    std::optional<LocalDateTime> parsed;
    if (text.size() >= pattern.size()) {
      parsed = pattern_.Parse(std::string_view(text).substr(0, pattern.size()));
    } else {
      try {
        parsed = DateTimePattern(pattern.substr(0, text.size())).Parse(text);
      } catch (const Error&) {
        Invalid(value);
      }
    }
    if (!parsed) Invalid(value);
    return *parsed;
  }

  LocalDateTime TemporalFields(const Value& value) const {
    static const DateTimePattern kDateTime("yyyy-MM-dd HH:mm:ss");
    static const DateTimePattern kDate("yyyy-MM-dd");
    static const DateTimePattern kTime("HH:mm:ss");
    const std::string& text = value.text();
    bool is_time = value.kind() == Value::Kind::Time;
    if (is_time && (pattern_.fields() & kDateFields)) Invalid(value);
    auto parsed = value.kind() == Value::Kind::Date ? kDate.Parse(text) : (is_time ? kTime : kDateTime).Parse(text, true);
    if (!parsed) Invalid(value);
    auto point = text.find('.');
    if (point != std::string::npos) {
      auto fraction = text.substr(point + 1, 9);
      fraction.append(9 - fraction.size(), '0');
      auto nanos = ParseJavaLong(fraction);
      if (!nanos || *nanos < 0) Invalid(value);
      parsed->nano = static_cast<int>(*nanos);
    }
    return *parsed;
  }

  [[noreturn]] void Invalid(const Value& value) const {
    throw Error(Message<msg::ShardingValueNotDatetime>(arg::value = value.ToDisplay(), arg::algorithm = kType,
                                                       arg::pattern = pattern_.pattern()));
  }

  DateTimePattern pattern_;
  DateTimePattern suffix_pattern_;
  LocalDateTime lower_;
  LocalDateTime upper_;
  int64_t amount_;
  ChronoUnit unit_;
};

DateTimePattern CompilePattern(const AlgorithmProps& props, const std::string& key) {
  std::string text = props.RequiredText(key);
  try {
    return DateTimePattern(text);
  } catch (const Error& error) {
    props.Fail(Message<msg::PropInvalid>(arg::key = key, arg::detail = error.message()));
  }
}

LocalDateTime ParseBound(const AlgorithmProps& props, const DateTimePattern& pattern, const std::string& key) {
  std::string text = props.RequiredText(key);
  auto parsed = pattern.Parse(text);
  if (!parsed)
    props.Fail(Message<msg::DatetimeBoundInvalid>(arg::key = key, arg::pattern = pattern.pattern(), arg::value = text));
  return *parsed;
}

// LocalDateTime.now() in the process time zone, truncated to what the pattern keeps.
LocalDateTime Now(const DateTimePattern& pattern) {
  std::time_t seconds = std::time(nullptr);
  std::tm local{};
  localtime_r(&seconds, &local);
  LocalDateTime now{local.tm_year + 1900, local.tm_mon + 1, local.tm_mday, local.tm_hour, local.tm_min, local.tm_sec, 0};
  return *pattern.Parse(pattern.Format(now));
}

}  // namespace

ShardingAlgorithm CreateIntervalShardingAlgorithm(const Props& props, const std::string& path) {
  AlgorithmProps reader(props, path);
  DateTimePattern pattern = CompilePattern(reader, "datetime-pattern");
  unsigned fields = pattern.fields();
  bool resolvable = (fields & (kYearField | kMonthField | kHourField)) &&
                    (!(fields & (kMinuteField | kSecondField | kFractionField)) || (fields & kHourField)) &&
                    (!(fields & kDayField) || (fields & kYearField && fields & kMonthField));
  if (!resolvable) reader.Fail(Message<msg::DatetimePatternUnresolvable>(arg::pattern = pattern.pattern()));
  unsigned supported = SupportedFields(fields);
  LocalDateTime lower = ParseBound(reader, pattern, "datetime-lower");
  LocalDateTime upper = reader.Text("datetime-upper") ? ParseBound(reader, pattern, "datetime-upper") : Now(pattern);
  DateTimePattern suffix_pattern = CompilePattern(reader, "sharding-suffix-pattern");
  if (suffix_pattern.fields() & ~supported) {
    reader.Fail(Message<msg::SuffixPatternFields>(arg::suffix_pattern = suffix_pattern.pattern(),
                                                  arg::pattern = pattern.pattern()));
  }
  int64_t amount = reader.OptionalLong("datetime-interval-amount", 1, 1, std::numeric_limits<int32_t>::max());
  std::string unit_name = reader.Text("datetime-interval-unit").value_or("DAYS");
  auto unit = ParseChronoUnit(unit_name);
  if (!unit) reader.Fail(Message<msg::IntervalUnitUnknown>(arg::unit = unit_name));
  if (!UnitApplies(supported, *unit)) {
    reader.Fail(Message<msg::IntervalUnitNotApplicable>(arg::unit = unit_name, arg::pattern = pattern.pattern()));
  }
  ShardingAlgorithm result;
  result.standard = std::make_shared<IntervalShardingAlgorithm>(std::move(pattern), std::move(suffix_pattern), lower,
                                                                upper, amount, *unit);
  return result;
}

}  // namespace sqlroute::algorithm
