#pragma once
// The DDL checks ShardingSphere's sharding supported checkers make against the database's schema
// (ShardingSupportedCommonChecker.checkTableExist / checkTableNotExist): CREATE TABLE of a table
// the schema holds is TABLE_EXISTS (MySQL 1050), DROP TABLE of one it lacks TABLE_NOT_FOUND (1146),
// each unless IF [NOT] EXISTS; CREATE INDEX needs its table and a new name on it
// (ShardingCreateIndexSupportedChecker: INDEX_EXISTS, 10005), DROP INDEX a name some table of the
// schema has (ShardingDropIndexSupportedChecker: INDEX_NOT_FOUND, 10004).
//
// ShardingSphere always has a schema. sqlroute has one when the rules say so
// (config::RuleConfig::schema_known: a `metadata:` section, or the storage units read): its
// tables are the metadata's. Without one these checks are not made.
#include "route/router.h"

namespace sqlroute::route {

// Called for DDL when a sharding rule is configured, before any other sharding DDL check.
void CheckDdlAgainstSchema(const RouteInput& input);

}  // namespace sqlroute::route
