#include "expr/methods.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cwctype>
#include <locale.h>

#include "expr/arithmetic.h"
#include "expr/inline_errors.h"
#include "expr/java_text.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {
namespace {

constexpr MethodInfo kMethods[] = {
    {"", "hashCode", Method::HashCode, 0, 0},
    {"", "toString", Method::ToString, 0, 0},
    {"", "equals", Method::Equals, 1, 1},
    {"", "substring", Method::Substring, 1, 2},
    {"", "padLeft", Method::PadLeft, 1, 2},
    {"", "padRight", Method::PadRight, 1, 2},
    {"", "toInteger", Method::ToInteger, 0, 0},
    {"", "toLong", Method::ToLong, 0, 0},
    {"", "toBigInteger", Method::ToBigInteger, 0, 0},
    {"", "toBigDecimal", Method::ToBigDecimal, 0, 0},
    {"", "toDouble", Method::ToDouble, 0, 0},
    {"", "length", Method::Length, 0, 0},
    {"", "size", Method::Size, 0, 0},
    {"", "toUpperCase", Method::ToUpperCase, 0, 0},
    {"", "toLowerCase", Method::ToLowerCase, 0, 0},
    {"", "trim", Method::Trim, 0, 0},
    {"", "charAt", Method::CharAt, 1, 1},
    {"", "startsWith", Method::StartsWith, 1, 1},
    {"", "endsWith", Method::EndsWith, 1, 1},
    {"", "contains", Method::Contains, 1, 1},
    {"", "replace", Method::Replace, 2, 2},
    {"", "abs", Method::Abs, 0, 0},
    {"", "intValue", Method::IntValue, 0, 0},
    {"", "longValue", Method::LongValue, 0, 0},
    {"", "doubleValue", Method::DoubleValue, 0, 0},
    {"", "mod", Method::Mod, 1, 1},
    {"", "intdiv", Method::IntDiv, 1, 1},
    {"Math", "abs", Method::MathAbs, 1, 1},
    {"Math", "floorMod", Method::MathFloorMod, 2, 2},
    {"Math", "floorDiv", Method::MathFloorDiv, 2, 2},
    {"Math", "max", Method::MathMax, 2, 2},
    {"Math", "min", Method::MathMin, 2, 2},
    {"String", "valueOf", Method::StringValueOf, 1, 1},
    {"Integer", "parseInt", Method::IntegerParseInt, 1, 1},
    {"Integer", "valueOf", Method::IntegerValueOf, 1, 1},
    {"Long", "parseLong", Method::LongParseLong, 1, 1},
    {"Long", "valueOf", Method::LongValueOf, 1, 1},
};

[[noreturn]] void ThrowNoSignature(const MethodInfo& info, const JValue& receiver, const JValue* args,
                                   size_t count) {
  std::string types;
  std::string values;
  for (size_t i = 0; i < count; ++i) {
    if (i > 0) types += ", ", values += ", ";
    types += JavaClassName(args[i]);
    values += ToText(args[i]);
  }
  if (info.owner.empty() && receiver.is_null()) {
    throw Error(Message<msg::MethodOnNull>(arg::method = info.name));
  }
  std::string owner =
      info.owner.empty() ? std::string(JavaClassName(receiver)) : "static java.lang." + std::string(info.owner);
  throw Error(Message<msg::NoMethodSignature>(arg::receiver = owner, arg::method = info.name, arg::types = types,
                                              arg::values = values));
}

int64_t JavaLongValue(const JValue& v) {
  switch (v.kind) {
    case JKind::Double: return JavaCast(v.real, INT64_MIN, INT64_MAX);
    case JKind::BigInt:
    case JKind::Decimal: return AsBigInteger(v).LongValue();
    default: return v.integer;
  }
}

int32_t JavaIntValue(const JValue& v) {
  if (v.kind == JKind::Double) return static_cast<int32_t>(JavaCast(v.real, INT32_MIN, INT32_MAX));
  return static_cast<int32_t>(JavaLongValue(v));
}

[[noreturn]] void ThrowNumberFormat(std::string_view text) {
  throw Error(Message<msg::NumberFormat>(arg::input = text));
}

// new BigDecimal(Double.toString(d)): Infinity and NaN are not numbers.
BigDecimal DoubleToBigDecimal(const JValue& value) {
  std::string text = ToText(value);
  auto parsed = BigDecimal::Parse(text);
  if (!parsed) ThrowNumberFormat(text);
  return *parsed;
}

// Integer.parseInt / Long.parseLong.
int64_t ParseJavaInteger(std::string_view text, int64_t min, int64_t max) {
  std::string_view digits = text;
  if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) ThrowNumberFormat(text);
  std::string copy(text);
  errno = 0;
  long long value = std::strtoll(copy.c_str(), nullptr, 10);
  if (errno == ERANGE || value < min || value > max) ThrowNumberFormat(text);
  return value;
}

