#include <algorithm>
#include <cctype>

#include "common/strings.h"
#include "config/config_validator.h"
#include "config/diagnostics.h"
#include "expr/inline_errors.h"
#include "expr/inline_expression.h"
#include "rules/compiled_rules.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rules {
namespace {

using config::StrategyConfig;

std::string StripTrailingDigits(const std::string& name) {
  std::size_t end = name.size();
  while (end > 0 && std::isdigit(static_cast<unsigned char>(name[end - 1]))) --end;
  return name.substr(0, end);
}

// Prefix and minimal suffix length of a family of names such as ds_0..ds_3, as ShardingSphere's
// ShardingTable builds a DataNodeInfo.
DataNodeInfo MakeNodeInfo(const std::vector<std::string>& names) {
  DataNodeInfo result;
  if (names.empty()) return result;
  result.prefix = StripTrailingDigits(names.front());
  result.suffix_min_length = std::string::npos;
  for (const auto& each : names) {
    std::size_t length = each.size() >= result.prefix.size() ? each.size() - result.prefix.size() : 0;
    result.suffix_min_length = std::min(result.suffix_min_length, length);
  }
  return result;
}

std::vector<std::string> DistinctTables(const std::vector<rules::DataNode>& nodes) {
  std::vector<std::string> result;
  for (const auto& each : nodes) {
    if (std::find(result.begin(), result.end(), each.table) == result.end()) result.push_back(each.table);
  }
  return result;
}

class Compiler {
 public:
  explicit Compiler(const config::RuleConfig& config) : config_(config) {}

  std::shared_ptr<const CompiledRules> Run(config::RuleConfig owned) {
    auto result = std::make_shared<CompiledRules>();
    result->data_source_graph = DataSourceGraph::Build(config_, NamedDataSources());
    result->data_sources = result->data_source_graph.top_level();
    graph_ = &result->data_source_graph;
    if (config_.sharding) {
      config::Recover([&] { result->sharding = CompileSharding(*config_.sharding, result->data_sources); });
    }
    if (config_.broadcast) {
      for (const auto& each : config_.broadcast->tables) result->broadcast_tables.insert(ToLower(each));
    }
    if (config_.sharding) {
      for (const auto& each : config_.sharding->broadcast_tables) result->broadcast_tables.insert(ToLower(each));
    }
    if (config_.readwrite_splitting) result->readwrite_groups = CompileReadwrite(*config_.readwrite_splitting);
    if (config_.shadow) result->shadow = CompileShadow(*config_.shadow);
    if (config_.encrypt) config::Recover([&] { result->encrypt = rules::CompileEncrypt(*config_.encrypt); });
    if (config_.single) {
      config::Recover([&] { result->single = CompileSingle(config_, result->data_source_graph, OtherRulesTables(*result)); });
    }
    for (const auto& each : config_.metadata) {
      if (each.value.data_source.empty()) result->table_metadata[ToLower(each.name)] = each.value;
    }
    for (const auto& each : config_.metadata) {  // a table described per data source: the first entry
      result->table_metadata.emplace(ToLower(each.name), each.value);
    }
    for (const auto& [table, metadata] : result->table_metadata) {
      result->table_columns[table] = metadata.ColumnNames();
      result->visible_columns[table] = metadata.VisibleColumnNames();
    }
    if (auto value = config_.props.Get("in-list-split-enabled")) result->in_list_split = EqualsIgnoreCase(*value, "true");
    if (auto value = config_.props.Get("having-merge-enabled")) result->having_merge = EqualsIgnoreCase(*value, "true");
    if (auto value = config_.props.Get("max-union-size-per-datasource")) {
      result->max_union_size_per_datasource = std::max(1, std::atoi(value->c_str()));
    }
    if (auto value = config_.props.Get("max-connections-size-per-query")) {
      result->max_connections_size_per_query = std::max(1, std::atoi(value->c_str()));
    }
    result->config = std::move(owned);
    return result;
  }

