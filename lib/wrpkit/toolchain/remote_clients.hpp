// The clients behind make_remote_storage (remote_storage.hpp), one file each:
// http_storage.cpp (libcurl, loaded at run time) and redis_storage.cpp (hiredis).
#pragma once
#include <memory>

#include "wrpkit/toolchain/remote_storage.hpp"

namespace wrp {

std::unique_ptr<RemoteStorage> make_http_storage(const RemoteSpec& spec);
std::unique_ptr<RemoteStorage> make_redis_storage(const RemoteSpec& spec);
// Whether this build's hiredis speaks TLS (rediss://).
bool redis_tls_supported();

}  // namespace wrp
