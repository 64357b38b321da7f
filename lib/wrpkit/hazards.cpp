#include "wrpkit/hazards.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/artifact.hpp"

namespace wrp {

bool conditionals_replay_on(unsigned target_arch, const Arch& gpu) {
  return sass_runs_on(arch_from_number(int(target_arch)), gpu);
}

static std::string images_list(const ModuleBinary& b) {
  std::string s;
  for (auto& i : b.images) s += fmt::format("{}{}", s.empty() ? "" : ", ", i.arch.str());
  return s.empty() ? "no GPU code" : s;
}

std::vector<Hazard> find_hazards(const Artifact& a, const std::vector<Arch>& archs) {
  std::vector<Hazard> out;
  if (a.is_cpu()) {
    out.push_back({"cpu_graph", "", "a CPU graph: its modules are host objects and run on the CPU only"});
    return out;
  }
  for (size_t m = 0; m < a.modules.size(); ++m) {
    auto& mf = a.modules[m];
    auto& rec = a.meta.modules[m];
    const auto& bin = mf.binary;
    std::string file = rec.binary_filename;
    if (bin.kind == ModuleKind::cubin) {
      auto& arch = bin.images[0].arch;
      out.push_back({"cubin_only", file,
                     fmt::format("CUBIN-only module: SASS for {} alone, no PTX; it loads only on sm_{}.x GPUs with "
                                 "minor >= {}. Recapture with wp.config.cuda_output = \"ptx\" to build for other GPUs",
                                 arch.str(), arch.major, arch.minor)});
    } else if (bin.kind == ModuleKind::fatbin && !bin.lowest_ptx()) {
      out.push_back({"no_ptx_fallback", file,
                     fmt::format("no PTX in the fatbin ({}): GPUs newer than these archs cannot load it",
                                 images_list(bin))});
    }
    for (auto& img : bin.images)
      if (img.kind == ImageKind::sass && img.arch.variant == Variant::arch_specific)
        out.push_back({"arch_specific_sass", file,
                       fmt::format("{} SASS runs only on exactly sm_{} GPUs, not on later minors or majors",
                                   img.arch.str(), img.arch.number())});
    for (auto& gpu : archs) {
      auto* ptx = bin.lowest_ptx();
      if (!ptx || bin.load_path(gpu) != LoadPath::none || ptx_jits_on(ptx->arch, gpu)) continue;
      out.push_back({"ptx_target_above_arch", file,
                     fmt::format("PTX targets {}, above {}: it cannot be compiled for that GPU. Recapture with "
                                 "wp.config.ptx_target_arch = {} (or lower), or drop {}",
                                 ptx->arch.str(), gpu.sm(), gpu.number(), gpu.sm())});
    }
    // Every kernel the metadata names must exist in every image that lists its entries.
    for (auto& k : a.meta.kernels) {
      if (k.module_hash != rec.hash) continue;
      for (auto& img : bin.images) {
        if (!img.entries_known) continue;
        for (auto* name : {&k.forward_name, &k.backward_name}) {
          if (name->empty()) continue;
          if (std::find(img.entries.begin(), img.entries.end(), *name) == img.entries.end())
            out.push_back({"missing_entry", file,
                           fmt::format("{} image lacks kernel entry '{}' (kernel '{}'); the module file does not "
                                       "match the metadata",
                                       img.arch.str(), *name, k.key)});
        }
      }
    }
  }
  for (auto& [id, n] : a.ops.unresolved)
    out.push_back({"unresolved_launch", "",
                   fmt::format("{} launch(es) of kernel '{}' in module hash '{}' name no metadata kernel", n, id.second,
                               id.first)});
  if (a.ops.has_conditionals) {
    unsigned t = a.meta.target_arch;
    std::string msg = fmt::format(
        "graph has if/while ops: stock Warp compiles their condition kernels at load as SASS for target_arch {} "
        "(from the metadata), so it replays only on sm_{}.x GPUs with minor >= {}",
        t, t / 10, t % 10);
    std::string bad;
    for (auto& gpu : archs)
      if (!conditionals_replay_on(t, gpu)) bad += fmt::format("{}{}", bad.empty() ? "" : " ", gpu.sm());
    if (!bad.empty())
      msg += fmt::format("; fails on {} (wrp-build sets target_arch to the lowest target of one family)", bad);
    out.push_back({"conditional_target_arch", "", msg});
  }
  return out;
}

}  // namespace wrp
