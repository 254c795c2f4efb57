#pragma once
// Shared helpers of the algorithm tests: building algorithms through the registry, target lists
// and ranges, and asserting typed errors.
#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sqlroute/algorithm.h"
#include "sqlroute/error.h"

namespace sqlroute::algorithm_test {

inline const char* kPath = "rules[0].shardingAlgorithms.test";

inline std::shared_ptr<const StandardShardingAlgorithm> Standard(const std::string& type, const Props& props) {
  return AlgorithmRegistry::Global().CreateSharding(type, props, kPath).standard;
}

// prefix0 .. prefix(count-1), each suffix left-padded with '0' to `width`.
inline std::vector<std::string> Names(const std::string& prefix, int count, std::size_t width = 0) {
  std::vector<std::string> result;
  for (int i = 0; i < count; ++i) {
    std::string suffix = std::to_string(i);
    if (suffix.size() < width) suffix.insert(0, width - suffix.size(), '0');
    result.push_back(prefix + suffix);
  }
  return result;
}

inline ShardingTarget Target(const std::string& prefix = "t_order_", std::size_t width = 1,
                             const std::string& column = "order_id") {
  return ShardingTarget{"t_order", column, DataNodeInfo{prefix, width, '0'}};
}

inline ValueRange Range(std::optional<Value> lower, std::optional<Value> upper, bool lower_closed = true,
                        bool upper_closed = true) {
  return ValueRange{std::move(lower), lower_closed, std::move(upper), upper_closed};
}

}  // namespace sqlroute::algorithm_test

// Runs `statement`, which must throw sqlroute::Error with `code` and exactly `text` as message.
#define EXPECT_SQLROUTE_ERROR(statement, error_code, text)                       \
  do {                                                                           \
    try {                                                                        \
      statement;                                                                 \
      ADD_FAILURE() << "expected " #error_code " from " #statement;              \
    } catch (const ::sqlroute::Error& error) {                                   \
      EXPECT_EQ(error.code(), ::sqlroute::ErrorCode::error_code) << error.what(); \
      EXPECT_EQ(error.message(), text);                                          \
    }                                                                            \
  } while (0)

// Like EXPECT_SQLROUTE_ERROR for config errors: checks the code and that the path is reported.
#define EXPECT_PROPS_ERROR(statement, text)                                                  \
  do {                                                                                       \
    try {                                                                                    \
      statement;                                                                             \
      ADD_FAILURE() << "expected CONFIG_ALGORITHM_PROPS from " #statement;                   \
    } catch (const ::sqlroute::Error& error) {                                               \
      EXPECT_EQ(error.code(), ::sqlroute::ErrorCode::CONFIG_ALGORITHM_PROPS) << error.what(); \
      EXPECT_EQ(error.message(), text);                                                      \
      EXPECT_EQ(error.config_path(), ::sqlroute::algorithm_test::kPath);                      \
    }                                                                                        \
  } while (0)
