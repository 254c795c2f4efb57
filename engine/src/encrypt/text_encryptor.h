#pragma once
// Base of the built-in encryptors: NULL stays NULL, other values become their Java text
// (String.valueOf), and results are strings.
#include <string>

#include "sqlroute/algorithm.h"

namespace sqlroute::encrypt {

class TextEncryptor : public Encryptor {
 public:
  Value Encrypt(const Value& plain) const final {
    return plain.is_null() ? Value::Null() : Value::String(EncryptText(plain.ToJavaString()));
  }
  Value Decrypt(const Value& cipher) const final {
    return cipher.is_null() ? Value::Null() : Value::String(DecryptText(cipher.ToJavaString()));
  }

 protected:
  virtual std::string EncryptText(const std::string& plain) const = 0;
  virtual std::string DecryptText(const std::string& cipher) const = 0;
};

}  // namespace sqlroute::encrypt
