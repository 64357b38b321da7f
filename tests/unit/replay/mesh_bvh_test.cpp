// wrp-run's BVH builder against stock Warp's own: tests/data/warp-meshes/golden-RELEASE.toml holds
// digests of the trees each Warp release's host builder made (make_golden.py, run with
// that warp-lang) for the two real H100 mesh captures, a triangle soup with 200 equal
// triangles at leaf sizes 1 and 4, and "stairs", deep enough that the release's leaf depth
// (mesh_releases.hpp, the one difference between the releases' builders) shapes it. Each
// release's trees are built here with that release's entry of the table. The bounds here
// are computed as Warp's host mesh does (the GPU's differ at most in the sign of a zero bound).
#include "wrpkit/replay/mesh_bvh.hpp"

#include <doctest/doctest.h>
#include <toml++/toml.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <map>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/formats/npy.hpp"
#include "wrpkit/replay/mesh_releases.hpp"

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
  auto dir = (fixtures::data() / "warp-meshes");
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

// make_golden.py's stairs(): 36 small triangles, the i-th at 32^(i / 3) on axis i % 3,
// a chain of SAH splits that reaches the leaf depth.
Triangles stairs() {
  Triangles t;
  for (int i = 0; i < 36; ++i) {
    int a = i % 3;
    Vec3f p, q, r;
    p.v[a] = std::ldexp(1.0f, 5 * (i / 3));
    q = r = p;
    q.v[(a + 1) % 3] = 0.25f;
    r.v[(a + 2) % 3] = 0.25f;
    t.points.insert(t.points.end(), {p, q, r});
  }
  for (int i = 0; i < 3 * 36; ++i) t.indices.push_back(i);
  return t;
}

toml::table& golden_of(const std::string& release) {
  static std::map<std::string, toml::table> goldens;
  auto it = goldens.find(release);
  if (it == goldens.end())
    it = goldens
             .emplace(release,
                      toml::parse_file((fixtures::data() / "warp-meshes" / ("golden-" + release + ".toml")).string()))
             .first;
  return it->second;
}

void check_against_warp(const std::string& name, const Triangles& t, int leaf_size,
                        const std::string& release = "1.19.0") {
  auto g = golden_of(release)[name];
  REQUIRE_MESSAGE(g.as_table(), release, " ", name);
  auto* rules = mesh_release(release);
  REQUIRE_MESSAGE(rules, release);
  std::vector<Vec3f> lo, hi;
  triangle_bounds(t, lo, hi);
  std::string constructor = g["constructor"].value_or("");
  REQUIRE_MESSAGE((constructor == "sah" || constructor == "median"), name);
  auto bvh = build_top_down_bvh(lo, hi, leaf_size, constructor == "sah" ? BvhConstructor::sah : BvhConstructor::median,
                                rules->leaf_depth);
  INFO(release, " ", name);
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
  auto before = build_top_down_bvh(lo, hi, 4, BvhConstructor::sah, 31);
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
  auto one = build_top_down_bvh({lo[0]}, {hi[0]}, 1, BvhConstructor::median, 31);
  reorder_leaves_first(one);
  CHECK((one.num_nodes == 1 && one.root == 0 && one.lowers[0].leaf()));
}

// The releases make_golden.py was run with (mesh_releases.hpp knows each).
static const char* const kGoldenReleases[] = {"1.15.0", "1.16.0", "1.17.0", "1.18.0", "1.19.0"};

TEST_CASE("BVH: Warp 1.15 to 1.18 built the real meshes' and the soup's trees as 1.19 does") {
  auto& newest = golden_of("1.19.0");
  for (auto* release : kGoldenReleases) {
    auto& g = golden_of(release);
    for (auto& entry : newest) {
      std::string name(entry.first.str());
      if (name.starts_with("stairs")) continue;
      INFO(release, " ", name);
      REQUIRE(g[name].as_table());
      for (auto& field : *entry.second.as_table()) {
        auto theirs = g[name][field.first.str()];
        CHECK(theirs.value<std::string>() == field.second.value<std::string>());
        CHECK(theirs.value<int64_t>() == field.second.value<int64_t>());
      }
    }
  }
}

TEST_CASE("BVH: a chain deep enough to reach the leaf depth is cut where each release cuts it") {
  auto t = stairs();
  for (auto* release : kGoldenReleases) {
    check_against_warp("stairs", t, 1, release);
    check_against_warp("stairs_median", t, 1, release);
  }
  // the releases' trees differ, so the leaf depths above were told apart
  CHECK(golden_of("1.18.0")["stairs"]["node_lowers"].value<std::string>() !=
        golden_of("1.19.0")["stairs"]["node_lowers"].value<std::string>());
}
