// Which driver loads what, decided ahead of time (sources: CUDA Compatibility
// guide, the PTX ISA release notes, JetPack release notes; measured facts in
// docs/driver-floors.md):
// * SASS from a CUDA X.y compiler loads on every driver of major X on desktop and
//   datacenter GPUs (minor-version compatibility), not on an older major: CUDA 13
//   compilers write a new ELF ABI (OS/ABI 65, ABI version 8) that CUDA 12 drivers
//   cannot be expected to load. Jetson Orin and older Tegra (sm_53, 62, 72, 87)
//   have no minor-version compatibility: only drivers at least as new as the
//   compiler load its SASS.
// * A driver JIT-compiles PTX up to the ISA of its own release.
// An artifact's floor is the oldest driver it must load on: a profile's `cuda`,
// --min-driver, else the CUDA of the Warp that wrote the capture (capture_cuda).
#pragma once
#include <optional>
#include <string>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/cuda_version.hpp"

namespace wrp {

struct Artifact;
struct Image;
struct ModuleBinary;

bool has_minor_version_compat(const Arch& gpu);
// Whether SASS from a compiler of release `compiler` loads on `gpu` under a driver of `driver`.
bool sass_loads_under(CudaVersion compiler, CudaVersion driver, const Arch& gpu);
// The oldest driver that loads the image: SASS on its own arch (its compiler's major on
// the desktop, the compiler's release on Orin), PTX its ISA's release by JIT; nullopt
// when not known (compressed SASS without a toolkit note).
std::optional<CudaVersion> image_min_driver(const Image& img);
// The CUDA release of the Warp that wrote a capture, from its modules: the newest
// PTX image's release (Warp's NVRTC: 12.9 for warp-lang 1.17, 13.4 for 1.18 and
// 1.19), else the newest SASS image's compiler, else (no module) the CUDA of the
// PyPI wheels that write the format. nullopt for CPU graphs and when nothing says. A Warp of CUDA X.y runs only where
// drivers of X.y (or a newer minor on desktop) run, so this is the floor an artifact of it needs.
std::optional<CudaVersion> capture_cuda(const Artifact& a);
// The oldest driver that loads every SASS image of `a` on its own arch: the artifact's
// floor for the GPUs it was built for. nullopt without SASS, or where an image does not say.
std::optional<CudaVersion> sass_floor(const Artifact& a);

}  // namespace wrp