std::string_view JavaTrim(std::string_view text) {
  while (!text.empty() && static_cast<unsigned char>(text.front()) <= ' ') text.remove_prefix(1);
  while (!text.empty() && static_cast<unsigned char>(text.back()) <= ' ') text.remove_suffix(1);
  return text;
}

// Java's toUpperCase / toLowerCase outside the Turkic locales: each UTF-16 unit through the
// C.UTF-8 case tables, with SpecialCasing's ß -> SS and İ -> i̇ (not the final-sigma rule).
std::string JavaCase(const std::string& text, bool upper) {
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr));
  std::u16string out;
  for (char16_t unit : ToUtf16(text)) {
    if (upper && unit == 0xDF) {
      out += u"SS";
    } else if (!upper && unit == 0x130) {
      out += u"i\u0307";
    } else if (unit < 0x80 || !utf8 || (unit >= 0xD800 && unit <= 0xDFFF)) {
      if (upper && unit >= 'a' && unit <= 'z') unit = static_cast<char16_t>(unit - 'a' + 'A');
      if (!upper && unit >= 'A' && unit <= 'Z') unit = static_cast<char16_t>(unit - 'A' + 'a');
      out += unit;
    } else {
      wint_t mapped = upper ? towupper_l(unit, utf8) : towlower_l(unit, utf8);
      out += mapped <= 0xFFFF ? static_cast<char16_t>(mapped) : unit;
    }
  }
  return ToUtf8(out);
}

// Groovy padLeft/padRight: repeats `padding` up to `width` UTF-16 units.
JValue Pad(const std::string& text, int32_t width, const std::string& padding, bool left) {
  std::u16string units = ToUtf16(text), pad = ToUtf16(padding);
  if (width <= static_cast<int32_t>(units.size())) return JValue::String(text);
  if (pad.empty()) throw Error(Message<msg::EmptyPaddingDivision>());
  std::u16string fill;
  while (fill.size() < width - units.size()) fill += pad;
  fill.resize(width - units.size());
  return JValue::String(ToUtf8(left ? fill + units : units + fill));
}

std::string ReplaceAll(const std::string& text, const std::string& target, const std::string& replacement) {
  if (target.empty()) {  // Java inserts the replacement around every character
    std::u16string units = ToUtf16(text), with = ToUtf16(replacement), result = with;
    for (char16_t unit : units) result += unit, result += with;
    return ToUtf8(result);
  }
  std::string result;
  size_t start = 0;
  for (size_t found; (found = text.find(target, start)) != std::string::npos; start = found + target.size()) {
    result.append(text, start, found - start).append(replacement);
  }
  return result.append(text, start);
}

bool IsIntLike(const JValue& v) { return v.kind == JKind::Int || v.kind == JKind::Char; }
bool IsLongLike(const JValue& v) { return IsIntLike(v) || v.kind == JKind::Long; }

// Which java.lang.Math overload Groovy picks for two integral arguments: (int, int), (long, int),
// (long, long), or none. A BigInteger converts to an int (its intValue()) but not to a long.
enum class IntegralPair { IntInt, LongInt, LongLong, None };

