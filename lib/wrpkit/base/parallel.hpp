// A small parallel loop for the build stages, and work a load leaves to a second thread.
#pragma once
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <exception>
#include <future>
#include <system_error>
#include <thread>
#include <vector>

#include "wrpkit/base/error.hpp"

namespace wrp {

// Runs fn(i) for i in [0, n) on `jobs` threads. The first exception (by index,
// so the report does not depend on scheduling) is rethrown after all finish;
// after a Cancelled, no new item starts.
template <class F>
void parallel_for(size_t n, unsigned jobs, F&& fn) {
  std::vector<std::exception_ptr> errors(n);
  std::atomic<size_t> next{0};
  std::atomic<bool> cancelled{false};
  auto worker = [&] {
    for (size_t i; !cancelled && (i = next++) < n;) {
      try {
        fn(i);
      } catch (const Cancelled&) {
        cancelled = true;
        errors[i] = std::current_exception();
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  unsigned t = std::max(1u, std::min<unsigned>(jobs, unsigned(n)));
  std::vector<std::thread> pool;
  for (unsigned k = 1; k < t; ++k) pool.emplace_back(worker);
  worker();
  for (auto& th : pool) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

// Whether a load may start threads: not where WRPKIT_SERIAL_LOAD is set (emulators that
// cannot: qemu-user 7.2 spins forever in the attempt).
inline bool may_start_threads() { return !std::getenv("WRPKIT_SERIAL_LOAD"); }

// `fn` on a second thread, its result (or exception) in the future; where no thread may or
// can start (a process at its limit), `fn` runs when the result is first asked for.
template <class F>
auto in_background(F fn) -> std::shared_future<decltype(fn())> {
  if (may_start_threads()) try {
      return std::async(std::launch::async, fn).share();
    } catch (const std::system_error&) {
      // no thread to be had: deferred below
    }
  return std::async(std::launch::deferred, std::move(fn)).share();
}

}  // namespace wrp
