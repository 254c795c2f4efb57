#pragma once
// Recursive-descent parser for Groovy GString templates and the expression subset inside
// `${...}` / `$->{...}`. Syntax errors, unknown methods and nesting beyond kMaxNestingDepth
// throw CONFIG_INLINE_EXPRESSION with the 1-based position.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "expr/program.h"

namespace sqlroute::expr {

// Parses program->source from byte `start` as one GString; returns its Template node.
int32_t ParseTemplate(Program* program, size_t start);
// Parses program->source from byte `start` as comma-separated, trimmed GString items (commas
// inside `${}` do not split); empty items are dropped. Returns one Template node per item.
std::vector<int32_t> ParseTemplateItems(Program* program, size_t start);

}  // namespace sqlroute::expr
