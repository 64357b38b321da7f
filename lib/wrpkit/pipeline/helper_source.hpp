// The CUDA source of wrp-run's helper kernels (the model of which entries exist
// and which ops need them is the helpers layer's). Only wrp-build compiles it, so
// it lives here: the runtime library never carries kernel source.
#pragma once
#include <string>
#include <vector>

namespace wrp {

// The #ifdef group of the helper source that defines `entry` ("WRPKIT_SCAN_F32").
// Throws std::logic_error for a name that is not a helper entry.
std::string helper_group(const std::string& entry);

// The CUDA source wrp-build compiles with NVRTC (no headers needed), with the
// groups of `entries` switched on: a graph's helpers hold only what its ops launch.
std::string replay_helper_source(const std::vector<std::string>& entries);

// wrp-run's mesh kernels (kernels/replay_mesh.cu): compiled on their own, with Warp's
// options and the native headers of the capture's release.
std::string mesh_kernel_source();

// The algorithm kernels' part of it, with the block and tile shapes the host code
// launches with (replay/algorithms.hpp) defined in front.
std::string algorithm_kernel_source();

}  // namespace wrp
