// wrp-run's BVH builder against stock Warp's own: tests/data/bvh-w119/golden.toml holds
// digests of the trees Warp 1.19's host SAH builder made (make_golden.py, run with
// warp-lang 1.19.0) for the two real H100 mesh captures and a triangle soup with 200
// equal triangles, at leaf sizes 1 and 4. The bounds here are computed as Warp's host
// mesh does (the GPU's differ at most in the sign of a zero bound).
#include "wrpkit/replay/mesh_bvh.hpp"

#include <doctest/doctest.h>
#include <toml++/toml.h>

#include <cfloat>
#include <cstring>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/npy.hpp"

using namespace wrp;

namespace {

struct Triangles {
  std::vector<Vec3f> points;
  std::vector<int32_t> indices;
};

std::vector<Vec3f> as_points(ByteView b) {
  std::vector<Vec3f> p(b.size() / 12);
  std::memcpy(p.data(), b.data(), p.size() * 12);
  return p;
}
std::vector<int32_t> as_ints(ByteView b) {
  std::vector<int32_t> v(b.size() / 4);
  std::memcpy(v.data(), b.data(), v.size() * 4);
  return v;
}

Triangles capture_mesh(const fs::path& folder) {
  auto a = open_artifact(folder, false);
  REQUIRE(a.meta.meshes.size() == 1);
  auto& m = a.meta.meshes[0];
  auto& mem = *a.container.find(kSectionMemory);
  auto data = [&](uint32_t id, uint64_t bytes) {
    auto* r = find_region(a.regions, id);
    REQUIRE(r);
    return initial_data(*r, mem.data, mem.file_offset, bytes);
  };
  return {as_points(data(m.points_region, uint64_t(m.num_points) * 12)),
          as_ints(data(m.indices_region, uint64_t(m.num_tris) * 12))};
}

Triangles soup() {
  auto dir = (fixtures::data() / "bvh-w119");
  auto p = read_npy(dir / "soup_points.npy"), i = read_npy(dir / "soup_indices.npy");
  return {as_points(p.data), as_ints(i.data)};
}

// Warp's host mesh: each triangle's bounds from FLT_MAX / -FLT_MAX, point by point.
void triangle_bounds(const Triangles& t, std::vector<Vec3f>& lo, std::vector<Vec3f>& hi) {
  size_t n = t.indices.size() / 3;
  lo.assign(n, Vec3f{{FLT_MAX, FLT_MAX, FLT_MAX}});
  hi.assign(n, Vec3f{{-FLT_MAX, -FLT_MAX, -FLT_MAX}});
  for (size_t k = 0; k < n; ++k)
    for (int c = 0; c < 3; ++c) {
      auto& p = t.points[size_t(t.indices[3 * k + c])];
      for (int d = 0; d < 3; ++d) {
        lo[k].v[d] = p[d] < lo[k][d] ? p[d] : lo[k][d];
        hi[k].v[d] = p[d] > hi[k][d] ? p[d] : hi[k][d];
      }
    }
}

template <class T>
std::string digest(const std::vector<T>& v, size_t count) {
  return sha256_hex(ByteView(reinterpret_cast<const uint8_t*>(v.data()), count * sizeof(T)));
}

void check_against_warp(const std::string& name, const Triangles& t, int leaf_size) {
  static auto golden = toml::parse_file(((fixtures::data() / "bvh-w119") / "golden.toml").string());
  auto g = golden[name];
  REQUIRE_MESSAGE(g.as_table(), name);
  std::vector<Vec3f> lo, hi;
  triangle_bounds(t, lo, hi);
  std::string constructor = g["constructor"].value_or("");
  REQUIRE_MESSAGE((constructor == "sah" || constructor == "median"), name);
  auto bvh = build_top_down_bvh(lo, hi, leaf_size, constructor == "sah" ? BvhConstructor::sah : BvhConstructor::median);
  INFO(name);
  CHECK(bvh.num_items == g["triangles"].value_or(-1));
  CHECK(bvh.num_nodes == g["num_nodes"].value_or(-1));
  CHECK(bvh.num_leaf_nodes == g["num_leaf_nodes"].value_or(-1));
  CHECK(bvh.max_depth == g["max_depth"].value_or(-1));
  CHECK(bvh.max_nodes == g["max_nodes"].value_or(-1));
  size_t nodes = size_t(bvh.num_nodes);
  CHECK(digest(bvh.primitive_indices, bvh.primitive_indices.size()) == g["primitive_indices"].value_or(""));
  CHECK(digest(bvh.lowers, nodes) == g["node_lowers"].value_or(""));
  CHECK(digest(bvh.uppers, nodes) == g["node_uppers"].value_or(""));
  CHECK(digest(bvh.parents, nodes) == g["node_parents"].value_or(""));
}

}  // namespace

TEST_CASE("BVH: the real mesh captures' trees are the ones stock Warp's SAH builder makes, node for node") {
  check_against_warp("mesh_small", capture_mesh(fixtures::mesh18()), 1);
  check_against_warp("mesh_100k", capture_mesh(fixtures::mesh100k18()), 1);
}

TEST_CASE("BVH: the real mesh captures' median trees are the ones stock Warp's median builder makes") {
  check_against_warp("mesh_small_median", capture_mesh(fixtures::mesh18()), 1);
  check_against_warp("mesh_100k_median", capture_mesh(fixtures::mesh100k18()), 1);
}

TEST_CASE("BVH: a triangle soup with 200 equal centroids, at leaf sizes 1 and 4, as Warp builds it") {
  auto t = soup();
  check_against_warp("soup_leaf1", t, 1);
  check_against_warp("soup_leaf4", t, 4);
  check_against_warp("soup_median_leaf1", t, 1);  // equal keys: nth_element's order decides the leaves
  check_against_warp("soup_median_leaf4", t, 4);
}

TEST_CASE("BVH: leaves first after the reorder, every child and parent index moved with its node") {
  auto t = soup();
  std::vector<Vec3f> lo, hi;
  triangle_bounds(t, lo, hi);
  auto before = build_top_down_bvh(lo, hi, 4, BvhConstructor::sah);
  auto after = before;
  reorder_leaves_first(after);
  REQUIRE(after.num_nodes == before.num_nodes);
  int leaves = after.num_leaf_nodes;
  CHECK(leaves == before.num_leaf_nodes);
  for (int i = 0; i < after.num_nodes; ++i) CHECK_MESSAGE(after.lowers[size_t(i)].leaf() == (i < leaves), i);
  CHECK(after.root == leaves);  // the builder's first inner node: the first placed after the leaves
  CHECK(after.parents[size_t(after.root)] == -1);
  // every inner node's children name it as their parent; leaves cover every item once
  std::vector<int> seen(size_t(after.num_items), 0);
  for (int i = 0; i < after.num_nodes; ++i) {
    auto& l = after.lowers[size_t(i)];
    auto& u = after.uppers[size_t(i)];
    if (l.leaf()) {
      for (uint32_t k = l.index(); k < u.index(); ++k) seen[size_t(after.primitive_indices[k])]++;
      continue;
    }
    CHECK(after.parents[l.index()] == i);
    CHECK(after.parents[u.index()] == i);
  }
  for (int s : seen) CHECK(s == 1);
  // one item: the root is a leaf at 0
  auto one = build_top_down_bvh({lo[0]}, {hi[0]}, 1, BvhConstructor::median);
  reorder_leaves_first(one);
  CHECK((one.num_nodes == 1 && one.root == 0 && one.lowers[0].leaf()));
}
