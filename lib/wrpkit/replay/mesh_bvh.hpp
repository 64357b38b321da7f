// The BVH of a mesh as Warp (1.15 to 1.19) builds it for a CUDA mesh at load: its host
// top-down builder (SAH with 16 buckets, or median splits; leaves of `leaf_size` items or
// at the release's leaf depth: mesh_releases.hpp) over the triangles' bounds, then the
// reorder that puts leaves first before the tree is copied to the GPU.
// Query results that tie (a point as close to two triangles) depend on the order the
// tree visits them, so wrp-run builds the very tree Warp builds: the same float
// operations in the same order, and the same element orders as the C++ library Warp's
// Linux build uses (libstdc++'s std::partition and std::nth_element: gnu_order.hpp). This file is compiled without
// floating-point contraction so every platform rounds as Warp's x86-64 build does.
#pragma once
#include <cstdint>
#include <vector>

namespace wrp {

struct Vec3f {
  float v[3] = {0, 0, 0};
  float operator[](int i) const { return v[i]; }
};

// One half of a node as Warp lays it out (wp::BVHPackedNodeHalf, 16 bytes): a bound's
// corner, then a child index or primitive range end (31 bits) and the leaf flag (top bit).
struct BvhNodeHalf {
  float x = 0, y = 0, z = 0;
  uint32_t packed = 0;
  uint32_t index() const { return packed & 0x7fffffffu; }
  bool leaf() const { return packed >> 31; }
};
static_assert(sizeof(BvhNodeHalf) == 16);

struct HostBvh {
  std::vector<BvhNodeHalf> lowers, uppers;  // max_nodes entries (num_nodes used)
  std::vector<int32_t> parents;             // max_nodes entries, -1 at the root
  std::vector<int32_t> primitive_indices;   // num_items
  int32_t root = 0, max_depth = 0, max_nodes = 0, num_nodes = 0, num_leaf_nodes = 0, num_items = 0, leaf_size = 1;
};

// The constructor a mesh record names, numbered as Warp's BVH_CONSTRUCTOR_* constants.
enum class BvhConstructor : uint8_t { sah = 0, median = 1, lbvh = 2 };

// Warp's top-down tree (SAH or median) over item bounds, as its builder leaves it (root 0,
// before the reorder). `leaf_size` >= 1; at most 2^30 items (the caller checks); a node
// at `leaf_depth` is a leaf whatever it holds (MeshRelease::leaf_depth).
HostBvh build_top_down_bvh(const std::vector<Vec3f>& lowers, const std::vector<Vec3f>& uppers, int leaf_size,
                           BvhConstructor constructor, int leaf_depth);

// Leaves first, then inner nodes, the root's index updated: the layout Warp copies to the GPU.
void reorder_leaves_first(HostBvh& bvh);

}  // namespace wrp
