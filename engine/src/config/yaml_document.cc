#include "config/yaml_document.h"

#include <algorithm>
#include <string>

#include "sqlroute/error.h"

namespace sqlroute::config::yaml {

YAML::Node ParseDocument(std::string_view text) {
  try {
    return YAML::Load(std::string(text));
  } catch (const YAML::ParserException& e) {
    SourcePosition position{e.mark.line + 1, e.mark.column + 1, static_cast<std::size_t>(std::max(e.mark.pos, 0))};
    throw Error(ErrorCode::CONFIG_YAML_SYNTAX, e.msg, position);
  }
}

}  // namespace sqlroute::config::yaml
