#include "algorithm/loadbalance/random_source.h"

#include <cerrno>
#include <cstdlib>

#include "sqlroute/error_text.h"

namespace sqlroute::loadbalance {

namespace {

std::mt19937_64& ThreadGenerator() {
  thread_local std::mt19937_64 generator{std::random_device{}()};
  return generator;
}

}  // namespace

std::unique_ptr<RandomSource> RandomSource::FromProps(const Props& props, const std::string& path) {
  auto text = props.Get("seed");
  if (!text) return std::make_unique<RandomSource>(std::nullopt);
  const char* begin = text->c_str();
  char* end = nullptr;
  errno = 0;
  long long seed = std::strtoll(begin, &end, 10);
  if (text->empty() || *end != '\0' || errno == ERANGE) {
    throw Error(Message<msg::SeedNotLong>(), path);
  }
  return std::make_unique<RandomSource>(static_cast<uint64_t>(seed));
}

RandomSource::RandomSource(std::optional<uint64_t> seed) : seeded_(seed.has_value()), seeded_generator_(seed.value_or(0)) {}

template <class Draw>
auto RandomSource::WithGenerator(Draw draw) const {
  if (seeded_) {
    std::lock_guard<std::mutex> lock(mutex_);
    return draw(seeded_generator_);
  }
  return draw(ThreadGenerator());
}

std::size_t RandomSource::NextIndex(std::size_t size) const {
  return WithGenerator([size](std::mt19937_64& generator) {
    return std::uniform_int_distribution<std::size_t>(0, size - 1)(generator);
  });
}

double RandomSource::NextDouble() const {
  return WithGenerator([](std::mt19937_64& generator) { return std::uniform_real_distribution<double>(0.0, 1.0)(generator); });
}

}  // namespace sqlroute::loadbalance
