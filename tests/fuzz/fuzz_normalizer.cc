// SQL text -> cache::Normalize, then every literal decoded. Literals must lie inside the text,
// in order, and the shape must be the text with each literal replaced by "\x01" + its class.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cache/sql_normalizer.h"
#include "sqlroute/error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view sql(reinterpret_cast<const char*>(data), size);
  auto normalized = sqlroute::cache::Normalize(sql);
  if (!normalized) return 0;
  std::string shape;
  uint32_t previous_end = 0;
  for (const auto& literal : normalized->literals) {
    if (literal.begin < previous_end || literal.end <= literal.begin || literal.end > size) std::abort();
    shape.append(sql.substr(previous_end, literal.begin - previous_end));
    shape += '\x01';
    shape += static_cast<char>(literal.type);
    previous_end = literal.end;
    try {
      sqlroute::cache::DecodeLiteral(sql.substr(literal.begin, literal.end - literal.begin), literal.type);
    } catch (const sqlroute::Error&) {
    }
  }
  shape.append(sql.substr(previous_end));
  if (shape != normalized->shape) std::abort();
  return 0;
}
