#pragma once
// The places in a statement where MySQL syntax puts secrets, found by tokens (no parse needed):
//   - every literal and '?' inside a call of a key or password function: AES_ENCRYPT,
//     AES_DECRYPT, DES_ENCRYPT, DES_DECRYPT, ENCODE, DECODE, ENCRYPT, PASSWORD, OLD_PASSWORD;
//   - the literal or '?' after IDENTIFIED [WITH plugin] BY [PASSWORD] | AS, after REPLACE
//     (ALTER USER ... REPLACE 'current'), and after a word ending in PASSWORD with an optional
//     '=' (SET PASSWORD = ..., MASTER_PASSWORD = ..., the table option PASSWORD ...);
//   - every literal and '?' of a SET PASSWORD statement.
#include <string_view>
#include <vector>

#include "cache/sql_normalizer.h"

namespace sqlroute::observe {

struct SecretPlaces {
  std::vector<bool> literals;  // per literal of the normalized statement
  std::vector<bool> params;    // per '?' in source order (as many as the statement has)
};

SecretPlaces FindSecretPlaces(std::string_view sql, const cache::NormalizedSql& normalized);

}  // namespace sqlroute::observe
