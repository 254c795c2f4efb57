#pragma once
// DDL naming encrypted columns (ShardingSphere 5.x's encrypt DDL token generators):
// - CREATE TABLE: an encrypted column's definition becomes `cipher VARCHAR(4000)`, followed by
//   `assisted VARCHAR(4000)` and `like VARCHAR(4000)` when configured;
// - ALTER TABLE ... ADD COLUMN: the definition becomes `cipher VARCHAR(4000)` and the item is
//   followed by `, ADD COLUMN assisted VARCHAR(4000)` and `, ADD COLUMN like VARCHAR(4000)`;
// - a position `AFTER col` naming an encrypted column names its cipher column;
// - index key parts (CREATE INDEX, ADD INDEX, KEY/UNIQUE/PRIMARY KEY in CREATE TABLE) name the
//   assisted query column when configured, else the cipher column;
// - MODIFY, CHANGE, DROP of an encrypted column are rejected with ShardingSphere's messages; so
//   are ALTER COLUMN and RENAME COLUMN of one, which ShardingSphere passes on unchanged (the
//   logical column does not exist in the database, so the statement could only fail there).
#include "rewrite/encrypt_output.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

void RewriteEncryptDdl(const RewriteInput& input, EncryptOutput& out);

}  // namespace sqlroute::rewrite
