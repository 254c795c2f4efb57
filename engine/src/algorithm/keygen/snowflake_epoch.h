#pragma once
// The SNOWFLAKE epoch, 2016-11-01 00:00:00.000 local time, as epoch milliseconds.
#include <cstdint>
#include <optional>
#include <string>

namespace sqlroute::algorithm {

// ShardingSphere builds the epoch with Calendar.getInstance(), i.e. in the JVM default time zone;
// without `time_zone` we use the process's local time zone (TZ / /etc/localtime) the same way.
// `time_zone` may be UTC/GMT/Z, a fixed offset (+08:00, GMT+8, UTC-05:30) or an IANA region read
// from the system zoneinfo (TZDIR or /usr/share/zoneinfo). Throws Error(CONFIG_ALGORITHM_PROPS) otherwise.
int64_t SnowflakeEpochMillis(const std::optional<std::string>& time_zone);

}  // namespace sqlroute::algorithm
