#pragma once
// Table metadata from CREATE TABLE statements: each table's columns, in order.
#include <string_view>

#include "config/rule_config.h"

namespace sqlroute::rules {

// `script` holds CREATE TABLE statements separated by `;` (quotes and comments respected).
// Other statements are an error naming their position.
config::NamedList<config::TableMetadataConfig> MetadataFromDdl(std::string_view script);

}  // namespace sqlroute::rules
