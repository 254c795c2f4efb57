// Groovy's `**`, as DefaultGroovyMethods.power picks its overload: power(Integer|Long|BigInteger|
// BigDecimal, Integer), power(BigInteger, BigInteger) (a Long exponent converts to BigInteger) and
// power(Number, Number) for every other pair.
#include <cmath>

#include "expr/arithmetic.h"
#include "expr/inline_errors.h"
#include "expr/java_text.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

// Beyond this many decimal digits a power is refused rather than computed.
constexpr int64_t kMaxPowerDigits = 20000;

// power(Number, Number): Math.pow, then Integer or Long when the double is one exactly.
JValue NarrowedPower(double base, double exponent) {
  double answer = std::pow(base, exponent);
  int64_t as_int = JavaCast(answer, INT32_MIN, INT32_MAX);
  if (static_cast<double>(as_int) == answer) return JValue::Int(static_cast<int32_t>(as_int));
  int64_t as_long = JavaCast(answer, INT64_MIN, INT64_MAX);
  if (static_cast<double>(as_long) == answer) return JValue::Long(as_long);
  return JValue::Double(answer);
}

BigInteger CheckedPow(const BigInteger& base, int64_t exponent, const JValue& left, const JValue& right) {
  bool trivial = Compare(base.Abs(), BigInteger::FromInt64(1)) <= 0;
  if (!trivial && base.DecimalDigits() * exponent > kMaxPowerDigits) {
    throw Error(Message<msg::PowerTooLarge>(arg::left = ToText(left), arg::right = ToText(right)));
  }
  return base.Pow(static_cast<uint32_t>(exponent));
}

// power(BigInteger, BigInteger): a negative or huge exponent goes through Math.pow and
// BigDecimal.valueOf(double).toBigInteger().
JValue BigIntegerPower(const JValue& base, const JValue& exponent) {
  BigInteger e = AsBigInteger(exponent);
  if (e.sign() >= 0 && e.FitsInt64() && e.LongValue() <= INT32_MAX) {
    return JValue::Big(CheckedPow(base.number.unscaled, e.LongValue(), base, exponent));
  }
  double answer = std::pow(AsDouble(base), AsDouble(exponent));
  std::string text = JavaDoubleToString(answer);
  auto parsed = BigDecimal::Parse(text);
  if (!parsed) throw Error(Message<msg::NumberFormat>(arg::input = text));
  return JValue::Big(parsed->ToBigInteger());
}

}  // namespace

JValue Power(const JValue& base, const JValue& exponent) {
  auto numeric = [](const JValue& v) { return v.is_number(); };
  if (!numeric(base) || !numeric(exponent)) {
    throw Error(Message<msg::OperatorNotApplicable>(arg::op = "**", arg::left = JavaClassName(base),
                                                    arg::right = JavaClassName(exponent)));
  }
  if (exponent.kind == JKind::Int && exponent.integer >= 0 && base.kind != JKind::Double) {
    int64_t n = exponent.integer;
    switch (base.kind) {
      case JKind::Int:
      case JKind::Long: {
        BigInteger answer = CheckedPow(BigInteger::FromInt64(base.integer), n, base, exponent);
        bool fits = answer.FitsInt64() && (base.kind == JKind::Long || (answer.LongValue() >= INT32_MIN &&
                                                                        answer.LongValue() <= INT32_MAX));
        if (!fits) return JValue::Big(answer);
        return base.kind == JKind::Int ? JValue::Int(static_cast<int32_t>(answer.LongValue()))
                                       : JValue::Long(answer.LongValue());
      }
      case JKind::BigInt: return JValue::Big(CheckedPow(base.number.unscaled, n, base, exponent));
      default: {  // BigDecimal.pow(n): the scale multiplies
        int64_t scale = static_cast<int64_t>(base.number.scale) * n;
        if (scale > INT32_MAX || scale < INT32_MIN) {
          throw Error(Message<msg::PowerTooLarge>(arg::left = ToText(base), arg::right = ToText(exponent)));
        }
        return JValue::Dec({CheckedPow(base.number.unscaled, n, base, exponent), static_cast<int32_t>(scale)});
      }
    }
  }
  if (base.kind == JKind::BigInt && (exponent.kind == JKind::Long || exponent.kind == JKind::BigInt)) {
    return BigIntegerPower(base, exponent);
  }
  return NarrowedPower(AsDouble(base), AsDouble(exponent));
}

}  // namespace sqlroute::expr
