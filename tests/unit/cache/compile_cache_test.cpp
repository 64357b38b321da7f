// The build cache never returns a damaged entry: truncated, flipped or foreign
// entries are misses, and the next put replaces them.
#include "wrpkit/cache/compile_cache.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/process.hpp"

using namespace wrp;
namespace fs = std::filesystem;

TEST_CASE("cache entries are checked on every read, a bad entry is a miss and is replaced") {
  TempDir tmp;
  CompileCache cache(fs::path(tmp.path()) / "cache");
  Bytes payload{1, 2, 3, 4, 5, 6, 7, 8};
  CHECK_FALSE(cache.get("key"));
  cache.put("key", payload);
  REQUIRE(cache.get("key"));
  CHECK(*cache.get("key") == payload);
  CHECK_FALSE(cache.get("other key"));
  auto path = cache.entry_path("key");
  auto good = read_file(path);

  auto damaged = [&](Bytes b) {
    write_file_atomic(path, b);
    return !cache.get("key").has_value();
  };
  Bytes flipped = good;
  flipped.back() ^= 1;  // payload bit flip
  CHECK(damaged(flipped));
  CHECK(damaged(Bytes(good.begin(), good.end() - 1)));     // truncated payload
  CHECK(damaged(Bytes(good.begin(), good.begin() + 20)));  // truncated header
  CHECK(damaged(Bytes{}));                                 // empty file
  CHECK(damaged(payload));                                 // a foreign file (no header)
  Bytes other_magic = good;
  other_magic[0] = 'X';
  CHECK(damaged(other_magic));
  // the next compile's put replaces the damaged entry
  cache.put("key", payload);
  CHECK(*cache.get("key") == payload);
  // an unwritable cache location: put warns and the build goes on
  CompileCache nowhere("/proc/wrpkit-cannot-write-here");
  nowhere.put("key", payload);
  CHECK_FALSE(nowhere.get("key"));
}

TEST_CASE("an entry under another key's name is a miss (the key is part of the entry)") {
  TempDir tmp;
  CompileCache cache(fs::path(tmp.path()) / "cache");
  cache.put("sm_80 image", Bytes{8, 0});
  cache.put("sm_90 image", Bytes{9, 0});
  fs::copy_file(cache.entry_path("sm_90 image"), cache.entry_path("sm_80 image"), fs::copy_options::overwrite_existing);
  CHECK_FALSE(cache.get("sm_80 image"));
  REQUIRE(cache.get("sm_90 image"));
  CHECK(*cache.get("sm_90 image") == Bytes{9, 0});
}
