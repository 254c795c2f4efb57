#pragma once
// DistSQL RDL (ShardingSphere 5.1 - 5.5 keywords) as a second way to write rules:
// REGISTER / ALTER / UNREGISTER STORAGE UNIT (5.2: ADD / ALTER / DROP RESOURCE);
// CREATE [IF NOT EXISTS] / ALTER / DROP [IF EXISTS] of SHARDING TABLE RULE (DATANODES and
// auto-table forms), SHARDING TABLE REFERENCE RULE, SHARDING BINDING TABLE RULES (5.2),
// SHARDING ALGORITHM / KEY GENERATOR / AUDITOR, DEFAULT SHARDING DATABASE|TABLE STRATEGY,
// BROADCAST TABLE RULE (5.2: SHARDING BROADCAST TABLE RULES), READWRITE_SPLITTING RULE,
// ENCRYPT RULE, SHADOW RULE, DEFAULT SHADOW ALGORITHM; LOAD SINGLE TABLE; SET DEFAULT SINGLE
// TABLE STORAGE UNIT. Statements are separated by `;`; comments are allowed.
//
// Generated names (as ShardingSphere's DistSQL RDL handlers build them): sharding algorithm
// `<table>_<database|table>_<type>`, auto table `<table>_<type>`, default strategy
// `default_<database|table>_<type>`, key generator and auditor `<table>_<type>`, load balancer
// `<group>_<type>`, encryptors `<table>_<column>`, `assist_<table>_<column>`,
// `like_<table>_<column>`, shadow algorithm `<rule>_<table>_<type>`; all lower-cased.
//
// Syntax errors are Error(CONFIG_DISTSQL_SYNTAX) at the unexpected token's position;
// CREATE of an existing rule and ALTER/DROP of a missing one fail at the name's position;
// the resulting config is then validated like a YAML file (see config_validator.h).
#include <string_view>

#include "config/rule_config.h"

namespace sqlroute::config {

// Returns `config` with the script applied; `config` itself is untouched when it fails.
RuleConfig ApplyDistSql(const RuleConfig& config, std::string_view script);
// A config built from nothing but the script.
RuleConfig LoadDistSql(std::string_view script);

}  // namespace sqlroute::config