 private:
  // The data sources sharding tables and single tables name (malformed entries are reported
  // when the tables compile).
  std::set<std::string> NamedDataSources() const {
    std::set<std::string> result;
    auto expand = [&](const std::string& expression, bool nodes) {
      if (expression.empty()) return;
      try {
        for (const auto& item : expr::ExpandList(expression)) result.insert(nodes ? item.substr(0, item.find('.')) : item);
      } catch (const Error&) {
      }
    };
    if (config_.sharding) {
      for (const auto& each : config_.sharding->tables) expand(each.value.actual_data_nodes, true);
      for (const auto& each : config_.sharding->auto_tables) expand(each.value.actual_data_sources, false);
    }
    if (config_.single) {
      for (const auto& each : config_.single->tables) {
        for (const auto& name : SplitTrimmed(each, ',')) {
          if (name.find('.') != std::string::npos) result.insert(name.substr(0, name.find('.')));
        }
      }
      result.insert(config_.single->default_data_source);
    }
    return result;
  }

  rules::ShardingStrategy CompileStrategy(const std::optional<StrategyConfig>& own,
                                          const std::optional<StrategyConfig>& fallback,
                                          const config::ShardingRuleConfig& sharding, const std::string& path) {
    rules::ShardingStrategy result;
    const std::optional<StrategyConfig>& chosen = own ? own : fallback;
    if (!chosen || chosen->kind == StrategyConfig::Kind::None) return result;
    result.kind = chosen->kind;
    std::string columns = chosen->sharding_columns.empty() ? sharding.default_sharding_column : chosen->sharding_columns;
    for (const auto& each : SplitTrimmed(columns, ',')) {
      result.columns.push_back(ToLower(each));
      result.column_names.push_back(each);
    }
    if (result.columns.empty() && result.kind != StrategyConfig::Kind::Hint) {
      throw Error(Message<msg::StrategyWithoutColumn>(), path);
    }
    result.algorithm_name = chosen->algorithm_name;
    if (const config::AlgorithmConfig* found = config::Find(sharding.sharding_algorithms, chosen->algorithm_name)) {
      result.algorithm_type = ToUpper(found->type);
      result.narrows_ranges = ReadsValueAsNumberOrDate(result.algorithm_type);
      result.equal_values_one_target = RoutesEqualValuesTogether(result, *found);
    }
    result.algorithm = Algorithm(chosen->algorithm_name, sharding, path);
    CheckInlineVariables(result, sharding, path);
    bool fits = (result.kind == StrategyConfig::Kind::Standard && result.algorithm.standard) ||
                (result.kind == StrategyConfig::Kind::Complex && result.algorithm.complex) ||
                (result.kind == StrategyConfig::Kind::Hint && result.algorithm.hint);
    if (!fits) {
      throw Error(Message<msg::AlgorithmNotFitStrategy>(arg::name = chosen->algorithm_name), path);
    }
    return result;
  }

  // Built-in algorithms that read the value as a number or a date (ModShardingAlgorithm, the range-partition
  // algorithms, AutoIntervalShardingAlgorithm, IntervalShardingAlgorithm); the others hash or evaluate its text.
  static bool ReadsValueAsNumberOrDate(const std::string& type) {
    static const char* kTypes[] = {"MOD", "VOLUME_RANGE", "BOUNDARY_RANGE", "AUTO_INTERVAL", "INTERVAL"};
    return std::any_of(std::begin(kTypes), std::end(kTypes), [&](const char* each) { return type == each; });
  }

  static bool RoutesEqualValuesTogether(const rules::ShardingStrategy& strategy, const config::AlgorithmConfig& algorithm) {
    if (strategy.kind != StrategyConfig::Kind::Standard || !strategy.narrows_ranges) return false;
    if (strategy.algorithm_type != "MOD") return true;
    // Offsets cut the value's text: '12' and '12 ' (equal under PAD SPACE) would be cut apart.
    auto uncut = [&](const char* key) { auto value = algorithm.props.Get(key); return !value || *value == "0"; };
    return uncut("start-offset") && uncut("stop-offset");
  }

