#include "algorithm/keygen/uuid_key_generator.h"

#include <random>

namespace sqlroute::algorithm {
namespace {

class UuidKeyGenerator : public KeyGenerator {
 public:
  Value Generate() const override {
    thread_local std::mt19937_64 random(std::random_device{}() ^ (static_cast<uint64_t>(std::random_device{}()) << 32));
    static constexpr char kHex[] = "0123456789abcdef";
    std::string text;
    for (int half = 0; half < 2; ++half) {
      uint64_t bits = random();
      for (int shift = 60; shift >= 0; shift -= 4) text += kHex[(bits >> shift) & 15];
    }
    return Value::String(text);
  }
};

}  // namespace

std::shared_ptr<const KeyGenerator> CreateUuidKeyGenerator(const Props& props, const std::string& path) {
  return std::make_shared<UuidKeyGenerator>();
}

}  // namespace sqlroute::algorithm
