#pragma once
// Statements the encrypt rule refuses whatever their columns (ShardingSphere's
// EncryptInsertSelectSupportedChecker and EncryptWithClauseSupportedChecker): INSERT ... SELECT
// and WITH, when any table of the statement is an encrypt table.
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

void CheckEncryptSupported(const RewriteInput& input);

}  // namespace sqlroute::rewrite
