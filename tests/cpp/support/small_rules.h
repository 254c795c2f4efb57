#pragma once
// A small rule set several tests share: t_user split by id with MOD 4 over two data sources.

namespace sqlroute::testing_support {

inline const char* kTwoShardMod4Rules = R"(
databaseName: sharding_db
dataSources:
  ds_0: {url: "jdbc:mysql://127.0.0.1:3306/sbtest"}
  ds_1: {url: "jdbc:mysql://127.0.0.1:3307/sbtest"}
rules:
- !SHARDING
  autoTables:
    t_user:
      actualDataSources: ds_${0..1}
      shardingStrategy:
        standard: {shardingColumn: id, shardingAlgorithmName: t_user_mod}
  shardingAlgorithms:
    t_user_mod: {type: MOD, props: {sharding-count: 4}}
)";

}  // namespace sqlroute::testing_support
