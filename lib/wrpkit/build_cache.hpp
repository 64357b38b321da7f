// wrp-build's content-keyed cache of compiled images (like ccache): the key
// names everything that decides the output (input digest, arch, compiler and
// version, options), so a hit is the image the compile would make. Entries are
// written atomically and carry a SHA-256 of their payload and of their key,
// checked on every read: a torn, truncated, foreign or misplaced entry is a
// miss (reported once) and is replaced by the next compile, never returned.
#pragma once
#include <atomic>
#include <filesystem>
#include <optional>
#include <string>

#include "wrpkit/bytes.hpp"

namespace wrp {

class BuildCache {
 public:
  explicit BuildCache(std::filesystem::path dir) : dir_(std::move(dir)) {}
  const std::filesystem::path& dir() const { return dir_; }

  // `key` is any text; it is hashed to name the entry.
  std::optional<Bytes> get(const std::string& key) const;
  // Best effort: a cache that cannot be written warns once and the build goes on.
  void put(const std::string& key, ByteView payload) const;

  // Entry file layout, exposed for tests that corrupt entries on purpose.
  std::filesystem::path entry_path(const std::string& key) const;

 private:
  std::filesystem::path dir_;
  mutable std::atomic<bool> warned_bad_{false}, warned_write_{false};
};

// $WRPKIT_CACHE_DIR, else $XDG_CACHE_HOME/wrpkit, else ~/.cache/wrpkit.
std::optional<std::filesystem::path> default_cache_dir();

}  // namespace wrp