IntegralPair FloorPair(const JValue& a, const JValue& b) {
  bool a_long = a.kind == JKind::Long, b_long = b.kind == JKind::Long;
  auto intish = [](const JValue& v) { return IsIntLike(v) || v.kind == JKind::BigInt; };
  if (!(intish(a) || a_long) || !(intish(b) || b_long)) return IntegralPair::None;
  if (b_long) return a.kind == JKind::BigInt ? IntegralPair::None : IntegralPair::LongLong;
  return a_long ? IntegralPair::LongInt : IntegralPair::IntInt;
}

// Math.floorMod / Math.floorDiv; floorMod(long, int) is an int, floorDiv(long, int) a long.
JValue FloorOp(bool modulo, IntegralPair pair, const JValue& a, const JValue& b) {
  int64_t x = pair == IntegralPair::IntInt ? JavaIntValue(a) : JavaLongValue(a);
  int64_t y = pair == IntegralPair::LongLong ? JavaLongValue(b) : JavaIntValue(b);
  if (y == 0) throw Error(Message<msg::IntegerDivisionByZero>());
  int64_t result;
  if (y == -1) {  // avoids the MIN / -1 overflow; Java wraps it
    result = modulo ? 0 : static_cast<int64_t>(0 - static_cast<uint64_t>(x));
  } else {
    int64_t quotient = x / y;
    if (x % y != 0 && (x < 0) != (y < 0)) --quotient;
    result = modulo ? x - quotient * y : quotient;
  }
  if (pair == IntegralPair::IntInt || (modulo && pair == IntegralPair::LongInt)) {
    return JValue::Int(static_cast<int32_t>(result));
  }
  return JValue::Long(result);
}

// Math.max / Math.min as Groovy resolves them: a Double makes it (double, double); Integers and
// BigIntegers (as intValue()) make it (int, int); Integers and Longs (long, long); BigIntegers and
// BigDecimals (double, double). Other pairs are ambiguous.
JValue MaxMin(const MethodInfo& info, const JValue& a, const JValue& b) {
  bool max = info.method == Method::MathMax;
  auto in = [&](std::initializer_list<JKind> kinds) {
    auto has = [&](const JValue& v) { return std::find(kinds.begin(), kinds.end(), v.kind) != kinds.end(); };
    return has(a) && has(b);
  };
  auto pick = [max](auto x, auto y) { return max ? std::max(x, y) : std::min(x, y); };
  if ((a.kind == JKind::Double && b.is_number()) || (b.kind == JKind::Double && a.is_number()) ||
      (in({JKind::BigInt, JKind::Decimal}) && (a.kind == JKind::Decimal || b.kind == JKind::Decimal))) {
    return JValue::Double(max ? std::fmax(AsDouble(a), AsDouble(b)) : std::fmin(AsDouble(a), AsDouble(b)));
  }
  if (in({JKind::Int, JKind::Char, JKind::BigInt})) return JValue::Int(pick(JavaIntValue(a), JavaIntValue(b)));
  if (in({JKind::Int, JKind::Char, JKind::Long})) return JValue::Long(pick(a.integer, b.integer));
  if (a.is_number() && b.is_number()) {
    std::string types = std::string(JavaClassName(a)) + ", " + std::string(JavaClassName(b));
    throw Error(Message<msg::AmbiguousMethodOverloading>(arg::method = info.name, arg::types = types));
  }
  return JValue::Null();
}

// Math.abs: abs(int) for Integer and BigInteger (its intValue()), abs(long) for Long and
// abs(double) for BigDecimal and Double.
JValue MathAbs(const JValue& a) {
  switch (a.kind) {
    case JKind::Int:
    case JKind::BigInt: {
      int32_t v = JavaIntValue(a);
      return JValue::Int(v < 0 ? static_cast<int32_t>(0u - static_cast<uint32_t>(v)) : v);
    }
    case JKind::Long: return AbsoluteValue(a);
    default: return JValue::Double(std::fabs(AsDouble(a)));
  }
}

