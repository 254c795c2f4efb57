#include "algorithm/keygen/snowflake_key_generator.h"

#include <chrono>
#include <limits>
#include <thread>

#include "algorithm/keygen/snowflake_epoch.h"
#include "algorithm/sharding/algorithm_props.h"
#include "sqlroute/error_text.h"

namespace sqlroute::algorithm {
namespace {

constexpr int64_t kSequenceMask = (1 << 12) - 1;
constexpr int kWorkerIdShift = 12;
constexpr int kTimestampShift = 22;

}  // namespace

int64_t SnowflakeKeyGenerator::SystemMillis() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

Value SnowflakeKeyGenerator::Generate() const {
  std::lock_guard<std::mutex> lock(mutex_);
  int64_t now = WaitForClockCatchUp();
  if (now == last_millis_) {
    sequence_ = (sequence_ + 1) & kSequenceMask;
    if (sequence_ == 0) now = WaitUntilAfter(now);
  } else {
    // A new millisecond starts at 0, 1, ..., max-vibration-offset in turn, so keys are not all even.
    sequence_offset_ = sequence_offset_ >= options_.max_vibration_offset ? 0 : sequence_offset_ + 1;
    sequence_ = sequence_offset_;
  }
  last_millis_ = now;
  return Value::Long(((now - options_.epoch_millis) << kTimestampShift) | (options_.worker_id << kWorkerIdShift) |
                     sequence_);
}

// The current time, after sleeping out a backwards step smaller than the tolerance.
int64_t SnowflakeKeyGenerator::WaitForClockCatchUp() const {
  int64_t now = clock_();
  while (now < last_millis_) {
    int64_t difference = last_millis_ - now;
    if (difference >= options_.max_tolerate_time_difference_millis) {
      throw Error(Message<msg::ClockBackwards>(arg::last = last_millis_, arg::now = now));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(difference));
    now = clock_();
  }
  return now;
}

int64_t SnowflakeKeyGenerator::WaitUntilAfter(int64_t millis) const {
  int64_t now = clock_();
  while (now <= millis) now = clock_();
  return now;
}

std::shared_ptr<const KeyGenerator> CreateSnowflakeKeyGenerator(const Props& props, const std::string& path) {
  AlgorithmProps reader(props, path);
  SnowflakeKeyGenerator::Options options;
  options.worker_id = reader.OptionalLong("worker-id", 0, 0, 1023);
  options.max_vibration_offset = reader.OptionalLong("max-vibration-offset", 1, 0, kSequenceMask);
  options.max_tolerate_time_difference_millis = reader.OptionalLong(
      "max-tolerate-time-difference-milliseconds", 10, 0, std::numeric_limits<int32_t>::max());
  try {
    options.epoch_millis = SnowflakeEpochMillis(reader.Text("time-zone"));
  } catch (const Error& error) {
    reader.Fail(Message<msg::TimeZoneInvalid>(arg::zone = reader.Text("time-zone").value_or(""),
                                              arg::detail = error.message()));
  }
  return std::make_shared<SnowflakeKeyGenerator>(options);
}

}  // namespace sqlroute::algorithm
