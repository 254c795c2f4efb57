#include "expr/inline_errors.h"

#include "expr/java_text.h"
#include "sqlroute/error_text.h"

namespace sqlroute::expr {

void ThrowInvalidAt(std::string_view source, size_t offset, const ErrorText& detail) {
  throw Error(Message<msg::InlineInvalidAt>(arg::expression = source, arg::position = CharacterPosition(source, offset),
                                            arg::detail = detail.message));
}

void ThrowInvalid(std::string_view source, const ErrorText& detail) {
  throw Error(Message<msg::InlineInvalid>(arg::expression = source, arg::detail = detail.message));
}

}  // namespace sqlroute::expr
