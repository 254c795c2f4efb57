#pragma once
// Uniform random numbers for RANDOM and WEIGHT. With the `seed` prop (our addition) one
// generator per instance, behind a mutex, makes a run reproducible; without it each thread
// draws from its own generator, seeded from std::random_device.
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>

#include "sqlroute/props.h"

namespace sqlroute::loadbalance {

class RandomSource {
 public:
  // Reads the optional `seed` prop (a 64-bit integer); throws CONFIG_ALGORITHM_PROPS if malformed.
  static std::unique_ptr<RandomSource> FromProps(const Props& props, const std::string& path);
  explicit RandomSource(std::optional<uint64_t> seed);

  std::size_t NextIndex(std::size_t size) const;  // uniform in [0, size)
  double NextDouble() const;                      // uniform in [0, 1)

 private:
  template <class Draw>
  auto WithGenerator(Draw draw) const;

  bool seeded_;
  mutable std::mutex mutex_;
  mutable std::mt19937_64 seeded_generator_;
};

}  // namespace sqlroute::loadbalance