JValue StringMethod(const MethodInfo& info, const JValue& receiver, const JValue* args, size_t count) {
  const std::string& text = receiver.text;
  auto string_arg = [&](size_t i) -> const std::string& {
    if (args[i].kind != JKind::String) ThrowNoSignature(info, receiver, args, count);
    return args[i].text;
  };
  switch (info.method) {
    case Method::Length:
    case Method::Size: return JValue::Int(static_cast<int32_t>(ToUtf16(text).size()));
    case Method::Substring: {
      std::u16string units = ToUtf16(text);
      for (size_t i = 0; i < count; ++i) {
        if (args[i].kind != JKind::Int) ThrowNoSignature(info, receiver, args, count);
      }
      int64_t begin = args[0].integer, end = count > 1 ? args[1].integer : static_cast<int64_t>(units.size());
      if (begin < 0 || end > static_cast<int64_t>(units.size()) || begin > end) {
        throw Error(Message<msg::SubstringOutOfBounds>(arg::begin = begin, arg::end = end, arg::length = units.size()));
      }
      return JValue::String(ToUtf8(units.substr(begin, end - begin)));
    }
    case Method::CharAt: {
      std::u16string units = ToUtf16(text);
      if (args[0].kind != JKind::Int) ThrowNoSignature(info, receiver, args, count);
      if (args[0].integer < 0 || args[0].integer >= static_cast<int64_t>(units.size())) {
        throw Error(Message<msg::IndexOutOfBounds>(arg::index = args[0].integer, arg::length = units.size()));
      }
      return JValue::Char(units[args[0].integer]);
    }
    case Method::PadLeft:
    case Method::PadRight: {
      if (!args[0].is_number()) ThrowNoSignature(info, receiver, args, count);
      return Pad(text, JavaIntValue(args[0]), count > 1 ? string_arg(1) : " ", info.method == Method::PadLeft);
    }
    case Method::ToUpperCase: return JValue::String(JavaCase(text, true));
    case Method::ToLowerCase: return JValue::String(JavaCase(text, false));
    case Method::Trim: return JValue::String(std::string(JavaTrim(text)));
    case Method::StartsWith: return JValue::Bool(text.compare(0, string_arg(0).size(), args[0].text) == 0);
    case Method::EndsWith: {
      const std::string& suffix = string_arg(0);
      return JValue::Bool(text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0);
    }
    case Method::Contains: return JValue::Bool(text.find(string_arg(0)) != std::string::npos);
    case Method::Replace: return JValue::String(ReplaceAll(text, string_arg(0), string_arg(1)));
    case Method::ToInteger: return JValue::Int(static_cast<int32_t>(ParseJavaInteger(JavaTrim(text), INT32_MIN, INT32_MAX)));
    case Method::ToLong: return JValue::Long(ParseJavaInteger(JavaTrim(text), INT64_MIN, INT64_MAX));
    case Method::ToBigInteger: {
      auto value = BigInteger::Parse(JavaTrim(text));
      if (!value) ThrowNumberFormat(text);
      return JValue::Big(*value);
    }
    case Method::ToBigDecimal: {
      auto value = BigDecimal::Parse(JavaTrim(text));
      if (!value) ThrowNumberFormat(text);
      return JValue::Dec(*value);
    }
    case Method::ToDouble: {
      std::string trimmed(JavaTrim(text));
      char* end = nullptr;
      double value = std::strtod(trimmed.c_str(), &end);
      if (trimmed.empty() || *end != '\0') ThrowNumberFormat(text);
      return JValue::Double(value);
    }
    default: ThrowNoSignature(info, receiver, args, count);
  }
}

JValue NumberMethod(const MethodInfo& info, const JValue& receiver, const JValue* args, size_t count) {
  switch (info.method) {
    case Method::Abs: return AbsoluteValue(receiver);
    case Method::IntValue:
    case Method::ToInteger: return JValue::Int(JavaIntValue(receiver));
    case Method::LongValue:
    case Method::ToLong: return JValue::Long(JavaLongValue(receiver));
    case Method::DoubleValue:
    case Method::ToDouble: return JValue::Double(AsDouble(receiver));
    case Method::ToBigInteger:
      if (receiver.kind == JKind::Double) return JValue::Big(DoubleToBigDecimal(receiver).ToBigInteger());
      return JValue::Big(AsBigInteger(receiver));
    case Method::ToBigDecimal:
      if (receiver.kind == JKind::Double) return JValue::Dec(DoubleToBigDecimal(receiver));
      return JValue::Dec(AsBigDecimal(receiver));
    case Method::Mod: return ApplyBinary(BinaryOp::Remainder, receiver, args[0]);
    case Method::IntDiv: return ApplyBinary(BinaryOp::IntDiv, receiver, args[0]);
    default: ThrowNoSignature(info, receiver, args, count);
  }
}

