#pragma once
// SNOWFLAKE (ShardingSphere's SnowflakeKeyGenerateAlgorithm):
// ((ms - EPOCH) << 22) | (worker-id << 12) | sequence, thread-safe and strictly increasing.
// Props: worker-id (0..1023, default 0), max-vibration-offset (0..4095, default 1),
// max-tolerate-time-difference-milliseconds (default 10) and time-zone (our addition, see
// snowflake_epoch.h).
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>

#include "sqlroute/algorithm.h"

namespace sqlroute::algorithm {

class SnowflakeKeyGenerator : public KeyGenerator {
 public:
  using Clock = std::function<int64_t()>;  // current epoch milliseconds

  struct Options {
    int64_t epoch_millis = 0;
    int64_t worker_id = 0;
    int64_t max_vibration_offset = 1;
    int64_t max_tolerate_time_difference_millis = 10;
  };

  static int64_t SystemMillis();

  explicit SnowflakeKeyGenerator(Options options, Clock clock = SystemMillis)
      : options_(options), clock_(std::move(clock)) {}

  // Value::Long. Throws Error(KEY_GENERATION_FAILED) when the clock went back by the tolerance or more.
  Value Generate() const override;

 private:
  int64_t WaitForClockCatchUp() const;
  int64_t WaitUntilAfter(int64_t millis) const;

  Options options_;
  Clock clock_;
  mutable std::mutex mutex_;
  mutable int64_t last_millis_ = 0;
  mutable int64_t sequence_ = 0;
  mutable int64_t sequence_offset_ = -1;
};

std::shared_ptr<const KeyGenerator> CreateSnowflakeKeyGenerator(const Props& props, const std::string& path);

}  // namespace sqlroute::algorithm
