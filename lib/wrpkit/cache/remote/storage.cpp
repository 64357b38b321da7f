#include "wrpkit/cache/remote/storage.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>
#include <filesystem>

namespace wrp {

namespace {

// The Redis client does not use hiredis_ssl (Debian 12's hiredis 0.14 has none), so
// rediss:// is refused when the URL is read, not at the first request.
constexpr bool kRedisTls = false;

std::string masked(const RemoteSpec& s) {
  std::string creds;
  if (!s.user.empty() || !s.password.empty()) creds = s.user + (s.password.empty() ? "" : ":***") + "@";
  return fmt::format("{}://{}{}{}{}", s.scheme, creds, s.host, s.port.empty() ? "" : ":" + s.port, s.path);
}

std::chrono::milliseconds parse_ms(const std::string& value, const std::string& attr, const std::string& where) {
  unsigned long ms = 0;
  auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), ms);
  if (ec != std::errc() || p != value.data() + value.size() || ms == 0 || ms > 3600000)
    fail(Exit::usage, fmt::format("{}: {}={}: expected milliseconds from 1 to 3600000", where, attr, value));
  return std::chrono::milliseconds(ms);
}

std::vector<std::string> split_bars(const std::string& word) {
  std::vector<std::string> parts;
  for (size_t at = 0;;) {
    auto bar = word.find('|', at);
    parts.push_back(word.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
    if (bar == std::string::npos) return parts;
    at = bar + 1;
  }
}

void check_scheme(const std::string& scheme, const std::string& where) {
  if (scheme != "http" && scheme != "https" && scheme != "redis" && scheme != "rediss")
    fail(Exit::usage, fmt::format("{}: expected an http://, https:// or redis:// URL (ccache's remote storage "
                                  "syntax: URL|attribute=value ...)",
                                  where));
  if (scheme == "rediss" && !kRedisTls)
    fail(Exit::usage, fmt::format("{}: rediss:// needs hiredis with TLS, which this wrp-build was built without "
                                  "(Debian's hiredis 0.14 has none): reach the server through a TLS tunnel with "
                                  "redis://, or use an https:// cache",
                                  where));
}

// "user:password@host:port" into s; the port is checked, the rest is taken as written.
void parse_authority(std::string authority, RemoteSpec& s, const std::string& where) {
  if (auto at = authority.rfind('@'); at != std::string::npos) {
    auto creds = authority.substr(0, at);
    authority = authority.substr(at + 1);
    auto c = creds.find(':');
    s.user = creds.substr(0, c);
    if (c != std::string::npos) s.password = creds.substr(c + 1);
  }
  auto port_colon = authority.rfind(':');
  if (port_colon != std::string::npos && authority.find(']', port_colon) == std::string::npos) {
    s.port = authority.substr(port_colon + 1);
    authority = authority.substr(0, port_colon);
    unsigned port = 0;
    auto [p, ec] = std::from_chars(s.port.data(), s.port.data() + s.port.size(), port);
    if (ec != std::errc() || p != s.port.data() + s.port.size() || port == 0 || port > 65535)
      fail(Exit::usage, fmt::format("{}: port {}: expected 1 to 65535", where, s.port));
  }
  s.host = authority;
  if (s.host.empty()) fail(Exit::usage, fmt::format("{}: no host", where));
}

// The URL's scheme, credentials, host, port and path; `what` names where it was given.
RemoteSpec parse_url(const std::string& url, const std::string& what) {
  RemoteSpec s;
  auto colon = url.find("://");
  s.scheme = colon == std::string::npos ? "" : url.substr(0, colon);
  // Until the URL is parsed, name it without anything after its host (a password).
  check_scheme(s.scheme, what + " " + (colon == std::string::npos ? "URL" : s.scheme + "://..."));
  std::string rest = url.substr(colon + 3);
  auto slash = rest.find('/');
  s.path = slash == std::string::npos ? "" : rest.substr(slash);
  while (s.path.size() > 1 && s.path.back() == '/') s.path.pop_back();
  if (s.path == "/") s.path.clear();
  parse_authority(rest.substr(0, slash), s, what + " " + s.scheme + "://...");
  if (s.scheme.starts_with("redis") && !s.path.empty()) {
    unsigned db = 0;
    auto digits = s.path.substr(1);
    auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), db);
    if (ec != std::errc() || p != digits.data() + digits.size())
      fail(Exit::usage,
           fmt::format("{}: a Redis URL's path is its database number (redis://host:6379/0)", what + " " + masked(s)));
  }
  return s;
}

void set_layout(RemoteSpec& s, const std::string& value, const std::string& where) {
  if (value == "subdirs")
    s.layout = RemoteLayout::subdirs;
  else if (value == "flat")
    s.layout = RemoteLayout::flat;
  else if (value == "bazel")
    s.layout = RemoteLayout::bazel;
  else
    fail(Exit::usage, fmt::format("{}: layout={}: expected subdirs, flat or bazel", where, value));
}

