#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact.hpp"

using namespace wrp;

TEST_CASE("metadata of the real captures") {
  auto a = open_artifact(fixtures::wrp("multi_module_ptx75"));
  CHECK(a.meta.modules.size() == 4);
  CHECK(a.meta.kernels.size() == 4);
  CHECK(a.meta.target_arch == 75);
  CHECK(a.meta.bindings.size() == 2);
  auto m = open_artifact(fixtures::wrp("mesh_query_ptx75"));
  CHECK(m.meta.meshes.size() == 1);
  auto t = open_artifact(fixtures::wrp("tape_backward_ptx75"));
  CHECK(t.meta.kernels[0].backward_name == "square_sum_bbf8a569_cuda_kernel_backward");
}

TEST_CASE("op stream summaries") {
  auto w = open_artifact(fixtures::wrp("wave_ptx75"));
  CHECK(w.ops.by_type["kernel_launch"] == 17);
  CHECK(w.ops.all_launches_resolved());
  CHECK_FALSE(w.ops.has_conditionals);
  auto c = open_artifact(fixtures::wrp("capture_while_ptx75"));
  CHECK(c.ops.has_conditionals);
  CHECK(c.ops.max_depth == 1);
  CHECK(c.ops.by_type["while"] == 1);
  CHECK(c.ops.count == 2);
  CHECK(c.ops.top_level == 1);
  auto mm = open_artifact(fixtures::wrp("multi_module_ptx75"));
  CHECK(mm.ops.by_type["memcpy_d2d"] == 1);
  CHECK(mm.ops.by_type["memset"] == 1);
  CHECK(mm.ops.by_type["memtile"] == 1);
  CHECK(mm.ops.launches.size() == 4);
}

TEST_CASE("a launch naming no metadata kernel is reported") {
  auto a = open_artifact(fixtures::wrp("saxpy_ptx75"));
  a.meta.kernels.clear();
  auto& ops = a.container.find(kSectionOperations)->data;
  auto s = walk_ops("x", ops, 0, a.meta);
  CHECK_FALSE(s.all_launches_resolved());
}

TEST_CASE("module binaries are classified by content") {
  auto p = open_artifact(fixtures::wrp("saxpy_ptx75"));
  CHECK(p.modules[0].binary.kind == ModuleKind::ptx);
  CHECK(p.modules[0].binary.ptx->target.str() == "compute_75");
  CHECK(p.modules[0].binary.ptx->isa() == "9.0");
  CHECK(p.modules[0].binary.ptx->entries.size() == 12);
  auto c = open_artifact(fixtures::wrp("saxpy_cubin_sm90"));
  CHECK(c.modules[0].binary.kind == ModuleKind::cubin);
  CHECK(c.modules[0].binary.images[0].arch.str() == "sm_90");
  CHECK(c.modules[0].binary.images[0].entries.size() == 12);
  CHECK(c.modules[0].binary.load_path(*parse_arch("sm_90")) == LoadPath::sass);
  CHECK(c.modules[0].binary.load_path(*parse_arch("sm_87")) == LoadPath::none);
  auto p90 = open_artifact(fixtures::wrp("saxpy_ptx90"));
  CHECK(p90.modules[0].binary.load_path(*parse_arch("sm_89")) == LoadPath::none);
  CHECK(p90.modules[0].binary.load_path(*parse_arch("sm_120")) == LoadPath::jit);
}
