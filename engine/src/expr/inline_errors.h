#pragma once
// Error construction shared by the inline-expression parser, evaluator and expanders.
#include <string>
#include <string_view>

namespace sqlroute::expr {

// CONFIG_INLINE_EXPRESSION: "Inline expression `src` is invalid at position N: detail".
[[noreturn]] void ThrowInvalidAt(std::string_view source, size_t offset, std::string_view detail);
// CONFIG_INLINE_EXPRESSION: "Inline expression `src` detail".
[[noreturn]] void ThrowInvalid(std::string_view source, std::string_view detail);
// INLINE_EXPRESSION_MISMATCH: the expression does not apply to the runtime values.
[[noreturn]] void ThrowMismatch(std::string message);

constexpr int kMaxNestingDepth = 200;
constexpr size_t kMaxExpandedItems = 1000000;
constexpr size_t kMaxExpandedBytes = size_t{64} << 20;  // total text of one list expansion

}  // namespace sqlroute::expr
