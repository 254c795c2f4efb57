#include "sqlroute/error_text.h"

namespace sqlroute {
namespace {

struct CatalogueEntry {
  std::string_view name;
  ErrorCategory category;
  int ss_code;
};

constexpr CatalogueEntry kCatalogue[] = {
#define SQLROUTE_ERROR(name, category, ss_code) {#name, ErrorCategory::category, ss_code},
#include "sqlroute/errors.def"
#undef SQLROUTE_ERROR
};

const CatalogueEntry& Entry(ErrorCode code) { return kCatalogue[static_cast<int>(code)]; }

}  // namespace

std::string_view ErrorCodeName(ErrorCode code) { return Entry(code).name; }
ErrorCategory CategoryOf(ErrorCode code) { return Entry(code).category; }
int ShardingSphereCode(ErrorCode code) { return Entry(code).ss_code; }

std::string_view CategoryName(ErrorCategory category) {
  switch (category) {
    case ErrorCategory::Syntax: return "syntax";
    case ErrorCategory::Config: return "config";
    case ErrorCategory::Bind: return "bind";
    case ErrorCategory::Route: return "route";
    case ErrorCategory::Rewrite: return "rewrite";
    case ErrorCategory::Merge:
      return "merge";
    case ErrorCategory::Unsupported: return "unsupported";
    case ErrorCategory::Internal: return "internal";
    case ErrorCategory::Cluster: return "cluster";
  }
  return "internal";
}

Error::Error(ErrorCode code, std::string message)
    : std::runtime_error(Describe(code, message, std::nullopt, {})),
      code_(code), message_(std::move(message)) {}

Error::Error(ErrorCode code, std::string message, SourcePosition position)
    : std::runtime_error(Describe(code, message, position, {})),
      code_(code), message_(std::move(message)), position_(position) {}

Error::Error(ErrorCode code, std::string message, std::string config_path)
    : std::runtime_error(Describe(code, message, std::nullopt, config_path)),
      code_(code), message_(std::move(message)), config_path_(std::move(config_path)) {}

Error::Error(ErrorText text) : Error(text.code, std::move(text.message)) {}

Error::Error(ErrorText text, SourcePosition position) : Error(text.code, std::move(text.message), position) {}

Error::Error(ErrorText text, std::string config_path)
    : Error(text.code, std::move(text.message), std::move(config_path)) {}

std::string Error::Describe(ErrorCode code, const std::string& message,
                            const std::optional<SourcePosition>& position,
                            const std::string& config_path) {
  std::string result = "[";
  result += ErrorCodeName(code);
  result += "] ";
  result += message;
  if (position) {
    result += " [at " + std::to_string(position->line) + ":" + std::to_string(position->column) + "]";
  }
  if (!config_path.empty()) result += " [at " + config_path + "]";
  return result;
}

SourcePosition PositionAt(std::string_view text, std::size_t offset) {
  SourcePosition result;
  result.offset = offset;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++result.line;
      line_start = i + 1;
    }
  }
  result.column = static_cast<int>(offset - line_start) + 1;
  return result;
}

}  // namespace sqlroute
