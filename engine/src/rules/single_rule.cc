#include "rules/single_rule.h"

#include <algorithm>

#include "common/strings.h"
#include "sqlroute/error_text.h"

namespace sqlroute::rules {
namespace {

constexpr const char* kAllTables = "*.*";        // SingleTableConstants.ALL_TABLES
constexpr const char* kAllSchemaTables = "*.*.*";  // SingleTableConstants.ALL_SCHEMA_TABLES

struct ConfiguredNode {
  std::string data_source;
  std::string table;  // lower-cased, as ShardingSphere's DataNode keeps it
  std::string Text() const { return data_source + "." + table; }
};

// SingleTableLoadUtils.splitTableLines: an entry may hold several names separated by commas.
std::vector<std::string> SplitTableLines(const std::vector<std::string>& tables) {
  std::vector<std::string> result;
  for (const auto& entry : tables) {
    for (auto& each : SplitTrimmed(entry, ',')) {
      if (std::find(result.begin(), result.end(), each) == result.end()) result.push_back(std::move(each));
    }
  }
  return result;
}

class SinglePlacer {
 public:
  SinglePlacer(const config::RuleConfig& config, const DataSourceGraph& graph, const std::set<std::string>& excluded)
      : config_(config),
        graph_(graph),
        excluded_(excluded),
        path_(config.single->path + ".tables"),
        database_(config.database_name.empty() ? "logic_db" : config.database_name) {}  // DefaultDatabase.LOGIC_NAME

  SingleRule Run() {
    SingleRule result;
    result.default_data_source = config_.single->default_data_source;
    std::vector<std::string> lines = SplitTableLines(config_.single->tables);
    for (const auto& each : lines) {
      std::size_t dot = each.find('.');
      if (dot == std::string::npos) {
        result.configured.push_back({"*", ToLower(each)});
      } else {
        result.configured.push_back({each.substr(0, dot), ToLower(each.substr(dot + 1))});
      }
    }
    LoadNodes();
    for (const auto& [table, sources] : nodes_) result.described.insert(table);
    if (lines.empty()) return result;
    bool expand = std::any_of(lines.begin(), lines.end(), [](const std::string& each) { return each.find('*') != std::string::npos; });
    if (!expand) {
      PlaceListed(result);
      return result;
    }
    CheckConfigured(result.configured);
    if (std::find(lines.begin(), lines.end(), kAllTables) != lines.end() ||
        std::find(lines.begin(), lines.end(), kAllSchemaTables) != lines.end()) {
      for (const auto& [table, sources] : nodes_) result.placed[table] = sources.front();
      return result;
    }
    PlaceExpanded(result);
    return result;
  }

 private:
  // The tables each top-level data source holds, in the aggregated order (SingleTableDataNodeLoader
  // reads a logical data source through its first member); tables of other rules are left out.
  void LoadNodes() {
    for (const auto& source : graph_.top_level()) {
      std::string unit = graph_.MetadataUnit(source);
      for (const auto& entry : config_.metadata) {
        const std::string& holder = entry.value.data_source;
        if (holder.empty() || (holder != source && holder != unit)) continue;
        std::string table = ToLower(entry.name);
        if (excluded_.count(table)) continue;
        auto& sources = nodes_[table];
        if (std::find(sources.begin(), sources.end(), source) == sources.end()) sources.push_back(source);
      }
    }
  }

  // Only `ds.t` names: each table goes to the first data source holding it that is listed for it.
  void PlaceListed(SingleRule& result) const {
    for (const auto& [table, sources] : nodes_) {
      for (const auto& source : sources) {
        bool listed = std::any_of(result.configured.begin(), result.configured.end(), [&](const SingleTableLocation& each) {
          return each.table == table && EqualsIgnoreCase(each.data_source, source);
        });
        if (!listed) continue;
        result.placed[table] = source;
        break;
      }
    }
  }

  // SingleRuleConfigurationDecorator.checkRuleConfiguration.
  void CheckConfigured(const std::vector<SingleTableLocation>& configured) const {
    for (const auto& each : configured) {
      if (each.data_source != "*" && !graph_.Knows(each.data_source)) {
        Fail("Data source `" + each.data_source + "` does not exist in database `" + database_ + "`");
      }
      if (excluded_.count(each.table)) {
        Fail("Table `" + each.table + "` existed and is not a single table in database `" + database_ + "`");
      }
    }
  }

  // `ds.*` and `ds.t` (and `*.t`) names together, as loadSpecifiedTables does: a table goes where
  // it is first found, which must be a data source listed for it.
  void PlaceExpanded(SingleRule& result) const {
    std::set<std::string> expanded;
    std::map<std::string, ConfiguredNode> expected;
    for (const auto& each : result.configured) {
      if (each.table == "*") {
        expanded.insert(each.data_source);
      } else {
        expected[each.table] = {each.data_source, each.table};
      }
    }
    if (expanded.empty()) {
      for (const auto& each : result.configured) {
        auto found = nodes_.find(each.table);
        ConfiguredNode node{each.data_source, each.table};
        if (found == nodes_.end()) throw Error(Message<msg::SingleTableNotFound>(arg::table = node.Text()), path_);
        ConfiguredNode first{found->second.front(), each.table};
        if (!EqualsIgnoreCase(first.data_source, node.data_source)) {
          Fail("Single table '" + first.Text() + "' is found that does not match " + node.Text());
        }
        result.placed[each.table] = first.data_source;
      }
      return;
    }
    for (const auto& [table, sources] : nodes_) {
      const std::string& first = sources.front();
      if (expanded.count(first)) {
        result.placed[table] = first;
        continue;
      }
      auto found = expected.find(table);
      if (found == expected.end()) continue;
      if (!EqualsIgnoreCase(first, found->second.data_source)) {
        Fail("Single table `" + first + "." + table + "` is found that does not match " + found->second.Text());
      }
      result.placed[table] = first;
    }
  }

  [[noreturn]] void Fail(const std::string& detail) const {
    throw Error(Message<msg::SingleRuleInvalid>(arg::detail = detail), path_);
  }

  const config::RuleConfig& config_;
  const DataSourceGraph& graph_;
  const std::set<std::string>& excluded_;
  std::string path_;
  std::string database_;
  std::map<std::string, std::vector<std::string>> nodes_;  // table -> data sources holding it
};

bool Matches(const SingleTableLocation& location, const std::string& table) {
  return location.table == "*" || location.table == table;
}

}  // namespace

bool SingleRule::Governs(const std::string& table) const {
  if (!default_data_source.empty()) return true;
  std::string name = ToLower(table);
  if (placed.count(name)) return true;
  if (described.count(name)) return false;
  return std::any_of(configured.begin(), configured.end(), [&](const SingleTableLocation& each) { return Matches(each, name); });
}

std::optional<std::string> SingleRule::Locate(const std::string& table) const {
  std::string name = ToLower(table);
  auto found = placed.find(name);
  if (found != placed.end()) return found->second;
  if (described.count(name)) return std::nullopt;
  for (const auto& each : configured) {
    if (each.data_source != "*" && Matches(each, name)) return each.data_source;
  }
  return std::nullopt;
}

SingleRule CompileSingle(const config::RuleConfig& config, const DataSourceGraph& graph,
                         const std::set<std::string>& excluded) {
  if (!config.single) return {};
  return SinglePlacer(config, graph, excluded).Run();
}

}  // namespace sqlroute::rules
