#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <set>
#include <thread>

#include "algorithm/keygen/snowflake_epoch.h"
#include "algorithm/keygen/snowflake_key_generator.h"
#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

using algorithm::SnowflakeKeyGenerator;

constexpr int64_t kUtcEpoch = 1477958400000LL;

// A clock that replays `times`, repeating the last one.
SnowflakeKeyGenerator::Clock Replay(std::deque<int64_t> times) {
  auto shared = std::make_shared<std::deque<int64_t>>(std::move(times));
  return [shared] {
    int64_t now = shared->front();
    if (shared->size() > 1) shared->pop_front();
    return now;
  };
}

int64_t Key(int64_t millis_after_epoch, int64_t worker, int64_t sequence) {
  return (millis_after_epoch << 22) | (worker << 12) | sequence;
}

SnowflakeKeyGenerator::Options Utc(int64_t worker = 0, int64_t vibration = 1, int64_t tolerance = 10) {
  return {kUtcEpoch, worker, vibration, tolerance};
}

TEST(SnowflakeKeyGeneratorTest, SameMillisecondIncrementsTheSequence) {
  SnowflakeKeyGenerator generator(Utc(), Replay({kUtcEpoch + 1000}));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(1000, 0, 0)));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(1000, 0, 1)));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(1000, 0, 2)));
}

TEST(SnowflakeKeyGeneratorTest, NewMillisecondsCycleTheVibrationOffset) {
  SnowflakeKeyGenerator alternating(Utc(), Replay({kUtcEpoch + 1, kUtcEpoch + 2, kUtcEpoch + 3, kUtcEpoch + 4}));
  EXPECT_EQ(alternating.Generate(), Value::Long(Key(1, 0, 0)));
  EXPECT_EQ(alternating.Generate(), Value::Long(Key(2, 0, 1)));
  EXPECT_EQ(alternating.Generate(), Value::Long(Key(3, 0, 0)));
  EXPECT_EQ(alternating.Generate(), Value::Long(Key(4, 0, 1)));
  SnowflakeKeyGenerator wide(Utc(0, 3), Replay({kUtcEpoch + 1, kUtcEpoch + 2, kUtcEpoch + 3, kUtcEpoch + 4, kUtcEpoch + 5}));
  for (int64_t expected : {0, 1, 2, 3, 0}) EXPECT_EQ(wide.Generate().int_value() & 4095, expected);
  SnowflakeKeyGenerator none(Utc(0, 0), Replay({kUtcEpoch + 1, kUtcEpoch + 2}));
  EXPECT_EQ(none.Generate(), Value::Long(Key(1, 0, 0)));
  EXPECT_EQ(none.Generate(), Value::Long(Key(2, 0, 0)));
}

TEST(SnowflakeKeyGeneratorTest, WorkerIdBits) {
  SnowflakeKeyGenerator generator(Utc(1023), Replay({kUtcEpoch + 7}));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(7, 1023, 0)));
  EXPECT_EQ((generator.Generate().int_value() >> 12) & 1023, 1023);
}

TEST(SnowflakeKeyGeneratorTest, SequenceOverflowWaitsForTheNextMillisecond) {
  auto calls = std::make_shared<int>(0);
  SnowflakeKeyGenerator generator(Utc(), [calls] { return ++*calls <= 4097 ? kUtcEpoch + 50 : kUtcEpoch + 51; });
  Value last;
  for (int i = 0; i < 4096; ++i) last = generator.Generate();
  EXPECT_EQ(last, Value::Long(Key(50, 0, 4095)));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(51, 0, 0)));
}

TEST(SnowflakeKeyGeneratorTest, ClockBackwardsWithinToleranceWaits) {
  SnowflakeKeyGenerator generator(Utc(), Replay({kUtcEpoch + 1000, kUtcEpoch + 995, kUtcEpoch + 1000}));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(1000, 0, 0)));
  EXPECT_EQ(generator.Generate(), Value::Long(Key(1000, 0, 1)));
}

TEST(SnowflakeKeyGeneratorTest, ClockBackwardsBeyondToleranceFails) {
  SnowflakeKeyGenerator generator(Utc(), Replay({kUtcEpoch + 1000, kUtcEpoch + 990}));
  generator.Generate();
  EXPECT_SQLROUTE_ERROR(generator.Generate(), KEY_GENERATION_FAILED,
                        "Clock is moving backwards, last time is 1477958401000 milliseconds, current time is "
                        "1477958400990 milliseconds");
}

