// WEIGHT: props `<read data source>: <weight>` (plus the optional `seed`). Per call the
// weights of the available targets are normalised by their sum (NaN counts 1.0, infinity
// 10000.0, non-positive weights are never chosen), turned into cumulative probabilities and
// searched with a uniform random double.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "algorithm/loadbalance/load_balancers.h"
#include "algorithm/loadbalance/random_source.h"
#include "sqlroute/error_text.h"

namespace sqlroute::loadbalance {

namespace {

constexpr double kInfiniteWeight = 10000.0;
constexpr double kNaNWeight = 1.0;

std::string Trim(const std::string& text) {
  auto begin = text.find_first_not_of(" \t\r\n\f\v");
  if (begin == std::string::npos) return "";
  return text.substr(begin, text.find_last_not_of(" \t\r\n\f\v") - begin + 1);
}

// Java's Double.parseDouble for the forms a config holds: decimal or exponent notation with
// an optional d/D/f/F suffix, "NaN" and "Infinity" (signed).
std::optional<double> ParseJavaDouble(const std::string& raw) {
  std::string text = Trim(raw);
  std::string unsigned_text = !text.empty() && (text[0] == '+' || text[0] == '-') ? text.substr(1) : text;
  if (unsigned_text == "NaN") return std::nan("");
  if (unsigned_text == "Infinity") return text[0] == '-' ? -INFINITY : INFINITY;
  if (!text.empty() && std::string("dDfF").find(text.back()) != std::string::npos) text.pop_back();
  if (text.empty() || text.find_first_not_of("0123456789.eE+-") != std::string::npos) return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(text.c_str(), &end);
  if (*end != '\0' || text.find_first_of("0123456789") == std::string::npos) return std::nullopt;
  return value;
}

double NormalisableWeight(double weight) {
  if (std::isnan(weight)) return kNaNWeight;
  if (std::isinf(weight)) return kInfiniteWeight;
  return weight;
}

class WeightLoadBalancer final : public LoadBalancer {
 public:
  WeightLoadBalancer(std::map<std::string, double> weights, std::unique_ptr<RandomSource> random, std::string path)
      : weights_(std::move(weights)), random_(std::move(random)), path_(std::move(path)) {}

  std::string Choose(const std::string&, const std::vector<std::string>& read_data_sources) const override {
    std::vector<double> cumulative = CumulativeWeights(read_data_sources);
    double draw = random_->NextDouble();
    auto index = static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), draw) - cumulative.begin());
    return read_data_sources[std::min(index, read_data_sources.size() - 1)];
  }

 private:
  std::vector<double> CumulativeWeights(const std::vector<std::string>& targets) const {
    std::vector<double> weights;
    double sum = 0;
    for (const auto& target : targets) {
      auto found = weights_.find(target);
      if (found == weights_.end()) {
        throw Error(Message<msg::WeightRequired>(arg::target = target), path_);
      }
      double weight = NormalisableWeight(found->second);
      weights.push_back(weight > 0 ? weight : 0);
      sum += weights.back();
    }
    double running = 0;
    for (double& weight : weights) {
      running += sum > 0 ? weight / sum : 0;
      weight = running;
    }
    if (std::abs(running - 1.0) >= 0.0001) {
      throw Error(Message<msg::WeightSumInvalid>(), path_);
    }
    return weights;
  }

  std::map<std::string, double> weights_;
  std::unique_ptr<RandomSource> random_;
  std::string path_;
};

}  // namespace

std::shared_ptr<const LoadBalancer> CreateWeightLoadBalancer(const Props& props, const std::string& path) {
  std::map<std::string, double> weights;
  for (const auto& [target, text] : props.items()) {
    if (target == "seed") continue;
    auto weight = ParseJavaDouble(text);
    if (!weight) {
      throw Error(Message<msg::WeightNotNumber>(arg::weight = text, arg::target = target), path);
    }
    weights[target] = *weight;
  }
  return std::make_shared<WeightLoadBalancer>(std::move(weights), RandomSource::FromProps(props, path), path);
}

}  // namespace sqlroute::loadbalance
