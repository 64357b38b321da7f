// Driver floors: which compiler's SASS which driver loads, what a cubin says of its
// compiler, the floor a capture implies, and which release the plan asks for.
#include "wrpkit/load/driver_floor.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/elf.hpp"
#include "wrpkit/pipeline/plan.hpp"

using namespace wrp;

namespace {

using fixtures::sm;

// An ELF header alone (no sections), as a CUDA 12 compiler writes one for `sm`.
Bytes cuda12_elf(int sm_number, uint32_t e_version) {
  Bytes b(64, 0);
  b[0] = 0x7f, b[1] = 'E', b[2] = 'L', b[3] = 'F', b[4] = 2, b[5] = 1, b[6] = 1;
  b[7] = 51, b[8] = 7;  // OS/ABI CUDA, ABI version 7
  b[18] = 190;          // EM_CUDA
  for (int i = 0; i < 4; ++i) b[20 + i] = uint8_t(e_version >> (8 * i));
  b[48] = uint8_t(sm_number);  // e_flags: the SM in the low byte for ABI 7
  b[58] = 64;                  // e_shentsize
  return b;
}

}  // namespace

TEST_CASE("driver rules: minor-version compatibility on the desktop and Thor, none on Orin") {
  CHECK(has_minor_version_compat(sm("sm_90")));
  CHECK(has_minor_version_compat(sm("sm_110")));
  CHECK_FALSE(has_minor_version_compat(sm("sm_87")));
  CHECK(sass_loads_under({12, 9}, {12, 2}, sm("sm_90")));        // a newer 12.x compiler, an older 12.x driver
  CHECK_FALSE(sass_loads_under({12, 9}, {12, 6}, sm("sm_87")));  // JetPack 6 without cuda-compat
  CHECK(sass_loads_under({12, 6}, {12, 6}, sm("sm_87")));
  CHECK_FALSE(sass_loads_under({13, 5}, {12, 9}, sm("sm_90")));  // CUDA 13 SASS, CUDA 12 driver
  CHECK(sass_loads_under({12, 9}, {13, 0}, sm("sm_87")));        // an older major always loads
}

TEST_CASE("elf: a CUDA 12 cubin names its compiler in e_version, a CUDA 13 one in its toolkit note") {
  auto e = parse_elf("x.cubin", cuda12_elf(87, 126));
  CHECK(e.osabi == 51);
  CHECK(e.abi_version == 7);
  CHECK(e.arch.number() == 87);
  REQUIRE(e.release);
  CHECK(*e.release == CudaVersion{12, 6});
  CHECK_FALSE(parse_elf("x.cubin", cuda12_elf(87, 1)).release);  // nothing said
  auto a = open_artifact(fixtures::cubin16());                   // Warp 1.18's CUBIN: NVRTC 13.4
  auto& img = a.modules[0].binary.images[0];
  CHECK(img.elf_abi == 8);
  REQUIRE(img.release);
  CHECK(*img.release == CudaVersion{13, 4});
  CHECK(image_min_driver(img) == CudaVersion{13, 0});  // sm_90: any 13.x driver
}

TEST_CASE("capture_cuda: the CUDA of the Warp that wrote the capture") {
  CHECK(capture_cuda(open_artifact(fixtures::ptx75())) == CudaVersion{12, 9});           // warp-lang 1.17: PTX ISA 8.8
  CHECK(capture_cuda(open_artifact(fixtures::ptx16())) == CudaVersion{13, 4});           // 1.18: PTX ISA 9.4
  CHECK(capture_cuda(open_artifact(fixtures::cubin18_source())) == CudaVersion{13, 4});  // 1.19: its CUBIN's note
  CHECK_FALSE(capture_cuda(open_artifact(fixtures::cpu18())));
}

TEST_CASE("plan: the floor and what each image needs of its compiler") {
  auto a = open_artifact(fixtures::ptx75());
  BuildOptions o;
  std::vector<Arch> targets{sm("sm_87"), sm("sm_90")};
  auto plan = plan_build(o, a, "/tmp/x.wrp", targets);
  CHECK(plan.floor == CudaVersion{12, 9});
  CHECK(plan.floor_from.find("12.9") != std::string::npos);
  REQUIRE(plan.jobs.size() == 2);
  CHECK(plan.jobs[0].need.major == 12);
  CHECK(plan.jobs[0].need.at_most == CudaVersion{12, 9});  // sm_87: no newer than the floor
  CHECK_FALSE(plan.jobs[1].need.at_most);                  // sm_90: any 12.x
  CHECK(plan.jobs[1].need.accepts({12, 9}));
  CHECK_FALSE(plan.jobs[1].need.accepts({13, 5}));  // CUDA 13 SASS: not for a CUDA 12 driver
  CHECK_FALSE(plan.jobs[1].need.accepts({12, 6}));  // it must read the capture's ISA 8.8; 12.6 reads up to 8.5
  CHECK(plan.jobs[1].need.str() == "CUDA 12.x reading PTX ISA 8.8");
  o.min_driver = CudaVersion{13, 0};
  auto p13 = plan_build(o, a, "/tmp/x.wrp", {sm("sm_90")});
  CHECK(p13.jobs[0].need.major == 13);
  // a 12.x floor cannot build Warp 1.18's ISA 9.4 PTX: refused in the plan, naming the fixes
  o.min_driver = CudaVersion{12, 8};
  auto b = open_artifact(fixtures::ptx16());
  try {
    plan_build(o, b, "/tmp/x.wrp", {sm("sm_90")});
    FAIL("a 12.8 floor with ISA 9.4 PTX was planned");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::target);
    CHECK(std::string(e.what()).find("--min-driver 13.0") != std::string::npos);
  }
  // Thor runs CUDA 13 only; Volta no CUDA 13 compiler builds
  auto refused = [&](BuildOptions opt, const Artifact& art, const char* arch) {
    try {
      plan_build(opt, art, "/tmp/x.wrp", {sm(arch)});
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  o.min_driver = CudaVersion{12, 9};
  CHECK(refused(o, a, "sm_110").find("Thor") != std::string::npos);
  o.min_driver.reset();
  CHECK(refused(o, b, "sm_70").find("CUDA 12 floor") != std::string::npos);
}
