// SQL text -> the hand-written lexer and the generated ANTLR lexer. Any difference in tokens,
// positions or error is a finding.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "parser/lexer_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view sql(reinterpret_cast<const char*>(data), size);
  std::string by_hand = sqlroute::parser::Describe(sqlroute::parser::LexByHand(sql));
  std::string generated = sqlroute::parser::Describe(sqlroute::parser::LexWithGeneratedLexer(sql));
  if (by_hand != generated) {
    std::fprintf(stderr, "lexers differ\nby hand:\n%s\ngenerated:\n%s", by_hand.c_str(), generated.c_str());
    std::abort();
  }
  return 0;
}
