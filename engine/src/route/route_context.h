#pragma once
// The route stage's result: ordered route units plus what rewrite and explain need.
#include <string>
#include <vector>

#include "sqlroute/plan.h"
#include "sqlroute/value.h"

namespace sqlroute::route {

struct RouteContext {
  RouteType type = RouteType::Passthrough;
  std::vector<RouteUnit> units;
  std::vector<RouteDecision> decisions;
  std::vector<std::string> warnings;
  std::vector<std::string> notes;  // read/write and shadow decisions, for explain
  std::vector<ScatterReason> scatter_reasons;  // filled only for a route of several units
  // Chained data sources (rules::DataSourceGraph::chained): for each unit (same order), the
  // logical data sources it passed ("readwrite rw_0 -> shadow shadow_0 -> "), and the pass of
  // the decorators that runs (each pass takes the units one link further).
  std::vector<std::string> chains;
  int decorator_pass = 0;
  // INSERT: for each unit (same order), the indexes of the value rows it receives.
  std::vector<std::vector<int>> insert_rows;
  // INSERT with a generated key: the key column and one generated value per row.
  std::string generated_key_column;
  std::vector<Value> generated_keys;

  // IN-list split: the IN expression whose items are divided among the units, and for each
  // unit (same order) the 1-based child indexes of the items it keeps.
  int32_t in_list = -1;
  std::vector<std::vector<int>> in_list_items;

  // Adds a unit unless one with the same data source and table mappings exists; returns its index.
  std::size_t AddUnit(RouteUnit unit);
  // The same for a unit of one table, built only when it is new (the rows of an INSERT).
  std::size_t AddUnit(const std::string& data_source, const std::string& logic, const std::string& actual);
  bool SingleUnit() const { return units.size() == 1; }
};

// The units, decisions and scatter reasons of an earlier plan, which routing writes over (Engine::RouteInto) so
// that their strings and lists keep their buffers.
struct SpareRoute {
  std::vector<RouteUnit> units;
  std::vector<RouteDecision> decisions;
  std::vector<ScatterReason> scatter_reasons;
};

}  // namespace sqlroute::route
