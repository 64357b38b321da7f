// HTTP(S) remote storage through libcurl, loaded at run time (libcurl.so.4, the soname
// every distribution has kept since 2006): the tools and the wheel start on machines
// without it, and only a build that asks for an http(s):// cache needs it. The
// header gives the types and option numbers; nothing of libcurl is linked.
#include <fmt/format.h>

#include "wrpkit/cache/remote/clients.hpp"

#ifdef WRPKIT_HAVE_CURL_HEADERS
#define CURL_DISABLE_TYPECHECK  // its macros would wrap the library's own functions
#include <curl/curl.h>

#include <mutex>

#include "wrpkit/base/dynlib.hpp"

namespace wrp {

namespace {

// The libcurl calls used, one list: it declares the table and binds it.
#define WRP_LIBCURL_FUNCTIONS(X)                                \
  X(curl_global_init, CURLcode, (long))                         \
  X(curl_easy_init, CURL*, ())                                  \
  X(curl_easy_setopt, CURLcode, (CURL*, CURLoption, ...))       \
  X(curl_easy_perform, CURLcode, (CURL*))                       \
  X(curl_easy_getinfo, CURLcode, (CURL*, CURLINFO, ...))        \
  X(curl_easy_reset, void, (CURL*))                             \
  X(curl_easy_cleanup, void, (CURL*))                           \
  X(curl_easy_strerror, const char*, (CURLcode))                \
  X(curl_slist_append, curl_slist*, (curl_slist*, const char*)) \
  X(curl_slist_free_all, void, (curl_slist*))

struct Curl {
#define WRP_DECLARE(name, ret, args) ret(*name) args = nullptr;
  WRP_LIBCURL_FUNCTIONS(WRP_DECLARE)
#undef WRP_DECLARE
  DynLib lib;
};

// Loaded once; a failure is a RemoteFailure at each use (the cache layer warns once).
const Curl& curl() {
  static std::once_flag once;
  static Curl c;
  static std::string failure;
  std::call_once(once, [] {
    if (!c.lib.open_first({"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so"})) {
      failure = fmt::format(
          "an http(s):// cache needs libcurl, which did not load: {}; install it (Debian/Ubuntu "
          "libcurl4, RHEL libcurl)",
          c.lib.error());
      return;
    }
    try {
#define WRP_BIND(name, ret, args) c.lib.require(c.name, #name, "libcurl 7.x or 8.x");
      WRP_LIBCURL_FUNCTIONS(WRP_BIND)
#undef WRP_BIND
      // Before any thread uses it (curl's rule); the build's threads come later.
      if (c.curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) failure = "libcurl: curl_global_init failed";
    } catch (const Error& e) {
      failure = e.what();
    }
  });
  if (!failure.empty()) throw RemoteFailure(failure);
  return c;
}

constexpr size_t kMaxEntry = size_t(1) << 30;  // a compiled image is far smaller

size_t append_body(char* data, size_t size, size_t n, void* out) {
  auto* body = static_cast<Bytes*>(out);
  if (body->size() + size * n > kMaxEntry) return 0;  // curl then fails the transfer
  body->insert(body->end(), data, data + size * n);
  return size * n;
}

class HttpStorage final : public RemoteStorage {
 public:
  explicit HttpStorage(RemoteSpec spec) : spec_(std::move(spec)) {}
  ~HttpStorage() override {
    // Handles exist only if libcurl loaded, so curl() cannot throw here.
    pool_.close_all([](CURL* h) { curl().curl_easy_cleanup(h); });
  }

  std::optional<Bytes> get(const std::string& name) override {
    Bytes body;
    long status = transfer(name, nullptr, body);
    if (status == 200) return body;
    if (status == 404) return std::nullopt;
    throw RemoteFailure(fmt::format("GET answered HTTP {}", status));
  }

  void put(const std::string& name, ByteView entry) override {
    Bytes ignored;
    long status = transfer(name, &entry, ignored);
    if (status < 200 || status > 299) throw RemoteFailure(fmt::format("PUT answered HTTP {}", status));
  }

 private:
  // One request on a handle from the pool (kept connections make the next request cheap).
  long transfer(const std::string& name, const ByteView* upload, Bytes& body) {
    auto& c = curl();
    CURL* h = take();
    struct Return {
      IdlePool<CURL>& pool;
      CURL* h;
      ~Return() { pool.give_back(h); }
    } back{pool_, h};
    c.curl_easy_reset(h);
    auto url = http_entry_url(spec_, name);
    c.curl_easy_setopt(h, CURLOPT_URL, url.c_str());
    c.curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);  // timeouts without SIGALRM: threads compile beside us
    c.curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, long(spec_.connect_timeout.count()));
    c.curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, long(spec_.operation_timeout.count()));
    c.curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 0L);
    if (!spec_.ca_file.empty()) c.curl_easy_setopt(h, CURLOPT_CAINFO, spec_.ca_file.c_str());
    if (!spec_.user.empty() || !spec_.password.empty()) {
      c.curl_easy_setopt(h, CURLOPT_USERNAME, spec_.user.c_str());
      c.curl_easy_setopt(h, CURLOPT_PASSWORD, spec_.password.c_str());
    }
    curl_slist* headers = nullptr;
    if (upload) {
      // PUT of a known body; no "Expect: 100-continue" round trip.
      headers = c.curl_slist_append(headers, "Expect:");
      headers = c.curl_slist_append(headers, "Content-Type: application/octet-stream");
      c.curl_easy_setopt(h, CURLOPT_HTTPHEADER, headers);
      c.curl_easy_setopt(h, CURLOPT_CUSTOMREQUEST, "PUT");
      c.curl_easy_setopt(h, CURLOPT_POSTFIELDS, reinterpret_cast<const char*>(upload->data()));
      c.curl_easy_setopt(h, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(upload->size()));
    }
    c.curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, &append_body);
    c.curl_easy_setopt(h, CURLOPT_WRITEDATA, &body);
    CURLcode rc = c.curl_easy_perform(h);
    if (headers) c.curl_slist_free_all(headers);
    if (rc != CURLE_OK) throw RemoteFailure(c.curl_easy_strerror(rc));
    long status = 0;
    c.curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    return status;
  }

  CURL* take() {
    if (CURL* h = pool_.take()) return h;
    CURL* h = curl().curl_easy_init();
    if (!h) throw RemoteFailure("libcurl: curl_easy_init failed");
    return h;
  }

  RemoteSpec spec_;
  IdlePool<CURL> pool_;
};

}  // namespace

std::unique_ptr<RemoteStorage> make_http_storage(const RemoteSpec& spec) { return std::make_unique<HttpStorage>(spec); }

}  // namespace wrp

#else  // built without libcurl's header: every use is a RemoteFailure, the build goes on

namespace wrp {
std::unique_ptr<RemoteStorage> make_http_storage(const RemoteSpec&) {
  return make_unavailable_storage(
      "this wrp-build was built without libcurl's header, so it has no HTTP client: "
      "rebuild it with libcurl4-openssl-dev installed");
}
}  // namespace wrp

#endif
