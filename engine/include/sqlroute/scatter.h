#pragma once
// Why a statement reaches more than one route unit (scatter_reasons.def): one reason per table
// and strategy level (data sources, tables) that chose more than one target, or one for a
// statement that reaches every node by its nature. Routing records the code and the few values
// its format names; the text is rendered only when read (message()).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

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

// The integers a range holds, `first` to `last` (none when last < first); not `bounded` when a
// bound is missing or not an integer.
struct ScatterSpan {
  bool bounded = false;
  std::int64_t first = 0;
  std::int64_t last = 0;
};

// Each field is the value of one {name} of the code's format; the fields a format does not name
// stay empty.
struct ScatterReason {
  ScatterCode code = ScatterCode::NO_SHARDING_CONDITION;
  ScatterLevel level = ScatterLevel::Statement;  // {level}
  std::string table;      // {table}: the logic table; empty for a statement-wide reason
  std::string column;     // {column}: the sharding column ("hint" for hint values)
  std::string algorithm;  // {algorithm}: the sharding algorithm's name
  std::string type;       // {type}: its type (MOD, INLINE, ...)
  std::string text;       // {span}: the range; {detail}: why no value came out; {kind}: the statement kind
  std::size_t count = 0;  // {count}: the targets reached at the level
  std::size_t values = 0; // {values}: the sharding values, or the rows of an INSERT
  ScatterSpan span;       // {span_values}: how many integers the range holds

  std::string message() const;  // the code's format with the fields filled in
};

}  // namespace sqlroute
