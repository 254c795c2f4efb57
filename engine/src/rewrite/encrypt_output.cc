#include "rewrite/encrypt_output.h"

namespace sqlroute::rewrite {

std::string EncryptedLiteral(const rules::EncryptItem& item, const Value& value) {
  return item.encryptor->Encrypt(value).ToSqlLiteral();
}

std::string Backquote(const std::string& name) {
  std::string result = "`";
  for (char c : name) {
    result += c;
    if (c == '`') result += '`';
  }
  return result + "`";
}

std::string LikeWritten(const std::string& name, const ast::Identifier& original) {
  return original.quoted ? Backquote(name) : name;
}

}  // namespace sqlroute::rewrite
