// The load decision logic, driven with made-up GPUs: no GPU needed.
#include "wrpkit/load/loader.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/load/load_path.hpp"

using namespace wrp;

static GpuInfo gpu(const char* arch, int driver = 13000, bool jit_disabled = false) {
  GpuInfo g;
  g.name = "Fake GPU";
  g.arch = *parse_arch(arch);
  g.driver_version = driver;
  g.jit_disabled = jit_disabled;
  return g;
}

// A fatbin-like module: the given images, as wrp-build would write them.
static Artifact with_images(std::vector<Image> images) {
  auto a = open_artifact(fixtures::ptx75());
  a.modules[0].binary.kind = ModuleKind::fatbin;
  a.modules[0].binary.images = std::move(images);
  return a;
}

static Image sass(const char* arch) { return Image{ImageKind::sass, *parse_arch(arch), 1, false, "", {}, false}; }
static Image ptx(const char* arch, const char* isa = "9.0") {
  auto a = *parse_arch(arch);
  a.is_virtual = true;
  return Image{ImageKind::ptx, a, 1, false, isa, {}, false};
}

TEST_CASE("PTX-75 capture: JIT everywhere, impossible when JIT is disabled or the driver is old") {
  auto a = open_artifact(fixtures::ptx75());
  for (auto* arch : {"sm_75", "sm_87", "sm_89", "sm_90", "sm_100", "sm_120"})
    CHECK(plan_load(a, gpu(arch)).worst() == Outcome::jit);
  auto off = plan_load(a, gpu("sm_90", 13000, true));
  CHECK(off.worst() == Outcome::impossible);
  CHECK(off.modules[0].message.find("CUDA_DISABLE_PTX_JIT") != std::string::npos);
  CHECK(off.modules[0].fix.find("wrp-build") == 0);
  CHECK(off.modules[0].fix.find("--arch sm_90") != std::string::npos);
  auto old = plan_load(a, gpu("sm_87", 12040));
  CHECK(old.worst() == Outcome::impossible);
  CHECK(old.modules[0].message.find("PTX ISA 8.8") != std::string::npos);
  CHECK(old.modules[0].message.find("8.4") != std::string::npos);
  // Warp 1.18/1.19's PTX (ISA 9.4) does not JIT on a 13.0 driver (seen on the H200)
  auto p16 = plan_load(open_artifact(fixtures::ptx16()), gpu("sm_90", 13000));
  CHECK(p16.worst() == Outcome::impossible);
  CHECK(p16.modules[0].message.find("PTX ISA 9.4") != std::string::npos);
  CHECK(plan_load(open_artifact(fixtures::ptx16()), gpu("sm_90", 13040)).worst() == Outcome::jit);
}

TEST_CASE("CUBIN sm_90 capture: SASS on sm_90 only, with the recapture advice elsewhere") {
  auto a = open_artifact(fixtures::cubin16());
  CHECK(plan_load(a, gpu("sm_90")).worst() == Outcome::sass);
  auto p = plan_load(a, gpu("sm_87"));
  CHECK(p.worst() == Outcome::impossible);
  CHECK(p.modules[0].message.find("sm_87") != std::string::npos);
  CHECK(p.modules[0].message.find("sm_90") != std::string::npos);
  CHECK(p.modules[0].fix.find("cuda_output = \"ptx\"") != std::string::npos);
  CHECK(plan_load(a, gpu("sm_100")).worst() == Outcome::impossible);
}

TEST_CASE("a portable build: SASS on every listed GPU, JIT on newer ones") {
  auto a = with_images({sass("sm_75"), sass("sm_80"), sass("sm_86"), sass("sm_87"), sass("sm_89"), sass("sm_90"),
                        sass("sm_100"), sass("sm_120"), ptx("compute_75")});
  for (auto* arch : {"sm_75", "sm_87", "sm_89", "sm_90", "sm_100", "sm_120"})
    CHECK(plan_load(a, gpu(arch, 12000, true)).worst() == Outcome::sass);
  CHECK(plan_load(a, gpu("sm_110")).worst() == Outcome::jit);
}

TEST_CASE("built without sm_90 and without PTX: impossible on sm_90, the fix names sm_90") {
  auto a = with_images({sass("sm_75"), sass("sm_80"), sass("sm_120")});
  auto p = plan_load(a, gpu("sm_90"));
  CHECK(p.worst() == Outcome::impossible);
  CHECK(p.modules[0].message.find("sm_75 sm_80 sm_120") != std::string::npos);
  CHECK(p.modules[0].fix.find("sm_90") != std::string::npos);
  CHECK(plan_load(a, gpu("sm_86")).worst() == Outcome::sass);  // sm_80 SASS runs on 8.6
}

TEST_CASE("arch-specific SASS loads only on that exact GPU") {
  auto a = with_images({sass("sm_90a")});
  CHECK(plan_load(a, gpu("sm_90")).worst() == Outcome::sass);
  CHECK(plan_load(a, gpu("sm_100")).worst() == Outcome::impossible);
}

TEST_CASE("if/while graphs replay only where target_arch SASS runs") {
  auto a = open_artifact(fixtures::while_loop());
  auto p = plan_load(a, gpu("sm_90"));
  CHECK(p.worst() == Outcome::impossible);
  REQUIRE(p.graph.size() == 1);
  CHECK(p.graph[0].message.find("target_arch 75") != std::string::npos);
  CHECK(plan_load(a, gpu("sm_75")).graph.empty());
  // 1.19 builds condition kernels for the replay GPU: no graph-wide problem
  auto w19 = open_artifact(fixtures::local("warp-1.19.0-h200/default-sf/while_loop"));
  CHECK(plan_load(w19, gpu("sm_80")).graph.empty());
}

TEST_CASE("Jetson: desktop SASS does not load on Tegra, the fix names the Tegra arch") {
  auto a = with_images({sass("sm_75"), sass("sm_80"), sass("sm_86")});
  auto orin = plan_load(a, gpu("sm_87", 13000, true));
  CHECK(orin.worst() == Outcome::impossible);
  CHECK(orin.modules[0].fix.find("sm_87") != std::string::npos);
  CHECK(plan_load(with_images({sass("sm_87")}), gpu("sm_87", 13000, true)).worst() == Outcome::sass);
  CHECK(plan_load(with_images({sass("sm_87")}), gpu("sm_89", 13000, true)).worst() == Outcome::impossible);
  CHECK(plan_load(with_images({sass("sm_100")}), gpu("sm_110", 13000, true)).worst() == Outcome::impossible);
  CHECK(plan_load(with_images({sass("sm_80"), ptx("compute_75")}), gpu("sm_87")).worst() == Outcome::jit);
}

TEST_CASE("a 1.19 module with retained source: Warp compiles the .cu at load where its binary does not fit") {
  auto a = open_artifact(fixtures::cubin18_source());
  CHECK(plan_load(a, gpu("sm_90")).worst() == Outcome::sass);
  auto p = plan_load(a, gpu("sm_80"));
  CHECK(p.worst() == Outcome::jit);
  CHECK(p.modules[0].message.find("retained CUDA source") != std::string::npos);
  CHECK(p.modules[0].fix.find("wrp-build") == 0);
  CHECK(module_load_path(a, 0, *parse_arch("sm_80")) == LoadPath::source);
  // without the .cu there is nothing to fall back to
  a.modules[0].source_digest = Digest::missing;
  CHECK(plan_load(a, gpu("sm_80")).worst() == Outcome::impossible);
}
