// The load decision logic, driven with made-up GPUs: no GPU needed.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/loader.hpp"

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
static Artifact with_images(const char* fixture, std::vector<Image> images) {
  auto a = open_artifact(fixtures::wrp(fixture));
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
  auto a = open_artifact(fixtures::wrp("saxpy_ptx75"));
  for (auto* arch : {"sm_75", "sm_87", "sm_89", "sm_90", "sm_100", "sm_120"})
    CHECK(plan_load(a, gpu(arch)).worst() == Outcome::jit);
  auto off = plan_load(a, gpu("sm_90", 13000, true));
  CHECK(off.worst() == Outcome::impossible);
  CHECK(off.modules[0].message.find("CUDA_DISABLE_PTX_JIT") != std::string::npos);
  CHECK(off.modules[0].fix.find("wrp-build") == 0);
  CHECK(off.modules[0].fix.find("--arch sm_90") != std::string::npos);
  auto old = plan_load(a, gpu("sm_87", 12040));
  CHECK(old.worst() == Outcome::impossible);
  CHECK(old.modules[0].message.find("PTX ISA 9.0") != std::string::npos);
  CHECK(old.modules[0].message.find("8.4") != std::string::npos);
}

TEST_CASE("CUBIN sm_90 capture: SASS on sm_90 only, with the recapture advice elsewhere") {
  auto a = open_artifact(fixtures::wrp("saxpy_cubin_sm90"));
  CHECK(plan_load(a, gpu("sm_90")).worst() == Outcome::sass);
  auto p = plan_load(a, gpu("sm_87"));
  CHECK(p.worst() == Outcome::impossible);
  CHECK(p.modules[0].message.find("sm_87") != std::string::npos);
  CHECK(p.modules[0].message.find("sm_90") != std::string::npos);
  CHECK(p.modules[0].fix.find("cuda_output = \"ptx\"") != std::string::npos);
  CHECK(plan_load(a, gpu("sm_100")).worst() == Outcome::impossible);
}

TEST_CASE("a portable build: SASS on every listed GPU, JIT on newer ones") {
  auto a = with_images("saxpy_ptx75", {sass("sm_75"), sass("sm_80"), sass("sm_86"), sass("sm_87"), sass("sm_89"),
                                       sass("sm_90"), sass("sm_100"), sass("sm_120"), ptx("compute_75")});
  for (auto* arch : {"sm_75", "sm_87", "sm_89", "sm_90", "sm_100", "sm_120"})
    CHECK(plan_load(a, gpu(arch, 12000, true)).worst() == Outcome::sass);
  CHECK(plan_load(a, gpu("sm_110")).worst() == Outcome::jit);
}

TEST_CASE("built without sm_90 and without PTX: impossible on sm_90, the fix names sm_90") {
  auto a = with_images("saxpy_ptx75", {sass("sm_75"), sass("sm_80"), sass("sm_120")});
  auto p = plan_load(a, gpu("sm_90"));
  CHECK(p.worst() == Outcome::impossible);
  CHECK(p.modules[0].message.find("sm_75 sm_80 sm_120") != std::string::npos);
  CHECK(p.modules[0].fix.find("sm_90") != std::string::npos);
  CHECK(plan_load(a, gpu("sm_86")).worst() == Outcome::sass);  // sm_80 SASS runs on 8.6
}

TEST_CASE("arch-specific SASS loads only on that exact GPU") {
  auto a = with_images("saxpy_ptx75", {sass("sm_90a")});
  CHECK(plan_load(a, gpu("sm_90")).worst() == Outcome::sass);
  CHECK(plan_load(a, gpu("sm_100")).worst() == Outcome::impossible);
}

TEST_CASE("if/while graphs replay only where target_arch SASS runs") {
  auto a = open_artifact(fixtures::wrp("capture_while_ptx75"));
  auto p = plan_load(a, gpu("sm_90"));
  CHECK(p.worst() == Outcome::impossible);
  REQUIRE(p.graph.size() == 1);
  CHECK(p.graph[0].message.find("target_arch 75") != std::string::npos);
  CHECK(plan_load(a, gpu("sm_75")).graph.empty());
}
