#pragma once
// What the statement log may show of a statement's SQL and parameters:
//   - a statement that touches an encrypted table, or a DCL statement, has every literal and
//     parameter masked (in the logic SQL and in each unit, whose SQL holds ciphertext or digests);
//   - any other has the literals and parameters masked that hold secrets by their place in the
//     syntax (observe/secret_places.h) or that contain a configured secret value;
//   - any text equal to a configured secret value is masked wherever it appears.
// A statement that may hold a secret but that the tokenizer cannot read is shown as *** whole.
// A statement with no word after which secrets follow, and whose text holds no secret value and
// no literal whose value could (escapes, hex, bits), is shown as it is without tokenizing.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ast/statement.h"
#include "rules/compiled_rules.h"
#include "sqlroute/rule_set.h"
#include "sqlroute/value.h"

namespace sqlroute::observe {

inline constexpr const char* kMask = "***";

// The values of a rule set's secret props (Props::IsSecretKey: passwords, keys, salts) in data
// sources, algorithms and rule props; longest first, without empties or repeats.
struct Secrets {
  uint64_t version = 0;  // of the rule set
  std::vector<std::string> values;
};
Secrets ConfiguredSecrets(const RuleSet& rules);

// Touches an encrypted table, or is DCL.
bool MasksEverything(const ast::Statement& statement, const rules::CompiledRules& rules);

struct MaskedSql {
  std::string sql;
  std::vector<std::string> params;  // shown as explain shows values, or ***
};
MaskedSql Mask(std::string_view sql, const std::vector<Value>& params, bool everything,
               const std::vector<std::string>& secrets);

}  // namespace sqlroute::observe
