// Redis remote storage through hiredis (what ccache uses), linked at build time where
// CMake finds it (WRPKIT_HAVE_HIREDIS); a build without it refuses redis:// at the
// first use with a RemoteFailure, so such a build still succeeds on its local cache.
#include <fmt/format.h>

#include "wrpkit/cache/remote/clients.hpp"

#ifdef WRPKIT_HAVE_HIREDIS
#include <hiredis/hiredis.h>
#include <sys/time.h>
#endif

namespace wrp {

#ifdef WRPKIT_HAVE_HIREDIS
namespace {

timeval to_timeval(std::chrono::milliseconds ms) {
  return {time_t(ms.count() / 1000), suseconds_t((ms.count() % 1000) * 1000)};
}

struct ReplyDeleter {
  void operator()(redisReply* r) const { freeReplyObject(r); }
};
using Reply = std::unique_ptr<redisReply, ReplyDeleter>;

class RedisStorage final : public RemoteStorage {
 public:
  explicit RedisStorage(RemoteSpec spec) : spec_(std::move(spec)) {}
  ~RedisStorage() override {
    pool_.close_all([](redisContext* c) { redisFree(c); });
  }

  std::optional<Bytes> get(const std::string& name) override {
    auto key = spec_.prefix.empty() ? name : spec_.prefix + ":" + name;
    auto r = command([&](redisContext* c) { return redisCommand(c, "GET %b", key.data(), key.size()); });
    if (r->type == REDIS_REPLY_NIL) return std::nullopt;
    if (r->type != REDIS_REPLY_STRING) throw RemoteFailure(fmt::format("GET answered {}", describe(r.get())));
    return Bytes(reinterpret_cast<const uint8_t*>(r->str), reinterpret_cast<const uint8_t*>(r->str) + r->len);
  }

  void put(const std::string& name, ByteView entry) override {
    auto key = spec_.prefix.empty() ? name : spec_.prefix + ":" + name;
    auto r = command([&](redisContext* c) {
      return redisCommand(c, "SET %b %b", key.data(), key.size(), entry.data(), entry.size());
    });
    if (r->type != REDIS_REPLY_STATUS) throw RemoteFailure(fmt::format("SET answered {}", describe(r.get())));
  }

 private:
  static std::string describe(const redisReply* r) {
    if (r->type == REDIS_REPLY_ERROR) return std::string(r->str, r->len);
    return fmt::format("a reply of type {}", r->type);
  }

  // Runs one command on a pooled connection; a broken connection is dropped.
  template <class F>
  Reply command(F&& send) {
    redisContext* c = pool_.take();
    if (!c) c = connect();
    Reply r(static_cast<redisReply*>(send(c)));
    if (!r) {
      std::string why = c->errstr[0] ? c->errstr : "connection lost";
      redisFree(c);
      throw RemoteFailure(why);
    }
    pool_.give_back(c);
    return r;
  }

  redisContext* connect() {
    std::string host = spec_.host;
    if (host.size() > 2 && host.front() == '[') host = host.substr(1, host.size() - 2);
    int port = spec_.port.empty() ? 6379 : std::stoi(spec_.port);
    redisContext* c = redisConnectWithTimeout(host.c_str(), port, to_timeval(spec_.connect_timeout));
    if (!c) throw RemoteFailure("hiredis: out of memory");
    if (c->err) {
      std::string why = c->errstr;
      redisFree(c);
      throw RemoteFailure(why);
    }
    redisSetTimeout(c, to_timeval(spec_.operation_timeout));
    auto check = [&](void* reply, const char* what) {
      Reply r(static_cast<redisReply*>(reply));
      if (!r || r->type == REDIS_REPLY_ERROR) {
        std::string why = r ? std::string(r->str, r->len) : c->errstr;
        redisFree(c);
        throw RemoteFailure(fmt::format("{}: {}", what, why));
      }
    };
    if (!spec_.password.empty())
      check(spec_.user.empty() ? redisCommand(c, "AUTH %s", spec_.password.c_str())
                               : redisCommand(c, "AUTH %s %s", spec_.user.c_str(), spec_.password.c_str()),
            "AUTH");
    if (spec_.path.size() > 1) check(redisCommand(c, "SELECT %s", spec_.path.c_str() + 1), "SELECT");
    return c;
  }

  RemoteSpec spec_;
  IdlePool<redisContext> pool_;
};

}  // namespace

std::unique_ptr<RemoteStorage> make_redis_storage(const RemoteSpec& spec) {
  return std::make_unique<RedisStorage>(spec);
}

#else

std::unique_ptr<RemoteStorage> make_redis_storage(const RemoteSpec&) {
  return make_unavailable_storage(
      "this wrp-build was built without hiredis, so it has no Redis client: rebuild it "
      "with hiredis installed (libhiredis-dev), or use an http:// cache");
}

#endif

}  // namespace wrp
