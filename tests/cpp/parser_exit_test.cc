// exit() while other threads are parsing: the process ends with the status it was given, never
// a crash in a parser table that exit() has destroyed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "parser/sql_parser.h"

namespace sqlroute::parser {
namespace {

// Starts threads that parse for ever (statements ANTLR predicts at length: its DFA cache and
// ATN are in use throughout), lets them run, then exits.
[[noreturn]] void ExitWhileParsing() {
  for (int i = 0; i < 4; ++i) {
    std::thread([i] {
      for (int n = 0;; ++n) {
        Parse("SELECT o.id, COUNT(*) AS c" + std::to_string(i * 1000 + n % 97) +
              " FROM t_order o JOIN t_item x ON o.id = x.order_id WHERE o.user_id IN (1, 2) "
              "AND (x.status = 'a' OR x.price BETWEEN 1 AND 9) GROUP BY o.id HAVING c > 1 ORDER BY o.id LIMIT 5");
      }
    }).detach();
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  std::exit(3);
}

TEST(ParserExitTest, ExitWhileOtherThreadsParseEndsWithItsStatus) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  for (int run = 0; run < 20; ++run) {
    EXPECT_EXIT(ExitWhileParsing(), ::testing::ExitedWithCode(3), "") << "run " << run;
  }
}

}  // namespace
}  // namespace sqlroute::parser
