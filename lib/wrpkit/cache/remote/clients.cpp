// The one place that knows every client: a spec's scheme picks it.
#include "wrpkit/cache/remote/clients.hpp"

namespace wrp {

std::unique_ptr<RemoteStorage> make_remote_storage(const RemoteSpec& spec) {
  if (spec.scheme.starts_with("redis")) return make_redis_storage(spec);
  return make_http_storage(spec);
}

}  // namespace wrp
