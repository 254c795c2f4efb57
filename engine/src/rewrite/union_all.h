#pragma once
// UNION ALL aggregation (spec §5.7, ShardingSphere 5.5.3+): the SELECT units of one data source
// become one statement `<sql1> UNION ALL <sql2> ...`, in batches of at most
// `max-union-size-per-datasource`, when the statement is simple enough for that to be safe.
#include <algorithm>
#include <string>
#include <vector>

#include "rewrite/rewriter.h"

namespace sqlroute::rewrite {

// Whether the statement's units may be joined at all (and the rules allow batches of several).
bool UnionAllApplies(const RewriteInput& input);

// The UNION ALL statement each unit joins, numbered in order of their first unit: per data
// source, runs of at most `batch` units (Unit: anything with a `data_source`).
template <class Unit>
std::vector<std::size_t> UnionAllTargets(const std::vector<Unit>& units, int batch, std::size_t& targets) {
  struct Open {
    const std::string* data_source;
    std::size_t target;
    int statements;
  };
  std::vector<Open> open;
  open.reserve(std::min<std::size_t>(units.size(), 64));
  std::vector<std::size_t> target_of(units.size());
  targets = 0;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const std::string& data_source = units[i].data_source;
    auto found = std::find_if(open.begin(), open.end(), [&](const Open& each) { return *each.data_source == data_source; });
    if (found != open.end() && found->statements < batch) {
      ++found->statements;
      target_of[i] = found->target;
      continue;
    }
    Open fresh{&data_source, targets++, 1};
    if (found == open.end()) {
      open.push_back(fresh);
    } else {
      *found = fresh;
    }
    target_of[i] = fresh.target;
  }
  return target_of;
}

void AggregateUnionAll(const RewriteInput& input, std::vector<SqlUnit>& units);

}  // namespace sqlroute::rewrite
