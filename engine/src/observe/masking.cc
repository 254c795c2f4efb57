#include "observe/masking.h"

#include "cache/sql_normalizer.h"

namespace sqlroute::observe {

bool NeedsMasking(const ast::Statement& statement, const detail::CompiledRules& rules) {
  if (ast::ClassOf(statement.kind) == ast::StatementClass::DCL) return true;
  if (!rules.encrypt) return false;
  for (const ast::TableRef& table : statement.tables) {
    if (rules.encrypt->Find(table.name.name) != nullptr) return true;
  }
  return false;
}

std::string MaskLiterals(std::string_view sql) {
  std::optional<cache::NormalizedSql> normalized = cache::Normalize(sql);
  if (!normalized) return kMask;
  std::string out;
  std::size_t copied = 0;
  for (const cache::LiteralToken& literal : normalized->literals) {
    out.append(sql.substr(copied, literal.begin - copied));
    out += kMask;
    copied = literal.end;
  }
  out.append(sql.substr(copied));
  return out;
}

std::vector<std::string> ShowParams(const std::vector<Value>& params, bool mask) {
  std::vector<std::string> shown;
  shown.reserve(params.size());
  for (const Value& value : params) shown.push_back(mask ? kMask : value.ToDisplay());
  return shown;
}

}  // namespace sqlroute::observe
