// Work a load does on a second thread while it goes on (hashing a large section, loading
// modules). Where WRPKIT_SERIAL_LOAD is set (emulators: qemu-user 7.2 spins forever
// starting a thread) or no thread can start, the work runs where its result is first
// asked for instead: the same result, later.
#pragma once
#include <cstdlib>
#include <future>
#include <system_error>
#include <utility>

namespace wrp {

inline bool serial_load() { return std::getenv("WRPKIT_SERIAL_LOAD") != nullptr; }

template <class F>
auto run_beside(F work) -> std::shared_future<decltype(work())> {
  if (!serial_load()) {
    try {
      return std::async(std::launch::async, work).share();
    } catch (const std::system_error&) {  // no thread to be had: fall through
    }
  }
  return std::async(std::launch::deferred, std::move(work)).share();
}

// Whether the work started on a second thread (a deferred one has not run yet).
template <class T>
bool started_beside(const std::shared_future<T>& f) {
  using namespace std::chrono_literals;
  return f.valid() && f.wait_for(0s) != std::future_status::deferred;
}

}  // namespace wrp