TEST(SnowflakeKeyGeneratorTest, ManyThreadsGetUniqueIncreasingKeys) {
  auto generator = AlgorithmRegistry::Global().CreateKeyGenerator("SNOWFLAKE", {{"time-zone", "UTC"}}, "kg");
  constexpr int kThreads = 8;
  constexpr int kPerThread = 20000;
  std::vector<std::vector<int64_t>> keys(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) keys[t].push_back(generator->Generate().int_value());
    });
  }
  for (auto& each : threads) each.join();
  std::vector<int64_t> all;
  for (const auto& each : keys) {
    EXPECT_TRUE(std::is_sorted(each.begin(), each.end()));
    EXPECT_EQ(std::adjacent_find(each.begin(), each.end()), each.end());
    all.insert(all.end(), each.begin(), each.end());
  }
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
  int64_t millis = (all.back() >> 22) + kUtcEpoch;
  EXPECT_LE(std::abs(millis - SnowflakeKeyGenerator::SystemMillis()), 5000);
}

TEST(SnowflakeEpochTest, TimeZones) {
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::string("UTC")), kUtcEpoch);
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::string("+08:00")), 1477929600000LL);
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::string("GMT-5")), 1477976400000LL);
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::string("Asia/Shanghai")), 1477929600000LL);
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::string("America/New_York")), 1477972800000LL);  // EDT, UTC-4
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::string("Europe/London")), 1477958400000LL);     // GMT after Oct 30
}

TEST(SnowflakeEpochTest, DefaultIsTheProcessTimeZone) {
  const char* saved = std::getenv("TZ");
  std::string previous = saved ? saved : "";
  setenv("TZ", "Asia/Shanghai", 1);
  tzset();
  EXPECT_EQ(algorithm::SnowflakeEpochMillis(std::nullopt), 1477929600000LL);
  if (saved) setenv("TZ", previous.c_str(), 1);
  else unsetenv("TZ");
  tzset();
}

TEST(SnowflakeKeyGeneratorTest, PropsAreValidated) {
  auto& registry = AlgorithmRegistry::Global();
  EXPECT_PROPS_ERROR(registry.CreateKeyGenerator("SNOWFLAKE", {{"worker-id", "1024"}}, algorithm_test::kPath),
                     "`worker-id` must be between 0 and 1023, got 1024.");
  EXPECT_PROPS_ERROR(registry.CreateKeyGenerator("SNOWFLAKE", {{"max-vibration-offset", "4096"}}, algorithm_test::kPath),
                     "`max-vibration-offset` must be between 0 and 4095, got 4096.");
  EXPECT_PROPS_ERROR(registry.CreateKeyGenerator("SNOWFLAKE", {{"time-zone", "Mars/Olympus"}}, algorithm_test::kPath),
                     "Invalid `time-zone` `Mars/Olympus`: unknown zone id.");
  auto generator = registry.CreateKeyGenerator("snowflake", {{"worker-id", "3"}, {"time-zone", "UTC"}}, "kg");
  EXPECT_EQ(generator->Generate().kind(), Value::Kind::Long);
  EXPECT_EQ((generator->Generate().int_value() >> 12) & 1023, 3);
}

TEST(UuidKeyGeneratorTest, ThirtyTwoRandomLowercaseHexDigits) {
  auto generator = AlgorithmRegistry::Global().CreateKeyGenerator("UUID", {}, "kg");
  std::set<std::string> seen;
  std::set<char> version_digits;
  for (int i = 0; i < 1000; ++i) {
    Value key = generator->Generate();
    ASSERT_EQ(key.kind(), Value::Kind::String);
    ASSERT_EQ(key.text().size(), 32u);
    EXPECT_EQ(key.text().find_first_not_of("0123456789abcdef"), std::string::npos) << key.text();
    seen.insert(key.text());
    version_digits.insert(key.text()[12]);
  }
  EXPECT_EQ(seen.size(), 1000u);
  EXPECT_GT(version_digits.size(), 1u);  // no fixed RFC 4122 version nibble
}

}  // namespace
}  // namespace sqlroute
