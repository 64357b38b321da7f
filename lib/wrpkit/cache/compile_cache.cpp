#include "wrpkit/cache/compile_cache.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/json_toml.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/cache/remote/clients.hpp"

namespace wrp {

namespace fs = std::filesystem;

namespace {
// "WRPC2 <SHA-256(key)> <SHA-256(payload)>\n" (64 hex digits each) then the
// payload. The key's hash binds the entry to its name: an entry copied or
// renamed onto another key's name (valid bytes, wrong image) is a miss too.
constexpr std::string_view kMagic = "WRPC2 ";
constexpr size_t kHeader = kMagic.size() + 64 + 1 + 64 + 1;
constexpr const char* kStats = "stats";         // "hits N\nmisses N\n"
constexpr const char* kConfig = "config.toml";  // "max_size = N\n"

// An exclusive flock on the folder's lock file while stats or the cap change:
// builds sharing a cache take turns there. No lock (no folder, no flock): no turn.
class CacheLock {
 public:
  explicit CacheLock(const fs::path& dir) {
    fd_ = ::open((dir / "lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ >= 0)
      while (::flock(fd_, LOCK_EX) != 0 && errno == EINTR) {}
  }
  ~CacheLock() {
    if (fd_ >= 0) ::close(fd_);
  }

 private:
  int fd_ = -1;
};

// "name N" lines of a small text file; missing or unreadable: 0.
uint64_t read_number(const fs::path& file, std::string_view name) {
  std::error_code ec;
  if (!fs::is_regular_file(file, ec)) return 0;
  std::string text;
  try {
    auto b = read_file(file);
    text.assign(b.begin(), b.end());
  } catch (const Error&) {
    return 0;
  }
  for (size_t at = 0; at < text.size();) {
    auto nl = text.find('\n', at);
    std::string_view line(text.data() + at, (nl == std::string::npos ? text.size() : nl) - at);
    at = nl == std::string::npos ? text.size() : nl + 1;
    if (!line.starts_with(name)) continue;
    line.remove_prefix(name.size());
    while (!line.empty() && (line.front() == ' ' || line.front() == '=')) line.remove_prefix(1);
    uint64_t v = 0;
    if (std::from_chars(line.data(), line.data() + line.size(), v).ec == std::errc()) return v;
  }
  return 0;
}

uint64_t max_size_of(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_regular_file(dir / kConfig, ec)) return kDefaultCacheMaxSize;
  return read_number(dir / kConfig, "max_size");
}

struct Entry {
  fs::path path;
  uint64_t size;
  fs::file_time_type used;
};

std::vector<Entry> entries_of(const fs::path& dir) {
  std::vector<Entry> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(dir, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    if (it.depth() != 1 || it->path().extension() != ".bin" || !it->is_regular_file(ec)) continue;
    auto size = it->file_size(ec);
    auto used = it->last_write_time(ec);
    if (!ec) out.push_back({it->path(), size, used});
  }
  return out;
}

}  // namespace

std::optional<fs::path> user_cache_root() {
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return fs::path(d);
  if (const char* d = std::getenv("HOME"); d && *d) return fs::path(d) / ".cache";
  return std::nullopt;
}

std::optional<fs::path> default_cache_dir() {
  if (const char* d = std::getenv("WRPKIT_CACHE_DIR"); d && *d) return fs::path(d);
  if (auto root = user_cache_root()) return *root / "wrpkit";
  return std::nullopt;
}

fs::path CompileCache::entry_path(const std::string& key) const {
  auto h = sha256_hex(key);
  return dir_ / h.substr(0, 2) / (h + ".bin");
}

namespace {
// The entry's bytes are "WRPC2 <sha(key)> <sha(payload)>\n" + payload, checked whole.
bool entry_ok(ByteView v, const std::string& key) {
  bool ok = v.size() >= kHeader && std::memcmp(v.data(), kMagic.data(), kMagic.size()) == 0 &&
            v[kMagic.size() + 64] == ' ' && v[kHeader - 1] == '\n';
  if (!ok) return false;
  auto text = [&](size_t at) { return std::string_view(reinterpret_cast<const char*>(v.data()) + at, 64); };
  return text(kMagic.size()) == sha256_hex(key) && text(kMagic.size() + 65) == sha256_hex(v.subspan(kHeader));
}

Bytes make_entry(const std::string& key, ByteView payload) {
  Bytes entry;
  entry.reserve(kHeader + payload.size());
  auto header = fmt::format("{}{} {}\n", kMagic, sha256_hex(key), sha256_hex(payload));
  entry.insert(entry.end(), header.begin(), header.end());
  entry.insert(entry.end(), payload.begin(), payload.end());
  return entry;
}
}  // namespace

struct CompileCache::Remote {
  RemoteSpec spec;
  std::unique_ptr<RemoteStorage> storage;
  std::atomic<bool> down{false}, warned_bad{false};
};

CompileCache::CompileCache(fs::path dir) : dir_(std::move(dir)) {}
CompileCache::~CompileCache() = default;

void CompileCache::add_remote(const RemoteSpec& spec, std::unique_ptr<RemoteStorage> storage) {
  auto r = std::make_unique<Remote>();
  r->spec = spec;
  r->storage = std::move(storage);
  remotes_.push_back(std::move(r));
}

void CompileCache::add_remotes(const std::vector<RemoteSpec>& specs) {
  for (auto& s : specs) add_remote(s, make_remote_storage(s));
}

void CompileCache::failed(Remote& r, const char* op, const std::exception& e) const {
  if (!r.down.exchange(true))
    log::warn(
        "remote build cache {}: {} failed ({}); going on with the local cache only for the rest of this "
        "build",
        r.spec.display(), op, e.what());
}

std::optional<Bytes> CompileCache::read_remote(Remote& r, const std::string& name, const std::string& key) const {
  std::optional<Bytes> data;
  try {
    data = r.storage->get(name);
  } catch (const std::exception& e) {  // RemoteFailure, or anything a client library threw
    failed(r, "a read", e);
    return std::nullopt;
  }
  if (data && !entry_ok(*data, key)) {
    if (!r.warned_bad.exchange(true))
      log::warn(
          "remote build cache {}: entry {} is damaged or not wrpkit's (checksum or key mismatch); "
          "compiling instead, and it is never used",
          r.spec.display(), name);
    return std::nullopt;
  }
  return data;
}

std::optional<CacheHit> CompileCache::lookup(const std::string& key) const {
  auto path = entry_path(key);
  std::error_code ec;
  bool damaged = false;
  if (fs::is_regular_file(path, ec)) {
    Bytes data;
    try {
      data = read_file(path);
    } catch (const Error&) {}
    if (entry_ok(data, key)) {
      ++hits_;
      fs::last_write_time(path, fs::file_time_type::clock::now(), ec);  // recently used: evicted last
      return CacheHit{Bytes(data.begin() + kHeader, data.end()), CacheLayer::local};
    }
    damaged = true;
  }
  ++misses_;
  if (damaged && !warned_bad_.exchange(true))
    log::warn("build cache entry {} is damaged (checksum or key mismatch); recompiling and replacing it",
              path.string());
  if (remotes_.empty()) return std::nullopt;
  auto name = path.stem().string();
  for (auto& r : remotes_) {
    if (r->down) continue;
    if (auto data = read_remote(*r, name, key)) {
      ++remote_hits_;
      write_local(path, *data);
      return CacheHit{Bytes(data->begin() + kHeader, data->end()), CacheLayer::remote};
    }
  }
  ++remote_misses_;
  return std::nullopt;
}

void CompileCache::write_local(const fs::path& path, ByteView entry) const {
  try {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) fail(Exit::output, fmt::format("{}: {}", path.parent_path().string(), ec.message()));
    write_file_atomic(path, entry, "cache-write");
    ++puts_;
  } catch (const Error& e) {
    if (!warned_write_.exchange(true)) log::warn("build cache not written (the build goes on): {}", e.what());
  }
}

void CompileCache::put(const std::string& key, ByteView payload) const {
  auto path = entry_path(key);
  auto entry = make_entry(key, payload);
  write_local(path, entry);
  put_remotes(path.stem().string(), entry);
}

void CompileCache::publish(const std::string& key, ByteView payload) const {
  put_remotes(entry_path(key).stem().string(), make_entry(key, payload));
}

void CompileCache::put_remotes(const std::string& name, ByteView entry) const {
  for (auto& r : remotes_) {
    if (r->down || r->spec.read_only) continue;
    try {
      r->storage->put(name, entry);
    } catch (const std::exception& e) {
      failed(*r, "a write", e);
    }
  }
}

void CompileCache::finish() const {
  std::error_code ec;
  if ((!hits_ && !misses_) || !fs::is_directory(dir_, ec)) return;
  try {
    CacheLock lock(dir_);
    auto stats = dir_ / kStats;
    auto text =
        fmt::format("hits {}\nmisses {}\nremote_hits {}\nremote_misses {}\n", read_number(stats, "hits") + hits_,
                    read_number(stats, "misses") + misses_, read_number(stats, "remote_hits") + remote_hits_,
                    read_number(stats, "remote_misses") + remote_misses_);
    write_file_atomic(stats, ByteView(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
    if (auto cap = max_size_of(dir_); puts_ && cap) cache_trim(dir_, cap - cap / 10);
  } catch (const Error& e) {
    if (!warned_write_.exchange(true)) log::warn("build cache stats not written (the build goes on): {}", e.what());
  }
}

void cache_trim(const fs::path& dir, uint64_t bytes) {
  auto all = entries_of(dir);
  uint64_t total = 0;
  for (auto& e : all) total += e.size;
  if (total <= bytes) return;
  std::sort(all.begin(), all.end(), [](auto& x, auto& y) { return x.used < y.used; });
  std::error_code ec;
  for (auto& e : all) {
    if (total <= bytes) break;
    if (fs::remove(e.path, ec)) total -= e.size;
  }
}

CacheSummary cache_summary(const fs::path& dir) {
  CacheSummary s;
  s.dir = dir;
  for (auto& e : entries_of(dir)) {
    ++s.entries;
    s.bytes += e.size;
  }
  s.max_bytes = max_size_of(dir);
  s.hits = read_number(dir / kStats, "hits");
  s.misses = read_number(dir / kStats, "misses");
  s.remote_hits = read_number(dir / kStats, "remote_hits");
  s.remote_misses = read_number(dir / kStats, "remote_misses");
  return s;
}

std::string report_text(const CacheSummary& c) {
  auto pct = [](uint64_t hit, uint64_t miss) {
    return hit + miss ? fmt::format(" ({:.0f}%)", 100.0 * double(hit) / double(hit + miss)) : std::string();
  };
  auto s = fmt::format(
      "cache folder   {}\nentries        {}\nsize           {} of {}\nhits           {}{}\nmisses         {}\n",
      c.dir.string(), c.entries, size_text(c.bytes), c.max_bytes ? size_text(c.max_bytes) : "no cap", c.hits,
      pct(c.hits, c.misses), c.misses);
  if (c.remote_hits || c.remote_misses)
    s += fmt::format("remote hits    {}{} (of the local misses)\nremote misses  {} (compiled)\n", c.remote_hits,
                     pct(c.remote_hits, c.remote_misses), c.remote_misses);
  return s;
}

std::string report_json(const CacheSummary& c) {
  return to_json(toml::table{{"dir", c.dir.string()},
                             {"entries", int64_t(c.entries)},
                             {"bytes", int64_t(c.bytes)},
                             {"max_bytes", int64_t(c.max_bytes)},
                             {"hits", int64_t(c.hits)},
                             {"misses", int64_t(c.misses)},
                             {"remote_hits", int64_t(c.remote_hits)},
                             {"remote_misses", int64_t(c.remote_misses)}});
}

uint64_t cache_clear(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return 0;
  CacheLock lock(dir);
  uint64_t n = 0;
  for (auto& e : entries_of(dir))
    if (fs::remove(e.path, ec)) ++n;
  fs::remove(dir / kStats, ec);
  return n;
}

void cache_set_max_size(const fs::path& dir, uint64_t bytes) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) fail(Exit::output, fmt::format("cannot create the cache folder {}: {}", dir.string(), ec.message()));
  CacheLock lock(dir);
  auto text =
      fmt::format("# wrp-build's cache settings (wrp-build --cache-max-size); 0: no cap\nmax_size = {}\n", bytes);
  write_file_atomic(dir / kConfig, ByteView(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
  if (bytes) cache_trim(dir, bytes);
}

uint64_t parse_size(const std::string& text, const std::string& what) {
  double v = 0;
  auto* end = text.data() + text.size();
  auto [p, ec] = std::from_chars(text.data(), end, v);
  std::string unit(p, end);
  for (auto& c : unit) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (unit.ends_with("ib"))
    unit.resize(unit.size() - 2);
  else if (unit.ends_with("b"))
    unit.resize(unit.size() - 1);
  double scale = unit.empty()  ? 1
                 : unit == "k" ? 1024.0
                 : unit == "m" ? 1048576.0
                 : unit == "g" ? 1073741824.0
                 : unit == "t" ? 1099511627776.0
                               : -1;
  if (ec != std::errc() || text.empty() || v < 0 || scale < 0 || !std::isfinite(v * scale) || v * scale > 1.8e19)
    fail(Exit::usage, fmt::format("{} {}: expected a size such as 500M, 2G or 0 (no cap)", what, text));
  return uint64_t(v * scale);
}

}  // namespace wrp
