#pragma once
// The error model: one catalogue (errors.def), a category per code, and a position
// in the SQL (line:column) or in the configuration (key path). The messages live in the
// catalogue too (error_messages.def, rendered by error_text.h).
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace sqlroute {

enum class ErrorCategory { Syntax, Config, Bind, Route, Rewrite, Merge, Unsupported, Internal, Cluster };

enum class ErrorCode {
#define SQLROUTE_ERROR(name, category, ss_code) name,
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
};

// A place in the SQL text: 1-based line and column, 0-based byte offset.
struct SourcePosition {
  int line = 1;
  int column = 1;
  std::size_t offset = 0;
};

std::string_view ErrorCodeName(ErrorCode code);
ErrorCategory CategoryOf(ErrorCode code);
std::string_view CategoryName(ErrorCategory category);
int ShardingSphereCode(ErrorCode code);  // 0 when ShardingSphere has none

// A catalogue message rendered with its arguments (sqlroute/error_text.h builds one).
struct ErrorText {
  ErrorCode code;
  std::string message;
};

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, std::string message);
  Error(ErrorCode code, std::string message, SourcePosition position);
  Error(ErrorCode code, std::string message, std::string config_path);
  explicit Error(ErrorText text);
  Error(ErrorText text, SourcePosition position);
  Error(ErrorText text, std::string config_path);

  ErrorCode code() const { return code_; }
  ErrorCategory category() const { return CategoryOf(code_); }
  const std::string& message() const { return message_; }
  const std::optional<SourcePosition>& position() const { return position_; }
  const std::string& config_path() const { return config_path_; }

 private:
  static std::string Describe(ErrorCode code, const std::string& message,
                              const std::optional<SourcePosition>& position,
                              const std::string& config_path);
  ErrorCode code_;
  std::string message_;
  std::optional<SourcePosition> position_;
  std::string config_path_;
};

// Position of `offset` inside `text`.
SourcePosition PositionAt(std::string_view text, std::size_t offset);

}  // namespace sqlroute
