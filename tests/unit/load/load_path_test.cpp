// How a module loads on a GPU, decided offline from its images.
#include "wrpkit/load/load_path.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"

using namespace wrp;

TEST_CASE("a CUBIN loads as SASS on its own major arch only, PTX JITs at and above its target") {
  auto c = open_artifact(fixtures::cubin16());
  CHECK(binary_load_path(c.modules[0].binary, *parse_arch("sm_90")) == LoadPath::sass);
  CHECK(binary_load_path(c.modules[0].binary, *parse_arch("sm_87")) == LoadPath::none);
  // PTX for compute_90 (a capture with ptx_target_arch = 90): JIT on 9.0 and newer only
  auto p90 = open_artifact(fixtures::ptx75());
  p90.modules[0].binary.images[0].arch = *parse_arch("compute_90");
  CHECK(binary_load_path(p90.modules[0].binary, *parse_arch("sm_89")) == LoadPath::none);
  CHECK(binary_load_path(p90.modules[0].binary, *parse_arch("sm_120")) == LoadPath::jit);
}

TEST_CASE("a 1.19 CUBIN with retained source loads elsewhere from its source, a binary-only one does not") {
  auto sf = open_artifact(fixtures::cubin18_source());
  CHECK(binary_load_path(sf.modules[0].binary, *parse_arch("sm_80")) == LoadPath::none);
  CHECK(module_load_path(sf, 0, *parse_arch("sm_80")) == LoadPath::source);
  CHECK(module_load_path(sf, 0, *parse_arch("sm_90")) == LoadPath::sass);
  auto bin = open_artifact(fixtures::cubin18_binary_only());
  CHECK(module_load_path(bin, 0, *parse_arch("sm_80")) == LoadPath::none);
}

TEST_CASE("PTX counts only under a driver that reads its ISA") {
  auto p = open_artifact(fixtures::ptx16());  // ISA 9.4: CUDA 13.4 and newer
  auto gpu = *parse_arch("sm_90");
  CHECK(module_load_path(p, 0, gpu) == LoadPath::jit);
  CHECK(module_load_path(p, 0, gpu, CudaVersion{13, 4}) == LoadPath::jit);
  CHECK(module_load_path(p, 0, gpu, CudaVersion{13, 0}) == LoadPath::none);
}

TEST_CASE("up to format 16, if/while condition kernels load only where target_arch's SASS runs") {
  auto w = open_artifact(fixtures::while_loop());  // format 15, PTX for compute_75: target_arch 75
  REQUIRE(w.ops.has_conditionals);
  REQUIRE(w.meta.target_arch == 75);
  CHECK(conditions_load_path(w, *parse_arch("sm_75")) == LoadPath::sass);
  CHECK(conditions_load_path(w, *parse_arch("sm_80")) == LoadPath::none);
  // the whole artifact: the worst of its module (PTX: JIT everywhere) and its conditions
  CHECK(artifact_load_path(w, *parse_arch("sm_75")) == LoadPath::jit);
  CHECK(artifact_load_path(w, *parse_arch("sm_90")) == LoadPath::none);
  // Warp 1.19 builds them for the replay GPU: no condition of target_arch
  auto w19 = open_artifact(fixtures::local("warp-1.19.0-h200/default-sf/while_loop"));
  REQUIRE(w19.ops.has_conditionals);
  CHECK_FALSE(conditions_load_path(w19, *parse_arch("sm_80")));
}
