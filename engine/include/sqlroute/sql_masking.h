#pragma once
// The statement log's masking for a text a program logs itself (a proxy's own statements: DistSQL,
// SET, ...): every literal replaced by ***, as the log shows a statement that touches an encrypted
// table; the whole text *** when it cannot be tokenized.
#include <string>
#include <string_view>

namespace sqlroute {

std::string MaskLiterals(std::string_view sql);

}  // namespace sqlroute
