#pragma once
// The SHOW statements of the rules beyond the sharding tables, read-write splitting, encryption
// and broadcast tables, each with the columns and cells of ShardingSphere-Proxy's executor of the
// same name. `only` narrows to one rule, table or generator by name ("" for all).
#include <string>

#include "logic_database.h"
#include "statement_executor.h"

namespace sqlroute::proxy {

StatementResult ShowShardingAlgorithms(const LogicDatabase& database);
StatementResult ShowShardingKeyGenerators(const LogicDatabase& database, const std::string& only);
StatementResult ShowDefaultShardingStrategy(const LogicDatabase& database);
StatementResult ShowShardingTableNodes(const LogicDatabase& database, const std::string& only);
StatementResult ShowShardingTableReferenceRules(const LogicDatabase& database, const std::string& only);
StatementResult ShowShardingBindingTableRules(const LogicDatabase& database);

StatementResult ShowShadowRules(const LogicDatabase& database, const std::string& only);
StatementResult ShowShadowTableRules(const LogicDatabase& database, const std::string& only);
StatementResult ShowShadowAlgorithms(const LogicDatabase& database);
StatementResult ShowDefaultShadowAlgorithm(const LogicDatabase& database);
StatementResult ShowMaskRules();
// `like`: a LIKE pattern the table names match, ignoring case ("" for all).
StatementResult ShowSingleTables(const LogicDatabase& database, const std::string& only, const std::string& like);
StatementResult ShowDefaultSingleTableStorageUnit(const LogicDatabase& database);

}  // namespace sqlroute::proxy
