#pragma once
// Process-wide parser statistics, for tests and diagnostics.
#include <cstdint>

namespace sqlroute::parser {

// How many parses so far needed the slower full-LL second stage (SLL prediction failed).
uint64_t FullLlParseCount();

}  // namespace sqlroute::parser
