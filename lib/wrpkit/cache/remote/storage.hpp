// Remote storage behind the build cache (compile_cache.hpp), in ccache's conventions so
// a team's existing cache server works unchanged:
//   --cache-remote "URL|attr=value|attr URL2..."   (or $WRPKIT_CACHE_REMOTE)
// URLs: http:// and https:// (GET, PUT; 404 is a miss), with `layout=subdirs`
// (default: URL/ab/abcd...), `flat` (URL/abcd...) or `bazel` (URL/ac/<64 hex>, a
// Bazel remote cache's action-cache path); redis:// (GET, SET; `/N` selects database
// N), with `prefix=P` (keys P:<64 hex>, default "wrpkit"). https:// checks the server's
// certificate against the system's CAs, or against `ca-file=PEM` (a team's own CA). Attributes for all:
// `read-only` (never written: for untrusted runners), `connect-timeout=MS` (default
// 100) and `operation-timeout=MS` (default 10000). Credentials come from the URL
// (user:password@) or, where it has none, $WRPKIT_CACHE_REMOTE_USER and
// $WRPKIT_CACHE_REMOTE_PASSWORD; they are never printed (display() masks them).
//
// A storage holds build cache entries exactly as the local folder does (the checksummed
// bytes); it only moves them. Every transport problem (refused, timed out, an HTTP
// error, a full server) is a RemoteFailure: the cache layer warns once and stops
// asking that storage for the rest of the build.
#pragma once
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"

namespace wrp {

enum class RemoteLayout { subdirs, flat, bazel };

struct RemoteSpec {
  std::string scheme;  // http, https, redis
  std::string user, password;
  std::string host;  // as written, brackets kept for IPv6
  std::string port;  // empty: the scheme's default
  std::string path;  // "/..." for HTTP (no trailing slash); the database number's "/N" for Redis
  RemoteLayout layout = RemoteLayout::subdirs;
  std::string prefix = "wrpkit";
  std::string ca_file;  // https: the CA bundle to check the server against; empty: the system's
  bool read_only = false;
  std::chrono::milliseconds connect_timeout{100}, operation_timeout{10000};  // https: connect 1000
  std::string display() const;  // the URL with its password masked, and the attributes
  std::string url() const;      // without credentials
};

// Parses ccache's remote_storage syntax: URLs separated by spaces, each with
// `|`-separated attributes. Bad text is a usage error naming the URL (masked) and
// what to write instead.
std::vector<RemoteSpec> parse_remote_specs(const std::string& text, const std::string& what);

// Why a remote stopped being asked (connection refused, a timeout, HTTP 500...).
class RemoteFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class RemoteStorage {
 public:
  virtual ~RemoteStorage() = default;
  // `name` is the entry's 64 hex digits. nullopt: not there. Throws RemoteFailure.
  virtual std::optional<Bytes> get(const std::string& name) = 0;
  virtual void put(const std::string& name, ByteView entry) = 0;
};

// A storage whose client this build lacks: every use is a RemoteFailure saying `why`
// (the cache layer warns once and the build goes on with its folder).
std::unique_ptr<RemoteStorage> make_unavailable_storage(std::string why);

// For tests and diagnostics: where an entry lives on an HTTP server.
std::string http_entry_url(const RemoteSpec& spec, const std::string& name);

}  // namespace wrp
