#include "expr/inline_errors.h"

#include "expr/java_text.h"
#include "sqlroute/error.h"

namespace sqlroute::expr {

void ThrowInvalidAt(std::string_view source, size_t offset, std::string_view detail) {
  throw Error(ErrorCode::CONFIG_INLINE_EXPRESSION,
              "Inline expression `" + std::string(source) + "` is invalid at position " +
                  std::to_string(CharacterPosition(source, offset)) + ": " + std::string(detail));
}

void ThrowInvalid(std::string_view source, std::string_view detail) {
  throw Error(ErrorCode::CONFIG_INLINE_EXPRESSION,
              "Inline expression `" + std::string(source) + "` " + std::string(detail));
}

void ThrowMismatch(std::string message) {
  throw Error(ErrorCode::INLINE_EXPRESSION_MISMATCH, std::move(message));
}

}  // namespace sqlroute::expr
