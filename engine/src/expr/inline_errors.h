#pragma once
// Error construction shared by the inline-expression parser, evaluator and expanders.
#include <string>
#include <string_view>

#include "sqlroute/error_text.h"

namespace sqlroute::expr {

// CONFIG_INLINE_EXPRESSION: "Inline expression `src` is invalid at position N: detail".
[[noreturn]] void ThrowInvalidAt(std::string_view source, size_t offset, const ErrorText& detail);
// CONFIG_INLINE_EXPRESSION: "Inline expression `src` detail".
[[noreturn]] void ThrowInvalid(std::string_view source, const ErrorText& detail);
// Values the expression does not apply to throw Error(Message<...>) with an INLINE_EXPRESSION_MISMATCH message.

constexpr int kMaxNestingDepth = 200;
constexpr size_t kMaxExpandedItems = 1000000;
constexpr size_t kMaxExpandedBytes = size_t{64} << 20;  // total text of one list expansion

}  // namespace sqlroute::expr
