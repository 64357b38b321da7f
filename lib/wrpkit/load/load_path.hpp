// How stock Warp and the CUDA driver would load an artifact's modules on a GPU: from
// SASS, by JIT of PTX, from Warp 1.19's retained source, or not at all. Decided from
// the images' arches and compilers (driver_floor.hpp), never by asking a driver.
#pragma once
#include <optional>
#include <string>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/cuda_version.hpp"

namespace wrp {

// How a GPU of this arch would load a module: SASS, PTX JIT or not at all. With
// `driver`, only images that driver loads count (driver_floor.hpp: a CUDA 12 driver
// and CUDA 13 SASS, PTX of a newer ISA); images of unknown origin count.
LoadPath binary_load_path(const ModuleBinary& binary, const Arch& gpu,
                          std::optional<CudaVersion> driver = std::nullopt);

// How stock Warp loads module `module` on a GPU of this arch (under a driver of
// `driver`, when given: binary_load_path).
LoadPath module_load_path(const Artifact& a, size_t module, const Arch& gpu,
                          std::optional<CudaVersion> driver = std::nullopt);
// Up to format 16 stock Warp compiles a graph's if/while condition kernels at load as
// SASS for the metadata's target_arch: sass where that runs on `gpu`, else none.
// nullopt when the graph has no if/while, or Warp builds them for the replay GPU (1.19).
std::optional<LoadPath> conditions_load_path(const Artifact& a, const Arch& gpu);
// Where the whole artifact loads on `gpu`: the worst of its modules and conditions
// (none, then jit or source, then sass).
LoadPath artifact_load_path(const Artifact& a, const Arch& gpu, std::optional<CudaVersion> driver = std::nullopt);

// How to get a capture wrp-build can retarget, for a CUBIN-only module without
// source; `lowest` is the lowest target arch number, 0 when not known.
std::string cubin_only_fixes(int lowest);

}  // namespace wrp
