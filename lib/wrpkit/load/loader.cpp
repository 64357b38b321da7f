#include "wrpkit/load/loader.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/load/load_path.hpp"

namespace wrp {

const char* outcome_name(Outcome o) { return o == Outcome::sass ? "sass" : o == Outcome::jit ? "jit" : "impossible"; }

Outcome LoadPlan::worst() const {
  Outcome w = Outcome::sass;
  for (auto* list : {&modules, &graph})
    for (auto& m : *list) w = std::max(w, m.outcome);
  return w;
}

std::string fix_command(const Artifact& a, const Arch& gpu) {
  // Rebuild from the original capture when this artifact was built by wrpkit.
  std::string input = a.wrp_path.string();
  std::vector<std::string> targets;
  if (auto& prov = a.provenance) {
    if (!prov->input_wrp.empty()) input = prov->input_wrp;
    for (auto& t : prov->targets)
      if (t != "?") targets.push_back(t);
  }
  if (std::find(targets.begin(), targets.end(), gpu.sm()) == targets.end()) targets.push_back(gpu.sm());
  std::sort(targets.begin(), targets.end(), [](auto& x, auto& y) { return parse_arch(x) < parse_arch(y); });
  std::string out = a.wrp_path.stem().string() + ".portable.wrp";
  return fmt::format("wrp-build {} --arch {} -o {}", input, fmt::join(targets, ","), out);
}

namespace {

// What a module plan's messages call the GPU: "NVIDIA H100 (sm_90, driver 13.0)".
std::string gpu_words(const GpuInfo& gpu) {
  return fmt::format("{} ({}, driver {})", gpu.name.empty() ? "this GPU" : gpu.name, gpu.arch.sm(), gpu.driver_str());
}

// SASS for this GPU that this driver does not load (CUDA 13 SASS under a CUDA 12 driver).
void plan_sass_above_driver(ModulePlan& p, const Artifact& a, size_t m, const GpuInfo& gpu, LoadPath under_driver) {
  auto& bin = a.modules[m].binary;
  auto driver = CudaVersion::from_code(gpu.driver_version);
  auto where = gpu_words(gpu);
  std::string made;
  for (auto& i : bin.images)
    if (i.kind == ImageKind::sass && sass_runs_on(i.arch, gpu.arch) && i.release)
      made = fmt::format("{} SASS made by CUDA {} (ELF ABI {})", i.arch.sm(), i.release->str(), i.elf_abi);
  p.message = fmt::format("module {} has {}, which {} cannot be expected to load{}", p.file, made, where,
                          under_driver == LoadPath::jit ? "; the driver will JIT-compile its PTX instead" : "");
  p.outcome = under_driver == LoadPath::jit && !gpu.jit_disabled ? Outcome::jit : Outcome::impossible;
  p.fix = fmt::format("rebuild for this driver: {} --min-driver {}", fix_command(a, gpu.arch), driver.str());
}

// No SASS for this GPU: the driver JIT-compiles PTX, unless JIT is off or the ISA is too new.
void plan_jit(ModulePlan& p, const Artifact& a, size_t m, const GpuInfo& gpu) {
  auto& bin = a.modules[m].binary;
  auto where = gpu_words(gpu);
  const Image* ptx = nullptr;
  for (auto& i : bin.images)
    if (i.kind == ImageKind::ptx && ptx_jits_on(i.arch, gpu.arch)) {
      ptx = &i;
      break;
    }
  int isa = ptx ? ptx->isa : 0;
  p.fix = fix_command(a, gpu.arch);
  if (gpu.jit_disabled) {
    p.outcome = Outcome::impossible;
    p.message = fmt::format(
        "module {} has no SASS for {} (it holds {}) and needs PTX JIT, but "
        "CUDA_DISABLE_PTX_JIT is set",
        p.file, where, p.images);
  } else if (isa > max_ptx_isa(gpu.driver_version)) {
    p.outcome = Outcome::impossible;
    p.message = fmt::format(
        "module {} needs PTX JIT on {}, but its PTX ISA {} needs a newer driver (this one "
        "JIT-compiles up to ISA {}); update the driver or build SASS",
        p.file, where, isa_str(isa), isa_str(max_ptx_isa(gpu.driver_version)));
  } else {
    p.outcome = Outcome::jit;
    p.message = fmt::format(
        "module {} has no SASS for {} (it holds {}); the driver will JIT-compile its PTX "
        "at every cold start",
        p.file, where, p.images);
  }
}

// Warp 1.19 compiles the retained .cu with NVRTC on this GPU: a JIT at load.
void plan_source(ModulePlan& p, const Artifact& a, size_t m, const GpuInfo& gpu) {
  auto where = gpu_words(gpu);
  p.outcome = Outcome::jit;
  p.message = fmt::format(
      "module {} has no code for {} (it holds {}); Warp {} will compile its retained CUDA "
      "source {} with NVRTC at load (seconds per module, Warp's headers needed here)",
      p.file, where, p.images, a.meta.producer_version, a.meta.modules[m].source_filename);
  p.fix = fix_command(a, gpu.arch);
}

// Nothing in the module runs here: why, and the capture or build that fixes it.
void plan_impossible(ModulePlan& p, const Artifact& a, size_t m, const GpuInfo& gpu) {
  auto& bin = a.modules[m].binary;
  auto where = gpu_words(gpu);
  p.outcome = Outcome::impossible;
  auto* ptx = bin.lowest_ptx();
  if (!ptx && bin.kind == ModuleKind::cubin) {
    p.message = fmt::format("module {} is a CUBIN for {} only; it cannot run on {}", p.file, p.images, where);
    p.fix = cubin_only_fixes(gpu.arch.number()) + ", then " + fix_command(a, gpu.arch);
  } else if (ptx && !ptx_jits_on(ptx->arch, gpu.arch)) {
    p.message =
        fmt::format("module {} holds {}; its PTX targets {}, above {}", p.file, p.images, ptx->arch.str(), where);
    p.fix = fmt::format("recapture with wp.config.ptx_target_arch = {}, then {}", gpu.arch.number(),
                        fix_command(a, gpu.arch));
  } else {
    p.message = fmt::format("module {} has no code for {}: it holds {} and no PTX to JIT", p.file, where, p.images);
    p.fix = fix_command(a, gpu.arch);
  }
}

ModulePlan plan_module(const Artifact& a, size_t m, const GpuInfo& gpu) {
  auto& bin = a.modules[m].binary;
  ModulePlan p;
  p.file = a.meta.modules[m].binary_filename;
  p.images = bin.image_list(" ");
  if (a.is_cpu()) {
    p.message = fmt::format("module {} is a CPU host object; this is a CPU graph", p.file);
    return p;
  }
  auto path = module_load_path(a, m, gpu.arch);
  auto under_driver = module_load_path(a, m, gpu.arch, CudaVersion::from_code(gpu.driver_version));
  if (path == LoadPath::sass && under_driver != LoadPath::sass) {
    plan_sass_above_driver(p, a, m, gpu, under_driver);
  } else if (path == LoadPath::sass) {
    p.outcome = Outcome::sass;
    p.message = fmt::format("module {} loads native SASS on {}", p.file, gpu_words(gpu));
  } else if (path == LoadPath::jit) {
    plan_jit(p, a, m, gpu);
  } else if (path == LoadPath::source) {
    plan_source(p, a, m, gpu);
  } else {
    plan_impossible(p, a, m, gpu);
  }
  for (auto& i : bin.images)
    if (i.kind == ImageKind::sass && i.arch.variant == Variant::arch_specific && sass_runs_on(i.arch, gpu.arch) &&
        p.outcome == Outcome::sass)
      p.message += fmt::format(" (arch-specific {} image: this exact GPU only)", i.arch.str());
  return p;
}

}  // namespace

LoadPlan plan_load(const Artifact& a, const GpuInfo& gpu) {
  LoadPlan plan;
  plan.gpu = gpu;
  std::string where = gpu_words(gpu);
  for (size_t m = 0; m < a.meta.modules.size() && m < a.modules.size(); ++m)
    plan.modules.push_back(plan_module(a, m, gpu));
  // Bytes that differ from wrp-build's manifest never load (load_modules refuses them).
  if (!a.integrity.problems.empty()) {
    ModulePlan g;
    g.file = "(artifact)";
    g.outcome = Outcome::impossible;
    g.message = integrity_error(a.integrity);
    g.fix = "copy the artifact again from its source, or rebuild it with wrp-build";
    plan.graph.push_back(g);
  }
  // 1.19 (format 18) builds condition kernels for the replay GPU; older Warp for target_arch.
  if (conditions_load_path(a, gpu.arch) == LoadPath::none) {
    ModulePlan g;
    g.file = "(graph)";
    g.outcome = Outcome::impossible;
    g.message = fmt::format(
        "the graph has if/while ops; stock Warp builds their condition kernels as SASS for "
        "target_arch {}, which cannot run on {}",
        a.meta.target_arch, where);
    g.fix = fmt::format("wrp-build {} --arch {} -o {}.{}.wrp", a.wrp_path.string(), gpu.arch.sm(),
                        a.wrp_path.stem().string(), gpu.arch.sm());
    plan.graph.push_back(g);
  }
  return plan;
}

std::vector<ModuleLoad> load_modules(const Artifact& a, const CudaDriver& drv, const LoadPlan& plan,
                                     const TrustPolicy& trust) {
  require_trusted(a, trust);  // before any module reaches the driver
  std::vector<ModuleLoad> out;
  for (size_t m = 0; m < a.modules.size(); ++m) {
    auto& rec = a.meta.modules[m];
    auto entries = a.meta.entries_of(rec.hash);
    auto r = drv.load(plan.gpu.ordinal, a.modules[m].bytes, entries);
    ModuleLoad ml{rec.binary_filename, r.ok, ""};
    if (r.ok)
      ml.message = fmt::format("loaded {}, {} kernel entr{} resolved", r.loaded_image(), entries.size(),
                               entries.size() == 1 ? "y" : "ies");
    else if (!r.missing.empty())
      ml.message = fmt::format("loaded, but missing entries: {}", fmt::join(r.missing, ", "));
    else
      ml.message = fmt::format("failed to load on {} ({}): {}", plan.gpu.name, plan.gpu.arch.sm(), r.error);
    out.push_back(ml);
  }
  return out;
}

}  // namespace wrp
