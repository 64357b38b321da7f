#include "wrpkit/replay/mesh_releases.hpp"

#include <fmt/format.h>

#include <vector>

#include "wrpkit/formats/format_version.hpp"

namespace wrp {

namespace {

// 1.19.0 leaves one more slot of the query stack free (its bvh.cpp: "depth >=
// BVH_QUERY_STACK_SIZE - 1", where 1.15.0 to 1.18.0 have "depth >= BVH_QUERY_STACK_SIZE";
// the stack is 32 deep in all of them).
constexpr MeshRelease kMeshReleases[] = {
    {"1.15.0", 32}, {"1.16.0", 32}, {"1.17.0", 32}, {"1.18.0", 32}, {"1.19.0", 31},
};

// The release of Warp 1.x with this minor, or nullptr (PyPI has one release per minor here).
const MeshRelease* release_of_minor(int minor) { return mesh_release(fmt::format("1.{}.0", minor)); }

std::string span(const std::vector<const MeshRelease*>& r) {
  return r.size() == 1 ? fmt::format("Warp {}", r.front()->release)
                       : fmt::format("Warp {} to {}", r.front()->release, r.back()->release);
}

}  // namespace

const MeshRelease* mesh_release(std::string_view release) {
  for (auto& r : kMeshReleases)
    if (release == r.release) return &r;
  return nullptr;
}

std::string known_mesh_releases() {
  return fmt::format("{} to {}", kMeshReleases[0].release, std::end(kMeshReleases)[-1].release);
}

std::string mesh_headers_release(const Metadata& meta) {
  return mesh_release(meta.producer_version) ? meta.producer_version : std::end(kMeshReleases)[-1].release;
}

MeshRules mesh_rules(const Metadata& meta) {
  MeshRules rules;
  auto* format = format_version(meta.version);
  std::vector<const MeshRelease*> loaders;
  if (!format || format->first_loader_minor == 0) {
    auto* r = mesh_release(meta.producer_version);
    rules.loaders = fmt::format("Warp {}", meta.producer_version.empty() ? "?" : meta.producer_version);
    if (!r) {
      rules.why_not = fmt::format("{} loads them, and wrp-run builds the meshes of Warp {} only", rules.loaders,
                                  known_mesh_releases());
      return rules;
    }
    loaders.push_back(r);
  } else {
    for (int minor = format->first_loader_minor; minor <= format->last_loader_minor; ++minor) {
      auto* r = release_of_minor(minor);
      if (!r) {
        rules.why_not = fmt::format("Warp 1.{} loads them, and wrp-run builds the meshes of Warp {} only", minor,
                                    known_mesh_releases());
        return rules;
      }
      loaders.push_back(r);
    }
    rules.loaders = span(loaders);
  }
  rules.leaf_depth = loaders.front()->leaf_depth;
  for (auto* r : loaders)
    if (r->leaf_depth != rules.leaf_depth)
      rules.why_not = fmt::format("{} load them and build different trees (leaves at depth {} and {})", rules.loaders,
                                  rules.leaf_depth, r->leaf_depth);
  return rules;
}

}  // namespace wrp
