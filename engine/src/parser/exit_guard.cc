#include "parser/exit_guard.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <thread>

namespace sqlroute::parser {
namespace {

std::atomic<int> parses_under_way{0};
std::atomic<bool> exiting{false};

// Runs before ANTLR's statics are destroyed. A warm parse takes microseconds, but cold parses
// queue on ANTLR's process-global DFA lock and can take seconds on a loaded machine. The wait is
// bounded all the same, so that a thread stopped inside a parse cannot hold the exit up for ever.
void StopParsing() {
  exiting.store(true);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (parses_under_way.load() > 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

}  // namespace

ExitGuard::ExitGuard() {
  // ANTLR's statics exist from the library's load on, so a handler registered now runs before
  // their destructors (exit handlers run in the reverse order of their registration). The
  // parser's own tables are never destroyed.
  static std::once_flag registered;
  std::call_once(registered, [] { std::atexit(StopParsing); });
  parses_under_way.fetch_add(1);
  if (!exiting.load()) return;
  parses_under_way.fetch_sub(1);
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

ExitGuard::~ExitGuard() { parses_under_way.fetch_sub(1); }

}  // namespace sqlroute::parser
