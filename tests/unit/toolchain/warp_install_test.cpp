// Warp's NVRTC options for a recipe (what Warp 1.19 compiles a retained .cu with), and
// reading a warp package folder for its release and headers.
#include "wrpkit/toolchain/warp_install.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "wrpkit/base/process.hpp"

using namespace wrp;
namespace fs = std::filesystem;

namespace {
bool has(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
}  // namespace

TEST_CASE("nvrtc_options: Warp's fixed options, then the recipe's") {
  CompileRecipe r;  // O3, fuse_fp
  auto o = nvrtc_options(r, "/w/native");
  CHECK(o.front() == "--std=c++17");
  CHECK(has(o, "--include-path=/w/native"));
  CHECK(has(o, "-DNDEBUG"));
  CHECK(has(o, "-UWP_VERIFY_FP"));
  CHECK(has(o, "--fmad=true"));
  CHECK(has(o, "--Ofast-compile=0"));
  CHECK_FALSE(has(o, "--use_fast_math"));
  r.debug = true, r.fast_math = true, r.verify_fp = true, r.fuse_fp = false, r.optimization_level = 1;
  o = nvrtc_options(r, "/w/native");
  CHECK(has(o, "-D_DEBUG"));
  CHECK(has(o, "--device-debug"));
  CHECK_FALSE(has(o, "-DNDEBUG"));
  CHECK(has(o, "-DWP_VERIFY_FP"));
  CHECK(has(o, "--use_fast_math"));
  CHECK(has(o, "--fmad=false"));
  CHECK(has(o, "--Ofast-compile=mid"));
  r.optimization_level = 2;
  CHECK(has(nvrtc_options(r, "/w"), "--Ofast-compile=min"));
}

TEST_CASE("read_warp_install: the release from config.py and a digest of the native headers") {
  TempDir tmp;
  auto warp = fs::path(tmp.path()) / "warp";
  fs::create_directories(warp / "native");
  std::ofstream(warp / "config.py") << "version: str = \"1.19.0\"\n";
  std::ofstream(warp / "native" / "builtin.h") << "// a header\n";
  auto w = read_warp_install(tmp.path());
  REQUIRE(w);
  CHECK(w->version == "1.19.0");
  CHECK(w->native_dir() == warp / "native");
  CHECK(w->headers_digest.size() == 64);
  std::ofstream(warp / "native" / "builtin.h") << "// changed\n";
  CHECK(read_warp_install(tmp.path())->headers_digest != w->headers_digest);
  CHECK_FALSE(read_warp_install(fs::path(tmp.path()) / "nothing-here"));
}
