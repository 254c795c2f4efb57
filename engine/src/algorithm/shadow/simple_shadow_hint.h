#pragma once
// The 5.0/5.1 shadow hint comment, e.g. `/*shadow:true,user_id:2*/`, as SIMPLE_HINT reads it.
#include <map>
#include <string>
#include <string_view>

namespace sqlroute::shadow {

// Key/value pairs of a shadow hint comment: the comment markers `/*` and `*/` are stripped, an
// `@TRACE_CONTEXT@...@TRACE_CONTEXT@` span is removed, the rest is split on ',' and each part
// at its first ':'; keys and values are trimmed. Parts without ':' or with an empty key are
// ignored; a later duplicate key wins.
std::map<std::string, std::string> ParseSimpleShadowHint(std::string_view comment);

}  // namespace sqlroute::shadow
