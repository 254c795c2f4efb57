// Inline expressions. First byte even: the rest is a list expression for expr::ExpandList.
// Odd: a variable count byte, then per variable a name (short string) and a value
// (fuzz_values.h); the rest is an algorithm expression for Closure::Compile and Evaluate.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "expr/inline_expression.h"
#include "fuzz_values.h"
#include "sqlroute/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace sqlroute;
  fuzz::FuzzInput in(data, size);
  try {
    if (in.Byte() % 2 == 0) {
      expr::ExpandList(in.Rest());
      return 0;
    }
    std::vector<std::pair<std::string, Value>> variables(in.Byte() % 4);
    for (auto& [name, value] : variables) {
      name = in.ShortString();
      value = fuzz::ReadValue(in);
    }
    expr::Closure::Compile(in.Rest())->Evaluate(variables);
  } catch (const Error&) {
  }
  return 0;
}
