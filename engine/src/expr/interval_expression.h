#pragma once
// The INTERVAL inline form: "P=t_order_;SP=yyyy_MM;DIA=1;DIU=Months;DL=2023_10;DU=2023_12"
// lists prefix + every time from DL to DU (inclusive) in steps of DIA x DIU, formatted with SP.
// Pattern letters: y, M, d, H, m, s (DateTimeFormatter style, 'quoted' literals allowed).
#include <string>
#include <string_view>
#include <vector>

namespace sqlroute::expr {

// `expression` is the full text (for messages); the key/value body starts at `body_offset`.
std::vector<std::string> ExpandIntervalList(std::string_view expression, size_t body_offset);

}  // namespace sqlroute::expr
