// SQL text -> parser::Parse. Any outcome but a statement or a sqlroute::Error is a finding.
#include <cstdint>
#include <string_view>

#include "parser/sql_parser.h"
#include "sqlroute/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    sqlroute::parser::Parse(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const sqlroute::Error&) {
  }
  return 0;
}