  // An INLINE expression may only read the strategy's sharding column (as InlineShardingAlgorithm does).
  static void CheckInlineVariables(const rules::ShardingStrategy& strategy, const config::ShardingRuleConfig& sharding,
                                   const std::string& path) {
    const config::AlgorithmConfig* algorithm = config::Find(sharding.sharding_algorithms, strategy.algorithm_name);
    if (!algorithm || !EqualsIgnoreCase(algorithm->type, "INLINE") || strategy.columns.size() != 1) return;
    auto expression = algorithm->props.Get("algorithm-expression");
    if (!expression) return;
    std::shared_ptr<const expr::Closure> closure = expr::Closure::Compile(*expression);
    for (const auto& variable : closure->variables()) {
      if (variable != strategy.column_names.front()) {
        throw Error(Message<msg::InlineReadsOtherColumn>(arg::expression = *expression, arg::variable = variable,
                                                         arg::column = strategy.column_names.front()),
                    path);
      }
    }
  }

  ShardingAlgorithm Algorithm(const std::string& name, const config::ShardingRuleConfig& sharding,
                              const std::string& path) {
    auto cached = algorithms_.find(name);
    if (cached != algorithms_.end()) return cached->second;
    for (const auto& each : sharding.sharding_algorithms) {
      if (each.name != name) continue;
      ShardingAlgorithm algorithm =
          AlgorithmRegistry::Global().CreateSharding(each.value.type, each.value.props, each.path);
      algorithms_.emplace(name, algorithm);
      return algorithm;
    }
    throw Error(Message<msg::AlgorithmNotDefined>(arg::what = "sharding algorithm", arg::name = name), path);
  }

  std::optional<rules::KeyGenerateStrategy> CompileKeyGenerate(
      const std::string& logic_table, const std::optional<config::KeyGenerateStrategyConfig>& own,
      const config::ShardingRuleConfig& sharding, const std::string& path) {
    std::optional<config::KeyGenerateStrategyConfig> chosen = own ? own : sharding.default_key_generate_strategy;
    for (const auto& each : sharding.key_generate_strategies) {
      if (EqualsIgnoreCase(each.value.logic_table, logic_table) && each.value.key_generate_type == "column") {
        chosen = config::KeyGenerateStrategyConfig{each.value.key_generate_column, each.value.key_generator_name};
      }
    }
    if (!chosen) return std::nullopt;
    for (const auto& each : sharding.key_generators) {
      if (each.name != chosen->key_generator_name) continue;
      rules::KeyGenerateStrategy result;
      result.column = chosen->column;
      result.generator_name = each.name;
      result.generator = AlgorithmRegistry::Global().CreateKeyGenerator(each.value.type, each.value.props, each.path);
      return result;
    }
    throw Error(Message<msg::AlgorithmNotDefined>(arg::what = "key generator", arg::name = chosen->key_generator_name),
                path);
  }

  void CompileAudit(rules::ShardingTable& table, const std::optional<config::AuditStrategyConfig>& own,
                    const config::ShardingRuleConfig& sharding, const std::string& path) {
    const auto& chosen = own ? own : sharding.default_audit_strategy;
    if (!chosen) return;
    table.allow_hint_disable_audit = chosen->allow_hint_disable;
    for (const auto& name : chosen->auditor_names) {
      const config::AlgorithmConfig* auditor = config::Find(sharding.auditors, name);
      if (!auditor) throw Error(Message<msg::AlgorithmNotDefined>(arg::what = "auditor", arg::name = name), path);
      table.auditors.push_back(AlgorithmRegistry::Global().CreateAuditor(auditor->type, auditor->props, path));
      table.auditor_names.push_back(name);
    }
  }

