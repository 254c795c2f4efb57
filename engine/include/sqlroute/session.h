#pragma once
// Per-connection state a proxy keeps and passes to every Route call (not thread-safe: one
// session per connection). The engine updates it as transaction statements pass through.
#include <chrono>
#include <map>
#include <optional>
#include <string>

namespace sqlroute {

struct Session {
  // Inside an explicit transaction (BEGIN / START TRANSACTION / SET autocommit=0 until
  // COMMIT / ROLLBACK). Set by the engine; a proxy may also set it.
  bool in_transaction = false;
  // FIXED transactional strategy: the replica chosen per read/write group for this transaction.
  std::map<std::string, std::string> fixed_replicas;
  // Read-after-write affinity (opt-in): after a write, reads of the session go to the primary
  // until the transaction ends, or for `affinity_window` outside transactions.
  bool read_after_write_affinity = false;
  std::chrono::milliseconds affinity_window{0};
  std::optional<std::chrono::steady_clock::time_point> last_write;
};

}  // namespace sqlroute
