#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/load/load_path.hpp"

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
  if (fixtures::have_shared()) {  // extra coverage: a mesh record
    auto m = open_artifact(fixtures::shared() / "mesh_query_ptx75" / "mesh_query_ptx75.wrp");
    CHECK(m.meta.meshes.size() == 1);
  }
}

TEST_CASE("op stream summaries") {
  auto w = open_artifact(fixtures::ptx75());
  CHECK(w.ops.by_type["kernel_launch"] == 20);
  CHECK(w.ops.all_launches_resolved());
  CHECK_FALSE(w.ops.has_conditionals);
  auto c = open_artifact(fixtures::while_loop());
  CHECK(c.ops.has_conditionals);
  CHECK(c.ops.max_depth == 1);
  CHECK(c.ops.by_type["while"] == 1);
  CHECK(c.ops.count == 2);
  CHECK(c.ops.top_level == 1);
  auto h = open_artifact(fixtures::local("warp-1.17.0-h200/histogram"));
  CHECK(h.ops.by_type["memcpy_d2d"] == 1);
  CHECK(h.ops.by_type["memset"] == 1);
  CHECK(h.ops.launches.size() == 1);
  CHECK(open_artifact(fixtures::two_modules()).ops.launches.size() == 2);
  if (fixtures::have_shared()) {  // extra coverage: a fill (memtile) op
    auto mm = open_artifact(fixtures::shared() / "multi_module_ptx75" / "multi_module_ptx75.wrp");
    CHECK(mm.ops.by_type["memtile"] == 1);
    CHECK(mm.ops.launches.size() == 4);
  }
}

TEST_CASE("a launch naming no metadata kernel is reported") {
  auto a = open_artifact(fixtures::ptx75());
  a.meta.kernels.clear();
  auto& ops = a.container.find(kSectionOperations)->data;
  auto s = walk_ops("x", ops, 0, a.meta);
  CHECK_FALSE(s.all_launches_resolved());
}

TEST_CASE("module binaries are classified by content") {
  auto p = open_artifact(fixtures::ptx75());
  CHECK(p.modules[0].binary.kind == ModuleKind::ptx);
  CHECK(p.modules[0].binary.ptx->target.str() == "compute_75");
  CHECK(p.modules[0].binary.ptx->isa() == "8.8");
  CHECK(p.modules[0].binary.ptx->entries.size() == 12);
  CHECK(open_artifact(fixtures::ptx16()).modules[0].binary.ptx->isa() == "9.4");
  auto c = open_artifact(fixtures::cubin16());
  CHECK(c.modules[0].binary.kind == ModuleKind::cubin);
  CHECK(c.modules[0].binary.images[0].arch.str() == "sm_90");
  CHECK(c.modules[0].binary.images[0].entries.size() == 12);  // every kernel of the capturing script
  CHECK(binary_load_path(c.modules[0].binary, *parse_arch("sm_90")) == LoadPath::sass);
  CHECK(binary_load_path(c.modules[0].binary, *parse_arch("sm_87")) == LoadPath::none);
  // PTX for compute_90 (a capture with ptx_target_arch = 90): JIT on 9.0 and newer only
  auto p90 = open_artifact(fixtures::ptx75());
  p90.modules[0].binary.images[0].arch = *parse_arch("compute_90");
  CHECK(binary_load_path(p90.modules[0].binary, *parse_arch("sm_89")) == LoadPath::none);
  CHECK(binary_load_path(p90.modules[0].binary, *parse_arch("sm_120")) == LoadPath::jit);
}
