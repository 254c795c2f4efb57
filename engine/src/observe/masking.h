#pragma once
// What the statement log may show. A statement that touches an encrypted table, or a DCL
// statement (passwords), has every literal and parameter masked, in the logic SQL and in each
// unit (whose SQL then holds ciphertext or assisted-query digests).
#include <string>
#include <string_view>
#include <vector>

#include "ast/statement.h"
#include "route/compiled_rules.h"
#include "sqlroute/value.h"

namespace sqlroute::observe {

inline constexpr const char* kMask = "***";

bool NeedsMasking(const ast::Statement& statement, const detail::CompiledRules& rules);
// `sql` with every literal token replaced by ***; all of it when it cannot be tokenized.
std::string MaskLiterals(std::string_view sql);
// Values as explain shows them, or *** each when masked.
std::vector<std::string> ShowParams(const std::vector<Value>& params, bool mask);

}  // namespace sqlroute::observe
