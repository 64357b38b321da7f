// Launch records of real captures packed into kernel arguments the way stock
// Warp's replay does (wrp-run): pointers patched to region addresses, the rest
// of each value byte for byte, launch bounds and grid from the record.
#include "wrpkit/formats/launch_args.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstring>
#include <functional>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;
using namespace fixtures;

namespace {

uint64_t fake_base(int32_t region) { return uint64_t(region) << 32; }

uint64_t read_u64(const Bytes& b, size_t at) {
  uint64_t v;
  std::memcpy(&v, b.data() + at, 8);
  return v;
}

void each_launch(const std::vector<Op>& ops, const std::function<void(const LaunchOp&)>& fn) {
  for (auto& o : ops) {
    if (o.type == kOpLaunch) fn(o.launch);
    each_launch(o.branch_a, fn);
    each_launch(o.branch_b, fn);
  }
}

}  // namespace

TEST_CASE("every launch of every real capture packs: pointers to its regions, other bytes unchanged") {
  size_t launches = 0, pointers = 0;
  for (auto& path : fixtures::all()) {
    auto a = open_artifact(path, false);
    if (a.is_cpu()) continue;
    auto resolve = [&](int32_t id, uint64_t off) -> uint64_t {
      auto* r = find_region(a.regions, uint32_t(id));
      return id > 0 && r && off <= r->size ? fake_base(id) + off : 0;
    };
    each_launch(a.ops.ops, [&](const LaunchOp& l) {
      ++launches;
      INFO(path.string(), " ", l.kernel_key);
      CHECK(a.meta.kernel(l.module_hash, l.kernel_key));
      auto args = pack_launch_args(l, resolve, path.string());
      REQUIRE(args.size() == 1 + l.params.size() + l.adjoint_params.size());
      CHECK(l.adjoint_params.size() == (l.is_forward ? 0 : l.params.size()));
      size_t k = 1;
      for (auto* list : {&l.params, &l.adjoint_params})
        for (auto& p : *list) {
          auto& v = args[k++];
          REQUIRE(v.size() == std::max<uint32_t>(p.value_size, 1));
          Bytes expect(l.value_data.begin() + p.value_offset, l.value_data.begin() + p.value_offset + p.value_size);
          for (auto& r : p.relocs) {
            uint64_t want = r.kind == kRelocDataPtr  ? fake_base(r.region_id) + r.region_offset
                            : r.kind == kRelocHandle ? r.region_offset
                                                     : 0;
            CHECK(read_u64(v, r.value_byte_offset) == want);
            std::memcpy(expect.data() + r.value_byte_offset, &want, 8);
            pointers += r.kind == kRelocDataPtr;
          }
          CHECK(std::equal(expect.begin(), expect.end(), v.begin()));
        }
      // launch bounds: shape, size, coord_mult
      auto& b = args[0];
      int nd = std::clamp(l.ndim, 1, 4);
      for (int d = 0; d < nd; ++d) {
        uint32_t s;
        std::memcpy(&s, b.data() + d * 4, 4);
        CHECK(s == l.shape[d]);
      }
      size_t size_at = (size_t(nd) * 4 + 7) & ~size_t(7);
      CHECK(read_u64(b, size_at) == l.size);
      CHECK(read_u64(b, size_at + 8) >= 1);
      auto g = launch_grid(l, path.string(), true);
      CHECK(uint64_t(g.x) * g.y * g.z * g.block >= (l.grid_stride ? 1 : l.dim));
    });
  }
  CHECK(launches >= 20);
  CHECK(pointers >= 20);
}

TEST_CASE("particles (Warp 1.17): a 4096-point launch is 16 blocks of 256, its arrays point into their regions") {
  auto a = open_artifact(fixtures::ptx75(), false);
  REQUIRE(a.ops.ops.size() == 20);
  auto& l = a.ops.ops[0].launch;
  CHECK(l.dim == 4096);
  CHECK(l.ndim == 1);
  CHECK(l.shape[0] == 4096);
  auto g = launch_grid(l, "particles", true);
  CHECK(g.block == 256);
  CHECK((g.x == 16 && g.y == 1 && g.z == 1));
  auto bounds = launch_bounds_bytes(l);
  CHECK(bounds.size() == 24);  // u32 shape[1], pad, u64 size, u64 coord_mult
  uint32_t shape0;
  std::memcpy(&shape0, bounds.data(), 4);
  CHECK(shape0 == 4096);
  CHECK(read_u64(bounds, 8) == 4096);
  CHECK(read_u64(bounds, 16) == 1);
}

