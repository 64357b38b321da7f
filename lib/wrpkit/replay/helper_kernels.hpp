// wrp-run's helper kernels: the kernels a replay needs beyond the capture's own
// modules (setting the condition of if/while graph nodes from the int32 Warp
// keeps in a region, filling memory with a repeated value, and the algorithm
// kernels that stand in for Warp's CUB calls: algorithms.hpp). wrp-build
// compiles them (build/helper_source.hpp) for every target into the artifact's
// own "wrpkit-helpers" section (a fatbin; stock Warp skips the section), so
// nothing compiles when an artifact is replayed. This layer knows their names
// and which ops need them; it holds no kernel source and no driver call.
#pragma once
#include <string>
#include <vector>

namespace wrp {

// Entry points (extern "C"), with their parameter lists as the runtime passes them.
// (handle, const int* cond, int negate): handle := (*cond != 0) xor negate
inline constexpr const char* kHelperSetCondition = "wrpkit_set_condition";
// (if_handle, else_handle, const int* cond): if := *cond != 0, else := the opposite
inline constexpr const char* kHelperSetIfElse = "wrpkit_set_if_else";
// (void* dst, const void* pattern, u64 pattern_words, u64 total_words, int word_bytes)
inline constexpr const char* kHelperMemtile = "wrpkit_memtile";

// Every helper entry: the three above and algorithm_kernel_entries().
std::vector<std::string> replay_helper_entries();

// wrp-run's mesh kernels: a fatbin of their own (the "wrpkit-mesh" section), compiled by
// wrp-build against Warp's headers (pipeline/kernels/replay_mesh.cu), since the descriptors
// they fill are Warp's structures: those of every release mesh_releases.hpp knows, alike.
// Parameters: that file.
inline constexpr const char* kMeshBounds = "wrpkit_mesh_bounds";
inline constexpr const char* kMeshInit = "wrpkit_mesh_init";
inline constexpr const char* kMeshEdgeLength = "wrpkit_mesh_edge_length";
inline constexpr const char* kMeshSolidAngles = "wrpkit_mesh_solid_angles";
// A device constant: {sizeof(wp::Mesh), sizeof(wp::SolidAngleProps)} of that release.
inline constexpr const char* kMeshSizes = "wrpkit_mesh_sizes";
std::vector<std::string> mesh_kernel_entries();

// Which ops need them, and which entries they launch: the replay plan's
// helper_ops and helper_entries (plan.hpp), from the nodes it records.

}  // namespace wrp