JValue StaticMethod(const MethodInfo& info, const JValue* args, size_t count) {
  const JValue& a = args[0];
  switch (info.method) {
    case Method::MathAbs:
      if (!a.is_number()) break;
      return MathAbs(a);
    case Method::MathFloorMod:
    case Method::MathFloorDiv: {
      IntegralPair pair = FloorPair(a, args[1]);
      if (pair == IntegralPair::None) break;
      return FloorOp(info.method == Method::MathFloorMod, pair, a, args[1]);
    }
    case Method::MathMax:
    case Method::MathMin: {
      JValue result = MaxMin(info, a, args[1]);
      if (result.is_null()) break;
      return result;
    }
    case Method::StringValueOf: return JValue::String(ToText(a));
    case Method::IntegerParseInt:
    case Method::IntegerValueOf:
      if (a.kind == JKind::String) return JValue::Int(static_cast<int32_t>(ParseJavaInteger(a.text, INT32_MIN, INT32_MAX)));
      if (info.method == Method::IntegerValueOf && IsIntLike(a)) return JValue::Int(static_cast<int32_t>(a.integer));
      break;
    case Method::LongParseLong:
    case Method::LongValueOf:
      if (a.kind == JKind::String) return JValue::Long(ParseJavaInteger(a.text, INT64_MIN, INT64_MAX));
      if (info.method == Method::LongValueOf && IsLongLike(a)) return JValue::Long(a.integer);
      break;
    default: break;
  }
  ThrowNoSignature(info, JValue::Null(), args, count);
}

}  // namespace

const MethodInfo* FindInstanceMethod(std::string_view name) { return FindStaticMethod("", name); }

const MethodInfo* FindStaticMethod(std::string_view owner, std::string_view name) {
  for (const MethodInfo& info : kMethods) {
    if (info.owner == owner && info.name == name) return &info;
  }
  return nullptr;
}

bool IsStaticOwner(std::string_view name) {
  return name == "Math" || name == "String" || name == "Integer" || name == "Long";
}

JValue CallMethod(const MethodInfo& info, const JValue& receiver, const JValue* args, size_t count) {
  if (!info.owner.empty()) return StaticMethod(info, args, count);
  switch (info.method) {
    case Method::ToString: return JValue::String(ToText(receiver));
    case Method::HashCode:
      if (!receiver.is_null()) return JValue::Int(JavaHashCode(receiver));
      break;
    case Method::Equals:  // Java equals: same class, and BigDecimal scale matters
      return JValue::Bool(receiver.is_null() ? args[0].is_null()
                          : receiver.kind == args[0].kind && receiver.gstring == args[0].gstring &&
                                GroovyEquals(receiver, args[0]) &&
                                receiver.number.scale == args[0].number.scale);
    case Method::Size:
      if (receiver.kind == JKind::List) return JValue::Int(static_cast<int32_t>(receiver.list->size()));
      break;
    default: break;
  }
  if (receiver.kind == JKind::String) return StringMethod(info, receiver, args, count);
  if (receiver.is_number()) return NumberMethod(info, receiver, args, count);
  if (receiver.kind == JKind::Char && (info.method == Method::Mod || info.method == Method::IntDiv)) {
    return NumberMethod(info, receiver, args, count);
  }
  if (receiver.kind == JKind::Char && (info.method == Method::ToUpperCase || info.method == Method::ToLowerCase)) {
    // Groovy's Character.toUpperCase() / toLowerCase()
    std::string text = JavaCase(ToText(receiver), info.method == Method::ToUpperCase);
    std::u16string unit = ToUtf16(text);
    return unit.size() == 1 ? JValue::Char(unit[0]) : receiver;  // a char maps to one char
  }
  ThrowNoSignature(info, receiver, args, count);
}

}  // namespace sqlroute::expr
