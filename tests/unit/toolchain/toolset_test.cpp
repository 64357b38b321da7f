// The build cache in front of the compilers keys on everything a compile's bytes depend on.
#include "wrpkit/toolchain/toolset.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/toolchain/find.hpp"

using namespace wrp;

TEST_CASE("build cache: the same source under another file name is compiled again, not served the first's bytes") {
  if (!find_toolchain(std::nullopt).nvrtc) WRPKIT_SKIP("needs NVRTC (scripts/setup installs it)");
  TempDir cache;
  ToolsetOptions opt;
  opt.cache_dir = cache.path();
  auto cached = make_cuda_toolset(opt);
  auto uncached = make_cuda_toolset({});
  auto release = cached->releases().front();
  // NVRTC spells the program name into internal symbols (_INTERNAL_..._a_cu_...), so
  // a cache that keyed on the text alone gave b.cu a.cu's PTX: what two captures saving
  // one module under two names (Warp 1.19's NAME.sm90.cu, NAME.sm75.cu) met.
  std::string source =
      "namespace { __device__ int calls; }\n"
      "extern \"C\" __global__ void count(int* out) { *out = ++calls; }\n";
  auto arch = *parse_arch("sm_75");
  auto a = cached->compile_standalone(source, "a.cu", arch, true, release);
  auto b = cached->compile_standalone(source, "b.cu", arch, true, release);
  CHECK(a != b);
  CHECK(b == uncached->compile_standalone(source, "b.cu", arch, true, release));
  CHECK(cached->cache_counts().misses == 2);
  CHECK(cached->compile_standalone(source, "a.cu", arch, true, release) == a);
  CHECK(cached->cache_counts().hits == 1);
}
