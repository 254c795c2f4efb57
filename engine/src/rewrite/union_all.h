#pragma once
// UNION ALL aggregation (ShardingSphere 5.5.3+'s RouteSQLRewriteEngine): the SELECT units of one
// data source become one statement `<sql1> UNION ALL <sql2> ...`, in batches of at most
// `max-union-size-per-datasource`, when the statement is simple enough for that to be safe
// (rewrite::Rewrite writes each unit into its statement).
#include <algorithm>
#include <string>
#include <vector>

#include "common/data_source_index.h"
#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

// Whether the statement's units may be joined at all (and the rules allow batches of several).
bool UnionAllApplies(const RewriteInput& input);

// The UNION ALL statement each unit joins, numbered in order of their first unit: per data
// source, runs of at most `batch` units (Unit: anything with a `data_source`).
template <class Unit>
std::vector<std::size_t> UnionAllTargets(const std::vector<Unit>& units, int batch, std::size_t& targets) {
  struct Open {
    std::size_t target;
    int statements;
  };
  std::vector<Open> open;  // per data source, in order of first appearance
  open.reserve(std::min<std::size_t>(units.size(), 64));
  DataSourceIndex index(units.size());
  std::vector<std::size_t> target_of(units.size());
  targets = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    std::size_t slot = index.Find(units[i].data_source);
    if (slot == open.size()) open.push_back({0, 0});
    Open& each = open[slot];
    if (each.statements == 0 || each.statements >= batch) each = {targets++, 0};
    ++each.statements;
    target_of[i] = each.target;
  }
  return target_of;
}

}  // namespace sqlroute::rewrite
