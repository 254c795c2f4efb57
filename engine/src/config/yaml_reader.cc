#include "config/yaml_reader.h"

#include <algorithm>
#include <cctype>

#include "config/diagnostics.h"
#include "sqlroute/error_text.h"

namespace sqlroute::config::yaml {

namespace {

std::string Trim(const std::string& text) {
  auto begin = text.find_first_not_of(" \t\r\n");
  if (begin == std::string::npos) return "";
  auto end = text.find_last_not_of(" \t\r\n");
  return text.substr(begin, end - begin + 1);
}

void FlattenProps(const YAML::Node& node, const std::string& prefix, const std::string& path, Props& out) {
  for (const auto& entry : node) {
    std::string key = ScalarText(entry.first, path);
    std::string entry_path = JoinPath(path, key);
    const YAML::Node& value = entry.second;
    if (value.IsMap()) {
      FlattenProps(value, prefix + key + ".", entry_path, out);
    } else if (value.IsSequence()) {
      std::string joined;
      for (const auto& item : ScalarList(value, entry_path)) joined += (joined.empty() ? "" : ",") + item;
      out.Set(prefix + key, joined);
    } else {
      out.Set(prefix + key, value.IsNull() ? "" : value.Scalar());
    }
  }
}

}  // namespace

std::string JoinPath(const std::string& parent, const std::string& key) {
  return parent.empty() ? key : parent + "." + key;
}

MapReader::MapReader(const YAML::Node& node, std::string path) : node_(node), path_(std::move(path)) {
  if (node_.IsDefined() && !node_.IsNull() && !node_.IsMap()) {
    throw Error(Message<msg::ExpectedMap>(), path_);
  }
}

bool MapReader::Has(const std::string& key) const {
  return node_.IsMap() && node_[key].IsDefined() && !node_[key].IsNull();
}

YAML::Node MapReader::Child(const std::string& key) {
  read_.insert(key);
  if (!node_.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  return node_[key];
}

std::optional<std::string> MapReader::Scalar(const std::string& key) {
  YAML::Node child = Child(key);
  if (!child.IsDefined() || child.IsNull()) return std::nullopt;
  return ScalarText(child, PathOf(key));
}

std::string MapReader::RequiredScalar(const std::string& key) {
  auto value = Scalar(key);
  if (!value || value->empty()) {
    Report(Error(Message<msg::MissingKey>(arg::key = key), path_));
    return "";
  }
  return *value;
}

std::optional<bool> MapReader::Bool(const std::string& key) {
  auto value = Scalar(key);
  if (!value) return std::nullopt;
  std::string lower(*value);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  if (lower == "true") return true;
  if (lower == "false") return false;
  Report(Error(Message<msg::ExpectedBoolean>(), PathOf(key)));
  return std::nullopt;
}

std::vector<std::string> MapReader::List(const std::string& key) {
  YAML::Node child = Child(key);
  if (!child.IsDefined() || child.IsNull()) return {};
  return ScalarList(child, PathOf(key));
}

void MapReader::RejectUnknownKeys() const {
  for (const auto& key : Keys()) {
    if (!read_.count(key)) Report(Error(Message<msg::UnknownKey>(arg::key = key), path_));
  }
}

std::vector<std::string> MapReader::Keys() const {
  std::vector<std::string> result;
  if (!node_.IsMap()) return result;
  for (const auto& entry : node_) result.push_back(ScalarText(entry.first, path_));
  return result;
}

std::string ScalarText(const YAML::Node& node, const std::string& path) {
  if (node.IsNull()) return "";
  if (!node.IsScalar()) throw Error(Message<msg::ExpectedScalar>(), path);
  return node.Scalar();
}

std::vector<std::string> ScalarList(const YAML::Node& node, const std::string& path) {
  if (node.IsScalar()) return SplitCommaList(node.Scalar());
  if (!node.IsSequence()) throw Error(Message<msg::ExpectedList>(), path);
  std::vector<std::string> result;
  for (std::size_t i = 0; i < node.size(); ++i) {
    result.push_back(Trim(ScalarText(node[i], path + "[" + std::to_string(i) + "]")));
  }
  return result;
}

std::vector<std::string> SplitCommaList(const std::string& text) {
  std::vector<std::string> result;
  std::size_t start = 0;
  while (start <= text.size()) {
    auto comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    std::string item = Trim(text.substr(start, comma - start));
    if (!item.empty()) result.push_back(item);
    start = comma + 1;
  }
  return result;
}

void ForEachEntry(const YAML::Node& node, const std::string& path,
                  const std::function<void(const std::string&, const YAML::Node&, const std::string&)>& each) {
  if (!node.IsDefined() || node.IsNull()) return;
  if (!node.IsMap()) throw Error(Message<msg::ExpectedMap>(), path);
  for (const auto& entry : node) {
    Recover([&] {
      std::string name = ScalarText(entry.first, path);
      each(name, entry.second, JoinPath(path, name));
    });
  }
}

Props ReadProps(const YAML::Node& node, const std::string& path) {
  Props result;
  if (!node.IsDefined() || node.IsNull()) return result;
  if (!node.IsMap()) throw Error(Message<msg::ExpectedMap>(), path);
  FlattenProps(node, "", path, result);
  return result;
}

NamedList<AlgorithmConfig> ReadAlgorithms(const YAML::Node& node, const std::string& path) {
  NamedList<AlgorithmConfig> result;
  ForEachEntry(node, path, [&](const std::string& name, const YAML::Node& value, const std::string& item_path) {
    MapReader reader(value, item_path);
    AlgorithmConfig algorithm;
    algorithm.type = reader.RequiredScalar("type");
    algorithm.props = ReadProps(reader.Child("props"), reader.PathOf("props"));
    reader.RejectUnknownKeys();
    result.push_back({name, std::move(algorithm), item_path});
  });
  return result;
}

}  // namespace sqlroute::config::yaml