TEST_CASE("a data pointer into a region the file does not hold is refused, naming the parameter") {
  auto a = open_artifact(fixtures::ptx75(), false);
  auto& l = a.ops.ops[0].launch;
  try {
    pack_launch_args(
        l, [](int32_t, uint64_t) -> uint64_t { return 0; }, "p.wrp ops[0]");
    FAIL("accepted");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    CHECK(std::string(e.what()).find("p.wrp ops[0]: parameter") == 0);
  }
}

TEST_CASE("launch grid: grid-stride rows capped by max_blocks, lean kernels spill over y and z") {
  LaunchOp l;
  l.block_dim = 256;
  l.dim = 1'000'000;
  l.grid_stride = 1;
  l.max_blocks = 100;
  auto g = launch_grid(l, "x", true);
  CHECK((g.x == 100 && g.y == 1 && g.z == 1));
  l.grid_stride = 0;
  l.dim = uint64_t(1) << 33;  // 2^25 blocks of 256: x holds 2^16 of them
  g = launch_grid(l, "x", true);
  CHECK(g.x == 65536);
  CHECK(g.y == 512);
  CHECK(g.z == 1);
  l.dim = 0;
  CHECK(launch_grid(l, "x", true).empty);
}

TEST_CASE("launch grid with clusters: whole clusters on a GPU that has them, cluster_dim ignored on one that has not") {
  LaunchOp l;
  l.block_dim = 128;
  l.cluster_dim = 4;
  l.grid_stride = 1;
  l.max_blocks = 10;  // capped: rounded down to two clusters of 4
  l.dim = 128 * 64;
  CHECK(launch_grid(l, "x", true).x == 8);
  CHECK(launch_grid(l, "x", false).x == 10);
  l.max_blocks = 0;  // uncapped: 64 blocks are 16 clusters
  CHECK(launch_grid(l, "x", true).x == 64);
  l.max_blocks = 3;  // no whole cluster fits under the cap
  CHECK(error_of([&] { launch_grid(l, "p.wrp ops[2]", true); }).find("p.wrp ops[2]: max_blocks 3") == 0);
  CHECK(launch_grid(l, "x", false).x == 3);

  // Lean kernels: the x limit (2^24 / 128 = 131072 blocks) is a multiple of 4 already;
  // with clusters of 3 it is rounded down to 131070.
  l.grid_stride = 0;
  l.max_blocks = 0;
  l.dim = uint64_t(128) * 131072 * 2;
  auto g = launch_grid(l, "x", true);
  CHECK((g.x == 131072 && g.y == 2));
  l.cluster_dim = 3;
  l.dim = uint64_t(128) * 131070 * 3;
  g = launch_grid(l, "x", true);
  CHECK((g.x == 131070 && g.y == 3 && g.z == 1));
  CHECK(launch_grid(l, "x", false).x == 131072);
}

TEST_CASE("launch grid with clusters: blocks that make no whole clusters and oversized clusters are refused") {
  LaunchOp l;
  l.block_dim = 256;
  l.cluster_dim = 2;
  l.dim = 256 * 3;  // three blocks: not whole clusters of 2, lean or grid-stride alike
  auto lean = error_of([&] { launch_grid(l, "p.wrp ops[0]", true); });
  CHECK(lean.find("p.wrp ops[0]: a clustered launch of 3 blocks does not make whole clusters of 2") == 0);
  l.grid_stride = 1;
  CHECK(!error_of([&] { launch_grid(l, "x", true); }).empty());
  CHECK(launch_grid(l, "x", false).x == 3);  // Warp ignores cluster_dim below compute capability 9.0
  l.cluster_dim = 17;
  l.dim = 256 * 34;
  CHECK(error_of([&] { launch_grid(l, "x", false); }).find("cluster_dim 17 is beyond Warp's limit of 16") !=
        std::string::npos);
}

TEST_CASE("launch grid: extents whose wp.tid() coordinates would wrap 32 bits are refused, as Warp does") {
  LaunchOp l;
  l.block_dim = 256;
  l.ndim = 2;
  l.shape[0] = 1u << 31;  // the leading coordinate counts to 2^31 - 1: fits
  l.shape[1] = 2;
  l.dim = uint64_t(1) << 32;
  CHECK(launch_grid(l, "x", false).x > 0);
  l.shape[0] = (1u << 31) + 1;
  CHECK(error_of([&] {
          launch_grid(l, "p.wrp ops[4]", false);
        }).find("p.wrp ops[4]: launch extent 2147483649 in dimension 0 is beyond 2147483648") == 0);
  l.shape[0] = 2;
  l.shape[1] = 1u << 31;  // rebuilt from an int: 2^31 itself wraps
  CHECK(error_of([&] { launch_grid(l, "x", false); }).find("in dimension 1 is beyond 2147483647") != std::string::npos);
  l.ndim = 1;  // a dimension the launch does not have is not looked at
  CHECK(launch_grid(l, "x", false).x > 0);
}
