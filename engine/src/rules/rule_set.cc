#include "sqlroute/rule_set.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>

#include "common/shared_heap.h"
#include "config/diagnostics.h"
#include "config/distsql.h"
#include "config/metadata_loader.h"
#include "config/yaml_reader.h"
#include "config/yaml_document.h"
#include "config/yaml_loader.h"
#include "rules/compiled_rules.h"
#include "rules/ddl_metadata.h"
#include "rules/discovered_metadata.h"
#include "rules/rule_set_access.h"
#include "sqlroute/error_text.h"
#include "sqlroute/rule_set_views.h"

namespace sqlroute {
namespace {

std::uint64_t NextVersion() {
  static std::atomic<std::uint64_t> counter{0};
  return ++counter;
}

// The rule set of the config `read` gives, read and compiled on a shared-heap thread
// (common/shared_heap.h): every routing thread reads it.
template <typename Read>
std::shared_ptr<const RuleSet> CompileShared(Read&& read) {
  std::shared_ptr<const RuleSet> rule_set;
  BuildShared([&] { rule_set = rules::RuleSetAccess::Wrap(rules::Compile(read())); });
  return rule_set;
}

}  // namespace

RuleSet::RuleSet(std::shared_ptr<const rules::CompiledRules> compiled)
    : compiled_(std::move(compiled)), version_(NextVersion()) {}

std::shared_ptr<const RuleSet> RuleSet::FromYamlFile(const std::string& path) {
  return CompileShared([&] { return config::LoadYamlFile(path); });
}

std::shared_ptr<const RuleSet> RuleSet::FromYamlString(std::string_view yaml) {
  return CompileShared([&] { return config::LoadYamlString(yaml); });
}

std::shared_ptr<const RuleSet> RuleSet::FromDistSql(std::string_view script) {
  return CompileShared([&] { return config::LoadDistSql(script); });
}

namespace {

// Reads the config, then compiles what was read, recording problems instead of throwing.
template <typename Read>
std::vector<Error> CollectProblems(Read&& read) {
  std::vector<Error> errors;
  config::DiagnosticsScope scope(errors);
  std::optional<config::RuleConfig> config;
  config::Recover([&] { config = read(); });
  if (config) {
    scope.BeginPhase();
    config::Recover([&] { rules::Compile(std::move(*config)); });
  }
  return errors;
}

// By line:column; problems without a place last, in the order found.
std::vector<ConfigProblem> InTextOrder(std::vector<ConfigProblem> problems) {
  auto place = [](const ConfigProblem& p) {
    return p.line ? std::make_pair(p.line, p.column) : std::make_pair(INT_MAX, 0);
  };
  std::stable_sort(problems.begin(), problems.end(),
                   [&](const ConfigProblem& a, const ConfigProblem& b) { return place(a) < place(b); });
  return problems;
}

std::vector<ConfigProblem> LocateInYaml(std::string_view yaml, const std::vector<Error>& errors) {
  std::optional<YAML::Node> root;
  try {
    root = config::yaml::ParseDocument(yaml);
  } catch (const Error&) {
    // a syntax error: it is the one problem and has its position
  }
  std::vector<ConfigProblem> result;
  for (const Error& each : errors) {
    ConfigProblem problem{each};
    std::optional<SourcePosition> at = each.position();
    if (!at && root) at = config::yaml::LocateKeyPath(*root, each.config_path());
    if (at) {
      problem.line = at->line;
      problem.column = at->column;
    }
    result.push_back(problem);
  }
  return InTextOrder(std::move(result));
}

// DistSQL problems have a position, or a path "distsql[line:column]...." naming the statement.
std::vector<ConfigProblem> LocateInDistSql(const std::vector<Error>& errors) {
  std::vector<ConfigProblem> result;
  for (const Error& each : errors) {
    ConfigProblem problem{each};
    if (each.position()) {
      problem.line = each.position()->line;
      problem.column = each.position()->column;
    } else {
      std::sscanf(each.config_path().c_str(), "distsql[%d:%d]", &problem.line, &problem.column);
    }
    result.push_back(problem);
  }
  return InTextOrder(std::move(result));
}

}  // namespace

std::vector<ConfigProblem> RuleSet::CheckYamlFile(const std::string& path) {
  std::ifstream in(path);
  if (!in) return {{Error(Message<msg::RuleFileUnreadable>(), path)}};
  std::stringstream text;
  text << in.rdbuf();
  return CheckYamlString(text.str());
}

std::vector<ConfigProblem> RuleSet::CheckYamlString(std::string_view yaml) {
  return LocateInYaml(yaml, CollectProblems([&] { return config::LoadYamlString(yaml); }));
}

std::vector<ConfigProblem> RuleSet::CheckDistSql(std::string_view script) {
  return LocateInDistSql(CollectProblems([&] { return config::LoadDistSql(script); }));
}

std::shared_ptr<const RuleSet> RuleSet::WithDistSql(std::string_view script) const {
  return CompileShared([&] { return config::ApplyDistSql(compiled_->config, script); });
}

std::shared_ptr<const RuleSet> RuleSet::WithDisabledReadDataSources(const std::string& group,
                                                                    const std::vector<std::string>& names) const {
  return CompileShared([&] {
    config::RuleConfig config = compiled_->config;
    config::ReadwriteGroupConfig* found = nullptr;
    if (config.readwrite_splitting) {
      for (auto& each : config.readwrite_splitting->groups) {
        if (each.name == group) found = &each.value;
      }
    }
    if (!found) throw Error(Message<msg::ReadwriteGroupUnknown>(arg::group = group));
    for (const auto& name : names) {
      if (std::find(found->read_data_sources.begin(), found->read_data_sources.end(), name) ==
          found->read_data_sources.end()) {
        throw Error(Message<msg::NotAReplica>(arg::name = name, arg::group = group));
      }
    }
    found->disabled_read_data_sources = names;
    return config;
  });
}

namespace {

// Each table of `tables` replaces the entries of the same name (all its data sources) where the
// first of them was, or comes last.
config::RuleConfig WithTables(config::RuleConfig config, config::NamedList<config::TableMetadataConfig> tables) {
  config.schema_known = true;
  auto& metadata = config.metadata;
  for (std::size_t i = 0; i < tables.size();) {
    std::size_t end = i;
    while (end < tables.size() && tables[end].name == tables[i].name) ++end;
    const std::string name = tables[i].name;
    auto same = [&](const auto& existing) { return existing.name == name; };
    auto first = std::find_if(metadata.begin(), metadata.end(), same);
    std::size_t at = static_cast<std::size_t>(first - metadata.begin());
    metadata.erase(std::remove_if(metadata.begin(), metadata.end(), same), metadata.end());
    metadata.insert(metadata.begin() + static_cast<std::ptrdiff_t>(std::min(at, metadata.size())),
                    std::make_move_iterator(tables.begin() + static_cast<std::ptrdiff_t>(i)),
                    std::make_move_iterator(tables.begin() + static_cast<std::ptrdiff_t>(end)));
    i = end;
  }
  return config;
}

}  // namespace

std::shared_ptr<const RuleSet> RuleSet::WithMetadata(std::string_view yaml_or_json) const {
  return CompileShared([&] { return WithTables(compiled_->config, config::LoadMetadataYaml(yaml_or_json)); });
}

std::shared_ptr<const RuleSet> RuleSet::WithTableDefinitions(std::string_view create_table_statements) const {
  return CompileShared([&] { return WithTables(compiled_->config, rules::MetadataFromDdl(create_table_statements)); });
}

std::vector<std::string> RuleSet::MetadataStorageUnits() const { return rules::MetadataStorageUnits(*compiled_); }

std::shared_ptr<const RuleSet> RuleSet::WithDiscoveredMetadata(std::string_view storage_units_yaml_or_json) const {
  rules::StorageUnitTables tables;
  YAML::Node root = config::yaml::ParseDocument(storage_units_yaml_or_json);
  config::yaml::ForEachEntry(root, "storageUnits", [&](const std::string& unit, const YAML::Node& node, const std::string& path) {
    tables[unit] = config::yaml::ReadMetadata(node, path);
  });
  return CompileShared([&] {
    config::RuleConfig config = compiled_->config;
    config.metadata = rules::FoldDiscoveredMetadata(*compiled_, tables);
    config.schema_known = true;
    return config;
  });
}

std::shared_ptr<const RuleSet> WithDefaultProps(const RuleSet& rules, const Props& defaults) {
  return CompileShared([&] {
    config::RuleConfig config = rules::RuleSetAccess::Compiled(rules).config;
    Props merged = defaults;
    for (const auto& [key, value] : config.props.items()) merged.Set(key, value);
    config.props = std::move(merged);
    return config;
  });
}

std::string RuleSet::ExportMetadataYaml() const { return config::ExportMetadataYaml(compiled_->config.metadata); }

std::string RuleSet::ExportYaml(bool include_secrets) const {
  return config::ExportYaml(compiled_->config, include_secrets);
}

const std::string& RuleSet::database_name() const { return compiled_->config.database_name; }

std::vector<std::string> RuleSet::data_source_names() const { return compiled_->data_sources; }

}  // namespace sqlroute
