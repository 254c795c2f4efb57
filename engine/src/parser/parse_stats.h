#pragma once
// Process-wide parser statistics, for tests and diagnostics.
#include <cstdint>

namespace sqlroute::parser {

// How many parses so far needed the slower full-LL second stage (SLL prediction failed).
uint64_t FullLlParseCount();
// How many parses so far had runs of simple values cut from the text ANTLR saw (parser/value_runs.h).
uint64_t CutRunParseCount();

}  // namespace sqlroute::parser
