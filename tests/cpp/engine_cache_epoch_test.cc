// Epoch-based reclamation (cache/epoch.h): a retired object lives while a guard that may have
// seen it is open, and is destroyed on a shared-heap thread (common/shared_heap.h) after; a
// process forked while other threads retire and reclaim can retire in turn.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "cache/epoch.h"
#include "support/cpus.h"

namespace sqlroute::cache {
namespace {

TEST(EpochTest, RetiredObjectLivesWhileAGuardMaySeeItThenDiesOnASharedHeapThread) {
  std::atomic<bool> destroyed{false};
  std::thread::id destroyed_on;
  {
    EpochGuard guard;
    Retire(std::shared_ptr<const int>(new int(5), [&](const int* value) {
      destroyed_on = std::this_thread::get_id();
      delete value;
      destroyed = true;
    }));
    EXPECT_GE(ReclaimRetired(), 1u);  // this guard may still be using it
    EXPECT_FALSE(destroyed.load());
  }
  ReclaimRetired();  // or the reclaim the guard's end asked for: wait for either
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (!destroyed.load() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_TRUE(destroyed.load());
  if (!testing_support::OneCpu()) EXPECT_NE(destroyed_on, std::this_thread::get_id());
}

TEST(EpochTest, ForkedChildRetiresWhileTheParentKeptRetiring) {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // Their runtimes' own locks can pass to the child held (1 of 20 children hung under each).
  GTEST_SKIP() << "a sanitizer runtime's own locks can hang the child";
#endif
  std::atomic<bool> stop{false};
  std::thread retiring([&] {
    while (!stop.load()) Retire(std::make_shared<const int>(1));
  });
  int hung = 0, failed = 0;
  for (int i = 0; i < 20; ++i) {
    pid_t child = fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      alarm(10);  // a child stuck on a lock it inherited held dies of SIGALRM
      Retire(std::make_shared<const int>(2));
      ReclaimRetired();
      _exit(0);
    }
    int status = 0;
    waitpid(child, &status, 0);
    if (WIFSIGNALED(status)) ++hung;
    if (WIFEXITED(status) && WEXITSTATUS(status) != 0) ++failed;
  }
  stop = true;
  retiring.join();
  EXPECT_EQ(hung, 0);
  EXPECT_EQ(failed, 0);
}

}  // namespace
}  // namespace sqlroute::cache
