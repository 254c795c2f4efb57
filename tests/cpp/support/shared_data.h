#pragma once
// Access to ../shared (read-only data beside the project). A user's clone has none, so tests
// that need it skip with a clear reason.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace sqlroute::testing_support {

inline std::string SharedPath(const std::string& relative) {
  return std::string(SQLROUTE_SHARED_DIR) + "/" + relative;
}

}  // namespace sqlroute::testing_support

#define SQLROUTE_REQUIRE_SHARED(relative)                                                       \
  do {                                                                                          \
    if (!std::filesystem::exists(::sqlroute::testing_support::SharedPath(relative))) {          \
      GTEST_SKIP() << "needs ../shared/" << (relative) << ", which only the project workspace has"; \
    }                                                                                           \
  } while (0)
