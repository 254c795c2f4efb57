#pragma once
// A plan template: what a cache entry keeps, beside its statement model, to route and rewrite
// further statements of its shape without the general pipeline (engine/compiled_plan.h
// builds and runs them; the cache only owns them and counts their bytes).
#include <cstddef>

namespace sqlroute::cache {

class PlanTemplate {
 public:
  virtual ~PlanTemplate() = default;
  virtual std::size_t ApproxBytes() const = 0;
};

}  // namespace sqlroute::cache
