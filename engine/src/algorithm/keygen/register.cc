#include "algorithm/builtins.h"
#include "algorithm/keygen/snowflake_key_generator.h"
#include "algorithm/keygen/uuid_key_generator.h"

namespace sqlroute {

void RegisterKeyGenerators(AlgorithmRegistry& registry) {
  registry.RegisterKeyGenerator("SNOWFLAKE", algorithm::CreateSnowflakeKeyGenerator);
  registry.RegisterKeyGenerator("UUID", algorithm::CreateUuidKeyGenerator);
}

}  // namespace sqlroute
