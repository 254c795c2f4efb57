#pragma once
// SQL comment hints (ShardingSphere's SQLHintUtils): a statement that starts with
// `/* SHARDINGSPHERE_HINT: ... */` or `/* ShardingSphere hint: ... */` carries key=value pairs; the
// comment is removed from the SQL that is parsed and sent.
#include <string_view>

#include "sqlroute/hints.h"

namespace sqlroute::engine {

struct SqlHint {
  std::string_view sql;  // the statement without the hint comment
  Hints hints;
};

// Throws Error(HINT_INVALID) for an unterminated comment or an unknown key.
SqlHint ExtractSqlHint(std::string_view sql);

// Comment hints overlaid with per-call hints (call values win; lists are merged).
Hints MergeHints(Hints comment, const Hints& call);

}  // namespace sqlroute::engine
