#include "wrpkit/report/hazards.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/artifact/raw_addresses.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/formats/provenance.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/load/driver_floor.hpp"
#include "wrpkit/load/load_path.hpp"

namespace wrp {

namespace {

using Hazards = std::vector<Hazard>;

// The capture_cuda a wrp-build output's provenance records; nullopt for captures and older builds.
std::optional<CudaVersion> provenance_capture_cuda(const Artifact& a) {
  if (!a.provenance || a.provenance->capture_cuda.empty()) return std::nullopt;
  return parse_cuda_version(a.provenance->capture_cuda);
}

// One module as the per-module checks see it.
struct ModuleView {
  const Artifact& a;
  size_t m;
  const ModuleFile& mf;
  const ModuleRecord& rec;
  const ModuleBinary& bin;
  const std::string& file;
};

// cubin_only, no_ptx_fallback: where the module loads beyond the archs it holds.
void check_coverage(Hazards& out, const ModuleView& v) {
  auto& [a, m, mf, rec, bin, file] = v;
  if (bin.kind == ModuleKind::cubin) {
    auto& arch = bin.images[0].arch;
    std::string where = is_tegra(arch) ? fmt::format("only on {} GPUs", arch.sm())
                                       : fmt::format("only on sm_{}.x GPUs with minor >= {}", arch.major, arch.minor);
    std::string fix =
        rec.retains_source() && mf.source_digest == Digest::match
            ? fmt::format("wrp-build compiles its retained CUDA source ({}) for every target", rec.source_filename)
            : "To build for other GPUs, " + cubin_only_fixes(0);
    out.push_back(
        {"cubin_only", file,
         fmt::format("CUBIN-only module: SASS for {} alone, no PTX; it loads {}. {}", arch.str(), where, fix)});
  } else if (bin.kind == ModuleKind::fatbin && !bin.lowest_ptx() && !has_source_fallback(a, m)) {
    out.push_back(
        {"no_ptx_fallback", file,
         fmt::format("no PTX in the fatbin ({}): GPUs newer than these archs cannot load it", bin.image_list())});
  }
}

void check_warp_digests(Hazards& out, const ModuleView& v) {
  auto& [a, m, mf, rec, bin, file] = v;
  // Format 18: Warp 1.19 checks the packaged binary (and a source it falls back to) against the record.
  if (mf.binary_digest == Digest::mismatch)
    out.push_back({"binary_digest_mismatch", file,
                   "the module file does not match the binary digest in the .wrp; Warp 1.19 refuses to load it. "
                   "Re-save the capture, or rebuild it with wrp-build (which writes the right digest)"});
  if (mf.source_digest == Digest::mismatch)
    out.push_back({"source_digest_mismatch", file,
                   fmt::format("the retained source {} does not match its digest; Warp 1.19 cannot fall back to it "
                               "and wrp-build cannot build from it. Re-save the capture",
                               rec.source_filename)});
  if (mf.source_digest == Digest::missing)
    out.push_back({"source_missing", file,
                   fmt::format("the record retains CUDA source {}, but the file is not in {}; keep the .cu beside "
                               "the module (Warp 1.19 falls back to it where the binary does not load)",
                               rec.source_filename, a.modules_dir.filename().string())});
}

void check_ptx_driver_floor(Hazards& out, const ModuleView& v) {
  auto& bin = v.bin;
  auto& file = v.file;
  // Embedded PTX only helps where the driver reads its ISA. Every CUDA 13 driver
  // reads ISA 9.0; newer PTX (Warp 1.18/1.19's NVRTC 13.4 writes 9.4) needs more.
  for (auto& img : bin.images)
    if (img.kind == ImageKind::ptx && !img.ptx_isa.empty()) {
      int isa = img.isa;
      if (isa <= max_ptx_isa(13000)) continue;
      out.push_back({"ptx_driver_floor", file,
                     fmt::format("{} PTX (ISA {}) JIT-compiles only on drivers of CUDA {} or newer; a GPU with no "
                                 "matching SASS and an older driver cannot load the module. Build SASS for every "
                                 "target (and --ptx none where older drivers matter)",
                                 img.arch.str(), img.ptx_isa, cuda_release_for_isa(isa))});
    }
}

// arch_specific_sass: sm_90a-style SASS runs on that exact arch alone.
void check_arch_specific_sass(Hazards& out, const ModuleView& v) {
  auto& bin = v.bin;
  auto& file = v.file;
  for (auto& img : bin.images)
    if (img.kind == ImageKind::sass && img.arch.variant == Variant::arch_specific)
      out.push_back({"arch_specific_sass", file,
                     fmt::format("{} SASS runs only on exactly sm_{} GPUs, not on later minors or majors",
                                 img.arch.str(), img.arch.number())});
}

// ptx_target_above_arch: a listed GPU below the PTX target, with nothing else that loads.
void check_ptx_target(Hazards& out, const ModuleView& v, const std::vector<Arch>& archs) {
  auto& [a, m, mf, rec, bin, file] = v;
  for (auto& gpu : archs) {
    auto* ptx = bin.lowest_ptx();
    if (!ptx || module_load_path(a, m, gpu) != LoadPath::none || ptx_jits_on(ptx->arch, gpu)) continue;
    out.push_back({"ptx_target_above_arch", file,
                   fmt::format("PTX targets {}, above {}: it cannot be compiled for that GPU. Recapture with "
                               "wp.config.ptx_target_arch = {} (or lower), or drop {}",
                               ptx->arch.str(), gpu.sm(), gpu.number(), gpu.sm())});
  }
}

void check_kernel_entries(Hazards& out, const ModuleView& v) {
  auto& [a, m, mf, rec, bin, file] = v;
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

void check_capture_cuda(Hazards& out, const Artifact& a) {
  // wrp-build records the CUDA of the Warp that wrote the capture: SASS of a newer major,
  // or PTX of a newer release, than that Warp needs keeps the artifact off drivers it runs on.
  if (auto own = provenance_capture_cuda(a)) {
    if (auto floor = sass_floor(a); floor && floor->major > own->major)
      out.push_back({"floor_above_warp", "",
                     fmt::format("its SASS needs a CUDA {} driver, but the Warp that wrote the capture is CUDA {}: "
                                 "the CUDA {} drivers that Warp runs on cannot load it. Rebuild it with this wrp-build "
                                 "(its floor follows the capture), or --min-driver {}",
                                 floor->str(), own->str(), own->major, own->str())});
    for (size_t m = 0; m < a.modules.size(); ++m)
      for (auto& i : a.modules[m].binary.images)
        if (i.kind == ImageKind::ptx && i.release && *i.release > *own)
          out.push_back({"ptx_above_warp", a.meta.modules[m].binary_filename,
                         fmt::format("{} PTX (ISA {}) needs a CUDA {} driver to JIT, newer than the CUDA {} of the "
                                     "Warp that wrote the capture",
                                     i.arch.str(), i.ptx_isa, i.release->str(), own->str())});
  }
}

// unresolved_launch: a launch whose kernel the metadata does not name.
void check_unresolved_launches(Hazards& out, const Artifact& a) {
  for (auto& [id, n] : a.ops.unresolved)
    out.push_back({"unresolved_launch", "",
                   fmt::format("{} launch(es) of kernel '{}' in module hash '{}' name no metadata kernel", n, id.second,
                               id.first)});
}

// raw_device_address: a device address of the capturing process saved as a plain number.
void check_raw_addresses(Hazards& out, const Artifact& a) {
  for (auto& r : find_raw_addresses(a))
    out.push_back({"raw_device_address", "",
                   fmt::format("{}'s parameter {} ({:#x}) {} a device address of the capturing process saved as a "
                               "plain number: Warp relocates arrays and wp.handle ids, not a wp.uint64, so a replay "
                               "(stock Warp's or wrp-run's) reads through a dangling address; pass mesh and other "
                               "ids as wp.handle{}",
                               r.kernel, r.param, r.value, r.typed ? "is" : "looks like",
                               r.typed ? " (wrp-run refuses it)" : "")});
}

// untracked_binding: a binding Warp wrote without memory (region -1).
void check_untracked_bindings(Hazards& out, const Artifact& a) {
  for (auto& b : a.meta.bindings)
    if (b.region_id == kUntrackedRegion)
      out.push_back({"untracked_binding", "",
                     fmt::format("binding '{}' names no memory (Warp did not track its array while capturing, for "
                                 "one an array a sparse op reallocated): setting or reading it fails in stock Warp and "
                                 "wrp-run alike; pass the array the graph itself uses",
                                 printable(b.name))});
}

void check_conditional_target_arch(Hazards& out, const Artifact& a, const std::vector<Arch>& archs) {
  // Up to 1.18 stock Warp builds condition kernels for target_arch; 1.19 for the replay GPU.
  if (a.ops.has_conditionals && !strict_header_arch(a.container.version)) {
    unsigned t = a.meta.target_arch;
    auto ta = arch_from_number(int(t));
    std::string where = is_tegra(ta)
                            ? fmt::format("only on sm_{} GPUs (Tegra runs only its own SASS)", t)
                            : fmt::format("only on sm_{}.x GPUs with minor >= {}, never on Tegra", t / 10, t % 10);
    std::string msg = fmt::format(
        "graph has if/while ops: stock Warp (up to 1.18) compiles their condition kernels at load as SASS for "
        "target_arch {} (from the metadata), so it replays {}",
        t, where);
    std::string bad;
    for (auto& gpu : archs)
      if (conditions_load_path(a, gpu) == LoadPath::none) bad += fmt::format("{}{}", bad.empty() ? "" : " ", gpu.sm());
    if (!bad.empty())
      msg += fmt::format(
          "; fails on {} (wrp-build sets target_arch to the lowest target of one arch family; "
          "--split-families writes one artifact per family)",
          bad);
    out.push_back({"conditional_target_arch", "", msg});
  }
}

}  // namespace

// Each hazard comes from one named check; the order here is the order reports list them in.
std::vector<Hazard> find_hazards(const Artifact& a, const std::vector<Arch>& archs) {
  Hazards out;
  // First: bytes that differ from the manifest wrp-build wrote (every loader refuses them).
  for (auto& p : a.integrity.problems) out.push_back({p.code, p.file, p.message});
  if (a.is_cpu()) {
    out.push_back({"cpu_graph", "", "a CPU graph: its modules are host objects and run on the CPU only"});
    return out;
  }
  for (size_t m = 0; m < a.modules.size(); ++m) {
    ModuleView v{a, m, a.modules[m], a.meta.modules[m], a.modules[m].binary, a.meta.modules[m].binary_filename};
    check_coverage(out, v);
    check_warp_digests(out, v);
    check_ptx_driver_floor(out, v);
    check_arch_specific_sass(out, v);
    check_ptx_target(out, v, archs);
    check_kernel_entries(out, v);
  }
  check_capture_cuda(out, a);
  check_unresolved_launches(out, a);
  check_untracked_bindings(out, a);
  check_raw_addresses(out, a);
  check_conditional_target_arch(out, a, archs);
  return out;
}

}  // namespace wrp
