#pragma once
// Encrypted columns in WHERE, ON and HAVING (ShardingSphere's EncryptConditionEngine and
// EncryptPredicateColumnTokenGenerator): =, <>, !=, <, >, <=, >=, IN and IS [NOT] NULL compare the
// assisted query column (else the cipher column) with values encrypted by its encryptor; LIKE / NOT
// LIKE use the like query column. BETWEEN, other operators and joins across different encryptors
// are rejected.
#include "rewrite/encrypt_output.h"
#include "rewrite/encrypt_scope.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

void RewriteEncryptPredicates(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out);

}  // namespace sqlroute::rewrite
