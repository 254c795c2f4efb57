// RuleSet::Decrypt / DecryptRow: plaintext for the result columns a plan marks encrypted.
#include "common/strings.h"
#include "rules/compiled_rules.h"
#include "sqlroute/error_text.h"
#include "sqlroute/rule_set.h"

namespace sqlroute {
namespace {

int ColumnIndex(const MergeColumn& column, const std::vector<std::string>& labels) {
  if (column.index >= 0) return column.index;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (EqualsIgnoreCase(labels[i], column.label)) return static_cast<int>(i);
  }
  throw Error(Message<msg::DecryptColumnMissing>(arg::label = column.label));
}

}  // namespace

Value RuleSet::Decrypt(const std::string& encryptor, const Value& cipher) const {
  const auto& encrypt = compiled_->encrypt;
  const rules::NamedEncryptor* found = encrypt ? encrypt->FindEncryptor(encryptor) : nullptr;
  if (!found) throw Error(Message<msg::AlgorithmNotDefined>(arg::what = "encryptor", arg::name = encryptor));
  if (cipher.is_null()) return cipher;
  return found->encryptor->Decrypt(cipher);
}

void RuleSet::DecryptRow(const std::vector<DecryptColumn>& columns, const std::vector<std::string>& labels,
                         std::vector<Value>& row) const {
  for (const auto& each : columns) {
    int index = ColumnIndex(each.column, labels);
    if (static_cast<std::size_t>(index) >= row.size()) {
      throw Error(Message<msg::DecryptColumnIndexMissing>(arg::index = index + 1));
    }
    row[static_cast<std::size_t>(index)] = Decrypt(each.encryptor, row[static_cast<std::size_t>(index)]);
  }
}

}  // namespace sqlroute
