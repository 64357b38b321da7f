// The Warp releases whose meshes wrp-run builds as their own loaders do, and the one
// thing that differs between them. From the releases' PyPI wheels (warp/native, compared
// by tests/data/warp-meshes/mesh_facts.py; docs/runs/2026-12-06-warp-mesh-facts.txt):
// 1.15.0 to 1.19.0 declare wp::Mesh, wp::BVH and wp::BVHPackedNodeHalf alike and ship the
// same mesh.cu, bvh.cu and solid_angle.h, and wrp-run's mesh kernels compiled against any
// of their headers have the same machine code; their host tree builders (bvh.cpp) differ
// only in the depth at which the rest of a subtree becomes one leaf. A release added here
// is checked by that script first.
#pragma once
#include <string>
#include <string_view>

#include "wrpkit/formats/metadata.hpp"

namespace wrp {

struct MeshRelease {
  const char* release;  // "1.18.0"
  int leaf_depth;       // the tree builder makes a node this deep a leaf, whatever it holds
};

// That release's facts, or nullptr where wrpkit does not know its meshes.
const MeshRelease* mesh_release(std::string_view release);
// "1.15.0 to 1.19.0", for messages.
std::string known_mesh_releases();
// The warp-lang to install for wrp-build to compile wrp-run's mesh kernels: the capture's
// own release where its metadata names one wrpkit knows, else the newest known.
std::string mesh_headers_release(const Metadata& meta);

// How the stock loaders of an artifact build its meshes (a loader builds each mesh and its
// tree at load): every release that loads its format, or the one its metadata names.
struct MeshRules {
  int leaf_depth = 0;
  std::string loaders;  // "Warp 1.16.0 to 1.18.0"
  std::string why_not;  // set: wrp-run cannot build them as those loaders do, and why
};
MeshRules mesh_rules(const Metadata& meta);

}  // namespace wrp
