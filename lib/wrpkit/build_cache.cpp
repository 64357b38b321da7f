#include "wrpkit/build_cache.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <cstring>

#include "wrpkit/error.hpp"
#include "wrpkit/hash.hpp"

namespace wrp {

namespace fs = std::filesystem;

namespace {
// "WRPC2 <SHA-256(key)> <SHA-256(payload)>\n" (64 hex digits each) then the
// payload. The key's hash binds the entry to its name: an entry copied or
// renamed onto another key's name (valid bytes, wrong image) is a miss too.
constexpr std::string_view kMagic = "WRPC2 ";
constexpr size_t kHeader = kMagic.size() + 64 + 1 + 64 + 1;
}  // namespace

std::optional<fs::path> default_cache_dir() {
  if (const char* d = std::getenv("WRPKIT_CACHE_DIR"); d && *d) return fs::path(d);
  if (const char* d = std::getenv("XDG_CACHE_HOME"); d && *d) return fs::path(d) / "wrpkit";
  if (const char* d = std::getenv("HOME"); d && *d) return fs::path(d) / ".cache" / "wrpkit";
  return std::nullopt;
}

fs::path BuildCache::entry_path(const std::string& key) const {
  auto h = sha256_hex(key);
  return dir_ / h.substr(0, 2) / (h + ".bin");
}

std::optional<Bytes> BuildCache::get(const std::string& key) const {
  auto path = entry_path(key);
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return std::nullopt;
  Bytes data;
  try {
    data = read_file(path);
  } catch (const Error&) {
    return std::nullopt;
  }
  ByteView v(data);
  bool ok = v.size() >= kHeader && std::memcmp(v.data(), kMagic.data(), kMagic.size()) == 0 &&
            v[kMagic.size() + 64] == ' ' && v[kHeader - 1] == '\n';
  if (ok) {
    auto text = [&](size_t at) { return std::string_view(reinterpret_cast<const char*>(v.data()) + at, 64); };
    ok = text(kMagic.size()) == sha256_hex(key) && text(kMagic.size() + 65) == sha256_hex(v.subspan(kHeader));
  }
  if (!ok) {
    if (!warned_bad_.exchange(true))
      spdlog::warn("build cache entry {} is damaged (checksum or key mismatch); recompiling and replacing it",
                   path.string());
    return std::nullopt;
  }
  return Bytes(v.begin() + kHeader, v.end());
}

void BuildCache::put(const std::string& key, ByteView payload) const {
  auto path = entry_path(key);
  Bytes entry;
  entry.reserve(kHeader + payload.size());
  auto header = fmt::format("{}{} {}\n", kMagic, sha256_hex(key), sha256_hex(payload));
  entry.insert(entry.end(), header.begin(), header.end());
  entry.insert(entry.end(), payload.begin(), payload.end());
  try {
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec) fail(Exit::output, fmt::format("{}: {}", path.parent_path().string(), ec.message()));
    write_file_atomic(path, entry, "cache-write");
  } catch (const Error& e) {
    if (!warned_write_.exchange(true)) spdlog::warn("build cache not written (the build goes on): {}", e.what());
  }
}

}  // namespace wrp
