#include "wrpkit/base/background.hpp"

#include <doctest/doctest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace wrp;

TEST_CASE("background: jobs run in order on one other thread, and what they throw reaches the waiter") {
  background::start();
  background::start();  // once per process
  REQUIRE(background::running());
  auto here = std::this_thread::get_id();
  std::vector<int> order;  // written by the thread alone, read once the last job is done
  std::vector<std::shared_future<std::thread::id>> ran;
  for (int i = 0; i < 8; ++i)
    ran.push_back(background::run<std::thread::id>([&order, i] {
      order.push_back(i);
      return std::this_thread::get_id();
    }));
  for (auto& r : ran) CHECK(r.get() != here);
  CHECK(ran.front().get() == ran.back().get());
  CHECK(order == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  auto failed = background::run<int>([]() -> int { throw std::runtime_error("job failed"); });
  CHECK_THROWS_WITH(failed.get(), "job failed");
}

// A fork's child has no background thread: its jobs run where their results are awaited.
TEST_CASE("background: in a fork's child, jobs run on the thread that waits for them") {
  background::start();
  pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    auto here = std::this_thread::get_id();
    auto ran = background::run<std::thread::id>([] { return std::this_thread::get_id(); });
    _exit(!background::running() && ran.get() == here ? 0 : 1);
  }
  int status = 0;
  REQUIRE(waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  CHECK(background::running());  // the parent's thread is untouched
}
