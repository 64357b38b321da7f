#include "wrpkit/base/background.hpp"

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <system_error>
#include <thread>

namespace wrp::background {

namespace {

struct Queue {
  std::mutex mu;
  std::condition_variable ready;
  std::deque<std::function<void()>> tasks;
  // The process that started the thread (0: none). Read without the lock: a fork's child
  // has no thread, and may inherit the lock as held.
  std::atomic<pid_t> pid{0};

  [[noreturn]] void serve() {
    std::unique_lock lock(mu);
    for (;;) {
      ready.wait(lock, [&] { return !tasks.empty(); });
      auto task = std::move(tasks.front());
      tasks.pop_front();
      lock.unlock();
      task();  // a packaged_task: what it throws goes to its future
      lock.lock();
    }
  }
};

// Never destroyed: the thread may still wait on it while static destructors run at exit.
Queue* queue() {
  static Queue* q = new Queue;
  return q;
}

std::once_flag g_started;

}  // namespace

void start() {
  std::call_once(g_started, [] {
    if (std::getenv("WRPKIT_SERIAL_LOAD")) return;
    auto* q = queue();
    try {
      std::thread(&Queue::serve, q).detach();
    } catch (const std::system_error&) {
      return;  // no thread: every job runs where its result is waited for
    }
    q->pid = ::getpid();
  });
}

bool running() {
  pid_t pid = queue()->pid;
  return pid != 0 && pid == ::getpid();
}

bool post(std::function<void()>& task) {
  if (!running()) return false;
  auto* q = queue();
  {
    std::lock_guard lock(q->mu);
    q->tasks.push_back(std::move(task));
  }
  q->ready.notify_one();
  return true;
}

}  // namespace wrp::background
