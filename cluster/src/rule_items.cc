#include "rule_items.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "sqlroute/error.h"
#include "sqlroute/error_text.h"
#include "table_items.h"

namespace sqlroute::cluster {
namespace {

const char kUnitsPrefix[] = "data_sources/units/";
const char kRulesPrefix[] = "rules/";
const char kDefaultStrategies[] = "default_strategies";
const char kBindingTables[] = "binding_tables";

// The map fields each rule keeps one item per entry for (the DatabaseRuleNodePathProviders'
// named items); every other field is one unique item.
const std::set<std::string>& NamedFields(const std::string& type) {
  static const std::map<std::string, std::set<std::string>> kNamed = {
      {"sharding", {"tables", "auto_tables", "binding_tables", "sharding_algorithms", "key_generators", "auditors"}},
      {"readwrite_splitting", {"data_source_groups", "load_balancers"}},
      {"encrypt", {"tables", "encryptors"}},
      {"shadow", {"data_sources", "tables", "shadow_algorithms"}},
      {"mask", {"tables", "mask_algorithms"}},
  };
  static const std::set<std::string> kNone;
  auto found = kNamed.find(type);
  return found == kNamed.end() ? kNone : found->second;
}

// ShardingRuleNodePathProvider keeps these under default_strategies/.
bool IsShardingDefault(const std::string& field) {
  return field == "default_database_strategy" || field == "default_table_strategy" ||
         field == "default_key_generate_strategy" || field == "default_audit_strategy" ||
         field == "default_sharding_column";
}

// The rules in the order sqlroute exports them; a type not listed follows in name order.
const std::vector<std::string>& RuleOrder() {
  static const std::vector<std::string> kOrder = {"sharding", "broadcast", "readwrite_splitting",
                                                  "encrypt",  "shadow",    "single", "mask"};
  return kOrder;
}

std::string ToSnake(const std::string& camel) {
  std::string result;
  for (char c : camel) {
    if (std::isupper(static_cast<unsigned char>(c))) {
      result += '_';
      result += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      result += c;
    }
  }
  return result;
}

std::string ToCamel(const std::string& snake) {
  std::string result;
  bool upper = false;
  for (char c : snake) {
    if (c == '_') {
      upper = true;
      continue;
    }
    result += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return result;
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::string Upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::toupper(c); });
  return text;
}

// As YamlEngine.marshal writes a configuration object: block style, its properties in name
// order; the maps `props` and `columns` (and a storage unit's properties) keep their own order.
YAML::Node Canonical(const YAML::Node& node, bool sort_keys) {
  if (node.IsSequence()) {
    YAML::Node result(YAML::NodeType::Sequence);
    for (const auto& each : node) result.push_back(Canonical(each, true));
    return result;
  }
  if (!node.IsMap()) return YAML::Clone(node);  // fresh nodes: yaml-cpp assignment shares them
  // Keys only: assigning a YAML::Node writes through to the node it refers to, so nodes are
  // never moved (sorted) themselves.
  std::vector<std::string> keys;
  for (const auto& entry : node) keys.push_back(entry.first.Scalar());
  if (sort_keys) std::stable_sort(keys.begin(), keys.end());
  YAML::Node result(YAML::NodeType::Map);
  for (const std::string& key : keys) {
    result.force_insert(key, Canonical(node[key], key != "props" && key != "columns"));
  }
  return result;
}

// YamlEngine.marshal of a value: block YAML for maps and lists, the bare text for a string.
std::string Marshal(const YAML::Node& node, bool sort_keys = true) {
  if (node.IsScalar()) return node.Scalar();
  YAML::Emitter out;
  out << Canonical(node, sort_keys);
  return std::string(out.c_str()) + "\n";
}

// A stable name for a binding group written without one (ShardingSphere draws a random one).
std::string BindingGroupName(const std::string& group) {
  std::size_t colon = group.find(':');
  if (colon != std::string::npos) return group.substr(0, colon);
  std::uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : group) hash = (hash ^ c) * 1099511628211ull;
  static const char kHex[] = "0123456789abcdef";
  std::string name;
  for (int i = 0; i < 16; ++i) name += kHex[(hash >> (i * 4)) & 0xF];
  return name;
}

YAML::Node ParseItem(const std::string& key, const std::string& content, const char* what) {
  try {
    return YAML::Load(content);
  } catch (const YAML::Exception& error) {
    throw Error(Message<msg::RegistryContentInvalid>(arg::path = key, arg::what = what, arg::detail = error.msg));
  }
}

void SplitRule(const std::string& type, const YAML::Node& rule, RuleItems& items) {
  const std::string prefix = kRulesPrefix + type + "/";
  const std::set<std::string>& named = NamedFields(type);
  for (const auto& field : rule) {
    std::string name = ToSnake(field.first.Scalar());
    const YAML::Node& value = field.second;
    if (value.IsNull()) continue;
    if (named.count(name) && name == kBindingTables && value.IsSequence()) {
      for (const auto& group : value) items[prefix + name + "/" + BindingGroupName(group.Scalar())] = group.Scalar();
    } else if (named.count(name) && value.IsMap()) {
      for (const auto& entry : value) items[prefix + name + "/" + entry.first.Scalar()] = Marshal(entry.second);
    } else if (type == "sharding" && IsShardingDefault(name)) {
      items[prefix + kDefaultStrategies + "/" + name] = Marshal(value);
    } else if (!(value.IsSequence() && value.size() == 0) && !(value.IsScalar() && value.Scalar().empty())) {
      items[prefix + name] = Marshal(value);
    }
  }
}

