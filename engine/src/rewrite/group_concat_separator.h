#pragma once
// The SEPARATOR and ORDER BY of a GROUP_CONCAT call, read from the call's text.
#include <string>
#include <string_view>

namespace sqlroute::rewrite {

// `GROUP_CONCAT(a ORDER BY a SEPARATOR '; ')` -> "; "; "," when the call names none.
std::string GroupConcatSeparator(std::string_view call);
// Whether the call orders its items (`GROUP_CONCAT(a ORDER BY b)`).
bool GroupConcatOrdered(std::string_view call);

}  // namespace sqlroute::rewrite
