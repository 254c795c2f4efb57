#pragma once
// The Java/Groovy methods inline expressions may call: instance methods such as
// `hashCode()` or `padLeft(n, '0')` and static ones such as `Math.abs(x)`. Names and
// argument counts are checked when compiling; receiver and argument types when evaluating.
#include <cstdint>
#include <string_view>

#include "expr/jvalue.h"

namespace sqlroute::expr {

enum class Method : uint8_t {
  HashCode, ToString, Equals, Substring, PadLeft, PadRight, ToInteger, ToLong, ToBigInteger,
  ToBigDecimal, ToDouble, Length, Size, ToUpperCase, ToLowerCase, Trim, CharAt, StartsWith,
  EndsWith, Contains, Replace, Abs, IntValue, LongValue, DoubleValue, Mod, IntDiv,
  // Static methods.
  MathAbs, MathFloorMod, MathFloorDiv, MathMax, MathMin, StringValueOf, IntegerParseInt,
  IntegerValueOf, LongParseLong, LongValueOf,
};

struct MethodInfo {
  std::string_view owner;  // "Math", "String", "Integer", "Long" for static methods, else empty
  std::string_view name;
  Method method;
  uint8_t min_args;
  uint8_t max_args;
};

const MethodInfo* FindInstanceMethod(std::string_view name);
const MethodInfo* FindStaticMethod(std::string_view owner, std::string_view name);
bool IsStaticOwner(std::string_view name);

// `receiver` is ignored for static methods. Throws INLINE_EXPRESSION_MISMATCH.
JValue CallMethod(const MethodInfo& info, const JValue& receiver, const JValue* args, size_t count);

}  // namespace sqlroute::expr
