// The shared heap (common/shared_heap.h): work runs on threads of its own and the caller waits
// for it; errors come back; nested work and forked children do not hang. On one CPU work runs
// inline instead, and the tests that look for the other thread are skipped.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "common/shared_heap.h"
#include "sqlroute/error.h"
#include "support/cpus.h"

namespace sqlroute {
namespace {

class SharedHeapTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (testing_support::OneCpu()) GTEST_SKIP() << "one CPU: shared-heap work runs on the calling thread";
  }
};

TEST_F(SharedHeapTest, BuildRunsOnAnotherThreadAndIsDoneOnReturn) {
  std::thread::id ran_on;
  std::vector<int> built;
  BuildShared([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ran_on = std::this_thread::get_id();
    built = {1, 2, 3};
  });
  EXPECT_NE(ran_on, std::this_thread::get_id());
  EXPECT_EQ(built, (std::vector<int>{1, 2, 3}));
}

TEST_F(SharedHeapTest, BuildRethrowsWhatTheWorkThrows) {
  try {
    BuildShared([] { throw Error(ErrorCode::SQL_SYNTAX_ERROR, "near `x`", SourcePosition{1, 7, 6}); });
    FAIL() << "no error";
  } catch (const Error& error) {
    EXPECT_EQ(error.code(), ErrorCode::SQL_SYNTAX_ERROR);
    EXPECT_EQ(error.message(), "near `x`");
    ASSERT_TRUE(error.position());
    EXPECT_EQ(error.position()->column, 7);
  }
  int after = 0;
  BuildShared([&] { after = 1; });  // the thread that threw goes on serving
  EXPECT_EQ(after, 1);
}

TEST_F(SharedHeapTest, NestedBuildRunsInlineOnTheSameThread) {
  std::thread::id outer, inner;
  BuildShared([&] {
    outer = std::this_thread::get_id();
    BuildShared([&] { inner = std::this_thread::get_id(); });
  });
  EXPECT_EQ(outer, inner);
  EXPECT_NE(outer, std::this_thread::get_id());
}

TEST_F(SharedHeapTest, ManyCallersEachGetTheirOwnResultFromTheOneThread) {
  constexpr int kThreads = 8, kBuilds = 300;
  std::atomic<int> wrong{0};
  std::mutex mutex;
  std::set<std::thread::id> builders;
  std::vector<std::thread> callers;
  for (int t = 0; t < kThreads; ++t) {
    callers.emplace_back([&, t] {
      for (int i = 0; i < kBuilds; ++i) {
        int result = -1;
        BuildShared([&] {
          result = t * kBuilds + i;
          std::lock_guard<std::mutex> lock(mutex);
          builders.insert(std::this_thread::get_id());
        });
        if (result != t * kBuilds + i) ++wrong;
      }
    });
  }
  for (auto& caller : callers) caller.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(builders.size(), 1u);
}

std::atomic<int> task_runs{0};
std::atomic<bool> task_on_caller{false};
std::thread::id task_caller;

void CountRun() {
  if (std::this_thread::get_id() == task_caller) task_on_caller = true;
  ++task_runs;
}

TEST_F(SharedHeapTest, ScheduledTaskRunsSoonOnAnotherThread) {
  task_caller = std::this_thread::get_id();
  int before = task_runs.load();
  ScheduleShared(CountRun);
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (task_runs.load() == before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(task_runs.load(), before + 1);
  EXPECT_FALSE(task_on_caller.load());
}

TEST_F(SharedHeapTest, ForkedChildBuildsOnThreadsOfItsOwn) {
  BuildShared([] {});  // the parent's threads exist
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::thread::id ran_on;
    BuildShared([&] { ran_on = std::this_thread::get_id(); });
    _exit(ran_on != std::thread::id() && ran_on != std::this_thread::get_id() ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace sqlroute
