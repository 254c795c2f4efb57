#pragma once
// Collecting configuration problems instead of stopping at the first.
//
// Loading throws the first sqlroute::Error, as always. Inside a DiagnosticsScope (the
// "check my rules" path) the places that can go on after a problem record it instead:
// Report(error) for a problem after which reading continues with a default value (an unknown
// key, a missing value, a dangling reference), Recover(step) for an error that ends one
// independent step (a map entry, a rule, a DistSQL statement, a table's compilation), which is
// then skipped. Without a scope both throw exactly what the plain loader throws.
#include <cstddef>
#include <vector>

#include "sqlroute/error.h"

namespace sqlroute::config {

class DiagnosticsScope {
 public:
  // Problems go to `sink`, in the order they are found; an identical problem (same code,
  // message and place) is kept once. A problem of a later phase at the key path of a problem
  // an earlier phase reported is dropped: it follows from that one (see BeginPhase).
  explicit DiagnosticsScope(std::vector<Error>& sink);
  ~DiagnosticsScope();
  DiagnosticsScope(const DiagnosticsScope&) = delete;
  DiagnosticsScope& operator=(const DiagnosticsScope&) = delete;

  // Starts the next phase (reading, then compiling the read config).
  void BeginPhase();
  void Add(const Error& error);

 private:
  std::vector<Error>& sink_;
  std::size_t phase_start_ = 0;  // first problem of the current phase
  DiagnosticsScope* previous_;
};

// True inside a DiagnosticsScope on this thread.
bool Collecting();

// Throws `error` unless collecting; then records it and returns.
void Report(const Error& error);

// Runs `step`. Unless collecting, an Error propagates; when collecting it is recorded and
// false returned.
template <typename Step>
bool Recover(Step&& step) {
  if (!Collecting()) {
    step();
    return true;
  }
  try {
    step();
    return true;
  } catch (const Error& error) {
    Report(error);
    return false;
  }
}

}  // namespace sqlroute::config
