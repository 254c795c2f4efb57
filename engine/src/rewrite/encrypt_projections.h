#pragma once
// Encrypted columns in SELECT projections (ShardingSphere's EncryptProjectionTokenGenerator):
// `cipher AS logical` with owners kept, `*` expanded from table metadata, and the decrypt
// instructions of the main query. MariaDB's RETURNING items, the result of an INSERT, REPLACE or
// DELETE, are rewritten and decrypted the same way. ORDER BY / GROUP BY on an encrypted column and encrypted UNION
// projections are rejected.
#include "rewrite/encrypt_output.h"
#include "rewrite/encrypt_scope.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

void RewriteEncryptProjections(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out);

}  // namespace sqlroute::rewrite
