#include "config/yaml_document.h"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "sqlroute/error_text.h"

namespace sqlroute::config::yaml {
namespace {

SourcePosition PositionOf(const YAML::Mark& mark) {
  return {mark.line + 1, mark.column + 1, static_cast<std::size_t>(std::max(mark.pos, 0))};
}

// Counts aliases of sequences and mappings: like ShardingSphere's SnakeYAML
// (maxAliasesForCollections), more than kMaxCollectionAliases is an error, which keeps
// "billion laughs" documents from expanding in whatever walks the tree later.
class AliasCounter : public YAML::EventHandler {
 public:
  static constexpr int kMaxCollectionAliases = 50;

  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    if (collections_.count(anchor) && ++aliases_ > kMaxCollectionAliases) {
      throw Error(Message<msg::TooManyYamlAliases>(arg::limit = kMaxCollectionAliases), PositionOf(mark));
    }
  }
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    collections_.insert(anchor);
  }
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    collections_.insert(anchor);
  }
  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceEnd() override {}
  void OnMapEnd() override {}

 private:
  std::set<YAML::anchor_t> collections_;  // anchor 0 (none) is never aliased
  int aliases_ = 0;
};

// "a.b[2].c" -> {"a", "b", "[2]", "c"}.
std::vector<std::string> PathSegments(const std::string& path) {
  std::vector<std::string> result;
  std::string current;
  auto flush = [&] {
    if (!current.empty()) result.push_back(current);
    current.clear();
  };
  for (char c : path) {
    if (c == '.') {
      flush();
    } else if (c == '[') {
      flush();
      current = "[";
    } else {
      current += c;
      if (c == ']') flush();
    }
  }
  flush();
  return result;
}

// The entry of `map` whose key is the longest run segments[i..j] joined with '.' (a key
// may hold dots); advances `i` past it.
std::optional<std::pair<YAML::Node, YAML::Node>> MapEntry(const YAML::Node& map,
                                                          const std::vector<std::string>& segments, std::size_t& i) {
  std::optional<std::pair<YAML::Node, YAML::Node>> result;
  std::string key;
  for (std::size_t j = i; j < segments.size() && segments[j][0] != '['; ++j) {
    key += (j == i ? "" : ".") + segments[j];
    for (const auto& entry : map) {
      if (entry.first.IsScalar() && entry.first.Scalar() == key) {
        result.emplace(entry.first, entry.second);  // emplace: Node `=` would overwrite the document
        i = j + 1;
      }
    }
  }
  return result;
}

}  // namespace

std::optional<SourcePosition> LocateKeyPath(const YAML::Node& root, const std::string& path) {
  std::vector<std::string> segments = PathSegments(path);
  std::optional<SourcePosition> result;
  YAML::Node node = root;
  for (std::size_t i = 0; i < segments.size();) {
    const std::string& segment = segments[i];
    if (segment[0] == '[' && node.IsSequence()) {
      std::size_t index = std::strtoul(segment.c_str() + 1, nullptr, 10);
      if (index >= node.size()) break;
      node.reset(static_cast<const YAML::Node&>(node)[index]);  // reset: `=` would overwrite the document
      result = PositionOf(node.Mark());
      ++i;
    } else if (node.IsMap()) {
      auto entry = MapEntry(node, segments, i);
      if (!entry) break;
      result = PositionOf(entry->first.Mark());
      node.reset(entry->second);
    } else {
      break;
    }
  }
  return result;
}

YAML::Node ParseDocument(std::string_view text) {
  try {
    std::istringstream stream{std::string(text)};
    YAML::Parser parser(stream);
    AliasCounter counter;
    parser.HandleNextDocument(counter);
    return YAML::Load(std::string(text));
  } catch (const YAML::ParserException& e) {
    throw Error(Message<msg::YamlSyntax>(arg::detail = e.msg), PositionOf(e.mark));
  }
}

}  // namespace sqlroute::config::yaml
