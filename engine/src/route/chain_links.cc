#include "route/chain_links.h"

namespace sqlroute::route {

void RecordLink(const RouteInput& input, RouteContext& context, std::size_t index, const char* kind) {
  if (!input.rules.data_source_graph.chained() || index >= context.chains.size()) return;
  context.chains[index].append(kind).append(" ").append(context.units[index].data_source).append(" -> ");
}

bool OnLogicalDataSource(const RouteInput& input, const RouteContext& context) {
  const rules::DataSourceGraph& graph = input.rules.data_source_graph;
  for (const auto& unit : context.units) {
    if (graph.KindOf(unit.data_source) != rules::DataSourceKind::Storage) return true;
  }
  return false;
}

void NoteChains(RouteContext& context) {
  for (std::size_t i = 0; i < context.chains.size() && i < context.units.size(); ++i) {
    const std::string& chain = context.chains[i];
    std::size_t first = chain.find(" -> ");
    if (first == std::string::npos || first + 4 == chain.size()) continue;  // one link: the rule's own note says it
    context.notes.push_back("chain: " + chain + context.units[i].data_source);
  }
}

}  // namespace sqlroute::route