  static void FinishNodes(rules::ShardingTable& table, const std::string& path) {
    if (table.nodes.empty()) {
      throw Error(Message<msg::EmptyDataNodes>(arg::table = table.logic_table), path);
    }
    for (const auto& each : table.nodes) {
      auto [found, added] = table.data_source_index.emplace(each.data_source, table.data_sources.size());
      if (added) {
        table.data_sources.push_back(each.data_source);
        table.actual_tables.emplace_back();
      }
      table.actual_tables[found->second].push_back(each.table);
    }
    table.data_source_info = MakeNodeInfo(table.data_sources);
    table.table_info = MakeNodeInfo(DistinctTables(table.nodes));
  }

  void CheckDataSource(const std::string& name, const std::vector<std::string>& data_sources,
                       const std::string& path) const {
    if (!graph_->Knows(name)) {
      throw Error(Message<msg::DataSourceNotConfigured>(arg::name = name, arg::known = Join(data_sources, ", ")), path);
    }
  }

  rules::ShardingTable CompileTable(const config::Named<config::ShardingTableConfig>& entry,
                                    const config::ShardingRuleConfig& sharding,
                                    const std::vector<std::string>& data_sources) {
    rules::ShardingTable table;
    table.logic_table = entry.name;
    const auto& cfg = entry.value;
    if (cfg.actual_data_nodes.empty()) {
      for (const auto& ds : data_sources) table.nodes.push_back({ds, entry.name});
    } else {
      for (const auto& item : expr::ExpandList(cfg.actual_data_nodes)) {
        std::size_t dot = item.find('.');
        if (dot == std::string::npos || dot == 0 || dot + 1 == item.size()) {
          throw Error(Message<msg::DataNodeMalformed>(arg::node = item), entry.path + ".actualDataNodes");
        }
        table.nodes.push_back({item.substr(0, dot), item.substr(dot + 1)});
        CheckDataSource(table.nodes.back().data_source, data_sources, entry.path + ".actualDataNodes");
      }
    }
    FinishNodes(table, entry.path + ".actualDataNodes");
    table.database_strategy = CompileStrategy(cfg.database_strategy, sharding.default_database_strategy, sharding,
                                              entry.path + ".databaseStrategy");
    table.table_strategy = CompileStrategy(cfg.table_strategy, sharding.default_table_strategy, sharding,
                                           entry.path + ".tableStrategy");
    table.key_generate = CompileKeyGenerate(entry.name, cfg.key_generate_strategy, sharding,
                                            entry.path + ".keyGenerateStrategy");
    CompileAudit(table, cfg.audit_strategy, sharding, entry.path + ".auditStrategy");
    return table;
  }

  rules::ShardingTable CompileAutoTable(const config::Named<config::ShardingAutoTableConfig>& entry,
                                        const config::ShardingRuleConfig& sharding,
                                        const std::vector<std::string>& data_sources) {
    rules::ShardingTable table;
    table.logic_table = entry.name;
    table.auto_table = true;
    const auto& cfg = entry.value;
    std::vector<std::string> sources =
        cfg.actual_data_sources.empty() ? data_sources : expr::ExpandList(cfg.actual_data_sources);
    for (const auto& ds : sources) CheckDataSource(ds, data_sources, entry.path + ".actualDataSources");
    std::string strategy_path = entry.path + ".shardingStrategy";
    table.table_strategy = CompileStrategy(cfg.sharding_strategy, std::nullopt, sharding, strategy_path);
    std::optional<int> amount =
        table.table_strategy.algorithm.standard ? table.table_strategy.algorithm.standard->AutoTablesAmount() : std::nullopt;
    if (!amount) {
      throw Error(Message<msg::AutoTableAlgorithmNeeded>(arg::table = entry.name), strategy_path);
    }
    if (sources.empty()) throw Error(Message<msg::AutoTableWithoutDataSource>(), entry.path);
    if (static_cast<std::size_t>(*amount) > expr::kMaxExpandedItems) {  // the inline-expansion limit
      throw Error(Message<msg::AutoTableTooManyTables>(arg::table = entry.name, arg::count = *amount,
                                                       arg::limit = expr::kMaxExpandedItems),
                  strategy_path);
    }
    for (int i = 0; i < *amount; ++i) {
      table.nodes.push_back({sources[static_cast<std::size_t>(i) % sources.size()], entry.name + "_" + std::to_string(i)});
    }
    FinishNodes(table, entry.path);
    table.key_generate = CompileKeyGenerate(entry.name, cfg.key_generate_strategy, sharding,
                                            entry.path + ".keyGenerateStrategy");
    CompileAudit(table, cfg.audit_strategy, sharding, entry.path + ".auditStrategy");
    return table;
  }

