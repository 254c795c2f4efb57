// Routes and rewrites fuzzed SQL with fuzzed parameters and hints against one of the golden
// rule sets (tests/golden/rules/*.yaml). Input: rule-set byte, hint-flag byte, parameter count
// byte, the parameters (fuzz_values.h), the hint values the flags ask for, then the SQL.
// Each statement is routed twice through one engine (plan-cache miss, then hit); both routes
// must agree (RouteSummary), and every unit must name a configured storage unit.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "fuzz_values.h"
#include "rules/rule_set_access.h"
#include "sqlroute/error.h"
#include "sqlroute/sqlroute.h"

namespace {

using namespace sqlroute;

const std::vector<std::shared_ptr<const RuleSet>>& GoldenRuleSets() {
  static const std::vector<std::shared_ptr<const RuleSet>> rule_sets = [] {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(SQLROUTE_TESTS_DIR "/golden/rules")) {
      if (entry.path().extension() == ".yaml") files.push_back(entry.path());  // not the DistSQL twins
    }
    std::sort(files.begin(), files.end());
    std::vector<std::shared_ptr<const RuleSet>> loaded;
    for (const auto& file : files) loaded.push_back(RuleSet::FromYamlFile(file.string()));
    return loaded;
  }();
  return rule_sets;
}

std::vector<Value> ReadValues(fuzz::FuzzInput& in, unsigned max_count) {
  std::vector<Value> values(in.Byte() % max_count);
  for (Value& value : values) value = fuzz::ReadValue(in);
  return values;
}

Hints ReadHints(fuzz::FuzzInput& in, uint8_t flags) {
  Hints hints;
  hints.write_route_only = flags & 1;
  hints.shadow = flags & 2;
  hints.skip_sql_rewrite = flags & 4;
  if (flags & 8) hints.data_source_name = in.ShortString();
  if (flags & 16) hints.database_value_only = fuzz::ReadValue(in);
  if (flags & 32) {
    std::string table = in.ShortString();
    hints.table_values[table] = ReadValues(in, 4);
  }
  if (flags & 64) {
    std::string table = in.ShortString();
    hints.database_values[table] = ReadValues(in, 4);
  }
  return hints;
}

// An INSERT's targets may depend on generated keys (SNOWFLAKE), new on every call.
std::string RouteSummary(const Plan& plan) {
  std::string summary = std::string(RouteTypeName(plan.route_type)) + " " + plan.statement_kind;
  if (plan.statement_kind == "INSERT") return summary;
  for (const RouteUnit& unit : plan.route_units) {
    summary += "|" + unit.logic_data_source;
    for (const TableMapping& table : unit.tables) summary += " " + table.logic + ">" + table.actual;
  }
  return summary + "|" + std::to_string(plan.units.size());
}

// "" for a plan, else the error code.
std::string RouteOnce(const Engine& engine, std::string_view sql, const std::vector<Value>& params,
                      const Hints& hints, bool in_transaction, std::string& summary) {
  Session session;
  session.in_transaction = in_transaction;
  try {
    Plan plan = engine.Route(sql, params, hints, &session);
    const auto& storage_units = rules::RuleSetAccess::Compiled(*engine.rules()).config.data_sources;
    for (const SqlUnit& unit : plan.units) {
      auto configured = [&](const auto& each) { return each.name == unit.data_source; };
      if (std::none_of(storage_units.begin(), storage_units.end(), configured)) std::abort();
    }
    plan.Explain();
    summary = RouteSummary(plan);
    return "";
  } catch (const Error& error) {
    if (error.code() == ErrorCode::INTERNAL_ERROR) std::abort();
    return std::string(ErrorCodeName(error.code()));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto& rule_sets = GoldenRuleSets();
  fuzz::FuzzInput in(data, size);
  const auto& rules = rule_sets[in.Byte() % rule_sets.size()];
  uint8_t flags = in.Byte();
  std::vector<Value> params = ReadValues(in, 16);
  Hints hints = ReadHints(in, flags);
  std::string_view sql = in.Rest();

  Engine engine(rules);
  std::string first_summary, second_summary;
  std::string first = RouteOnce(engine, sql, params, hints, flags & 128, first_summary);
  std::string second = RouteOnce(engine, sql, params, hints, flags & 128, second_summary);
  if (first != second || first_summary != second_summary) {
    std::fprintf(stderr, "cache miss and hit disagree:\n%s%s\n%s%s\n", first.c_str(), first_summary.c_str(),
                 second.c_str(), second_summary.c_str());
    std::abort();
  }
  return 0;
}
