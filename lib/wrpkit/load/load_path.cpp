#include "wrpkit/load/load_path.hpp"

#include <fmt/format.h>

#include "wrpkit/load/driver_floor.hpp"

namespace wrp {

std::string cubin_only_fixes(int lowest) {
  return fmt::format(
      "save with wp.capture_save(..., source_fallback=True) (Warp 1.19) so wrp-build compiles the "
      "retained CUDA source, or recapture with wp.config.cuda_output = \"ptx\" and "
      "wp.config.ptx_target_arch = {} (the lowest target)",
      lowest ? std::to_string(lowest) : std::string("<lowest target>"));
}

LoadPath binary_load_path(const ModuleBinary& binary, const Arch& gpu, std::optional<CudaVersion> driver) {
  // The driver prefers matching SASS and JIT-compiles PTX only when none fits.
  auto loads = [&](const Image& i) {
    if (!driver || !i.release) return true;
    return i.kind == ImageKind::sass ? sass_loads_under(*i.release, *driver, gpu)
                                     : i.isa <= max_ptx_isa(driver->code());
  };
  for (auto& i : binary.images)
    if (i.kind == ImageKind::sass && sass_runs_on(i.arch, gpu) && loads(i)) return LoadPath::sass;
  for (auto& i : binary.images)
    if (i.kind == ImageKind::ptx && ptx_jits_on(i.arch, gpu) && loads(i)) return LoadPath::jit;
  return LoadPath::none;
}

LoadPath module_load_path(const Artifact& a, size_t m, const Arch& gpu, std::optional<CudaVersion> driver) {
  if (a.is_cpu()) return LoadPath::none;
  auto p = binary_load_path(a.modules[m].binary, gpu, driver);
  return p == LoadPath::none && has_source_fallback(a, m) ? LoadPath::source : p;
}

std::optional<LoadPath> conditions_load_path(const Artifact& a, const Arch& gpu) {
  if (a.is_cpu() || !a.ops.has_conditionals || strict_header_arch(a.container.version)) return std::nullopt;
  return sass_runs_on(arch_from_number(int(a.meta.target_arch)), gpu) ? LoadPath::sass : LoadPath::none;
}

LoadPath artifact_load_path(const Artifact& a, const Arch& gpu, std::optional<CudaVersion> driver) {
  if (a.is_cpu()) return LoadPath::none;
  auto rank = [](LoadPath p) { return p == LoadPath::sass ? 0 : p == LoadPath::none ? 2 : 1; };
  LoadPath worst = conditions_load_path(a, gpu).value_or(LoadPath::sass);
  for (size_t m = 0; m < a.modules.size(); ++m)
    if (auto p = module_load_path(a, m, gpu, driver);
        rank(p) > rank(worst) || (rank(p) == rank(worst) && p == LoadPath::jit))
      worst = p;
  return worst;
}

}  // namespace wrp
