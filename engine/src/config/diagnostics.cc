#include "config/diagnostics.h"

#include <algorithm>
#include <string>

namespace sqlroute::config {
namespace {

thread_local DiagnosticsScope* active = nullptr;

bool SamePlace(const Error& a, const Error& b) {
  if (a.position().has_value() != b.position().has_value()) return false;
  if (a.position() && a.position()->offset != b.position()->offset) return false;
  return a.config_path() == b.config_path();
}

}  // namespace

DiagnosticsScope::DiagnosticsScope(std::vector<Error>& sink) : sink_(sink), previous_(active) { active = this; }

DiagnosticsScope::~DiagnosticsScope() { active = previous_; }

void DiagnosticsScope::BeginPhase() { phase_start_ = sink_.size(); }

void DiagnosticsScope::Add(const Error& error) {
  bool duplicate = std::any_of(sink_.begin(), sink_.end(), [&](const Error& known) {
    return known.code() == error.code() && known.message() == error.message() && SamePlace(known, error);
  });
  bool follows = std::any_of(sink_.begin(), sink_.begin() + static_cast<std::ptrdiff_t>(phase_start_),
                             [&](const Error& known) {
                               return !error.config_path().empty() && known.config_path() == error.config_path();
                             });
  if (!duplicate && !follows) sink_.push_back(error);
}

bool Collecting() { return active != nullptr; }

void Report(const Error& error) {
  if (!active) throw error;
  active->Add(error);
}

}  // namespace sqlroute::config