// The fields of one rule, rebuilt from its items; `rest` is the key after rules/{type}/.
void JoinRuleItem(const std::string& type, const std::string& key, const std::string& rest, const std::string& content,
                  YAML::Node& rule) {
  std::size_t slash = rest.find('/');
  YAML::Node value = ParseItem(key, content, "rule item");
  if (slash == std::string::npos) {
    rule[ToCamel(rest)] = value;
    return;
  }
  std::string field = rest.substr(0, slash);
  std::string name = rest.substr(slash + 1);
  if (name.find('/') != std::string::npos) {
    throw Error(Message<msg::RegistryContentInvalid>(arg::path = key, arg::what = "rule item path",
                                                     arg::detail = "too many levels"));
  }
  if (type == "sharding" && field == kDefaultStrategies) {
    rule[ToCamel(name)] = value;
  } else if (field == kBindingTables) {
    rule[ToCamel(field)].push_back(content);
  } else {
    rule[ToCamel(field)][name] = value;
  }
}

void EmitRules(YAML::Emitter& out, const std::map<std::string, YAML::Node>& rules) {
  std::vector<std::string> order;
  for (const std::string& type : RuleOrder()) {
    if (rules.count(type)) order.push_back(type);
  }
  for (const auto& [type, rule] : rules) {
    if (std::find(order.begin(), order.end(), type) == order.end()) order.push_back(type);
  }
  out << YAML::Key << "rules" << YAML::Value << YAML::BeginSeq;
  for (const std::string& type : order) out << YAML::LocalTag(Upper(type)) << rules.at(type);
  out << YAML::EndSeq;
}

}  // namespace

RuleItems SplitRules(const std::string& yaml) {
  YAML::Node root = YAML::Load(yaml);
  RuleItems items;
  for (const auto& unit : root["dataSources"]) items[kUnitsPrefix + unit.first.Scalar()] = Marshal(unit.second, false);
  for (const auto& rule : root["rules"]) {
    std::string tag = rule.Tag();
    if (!tag.empty() && tag[0] == '!') tag.erase(0, 1);
    SplitRule(Lower(tag), rule, items);
  }
  const std::string database = root["databaseName"].as<std::string>("");
  for (const auto& table : root["metadata"]) {
    std::optional<YAML::Node> item = TableItem(table.first.Scalar(), table.second);
    if (item) items[TableItemKey(database, table.first.Scalar())] = Marshal(*item);
  }
  return items;
}

std::string PropsOf(const std::string& yaml) {
  YAML::Node props = YAML::Load(yaml)["props"];
  return props && props.IsMap() && props.size() > 0 ? Marshal(props) : std::string();
}

std::string JoinRules(const std::string& database, const RuleItems& items, const std::string& props) {
  YAML::Node units(YAML::NodeType::Map);
  std::map<std::string, YAML::Node> rules;
  YAML::Node metadata(YAML::NodeType::Map);
  for (const auto& [key, content] : items) {
    if (std::optional<std::string> table = TableOfItemKey(key)) {
      metadata[*table] = MetadataEntry(ParseItem(key, content, "table metadata"));
      continue;
    }
    if (key.rfind(kUnitsPrefix, 0) == 0) {
      units[key.substr(sizeof(kUnitsPrefix) - 1)] = ParseItem(key, content, "storage unit");
      continue;
    }
    if (key.rfind(kRulesPrefix, 0) != 0) continue;
    std::string rest = key.substr(sizeof(kRulesPrefix) - 1);
    std::size_t slash = rest.find('/');
    if (slash == std::string::npos) continue;
    std::string type = rest.substr(0, slash);
    auto [entry, added] = rules.try_emplace(type, YAML::Node(YAML::NodeType::Map));
    JoinRuleItem(type, key, rest.substr(slash + 1), content, entry->second);
  }
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "databaseName" << YAML::Value << database;
  if (units.size() > 0) out << YAML::Key << "dataSources" << YAML::Value << units;
  if (!rules.empty()) EmitRules(out, rules);
  if (!props.empty()) out << YAML::Key << "props" << YAML::Value << ParseItem("/props", props, "props");
  if (metadata.size() > 0) out << YAML::Key << "metadata" << YAML::Value << metadata;
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

std::string WithWorkerId(const std::string& yaml, int worker_id) {
  YAML::Node root = YAML::Load(yaml);
  std::map<std::string, YAML::Node> rules;
  bool changed = false;
  for (const auto& rule : root["rules"]) {
    std::string tag = rule.Tag();
    if (!tag.empty() && tag[0] == '!') tag.erase(0, 1);
    YAML::Node copy = YAML::Clone(rule);
    copy.SetTag("");
    if (Upper(tag) == "SHARDING") {
      for (auto generator : copy["keyGenerators"]) {
        if (Upper(generator.second["type"].as<std::string>("")) != "SNOWFLAKE") continue;
        generator.second["props"]["worker-id"] = std::to_string(worker_id);
        changed = true;
      }
    }
    rules[Lower(tag)] = copy;
  }
  if (!changed) return yaml;
  YAML::Emitter out;
  out << YAML::BeginMap;
  for (const auto& entry : root) {
    if (entry.first.Scalar() == "rules") {
      EmitRules(out, rules);
    } else {
      out << YAML::Key << entry.first << YAML::Value << entry.second;
    }
  }
  out << YAML::EndMap;
  return std::string(out.c_str()) + "\n";
}

}  // namespace sqlroute::cluster
