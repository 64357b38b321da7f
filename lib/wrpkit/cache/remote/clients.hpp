// The clients of the remote storage interface (storage.hpp), one file each: http.cpp
// (libcurl, loaded at run time) and redis.cpp (hiredis); clients.cpp picks one by scheme.
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "wrpkit/cache/remote/storage.hpp"

namespace wrp {

// The client for `spec`'s scheme. A client library that is not there (libcurl is
// loaded at run time; a build without hiredis) is a RemoteFailure at the first use,
// so the build warns and goes on with its local cache.
std::unique_ptr<RemoteStorage> make_remote_storage(const RemoteSpec& spec);

std::unique_ptr<RemoteStorage> make_http_storage(const RemoteSpec& spec);
std::unique_ptr<RemoteStorage> make_redis_storage(const RemoteSpec& spec);

// Open connections kept between requests (a kept connection makes the next request
// cheap), shared by the build's compile threads. The owner closes what is left.
template <class Handle>
class IdlePool {
 public:
  Handle* take() {
    std::lock_guard lock(mu_);
    if (idle_.empty()) return nullptr;
    Handle* h = idle_.back();
    idle_.pop_back();
    return h;
  }
  void give_back(Handle* h) {
    std::lock_guard lock(mu_);
    idle_.push_back(h);
  }
  template <class Close>
  void close_all(Close&& close) {
    std::lock_guard lock(mu_);
    for (Handle* h : idle_) close(h);
    idle_.clear();
  }

 private:
  std::mutex mu_;
  std::vector<Handle*> idle_;
};

}  // namespace wrp
