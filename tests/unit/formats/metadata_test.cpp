// The metadata section of real captures.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"

using namespace wrp;

TEST_CASE("metadata of the real captures") {
  auto a = open_artifact(fixtures::two_modules());
  CHECK(a.meta.modules.size() == 2);
  CHECK(a.meta.kernels.size() == 2);
  CHECK(a.meta.target_arch == 75);
  CHECK(a.meta.bindings.size() == 4);
  bool adjoint = false;
  for (auto& k : a.meta.kernels) adjoint |= k.backward_name.ends_with("_cuda_kernel_backward");
  CHECK(adjoint);
  auto c = open_artifact(fixtures::cpu18());
  CHECK(c.is_cpu());
  CHECK(c.meta.producer_version == "1.19.0");
  CHECK(c.modules[0].binary.kind == ModuleKind::object);
  auto m = open_artifact(fixtures::mesh15());  // a mesh record of format 15
  CHECK(m.meta.meshes.size() == 1);
}