// One "attr=value" after the URL; each scheme takes its own besides the common ones.
void set_attribute(RemoteSpec& s, const std::string& attribute, const std::string& where) {
  auto eq = attribute.find('=');
  auto key = attribute.substr(0, eq);
  auto value = eq == std::string::npos ? "" : attribute.substr(eq + 1);
  bool redis = s.scheme.starts_with("redis");
  if (key == "read-only") {
    if (value != "" && value != "true" && value != "false")
      fail(Exit::usage, fmt::format("{}: read-only={}: expected true or false", where, value));
    s.read_only = value != "false";
  } else if (key == "layout" && !redis) {
    set_layout(s, value, where);
  } else if (key == "ca-file" && s.scheme == "https") {
    std::error_code ec;
    if (value.empty() || !std::filesystem::is_regular_file(value, ec))
      fail(Exit::usage, fmt::format("{}: ca-file={}: not a file; name a PEM file of CA certificates", where, value));
    s.ca_file = value;
  } else if (key == "prefix" && redis) {
    s.prefix = value;
  } else if (key == "connect-timeout") {
    s.connect_timeout = parse_ms(value, key, where);
  } else if (key == "operation-timeout") {
    s.operation_timeout = parse_ms(value, key, where);
  } else {
    const char* own = redis                 ? "prefix=P"
                      : s.scheme == "https" ? "layout=subdirs|flat|bazel, ca-file=PEM"
                                            : "layout=subdirs|flat|bazel";
    fail(Exit::usage, fmt::format("{}: unknown attribute {}: expected read-only, connect-timeout=MS, "
                                  "operation-timeout=MS, {}",
                                  where, key, own));
  }
}

// One "URL|attr=value|..." word.
RemoteSpec parse_one(const std::string& word, const std::string& what) {
  auto parts = split_bars(word);
  RemoteSpec s = parse_url(parts[0], what);
  std::string where = what + " " + masked(s);  // credentials from the environment stay out of messages
  if (s.user.empty() && s.password.empty()) {
    if (const char* u = std::getenv("WRPKIT_CACHE_REMOTE_USER")) s.user = u;
    if (const char* p = std::getenv("WRPKIT_CACHE_REMOTE_PASSWORD")) s.password = p;
  }
  // libcurl's connect timeout covers the TLS handshake too (at least one round trip
  // more, and a busy CI machine's crypto): 100 ms failed a loaded 2-core runner on localhost.
  if (s.scheme == "https") s.connect_timeout = std::chrono::milliseconds(1000);
  for (size_t i = 1; i < parts.size(); ++i) set_attribute(s, parts[i], where);
  return s;
}

}  // namespace

std::string RemoteSpec::url() const {
  return fmt::format("{}://{}{}{}", scheme, host, port.empty() ? "" : ":" + port, path);
}

std::string RemoteSpec::display() const {
  std::string attrs;
  if (!scheme.starts_with("redis"))
    attrs += layout == RemoteLayout::flat ? "|layout=flat" : layout == RemoteLayout::bazel ? "|layout=bazel" : "";
  if (read_only) attrs += "|read-only";
  return masked(*this) + attrs;
}

std::vector<RemoteSpec> parse_remote_specs(const std::string& text, const std::string& what) {
  std::vector<RemoteSpec> out;
  for (size_t at = 0; at < text.size();) {
    auto space = text.find_first_of(" \t\n", at);
    auto word = text.substr(at, space == std::string::npos ? std::string::npos : space - at);
    if (!word.empty()) out.push_back(parse_one(word, what));
    if (space == std::string::npos) break;
    at = space + 1;
  }
  return out;
}

std::string http_entry_url(const RemoteSpec& s, const std::string& name) {
  switch (s.layout) {
    case RemoteLayout::flat: return fmt::format("{}/{}", s.url(), name);
    case RemoteLayout::bazel: return fmt::format("{}/ac/{}", s.url(), name);
    case RemoteLayout::subdirs: break;
  }
  return fmt::format("{}/{}/{}", s.url(), name.substr(0, 2), name.substr(2));
}

namespace {
class UnavailableStorage final : public RemoteStorage {
 public:
  explicit UnavailableStorage(std::string why) : why_(std::move(why)) {}
  std::optional<Bytes> get(const std::string&) override { throw RemoteFailure(why_); }
  void put(const std::string&, ByteView) override { throw RemoteFailure(why_); }

 private:
  std::string why_;
};
}  // namespace

std::unique_ptr<RemoteStorage> make_unavailable_storage(std::string why) {
  return std::make_unique<UnavailableStorage>(std::move(why));
}

}  // namespace wrp
