// Mesh records against their regions: what a loader would read out of bounds or build
// a tree of NaN bounds from is refused by name, before anything else reads it.
#include "wrpkit/formats/meshes.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;
using namespace fixtures;

namespace {

// A tetrahedron: 4 points (region 1), 4 triangles (region 2), at file offset 0x100.
struct Tetra {
  std::vector<float> points{0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  std::vector<int32_t> indices{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
  MeshRecord record{.num_points = 4, .num_tris = 4, .bvh_leaf_size = 1, .points_region = 1, .indices_region = 2};

  std::string check() const {
    Bytes memory(points.size() * 4 + indices.size() * 4);
    std::memcpy(memory.data(), points.data(), points.size() * 4);
    std::memcpy(memory.data() + points.size() * 4, indices.data(), indices.size() * 4);
    std::vector<Region> regions{{1, 12, points.size() * 4, true, 0x100},
                                {2, 4, indices.size() * 4, true, 0x100 + points.size() * 4}};
    return error_of([&] { check_meshes("m.wrp", {record}, regions, memory, 0x100); });
  }
};

}  // namespace

TEST_CASE("meshes: a whole mesh passes, hostile records are refused with one line naming the record") {
  CHECK(Tetra{}.check().empty());
  struct Case {
    std::function<void(Tetra&)> spoil;
    const char* says;
  };
  Case cases[] = {
      {[](Tetra& t) { t.indices[5] = 4; }, "m.wrp: metadata.meshes[0]: triangle 1 uses point 4, outside its 4 points"},
      {[](Tetra& t) { t.indices[0] = -1; }, "triangle 0 uses point -1"},
      {[](Tetra& t) { t.record.num_tris = 0; }, "a mesh of 4 points and 0 triangles"},
      {[](Tetra& t) { t.record.num_points = -3; }, "a mesh of -3 points"},
      {[](Tetra& t) { t.points[4] = std::numeric_limits<float>::quiet_NaN(); },
       "point 1 has a coordinate that is not "
       "finite"},
      {[](Tetra& t) { t.points[0] = INFINITY; }, "point 0 has a coordinate that is not finite"},
      {[](Tetra& t) { t.record.num_tris = 5; }, "indices (region 2) holds 48 bytes, fewer than the 60 it needs"},
      {[](Tetra& t) { t.record.num_points = 1000000; }, "points (region 1) holds 48 bytes"},
      {[](Tetra& t) { t.record.points_region = 9; }, "points names region 9, which the memory section lacks"},
      {[](Tetra& t) { t.record.velocities_region = 7; }, "velocities names region 7"},
      {[](Tetra& t) { t.record.bvh_constructor = 3; }, "BVH constructor 3 is none Warp knows"},
      {[](Tetra& t) { t.record.bvh_leaf_size = 0; }, "a BVH leaf size of 0"},
  };
  for (auto& c : cases) {
    CAPTURE(c.says);
    Tetra t;
    c.spoil(t);
    auto why = t.check();
    CHECK(why.find(c.says) != std::string::npos);
    CHECK(why.find('\n') == std::string::npos);
  }
}

TEST_CASE("meshes: real Warp 1.19 meshes (352 and 100,352 triangles, winding numbers) pass the check") {
  auto small = open_artifact(fixtures::mesh18());
  auto big = open_artifact(fixtures::mesh100k18());
  REQUIRE(small.meta.meshes.size() == 1);
  REQUIRE(big.meta.meshes.size() == 1);
  CHECK(small.meta.meshes[0].num_tris == 352);
  CHECK(big.meta.meshes[0].num_tris == 100352);
  CHECK(big.meta.meshes[0].num_points == 50178);
  CHECK(big.meta.meshes[0].winding == 1);
}