  rules::ShardingRule CompileSharding(const config::ShardingRuleConfig& sharding,
                                      const std::vector<std::string>& data_sources) {
    // When collecting problems a table that fails is left out (and not blamed again in bindings).
    std::vector<rules::ShardingTable> tables;
    std::set<std::string> failed;
    for (const auto& entry : sharding.tables) {
      if (!config::Recover([&] { tables.push_back(CompileTable(entry, sharding, data_sources)); })) {
        failed.insert(ToLower(entry.name));
      }
    }
    for (const auto& entry : sharding.auto_tables) {
      if (!config::Recover([&] { tables.push_back(CompileAutoTable(entry, sharding, data_sources)); })) {
        failed.insert(ToLower(entry.name));
      }
    }
    std::vector<std::vector<std::string>> groups;
    for (std::size_t g = 0; g < sharding.binding_groups.size(); ++g) {
      std::string path =
          (sharding.path.empty() ? "" : sharding.path + ".") + "bindingTables[" + std::to_string(g) + "]";
      const rules::ShardingTable* first = nullptr;
      for (const auto& name : sharding.binding_groups[g]) {
        auto found = std::find_if(tables.begin(), tables.end(),
                                  [&](const rules::ShardingTable& t) { return EqualsIgnoreCase(t.logic_table, name); });
        if (found == tables.end()) {
          if (!failed.count(ToLower(name))) {
            config::Report(Error(Message<msg::BindingTableNotSharding>(arg::table = name), path));
          }
          continue;
        }
        found->binding_group = static_cast<int>(g);
        if (!first) {
          first = &*found;
        } else if (!SameLayout(*first, *found)) {
          config::Report(Error(
              Message<msg::BindingLayoutDiffers>(arg::first = first->logic_table, arg::second = found->logic_table),
              path));
        }
      }
      groups.push_back(sharding.binding_groups[g]);
    }
    return rules::ShardingRule(std::move(tables), std::move(groups));
  }

  static bool SameLayout(const rules::ShardingTable& a, const rules::ShardingTable& b) {
    if (a.data_sources != b.data_sources) return false;
    for (const auto& ds : a.data_sources) {
      if (a.ActualTables(ds).size() != b.ActualTables(ds).size()) return false;
    }
    return true;
  }

  static std::vector<rules::ReadwriteGroup> CompileReadwrite(const config::ReadwriteSplittingRuleConfig& rule) {
    std::vector<rules::ReadwriteGroup> result;
    for (const auto& entry : rule.groups) {
      config::Recover([&] { result.push_back(CompileReadwriteGroup(entry, rule)); });
    }
    return result;
  }

  static rules::ReadwriteGroup CompileReadwriteGroup(const config::Named<config::ReadwriteGroupConfig>& entry,
                                                     const config::ReadwriteSplittingRuleConfig& rule) {
    rules::ReadwriteGroup group;
    group.name = entry.name;
    group.write_data_source = entry.value.write_data_source;
    group.read_data_sources = entry.value.read_data_sources;
    group.disabled_read_data_sources = entry.value.disabled_read_data_sources;
    const std::string& strategy = entry.value.transactional_read_query_strategy;
    if (EqualsIgnoreCase(strategy, "FIXED")) group.transactional = rules::TransactionalReadStrategy::Fixed;
    if (EqualsIgnoreCase(strategy, "DYNAMIC")) group.transactional = rules::TransactionalReadStrategy::Dynamic;
    group.load_balancer_name = entry.value.load_balancer_name;
    const config::AlgorithmConfig* balancer = config::Find(rule.load_balancers, group.load_balancer_name);
    group.load_balancer = AlgorithmRegistry::Global().CreateLoadBalancer(
        balancer ? balancer->type : "ROUND_ROBIN", balancer ? balancer->props : Props{}, entry.path);
    return group;
  }

