#include "route/route_context.h"

namespace sqlroute::route {

std::size_t RouteContext::AddUnit(RouteUnit unit) {
  for (std::size_t i = 0; i < units.size(); ++i) {
    const RouteUnit& each = units[i];
    if (each.data_source != unit.data_source || each.tables.size() != unit.tables.size()) continue;
    bool same = true;
    for (std::size_t t = 0; t < each.tables.size() && same; ++t) {
      same = each.tables[t].logic == unit.tables[t].logic && each.tables[t].actual == unit.tables[t].actual;
    }
    if (same) return i;
  }
  units.push_back(std::move(unit));
  return units.size() - 1;
}

std::size_t RouteContext::AddUnit(const std::string& data_source, const std::string& logic, const std::string& actual) {
  for (std::size_t i = 0; i < units.size(); ++i) {
    const RouteUnit& each = units[i];
    if (each.data_source == data_source && each.tables.size() == 1 && each.tables.front().logic == logic &&
        each.tables.front().actual == actual) {
      return i;
    }
  }
  units.push_back({data_source, data_source, {{logic, actual}}});
  return units.size() - 1;
}

}  // namespace sqlroute::route
