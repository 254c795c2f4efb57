#include "route/value_compare.h"

#include <cstdlib>
#include <string>

namespace sqlroute::route {
namespace {

enum class Family { Number, Text, Temporal, Other };

Family FamilyOf(const Value& value) {
  if (value.is_numeric()) return Family::Number;
  if (value.is_temporal()) return Family::Temporal;
  if (value.kind() == Value::Kind::String) return Family::Text;
  return Family::Other;
}

// Exact comparison of two decimal texts (optional sign, digits, optional fraction).
int CompareDecimalText(const std::string& a, const std::string& b) {
  bool neg_a = !a.empty() && a[0] == '-';
  bool neg_b = !b.empty() && b[0] == '-';
  if (neg_a != neg_b) return neg_a ? -1 : 1;
  auto split = [](const std::string& text, bool negative) {
    std::string digits = text.substr(negative ? 1 : 0);
    std::size_t dot = digits.find('.');
    std::string whole = digits.substr(0, dot);
    std::string fraction = dot == std::string::npos ? "" : digits.substr(dot + 1);
    whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size()));
    while (!fraction.empty() && fraction.back() == '0') fraction.pop_back();
    return std::make_pair(whole, fraction);
  };
  auto [wa, fa] = split(a, neg_a);
  auto [wb, fb] = split(b, neg_b);
  int magnitude = wa.size() != wb.size() ? (wa.size() < wb.size() ? -1 : 1) : wa.compare(wb);
  if (magnitude == 0) magnitude = fa.compare(fb) < 0 ? -1 : (fa.compare(fb) > 0 ? 1 : 0);
  return neg_a ? -magnitude : magnitude;
}

std::string NumberText(const Value& value) { return value.ToJavaString(); }

}  // namespace

std::optional<int> CompareValues(const Value& a, const Value& b) {
  Family fa = FamilyOf(a);
  if (fa != FamilyOf(b) || fa == Family::Other) return std::nullopt;
  if (fa == Family::Number) {
    if (a.is_integral() && b.is_integral()) {
      return a.int_value() < b.int_value() ? -1 : (a.int_value() > b.int_value() ? 1 : 0);
    }
    if (a.kind() == Value::Kind::Double || b.kind() == Value::Kind::Double) {
      double x = a.kind() == Value::Kind::Double ? a.double_value() : std::strtod(NumberText(a).c_str(), nullptr);
      double y = b.kind() == Value::Kind::Double ? b.double_value() : std::strtod(NumberText(b).c_str(), nullptr);
      return x < y ? -1 : (x > y ? 1 : 0);
    }
    return CompareDecimalText(NumberText(a), NumberText(b));
  }
  int result = a.text().compare(b.text());
  return result < 0 ? -1 : (result > 0 ? 1 : 0);
}

}  // namespace sqlroute::route
