// A small parallel loop for the build stages.
#pragma once
#include <algorithm>
#include <atomic>
#include <exception>
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

}  // namespace wrp
