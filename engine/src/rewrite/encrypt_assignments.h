#pragma once
// Encrypted columns written by INSERT and UPDATE (ShardingSphere's
// EncryptInsertValuesTokenGenerator and EncryptAssignmentTokenGenerator): each expands in place to
// its cipher, assisted query and like query columns (back-quoted), each literal or parameter value
// to the three encrypted values; ON DUPLICATE KEY UPDATE `c = VALUES(c)` to three such assignments.
// Other values on encrypted columns are rejected (20740).
#include <string>
#include <vector>

#include "rewrite/encrypt_output.h"
#include "rewrite/encrypt_scope.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

void RewriteEncryptAssignments(const RewriteInput& input, const EncryptScope& scope, EncryptOutput& out);

// `columns` of an INSERT into `table` with each encrypted one replaced by its written columns
// (cipher, assisted query, like query), unquoted.
std::vector<std::string> EncryptInsertColumns(const EncryptScope& scope, const ast::TableRef& table,
                                              const std::vector<std::string>& columns);

}  // namespace sqlroute::rewrite
