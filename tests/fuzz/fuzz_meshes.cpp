// Mesh records against their regions: the first 32 bytes are a mesh record as the
// metadata holds it, the rest the initial data of region 1 (the points) and region 2
// (the indices), split where the record's counts say. What check_meshes accepts must
// be safe to build a BVH from.
#include <cmath>
#include <cstring>

#include "fuzz_target.hpp"
#include "wrpkit/formats/meshes.hpp"

WRPKIT_FUZZ_TARGET(meshes) {
  if (input.size() < 32) return;
  wrp::MeshRecord m;
  auto at = input.data();
  std::memcpy(&m.num_points, at, 4);
  std::memcpy(&m.num_tris, at + 4, 4);
  m.winding = at[8];
  m.bvh_constructor = at[9];
  std::memcpy(&m.bvh_leaf_size, at + 10, 2);
  m.points_region = at[12] % 4;  // mostly 1 and 2, sometimes missing or swapped
  m.indices_region = at[13] % 4;
  m.velocities_region = at[14] % 4;
  auto data = input.subspan(32);
  uint64_t split = m.num_points > 0 ? std::min<uint64_t>(uint64_t(m.num_points) * 12, data.size()) : 0;
  std::vector<wrp::Region> regions{{1, 12, split, true, 0}, {2, 4, data.size() - split, true, split}};
  wrp::check_meshes("fuzz.wrp", {m}, regions, data, 0);  // a refusal is checked by run_one
  // Accepted: every index names a point, every point is finite, the counts fit.
  FUZZ_CHECK(m.num_points > 0 && m.num_tris > 0);
  auto* pr = wrp::find_region(regions, m.points_region);
  auto* ir = wrp::find_region(regions, m.indices_region);
  FUZZ_CHECK(pr && ir && pr->size >= uint64_t(m.num_points) * 12 && ir->size >= uint64_t(m.num_tris) * 12);
  for (uint64_t i = 0; i < uint64_t(m.num_tris) * 3; ++i) {
    int32_t v;
    std::memcpy(&v, data.data() + ir->data_offset + i * 4, 4);
    FUZZ_CHECK(v >= 0 && v < m.num_points);
  }
  for (uint64_t i = 0; i < uint64_t(m.num_points) * 3; ++i) {
    float f;
    std::memcpy(&f, data.data() + pr->data_offset + i * 4, 4);
    FUZZ_CHECK(std::isfinite(f));
  }
}
