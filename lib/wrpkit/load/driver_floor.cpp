#include "wrpkit/load/driver_floor.hpp"

#include <algorithm>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/formats/ptx.hpp"

namespace wrp {

bool has_minor_version_compat(const Arch& gpu) {
  // JetPack 6 (Orin) and older boards: none. Thor (sm_110) runs the server driver stack.
  return !is_tegra(gpu) || gpu.number() >= 100;
}

bool sass_loads_under(CudaVersion compiler, CudaVersion driver, const Arch& gpu) {
  if (compiler.major != driver.major) return compiler.major < driver.major;
  return has_minor_version_compat(gpu) || compiler <= driver;
}

std::optional<CudaVersion> image_min_driver(const Image& img) {
  if (!img.release) return std::nullopt;
  if (img.kind == ImageKind::ptx) return img.release;
  return has_minor_version_compat(img.arch.as_gpu()) ? CudaVersion{img.release->major, 0} : *img.release;
}

std::optional<CudaVersion> capture_cuda(const Artifact& a) {
  if (a.is_cpu()) return std::nullopt;
  std::optional<CudaVersion> ptx, sass;
  for (auto& m : a.modules)
    for (auto& i : m.binary.images) {
      auto& best = i.kind == ImageKind::ptx ? ptx : sass;
      if (i.release && (!best || *i.release > *best)) best = i.release;
    }
  if (ptx || sass) return ptx ? ptx : sass;
  // No module says (a graph of algorithm ops only): the CUDA of the PyPI wheels that
  // write the format: 1.18.0 and 1.19.0 carry NVRTC 13.4; 1.16 and 1.17 are CUDA 12
  // builds (12.8 and 12.9: the older, so Orin's SASS comes from no newer a compiler).
  switch (a.container.version) {
    case 15: return CudaVersion{12, 8};
    case 16:
    case 18: return CudaVersion{13, 4};
    default: return std::nullopt;
  }
}

std::optional<CudaVersion> sass_floor(const Artifact& a) {
  std::optional<CudaVersion> floor;
  for (auto& m : a.modules)
    for (auto& i : m.binary.images) {
      if (i.kind != ImageKind::sass) continue;
      auto d = image_min_driver(i);
      if (!d) return std::nullopt;
      if (!floor || *d > *floor) floor = d;
    }
  return floor;
}

}  // namespace wrp
