#pragma once
// The rules that decorate a route once sharding (with broadcast and single tables) has created
// it, in one table. ShardingSphere loads its SQLRouters ordered by each rule's order constant
// and lets the later ones decorate the route context; the table keeps that order. The pipeline
// (engine/engine.cc) runs every statement through Decorate, whether its model was cached or not.
#include <iterator>

#include "route/chain_links.h"
#include "route/readwrite_decorator.h"
#include "route/router.h"
#include "route/shadow_decorator.h"
#include "sqlroute/session.h"

namespace sqlroute::route {

struct RouteDecorator {
  int order;  // the rule's order constant in ShardingSphere
  void (*decorate)(const RouteInput& input, Session* session, RouteContext& context);
};

inline constexpr RouteDecorator kRouteDecorators[] = {
    {40, DecorateReadwrite},  // ReadwriteSplittingOrder: primary or a replica per unit
    {50, DecorateShadow},     // ShadowOrder: production data sources moved to their shadows
};

constexpr bool InOrder(const RouteDecorator* begin, const RouteDecorator* end) {
  for (const RouteDecorator* each = begin; each + 1 < end; ++each) {
    if (each->order >= (each + 1)->order) return false;
  }
  return true;
}
static_assert(InOrder(std::begin(kRouteDecorators), std::end(kRouteDecorators)),
              "route decorators run in ascending rule order");

// Runs every decorator of kRouteDecorators on `context`, in the table's order. When the rules
// chain logical data sources (a shadow data source over a read/write group, ...), a pass can leave
// a unit on another rule's logical data source: the passes repeat until every unit names a storage
// unit (the graph is acyclic, so there are at most as many passes as logical data sources).
inline void Decorate(const RouteInput& input, Session* session, RouteContext& context) {
  const rules::DataSourceGraph& graph = input.rules.data_source_graph;
  if (graph.chained()) context.chains.assign(context.units.size(), std::string());
  for (;;) {
    for (const RouteDecorator& each : kRouteDecorators) each.decorate(input, session, context);
    if (!graph.chained() || !OnLogicalDataSource(input, context)) break;
    if (static_cast<std::size_t>(++context.decorator_pass) > graph.size()) break;
  }
  if (graph.chained()) NoteChains(context);
}

}  // namespace sqlroute::route
