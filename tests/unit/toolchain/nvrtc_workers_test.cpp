// NVRTC in worker processes (wrp-build --nvrtc-worker) gives what NVRTC in this
// process gives, and passes its errors on as one-line toolchain errors.
#include "wrpkit/toolchain/nvrtc_workers.hpp"

#include <doctest/doctest.h>

#include <filesystem>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/recipe.hpp"
#include "wrpkit/toolchain/find.hpp"
#include "wrpkit/toolchain/nvrtc.hpp"
#include "wrpkit/toolchain/warp_install.hpp"

using namespace wrp;
namespace fs = std::filesystem;

TEST_CASE("NVRTC workers: same bytes as in-process, errors passed on") {
  auto tc = find_toolchain(std::nullopt);
  std::string searched;
  auto warp = find_warp(std::nullopt, "", searched);
  fs::path exe = fs::path(WRPKIT_BIN_DIR) / "wrp-build";
  if (!tc.nvrtc || !warp || !fs::exists(exe))
    WRPKIT_SKIP("needs NVRTC, warp-lang and wrp-build (scripts/setup installs them)");
  auto cu_dir = fixtures::cubin18_source().parent_path();
  fs::path cu;
  for (auto& e : fs::directory_iterator(fixtures::ptx18_source().parent_path() / "unique_adjoint_modules"))
    if (e.path().filename().string().starts_with("wp_scale_unique") && e.path().extension() == ".cu") cu = e.path();
  REQUIRE(!cu.empty());
  auto text = read_file(cu);
  std::string source(text.begin(), text.end());
  auto options = nvrtc_options(CompileRecipe{}, warp->native_dir().string());
  Nvrtc here(tc.nvrtc->string());
  NvrtcWorkers pool(exe, tc.nvrtc->string(), 2);
  for (auto* arch : {"sm_80", "sm_90"}) {
    auto a = *parse_arch(arch);
    CHECK(pool.compile({source, "m.cu", a, false, options}) == here.compile(source, "m.cu", a, false, options));
  }
  auto ptx = pool.compile({source, "m.cu", *parse_arch("sm_75"), true, options});
  CHECK(std::string(ptx.begin(), ptx.end()).find(".target sm_75") != std::string::npos);
  try {
    pool.compile({source + "\nnot C++ at all;\n", "bad.cu", *parse_arch("sm_90"), false, options});
    FAIL("a broken source compiled");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::toolchain);
    CHECK(std::string(e.what()).find("bad.cu: NVRTC") != std::string::npos);
    CHECK(std::string(e.what()).find('\n') == std::string::npos);
  }
  // the pool still works after an error
  CHECK_FALSE(pool.compile({source, "m.cu", *parse_arch("sm_90"), false, options}).empty());
  NvrtcWorkers none("/nonexistent/wrp-build", tc.nvrtc->string(), 1);
  CHECK_THROWS_AS(none.compile({source, "m.cu", *parse_arch("sm_90"), false, options}), Error);
}