  static rules::ShadowRule CompileShadow(const config::ShadowRuleConfig& shadow) {
    rules::ShadowRule result;
    for (const auto& each : shadow.data_sources) {
      result.mappings.push_back({each.name, each.value.production_data_source, each.value.shadow_data_source});
    }
    std::map<std::string, std::shared_ptr<const ShadowAlgorithm>> algorithms;
    std::set<std::string> failed;  // when collecting problems
    for (const auto& each : shadow.algorithms) {
      bool created = config::Recover([&] {
        auto algorithm = AlgorithmRegistry::Global().CreateShadow(each.value.type, each.value.props, each.path);
        algorithms.emplace(each.name, algorithm);
        if (algorithm->IsHintAlgorithm()) result.hint_algorithms.push_back({each.name, algorithm});
      });
      if (!created) failed.insert(each.name);
    }
    for (const auto& entry : shadow.tables) {
      rules::ShadowTable table;
      table.table = ToLower(entry.name);
      for (const auto& name : entry.value.data_source_names) {
        for (std::size_t i = 0; i < result.mappings.size(); ++i) {
          if (result.mappings[i].name == name) table.mappings.push_back(i);
        }
      }
      if (entry.value.data_source_names.empty()) {
        for (std::size_t i = 0; i < result.mappings.size(); ++i) table.mappings.push_back(i);
      }
      for (const auto& name : entry.value.algorithm_names) {
        auto found = algorithms.find(name);
        if (found == algorithms.end()) {
          if (failed.count(name)) continue;
          throw Error(Message<msg::AlgorithmNotDefined>(arg::what = "shadow algorithm", arg::name = name), entry.path);
        }
        table.algorithms.push_back({name, found->second});
      }
      result.tables.push_back(std::move(table));
    }
    if (!shadow.default_algorithm_name.empty()) {
      auto found = algorithms.find(shadow.default_algorithm_name);
      if (found != algorithms.end()) result.default_algorithm = found->second;
    }
    return result;
  }

  // Logic and actual tables of sharding and broadcast tables, which are never single
  // (SingleTableLoadUtils.getExcludedTables).
  static std::set<std::string> OtherRulesTables(const CompiledRules& result) {
    std::set<std::string> excluded(result.broadcast_tables.begin(), result.broadcast_tables.end());
    if (!result.sharding) return excluded;
    for (const auto& table : result.sharding->tables()) {
      excluded.insert(ToLower(table.logic_table));
      for (const auto& node : table.nodes) excluded.insert(ToLower(node.table));
    }
    return excluded;
  }

  const config::RuleConfig& config_;
  std::map<std::string, ShardingAlgorithm> algorithms_;
  const DataSourceGraph* graph_ = nullptr;  // the result's, for CheckDataSource
};

}  // namespace

bool CompiledRules::IsBroadcastTable(const std::string& table) const {
  return broadcast_tables.count(ToLower(table)) > 0;
}

const std::vector<std::string>* CompiledRules::ColumnsOf(const std::string& table) const {
  auto found = table_columns.find(ToLower(table));
  return found == table_columns.end() ? nullptr : &found->second;
}

const std::vector<std::string>* CompiledRules::VisibleColumnsOf(const std::string& table) const {
  auto found = visible_columns.find(ToLower(table));
  return found == visible_columns.end() ? nullptr : &found->second;
}

const config::TableMetadataConfig* CompiledRules::MetadataOf(const std::string& table) const {
  auto found = table_metadata.find(ToLower(table));
  return found == table_metadata.end() ? nullptr : &found->second;
}

std::shared_ptr<const CompiledRules> Compile(config::RuleConfig config) {
  config::Validate(config);
  config::RuleConfig copy = config;
  return Compiler(copy).Run(std::move(config));
}

}  // namespace sqlroute::rules
