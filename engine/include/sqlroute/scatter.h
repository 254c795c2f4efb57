#pragma once
// Why a statement reaches more than one route unit (scatter_reasons.def): one reason per table
// and strategy level (data sources, tables) that chose more than one target, or one for a
// statement that reaches every node by its nature.
//   Reason<ScatterCode::RANGE_COVERS_ALL>(arg::span = ..., ...)
// The arguments must be exactly the names of the code's format, as for the error catalogue.
#include <cstdint>
#include <string>
#include <string_view>

#include "sqlroute/error_text.h"

namespace sqlroute {

enum class ScatterCode : std::uint16_t {
#define SQLROUTE_SCATTER(code, format) code,
#include "sqlroute/scatter_reasons.def"
#undef SQLROUTE_SCATTER
};

struct ScatterEntry {
  std::string_view code;
  std::string_view format;
};

inline constexpr ScatterEntry kScatterEntries[] = {
#define SQLROUTE_SCATTER(code, format) {#code, format},
#include "sqlroute/scatter_reasons.def"
#undef SQLROUTE_SCATTER
};

inline std::string_view ScatterCodeName(ScatterCode code) { return kScatterEntries[static_cast<std::size_t>(code)].code; }

enum class ScatterLevel { Statement, DataSource, Table };
const char* ScatterLevelName(ScatterLevel level);  // "statement", "data source", "table"

struct ScatterReason {
  ScatterCode code = ScatterCode::NO_SHARDING_CONDITION;
  ScatterLevel level = ScatterLevel::Statement;
  std::string table;    // logic table; empty for a statement-wide reason
  std::string message;  // the code's format with its arguments
};

template <ScatterCode code, typename... Names>
ScatterReason Reason(ScatterLevel level, std::string table, const ErrorArg<Names>&... args) {
  constexpr std::string_view format = kScatterEntries[static_cast<std::size_t>(code)].format;
  static constexpr std::string_view kNames[] = {Names::kName..., std::string_view()};
  static_assert(detail::TakesExactly(format, kNames, sizeof...(Names)),
                "the arguments must be exactly the {names} of the reason's format");
  const std::string* values[] = {&args.text..., nullptr};
  return {code, level, std::move(table), detail::Render(format, kNames, values, sizeof...(Names))};
}

}  // namespace sqlroute
