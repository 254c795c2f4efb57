#include "support/golden.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

namespace sqlroute::testing_support {
namespace {

std::string HexToBytes(const std::string& hex) {
  std::string result;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
    result += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
  }
  return result;
}

Value ParseScalar(const YAML::Node& node) {
  const std::string& text = node.Scalar();
  if (node.Tag() == "!") return Value::String(text);  // quoted in the file
  static const std::regex kInteger("-?[0-9]+");
  static const std::regex kFloat("-?[0-9]+\\.[0-9]*([eE][-+]?[0-9]+)?");
  if (text == "null" || text == "~" || text.empty()) return Value::Null();
  if (text == "true" || text == "false") return Value::Bool(text == "true");
  if (std::regex_match(text, kInteger)) return Value::Integer(text);
  if (std::regex_match(text, kFloat)) return Value::Double(std::stod(text));
  return Value::String(text);
}

Value ParseTyped(const std::string& type, const YAML::Node& node) {
  const std::string text = node.Scalar();
  if (type == "int") return Value::Int(std::stoi(text));
  if (type == "long") return Value::Long(std::stoll(text));
  if (type == "bigint") return Value::BigInt(text);
  if (type == "decimal") return Value::Decimal(text);
  if (type == "double") return Value::Double(std::stod(text));
  if (type == "string") return Value::String(text);
  if (type == "date") return Value::Date(text);
  if (type == "time") return Value::Time(text);
  if (type == "datetime") return Value::DateTime(text);
  if (type == "bytes_hex") return Value::Bytes(HexToBytes(text));
  throw std::runtime_error("unknown value type `" + type + "` in golden file");
}

}  // namespace

std::string GoldenDir() { return std::string(SQLROUTE_TESTS_DIR) + "/golden"; }

std::string GoldenRules(const std::string& name) {
  std::ifstream in(GoldenDir() + "/rules/" + name + ".yaml");
  if (!in) throw std::runtime_error("no golden rule file " + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> GoldenFiles(const std::string& folder) {
  std::vector<std::string> result;
  std::filesystem::path dir = GoldenDir() + "/" + folder;
  if (!std::filesystem::exists(dir)) return result;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() == ".yaml") result.push_back(entry.path().string());
  }
  std::sort(result.begin(), result.end());
  return result;
}

Value ParseValue(const YAML::Node& node) {
  if (node.IsNull()) return Value::Null();
  if (node.IsMap() && node.size() == 1) {
    auto item = node.begin();
    return ParseTyped(item->first.as<std::string>(), item->second);
  }
  return ParseScalar(node);
}

std::vector<Value> ParseValues(const YAML::Node& node) {
  std::vector<Value> result;
  if (!node) return result;
  for (const auto& each : node) result.push_back(ParseValue(each));
  return result;
}

Hints ParseHints(const YAML::Node& node) {
  Hints result;
  if (!node) return result;
  for (const auto& item : node["database_values"]) {
    result.database_values[item.first.as<std::string>()] = ParseValues(item.second);
  }
  for (const auto& item : node["table_values"]) {
    result.table_values[item.first.as<std::string>()] = ParseValues(item.second);
  }
  if (node["database_value_only"]) result.database_value_only = ParseValue(node["database_value_only"]);
  if (node["data_source_name"]) result.data_source_name = node["data_source_name"].as<std::string>();
  if (node["write_route_only"]) result.write_route_only = node["write_route_only"].as<bool>();
  if (node["shadow"]) result.shadow = node["shadow"].as<bool>();
  if (node["skip_sql_rewrite"]) result.skip_sql_rewrite = node["skip_sql_rewrite"].as<bool>();
  if (node["skip_metadata_validate"]) result.skip_metadata_validate = node["skip_metadata_validate"].as<bool>();
  if (node["disable_audit_names"]) result.disable_audit_names = node["disable_audit_names"].as<std::vector<std::string>>();
  return result;
}

std::string UnknownKey(const YAML::Node& node, const std::vector<std::string>& allowed) {
  for (const auto& item : node) {
    std::string key = item.first.as<std::string>();
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) return key;
  }
  return "";
}

}  // namespace sqlroute::testing_support
