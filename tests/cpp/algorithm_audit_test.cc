#include "algorithm_test_support.h"

namespace sqlroute {
namespace {

std::shared_ptr<const ShardingAuditor> Auditor() {
  return AlgorithmRegistry::Global().CreateAuditor("DML_SHARDING_CONDITIONS", {}, "auditors.sharding_key_required");
}

TEST(DmlShardingConditionsAuditorTest, RejectsDmlOnShardingTablesWithoutConditions) {
  for (const char* kind : {"SELECT", "INSERT", "UPDATE", "DELETE", "update"}) {
    EXPECT_SQLROUTE_ERROR(Auditor()->Check(AuditInput{kind, {"t_order"}, false}), AUDIT_FAILED,
                          "Sharding SQL audit failed, error message: Not allow DML operation without sharding conditions.");
  }
}

TEST(DmlShardingConditionsAuditorTest, AcceptsConditionsOtherStatementsAndOtherTables) {
  EXPECT_NO_THROW(Auditor()->Check(AuditInput{"SELECT", {"t_order"}, true}));
  EXPECT_NO_THROW(Auditor()->Check(AuditInput{"SELECT", {}, false}));
  EXPECT_NO_THROW(Auditor()->Check(AuditInput{"CREATE TABLE", {"t_order"}, false}));
  EXPECT_NO_THROW(Auditor()->Check(AuditInput{"SHOW", {"t_order"}, false}));
}

TEST(BuiltinRegistrationTest, EveryBuiltinTypeIsRegistered) {
  auto& registry = AlgorithmRegistry::Global();
  for (const char* type : {"MOD", "HASH_MOD", "VOLUME_RANGE", "BOUNDARY_RANGE", "AUTO_INTERVAL", "INTERVAL",
                            "INLINE", "COMPLEX_INLINE", "HINT_INLINE"}) {
    EXPECT_TRUE(registry.Has(AlgorithmKind::Sharding, type)) << type;
  }
  EXPECT_TRUE(registry.Has(AlgorithmKind::KeyGenerator, "SNOWFLAKE"));
  EXPECT_TRUE(registry.Has(AlgorithmKind::KeyGenerator, "UUID"));
  EXPECT_TRUE(registry.Has(AlgorithmKind::Auditor, "DML_SHARDING_CONDITIONS"));
}

}  // namespace
}  // namespace sqlroute
