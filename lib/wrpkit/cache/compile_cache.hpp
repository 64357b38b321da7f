// wrp-build's content-keyed cache of compiled images (like ccache): the key
// names everything that decides the output (input digest, arch, compiler and
// version, options), so a hit is the image the compile would make. Entries are
// written atomically and carry a SHA-256 of their payload and of their key,
// checked on every read: a torn, truncated, foreign or misplaced entry is a
// miss (reported once) and is replaced by the next compile, never returned.
//
// The folder is kept under a size cap (config.toml's max_size, default 2 GiB,
// set by `wrp-build --cache-max-size`): after a build that wrote entries, the
// least recently used ones (a hit refreshes an entry's time) are removed until
// it is under 90% of the cap. Hits and misses add up in its stats file.
//
// Remote storages (remote/storage.hpp) sit behind the folder: on a local miss they
// are asked in order; a remote hit is checked like a local entry (a damaged or
// foreign one is a miss, never returned) and fills the folder; a compile's result is
// written to the folder and to every remote not marked read-only. A remote that fails
// (down, slow, full, an HTTP error) warns once and is not asked again in this run.
#pragma once
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/cache/remote/storage.hpp"

namespace wrp {

enum class CacheLayer { local, remote };

struct CacheHit {
  Bytes payload;
  CacheLayer from = CacheLayer::local;
};

class CompileCache {
 public:
  explicit CompileCache(std::filesystem::path dir);
  ~CompileCache();
  const std::filesystem::path& dir() const { return dir_; }

  // Adds a remote behind the folder (and those before it); tests pass fakes.
  void add_remote(const RemoteSpec& spec, std::unique_ptr<RemoteStorage> storage);
  void add_remotes(const std::vector<RemoteSpec>& specs);

  // `key` is any text; it is hashed to name the entry. Counts a hit or a miss per layer.
  std::optional<CacheHit> lookup(const std::string& key) const;
  std::optional<Bytes> get(const std::string& key) const {
    auto hit = lookup(key);
    return hit ? std::optional<Bytes>(std::move(hit->payload)) : std::nullopt;
  }
  // Best effort: a cache that cannot be written warns once and the build goes on.
  void put(const std::string& key, ByteView payload) const;
  // The remotes alone (a --shard build's local hit: the assemble build reads the remote).
  void publish(const std::string& key, ByteView payload) const;

  uint64_t hits() const { return hits_; }      // local
  uint64_t misses() const { return misses_; }  // local
  uint64_t remote_hits() const { return remote_hits_; }
  uint64_t remote_misses() const { return remote_misses_; }  // asked every remote still up: none had it
  bool has_remotes() const { return !remotes_.empty(); }
  // After a build: adds this run's hits and misses to the folder's stats and, when
  // entries were written, trims the folder to its size cap. Best effort, as put.
  void finish() const;

  // Entry file layout, exposed for tests that corrupt entries on purpose.
  std::filesystem::path entry_path(const std::string& key) const;

 private:
  struct Remote;
  void write_local(const std::filesystem::path& path, ByteView entry) const;
  void put_remotes(const std::string& name, ByteView entry) const;
  std::optional<Bytes> read_remote(Remote& r, const std::string& name, const std::string& key) const;
  void failed(Remote& r, const char* op, const std::exception& e) const;

  std::filesystem::path dir_;
  std::vector<std::unique_ptr<Remote>> remotes_;
  mutable std::atomic<uint64_t> hits_{0}, misses_{0}, puts_{0}, remote_hits_{0}, remote_misses_{0};
  mutable std::atomic<bool> warned_bad_{false}, warned_write_{false};
};

// Where per-user caches live: $XDG_CACHE_HOME, else ~/.cache; nullopt without either.
std::optional<std::filesystem::path> user_cache_root();

// $WRPKIT_CACHE_DIR, else user_cache_root()/wrpkit.
std::optional<std::filesystem::path> default_cache_dir();

constexpr uint64_t kDefaultCacheMaxSize = uint64_t(2) << 30;

// What `wrp-build --cache-stats` prints.
struct CacheSummary {
  std::filesystem::path dir;
  uint64_t entries = 0, bytes = 0, max_bytes = kDefaultCacheMaxSize;
  uint64_t hits = 0, misses = 0;                // of the folder, since it was created or cleared
  uint64_t remote_hits = 0, remote_misses = 0;  // of the remotes asked on its misses
};
// wrp-build --cache-stats: the summary's two printers (base/report_writer.hpp).
std::string report_text(const CacheSummary& s);
std::string report_json(const CacheSummary& s);
CacheSummary cache_summary(const std::filesystem::path& dir);
// Removes every entry and the stats (the size cap stays); returns the entries removed.
uint64_t cache_clear(const std::filesystem::path& dir);
// Sets the folder's size cap (0: no cap) and trims it to that at once.
void cache_set_max_size(const std::filesystem::path& dir, uint64_t bytes);
// Removes least recently used entries until the folder holds at most `bytes`.
void cache_trim(const std::filesystem::path& dir, uint64_t bytes);

// "2G", "500M", "1.5GiB", "300k", "1000" (bytes); throws wrp::Error(usage) naming `what`.
uint64_t parse_size(const std::string& text, const std::string& what);

}  // namespace wrp
