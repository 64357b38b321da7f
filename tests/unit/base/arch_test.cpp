#include "wrpkit/base/arch.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "wrpkit/base/error.hpp"

using namespace wrp;

TEST_CASE("arch names parse and print") {
  CHECK(parse_arch("sm_87")->str() == "sm_87");
  CHECK(parse_arch("sm_90a")->variant == Variant::arch_specific);
  CHECK(parse_arch("sm_100f")->str() == "sm_100f");
  CHECK(parse_arch("compute_75")->is_virtual);
  CHECK(parse_arch("121")->major == 12);
  CHECK(parse_arch("121")->minor == 1);
  CHECK_FALSE(parse_arch("sm_"));
  CHECK_FALSE(parse_arch("sm_9x"));
  CHECK_FALSE(parse_arch("gfx90a"));
  CHECK_THROWS_AS(parse_arch_list("sm_75,bogus", "--arch"), Error);
  CHECK(parse_arch_list("sm_75, sm_87,sm_75", "--arch").size() == 2);
}

TEST_CASE("SASS runs within its major arch, on equal or later minors") {
  auto a = [](const char* s) { return *parse_arch(s); };
  CHECK(sass_runs_on(a("sm_80"), a("sm_86")));
  CHECK(sass_runs_on(a("sm_80"), a("sm_89")));
  CHECK_FALSE(sass_runs_on(a("sm_80"), a("sm_90")));
  CHECK_FALSE(sass_runs_on(a("sm_86"), a("sm_80")));
  CHECK(sass_runs_on(a("sm_90a"), a("sm_90")));
  CHECK_FALSE(sass_runs_on(a("sm_100a"), a("sm_103")));
  CHECK(sass_runs_on(a("sm_100f"), a("sm_103")));
  CHECK_FALSE(sass_runs_on(a("sm_100"), a("sm_110")));
  CHECK_FALSE(sass_runs_on(a("compute_75"), a("sm_75")));
}

TEST_CASE("PTX JIT-compiles for any equal or newer GPU") {
  auto a = [](const char* s) { return *parse_arch(s); };
  CHECK(ptx_jits_on(a("compute_75"), a("sm_120")));
  CHECK(ptx_jits_on(a("compute_75"), a("sm_75")));
  CHECK_FALSE(ptx_jits_on(a("compute_90"), a("sm_89")));
  CHECK(ptx_jits_on(a("compute_90a"), a("sm_90")));
  CHECK_FALSE(ptx_jits_on(a("compute_90a"), a("sm_100")));
}

TEST_CASE("CUDA 13 arch list") {
  auto cuda13 = [](int sm) {
    auto& v = archs_of_cuda(13);
    return std::find(v.begin(), v.end(), sm) != v.end();
  };
  CHECK(cuda13(110));
  CHECK_FALSE(cuda13(70));
  CHECK_FALSE(cuda13(101));
}

TEST_CASE("Tegra SASS runs only on exactly its arch, and desktop SASS never on Tegra") {
  auto a = [](const char* s) { return *parse_arch(s); };
  CHECK(is_tegra(a("sm_87")));
  CHECK(is_tegra(a("sm_110")));
  CHECK(is_tegra(a("sm_72")));
  CHECK_FALSE(is_tegra(a("sm_86")));
  CHECK_FALSE(is_tegra(a("sm_120")));
  CHECK_FALSE(sass_runs_on(a("sm_80"), a("sm_87")));  // seen failing on a Jetson Orin
  CHECK_FALSE(sass_runs_on(a("sm_86"), a("sm_87")));
  CHECK(sass_runs_on(a("sm_87"), a("sm_87")));
  CHECK_FALSE(sass_runs_on(a("sm_87"), a("sm_89")));  // Tegra SASS on a desktop GPU
  CHECK(sass_runs_on(a("sm_110"), a("sm_110")));
  CHECK_FALSE(sass_runs_on(a("sm_100"), a("sm_110")));
  CHECK_FALSE(sass_runs_on(a("sm_100f"), a("sm_110")));
  // PTX still JIT-compiles there
  CHECK(ptx_jits_on(a("compute_75"), a("sm_87")));
  CHECK(ptx_jits_on(a("compute_80"), a("sm_110")));
}
