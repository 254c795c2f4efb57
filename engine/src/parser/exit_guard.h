#pragma once
// ANTLR's generated parser keeps its ATN and DFA cache in static objects, which exit() destroys
// while other threads (Python daemon threads, the shared-heap thread) may still be parsing: a
// segfault at interpreter exit. The first parse registers an exit handler that runs before their
// destructors: it stops new parses and waits for those under way.
namespace sqlroute::parser {

// Held for the span of a parse. Once the process is exiting, a new parse never starts: its
// thread sleeps until the process ends.
class ExitGuard {
 public:
  ExitGuard();
  ~ExitGuard();
  ExitGuard(const ExitGuard&) = delete;
  ExitGuard& operator=(const ExitGuard&) = delete;
};

}  // namespace sqlroute::parser
