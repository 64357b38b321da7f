// The clients behind make_remote_storage (remote_storage.hpp), one file each:
// http_storage.cpp (libcurl, loaded at run time) and redis_storage.cpp (hiredis).
#pragma once
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "wrpkit/toolchain/remote_storage.hpp"

namespace wrp {

std::unique_ptr<RemoteStorage> make_http_storage(const RemoteSpec& spec);
std::unique_ptr<RemoteStorage> make_redis_storage(const RemoteSpec& spec);
// Whether this build's hiredis speaks TLS (rediss://).
bool redis_tls_supported();

// A storage whose client this build lacks: every use is a RemoteFailure saying `why`
// (the cache layer warns once and the build goes on with its folder).
std::unique_ptr<RemoteStorage> make_unavailable_storage(std::string why);

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
