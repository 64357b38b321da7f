#include "wrpkit/formats/meshes.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

constexpr uint64_t kVec3Bytes = 12, kTriangleBytes = 12;
constexpr unsigned kKnownConstructors = 3;  // SAH, median, LBVH (Warp's BVH_CONSTRUCTOR_*)

struct MeshCheck {
  const std::string& where;  // "FILE: metadata.meshes[i]"
  const std::vector<Region>& regions;
  ByteView memory;
  uint64_t origin;

  [[noreturn]] void refuse(const std::string& what) const {
    fail(Exit::bad_input,
         fmt::format("{}: {}; the capture is damaged or was not written by Warp: re-save it", where, what));
  }

  // The region `id` holding at least `bytes`, and its initial data when it has some.
  ByteView region(const char* field, uint32_t id, uint64_t bytes) const {
    auto* r = find_region(regions, id);
    if (!r) refuse(fmt::format("{} names region {}, which the memory section lacks", field, id));
    if (r->size < bytes)
      refuse(fmt::format("{} (region {}) holds {} bytes, fewer than the {} it needs", field, id, r->size, bytes));
    if (!r->has_initial_data) return {};
    return initial_data(*r, memory, origin, bytes);
  }

  void finite_points(ByteView points) const {
    for (uint64_t i = 0; i < points.size() / 4; ++i) {
      float v;
      std::memcpy(&v, points.data() + i * 4, 4);
      if (!std::isfinite(v)) refuse(fmt::format("point {} has a coordinate that is not finite ({})", i / 3, v));
    }
  }

  void indices_in_range(ByteView indices, int32_t points) const {
    for (uint64_t i = 0; i < indices.size() / 4; ++i) {
      int32_t v;
      std::memcpy(&v, indices.data() + i * 4, 4);
      if (v < 0 || v >= points)
        refuse(fmt::format("triangle {} uses point {}, outside its {} points", i / 3, v, points));
    }
  }
};

}  // namespace

void check_meshes(const std::string& file, const std::vector<MeshRecord>& meshes, const std::vector<Region>& regions,
                  ByteView memory, uint64_t origin) {
  for (size_t i = 0; i < meshes.size(); ++i) {
    auto& m = meshes[i];
    MeshCheck c{fmt::format("{}: metadata.meshes[{}]", file, i), regions, memory, origin};
    if (m.num_points <= 0 || m.num_tris <= 0)
      c.refuse(fmt::format("a mesh of {} points and {} triangles (Warp builds no BVH over nothing)", m.num_points,
                           m.num_tris));
    if (m.bvh_constructor >= kKnownConstructors)
      c.refuse(fmt::format("BVH constructor {} is none Warp knows (0 SAH, 1 median, 2 LBVH)", m.bvh_constructor));
    if (m.bvh_leaf_size == 0) c.refuse("a BVH leaf size of 0");
    auto points = c.region("points", m.points_region, uint64_t(m.num_points) * kVec3Bytes);
    auto indices = c.region("indices", m.indices_region, uint64_t(m.num_tris) * kTriangleBytes);
    if (m.velocities_region) c.region("velocities", m.velocities_region, uint64_t(m.num_points) * kVec3Bytes);
    c.finite_points(points);
    c.indices_in_range(indices, m.num_points);
  }
}

}  // namespace wrp
