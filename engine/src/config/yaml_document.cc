#include "config/yaml_document.h"

#include <yaml-cpp/eventhandler.h>

#include <algorithm>
#include <set>
#include <sstream>
#include <string>

#include "sqlroute/error.h"

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
      throw Error(ErrorCode::CONFIG_YAML_SYNTAX,
                  "more than " + std::to_string(kMaxCollectionAliases) + " aliases of sequences or mappings",
                  PositionOf(mark));
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

}  // namespace

YAML::Node ParseDocument(std::string_view text) {
  try {
    std::istringstream stream{std::string(text)};
    YAML::Parser parser(stream);
    AliasCounter counter;
    parser.HandleNextDocument(counter);
    return YAML::Load(std::string(text));
  } catch (const YAML::ParserException& e) {
    throw Error(ErrorCode::CONFIG_YAML_SYNTAX, e.msg, PositionOf(e.mark));
  }
}

}  // namespace sqlroute::config::yaml
