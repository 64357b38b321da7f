#include "wrpkit/pipeline/plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/load/driver_floor.hpp"
#include "wrpkit/load/load_path.hpp"
#include "wrpkit/pipeline/ptx_prune.hpp"
#include "wrpkit/pipeline/refusals.hpp"
#include "wrpkit/replay/helper_kernels.hpp"
#include "wrpkit/replay/support.hpp"
#include "wrpkit/report/hazards.hpp"
#include "wrpkit/toolchain/find.hpp"

namespace wrp {

const char* image_origin_name(ImageOrigin o) {
  return o == ImageOrigin::ptx ? "ptx" : o == ImageOrigin::source ? "source" : "binary";
}

bool BuildPlan::needs_ptx_compiler() const {
  return std::any_of(jobs.begin(), jobs.end(), [](auto& j) { return j.from == ImageOrigin::ptx; });
}
bool BuildPlan::needs_source_compiler() const {
  return std::any_of(jobs.begin(), jobs.end(), [](auto& j) { return j.from == ImageOrigin::source; });
}

std::string fatbin_name(const std::string& src) {
  std::string stem = src;
  auto dot = stem.rfind('.');
  if (dot != std::string::npos) stem.resize(dot);
  if (stem.ends_with(".fatbin")) stem.resize(stem.size() - 7);  // a wrp-build output's "x.fatbin.cubin"
  dot = stem.rfind('.');
  if (dot != std::string::npos) {
    auto tail = std::string_view(stem).substr(dot + 1);
    // ".sm90" (Warp's arch tag) or ".1a2b3c4d" (the content tag of a wrp-build output)
    bool content_tag = tail.size() == 8 && tail.find_first_not_of("0123456789abcdef") == std::string_view::npos;
    if ((tail.starts_with("sm") && parse_arch(tail.substr(2))) || content_tag) stem.resize(dot);
  }
  return stem + ".fatbin";
}

bool ToolNeed::accepts(CudaVersion r) const {
  return (!major || r.major == major) && (!at_most || r <= *at_most) &&
         (!reads_isa || max_ptx_isa(r.code()) >= reads_isa);
}

std::string ToolNeed::str() const {
  std::string s = major ? fmt::format("CUDA {}.x", major) : "CUDA";
  if (at_most) s += fmt::format("{} {} or older", major ? "," : "", at_most->str());
  if (reads_isa) s += fmt::format(" reading PTX ISA {}", isa_str(reads_isa));
  return s;
}

namespace {

// SASS for `t` that a driver of the plan's floor loads: a compiler of the floor's
// major, on Tegra without minor-version compatibility one no newer than the floor.
ToolNeed sass_need(const BuildPlan& plan, const Arch& t) {
  ToolNeed n;
  n.major = plan.floor.major;
  if (!has_minor_version_compat(t.as_gpu())) n.at_most = plan.floor;
  return n;
}

// PTX to embed: an ISA the floor's driver reads, and no newer than the capture's own
// (Warp 1.19 writes ISA 9.4; NVRTC 13.5 would write 9.5 and raise what the artifact needs).
ToolNeed ptx_need(const BuildPlan& plan, const Artifact& a) {
  ToolNeed n;
  n.at_most = plan.floor;
  if (auto own = capture_cuda(a); own && *own < plan.floor) n.at_most = own;
  return n;
}

std::string unreadable_ptx_fixes(std::optional<CudaVersion> written_by, CudaVersion floor) {
  if (!written_by) return "recapture with a released Warp";
  if (written_by->major > floor.major)
    return fmt::format(
        "build for a CUDA {0} floor (--min-driver {0}.0: drivers R580 and newer); for CUDA {1} "
        "drivers recapture with a CUDA {1} Warp (warp-lang 1.17 is CUDA 12.9), or save with "
        "capture_save(..., source_fallback=True) (Warp 1.19) so wrp-build compiles the source with "
        "CUDA {1}",
        written_by->major, floor.major);
  return fmt::format(
      "install cuda-compat-{}-{} on the board and build with --min-driver {}; recapture with a Warp "
      "built with CUDA {} or older; or save with capture_save(..., source_fallback=True) (Warp 1.19) "
      "and build from source",
      written_by->major, written_by->minor, written_by->str(), floor.str());
}

// Cuts the module's PTX down to the kernels the metadata names (see ptx_prune.hpp).
// Anything unexpected leaves the whole module in place: slower, never wrong.
void keep_launched_kernels(const std::string& where, size_t entries, PlannedModule& pm) {
  std::set<std::string> keep(pm.entries.begin(), pm.entries.end());
  if (keep.empty() || keep.size() >= entries) return;
  auto text = std::string_view(reinterpret_cast<const char*>(pm.ptx.data()), pm.ptx.size());
  auto cut = keep_entries(text, keep);
  if (!cut) {
    log::warn("{}: PTX not shaped as expected; compiling all {} kernels", where, entries);
    return;
  }
  Bytes bytes(cut->begin(), cut->end());
  auto left = parse_ptx(where, bytes).entries;
  if (std::set<std::string>(left.begin(), left.end()) != keep || left.size() != keep.size()) {
    log::warn("{}: cutting unused kernels went wrong; compiling all {} kernels", where, entries);
    return;
  }
  pm.ptx = std::move(bytes);
  pm.kernels_kept = keep.size();
}

class Planner {
 public:
  Planner(const BuildOptions& opt, const Artifact& a, BuildPlan& plan) : opt_(opt), a_(a), plan_(plan) {}

  void module(size_t m) {
    auto& rec = a_.meta.modules[m];
    PlannedModule pm;
    pm.record = rec;
    pm.entries = a_.meta.entries_of(rec.hash);
    bool want_source = opt_.from == BuildFrom::source || (opt_.from == BuildFrom::automatic && rec.retains_source());
    if (opt_.from == BuildFrom::source && !rec.retains_source())
      refuse(Exit::target, fmt::format("module {} retains no CUDA source (it was saved without "
                                       "capture_save(..., source_fallback=True)); build it --from binary or auto",
                                       rec.binary_filename));
    else if (want_source)
      from_source(m, pm);
    else
      from_binary(m, pm);
    name_output(m, pm);
    plan_.modules.push_back(std::move(pm));
  }

  Refusals refusals;

  // "drop sm_75", saying where targets the user did not type came from.
  std::string drop(const std::vector<std::string>& archs) const {
    return fmt::format("drop {}{}", fmt::join(archs, ", "),
                       opt_.targets_from.empty() ? ""
                                                 : fmt::format(" (the targets come from {}: pass --arch to choose "
                                                               "them)",
                                                               opt_.targets_from));
  }

 private:
  void refuse(Exit code, std::string msg) { refusals.add(code, std::move(msg)); }

  size_t job(ImageOrigin from, const std::string& digest, const Arch& arch, bool to_ptx, size_t module,
             const ToolNeed& need) {
    auto key = fmt::format("{} {} {} {} {}", image_origin_name(from), digest, arch.str(), to_ptx, need.str());
    auto [it, inserted] = index_.emplace(key, plan_.jobs.size());
    if (inserted) plan_.jobs.push_back({module, arch, from, to_ptx, digest, need, {}});
    return it->second;
  }

  void from_source(size_t m, PlannedModule& pm) {
    auto& rec = a_.meta.modules[m];
    auto& mf = a_.modules[m];
    pm.from = ImageOrigin::source;
    if (mf.source_digest == Digest::missing)
      return refuse(Exit::bad_input, fmt::format("module {}: its CUDA source {} is missing from {}; restore it, or "
                                                 "build --from binary",
                                                 rec.binary_filename, rec.source_filename, a_.modules_dir.string()));
    if (mf.source_digest == Digest::mismatch)
      return refuse(Exit::bad_input,
                    fmt::format("module {}: {} does not match the source digest in the .wrp (edited or corrupt; "
                                "Warp 1.19 refuses it too); re-save the capture, or build --from binary",
                                rec.binary_filename, mf.source_path.string()));
    try {
      pm.source.recipe = parse_recipe(rec.recipe, fmt::format("{}: module {}", a_.name(), rec.binary_filename));
    } catch (const Error& e) {
      return refuse(e.code(), e.what());
    }
    pm.source.text.assign(mf.source.begin(), mf.source.end());
    pm.source.name = rec.source_filename;
    auto digest = fmt::format("{} {}", rec.source_digest, pm.source.recipe.str());
    for (auto& t : plan_.targets) pm.jobs.push_back(job(ImageOrigin::source, digest, t, false, m, sass_need(plan_, t)));
    if (opt_.ptx == PtxMode::lowest)
      pm.jobs.push_back(job(ImageOrigin::source, digest, plan_.targets.front().as_gpu(), true, m, ptx_need(plan_, a_)));
  }

  void from_binary(size_t m, PlannedModule& pm) {
    auto& rec = a_.meta.modules[m];
    auto& mf = a_.modules[m];
    const Image* ptx = nullptr;  // the PTX to compile from, as open_artifact read it
    switch (mf.binary.kind) {
      case ModuleKind::ptx: ptx = &mf.binary.images[0]; break;
      case ModuleKind::cubin:
        pm.prebuilt.push_back({mf.binary.images[0].arch, mf.bytes, mf.binary.images[0].release});
        break;
      case ModuleKind::fatbin: {
        // An artifact wrp-build made before: rebuild from its PTX, else reuse its SASS.
        for (auto& i : mf.binary.images) {
          if (i.kind == ImageKind::ptx && (!ptx || i.arch.number() < ptx->arch.number())) ptx = &i;
          if (i.kind == ImageKind::sass && !i.compressed)
            pm.prebuilt.push_back({i.arch, mf.bytes.slice(i.offset, i.span), i.release});
        }
        if (ptx && ptx->compressed && pm.prebuilt.empty())
          return refuse(Exit::target, fmt::format("module {} holds compressed PTX only, which wrpkit cannot "
                                                  "decompress; build from the original capture",
                                                  rec.binary_filename));
        if (ptx && ptx->compressed) ptx = nullptr;  // its SASS, as it is
        if (ptx) pm.prebuilt.clear();
        break;
      }
      case ModuleKind::object:
        return refuse(Exit::bad_input, fmt::format("module {} is a host object in a CUDA graph", rec.binary_filename));
    }
    if (ptx) {
      auto t = strip_trailing_nuls(ptx->bytes_in(mf.bytes));
      pm.ptx.assign(t.begin(), t.end());
      pm.ptx_arch = ptx->arch;
      return from_ptx(m, *ptx, pm);
    }
    pm.from = ImageOrigin::binary;
    std::vector<std::string> uncovered, old_driver;
    std::string made_by;  // the release of prebuilt SASS the floor's driver does not load
    for (auto& t : plan_.targets) {
      bool covered = false, loads = false;
      for (auto& pre : pm.prebuilt)
        if (sass_runs_on(pre.arch, t.as_gpu()) && (t.variant != Variant::arch_specific || pre.arch == t)) {
          covered = true;
          bool here = !pre.release || sass_loads_under(*pre.release, plan_.floor, t.as_gpu());
          if (!here) made_by = pre.release->str();
          loads = loads || here;
        }
      if (!covered)
        uncovered.push_back(t.sm());
      else if (!loads)
        old_driver.push_back(t.sm());
    }
    if (!old_driver.empty())
      refuse(Exit::target,
             fmt::format("module {} is SASS made by CUDA {} ({}), which a driver of the {} floor ({}) does not load on "
                         "{}, and there is nothing to recompile. Build for a floor of its CUDA (--min-driver {}), or "
                         "{}; or {}",
                         rec.binary_filename, made_by, mf.binary.image_list(), plan_.floor.str(), plan_.floor_from,
                         fmt::join(old_driver, ", "), made_by, cubin_only_fixes(plan_.targets.front().number()),
                         drop(old_driver)));
    if (!uncovered.empty())
      refuse(Exit::target,
             fmt::format("module {} is CUBIN only ({}) and retains no CUDA source: nothing can make it run on {}. "
                         "Fix: {}; or {}",
                         rec.binary_filename, mf.binary.image_list(), fmt::join(uncovered, ", "),
                         cubin_only_fixes(plan_.targets.front().number()), drop(uncovered)));
  }

  // `ptx`: the image pm.ptx holds (its entries and ISA, read once by open_artifact).
  void from_ptx(size_t m, const Image& ptx, PlannedModule& pm) {
    auto& rec = a_.meta.modules[m];
    auto where = a_.modules[m].path.string();
    pm.from = ImageOrigin::ptx;
    pm.ptx_isa = ptx.isa;
    for (auto& n : pm.entries)
      if (std::find(ptx.entries.begin(), ptx.entries.end(), n) == ptx.entries.end())
        return refuse(Exit::bad_input, fmt::format("{} lacks kernel entry '{}' that the metadata names", where, n));
    pm.kernels_total = pm.kernels_kept = ptx.entries.size();
    if (!opt_.all_kernels) keep_launched_kernels(where, ptx.entries.size(), pm);
    auto digest = sha256_hex(pm.ptx);
    // No compiler older than the PTX reads it: SASS the floor's driver loads needs one that does.
    auto written_by = release_for_ptx_isa(pm.ptx_isa);
    std::vector<std::string> below, unreadable;
    for (auto& t : plan_.targets) {
      auto need = sass_need(plan_, t);
      need.reads_isa = pm.ptx_isa;
      bool readable = written_by && (written_by->major <= need.major || !need.major) &&
                      (!need.at_most || *written_by <= *need.at_most);
      if (!ptx_jits_on(pm.ptx_arch, t))
        below.push_back(t.sm());
      else if (!readable)
        unreadable.push_back(t.sm());
      else
        pm.jobs.push_back(job(ImageOrigin::ptx, digest, t, false, m, need));
    }
    if (!unreadable.empty())
      refuse(Exit::target,
             fmt::format("module {} holds PTX ISA {} (written by CUDA {}), which no compiler whose SASS a CUDA {} "
                         "driver loads on {} can read (the floor {} comes from {}). Fixes: {}",
                         rec.binary_filename, isa_str(pm.ptx_isa), written_by ? written_by->str() : "?",
                         plan_.floor.str(), fmt::join(unreadable, ", "), plan_.floor.str(), plan_.floor_from,
                         unreadable_ptx_fixes(written_by, plan_.floor)));
    if (!below.empty())
      refuse(Exit::target,
             fmt::format("module {} holds PTX for {}, which cannot be compiled for {} (below it). Recapture with "
                         "wp.config.ptx_target_arch = {} (the lowest target), or {}",
                         rec.binary_filename, pm.ptx_arch.str(), fmt::join(below, ", "), plan_.targets.front().number(),
                         drop(below)));
    pm.embed_ptx = opt_.ptx == PtxMode::lowest;
  }

  // Output file name and record. Up to format 16 the loader takes any file that
  // is not *.ptx as raw bytes, so "<stem>.fatbin". Format 18 (Warp 1.19): a
  // binary-only record stays binary-only with a ".fatbin" name; a record with
  // retained source keeps its .cu and digest (1.19 falls back to it on GPUs
  // outside the targets) and needs a name ending ".cubin" with kind CUBIN, as
  // 1.19 loads a kind-CUBIN file as raw bytes, which the driver reads as a fatbin.
  void name_output(size_t m, PlannedModule& pm) {
    auto& rec = a_.meta.modules[m];
    auto& mf = a_.modules[m];
    pm.record.binary_filename = fatbin_name(rec.binary_filename);
    if (!has_module_artifacts(a_.meta.version)) return;
    if (rec.retains_source() && mf.source_digest == Digest::match) {
      pm.record.binary_filename += ".cubin";
      pm.record.binary_kind = kBinaryCubin;
      pm.copy_source = true;
    } else if (rec.retains_source()) {
      // Only a --from binary build gets here with a bad .cu (auto and source refuse it).
      if (pm.from != ImageOrigin::source)
        log::warn("module {}: its CUDA source {} {}; the output record drops it (binary only)", rec.binary_filename,
                  rec.source_filename,
                  mf.source_digest == Digest::missing ? "is missing" : "does not match its digest");
      pm.record.make_binary_only();
    }
  }

  const BuildOptions& opt_;
  const Artifact& a_;
  BuildPlan& plan_;
  std::map<std::string, size_t> index_;
};

// The floor: asked for, else the CUDA of the Warp that wrote the capture.
void choose_floor(const BuildOptions& opt, const Artifact& a, BuildPlan& plan) {
  if (opt.min_driver) {
    plan.floor = *opt.min_driver;
    plan.floor_from = opt.min_driver_from.empty() ? "--min-driver" : opt.min_driver_from;
  } else if (auto own = capture_cuda(a)) {
    plan.floor = *own;
    plan.floor_from = fmt::format("the capture: its Warp's CUDA {}", own->str());
  } else {
    plan.floor = {13, 0};
    plan.floor_from = "no CUDA release read from the capture: CUDA 13";
  }
}

// Names that are no GPU, and GPUs no compiler of the floor's major builds, are refused
// once and kept out of the modules' plans (no advice to recapture for a target that cannot be).
void choose_targets(const std::vector<Arch>& targets, BuildPlan& plan, Planner& p) {
  for (auto& msg : gpu_list_problems(targets, "--arch")) p.refusals.add(Exit::usage, msg);
  std::vector<std::string> unbuildable;
  for (auto& t : targets) {
    if (!is_gpu_arch(t)) continue;
    auto& archs = archs_of_cuda(plan.floor.major);
    if (std::find(archs.begin(), archs.end(), t.number()) != archs.end())
      plan.targets.push_back(t);
    else
      unbuildable.push_back(t.sm());
  }
  if (!unbuildable.empty())
    p.refusals.add(Exit::target,
                   fmt::format("{}: CUDA {} compilers, whose SASS the floor's driver (CUDA {}, from {}) needs, do "
                               "not build {} ({}); {}",
                               fmt::join(unbuildable, ", "), plan.floor.major, plan.floor.str(), plan.floor_from,
                               unbuildable.size() == 1 ? "it" : "them",
                               plan.floor.major >= 13 ? "CUDA 13 builds sm_75 and newer; older GPUs need a CUDA 12 "
                                                        "floor, --min-driver 12.x"
                                                      : "Jetson Thor (sm_110) runs CUDA 13 drivers only: give it a "
                                                        "13.x floor",
                               p.drop(unbuildable)));
}

// The refusal where one artifact cannot serve every target (needs_artifact_per_family):
// naming the families, since a Tegra GPU runs the condition kernels only if target_arch
// is exactly its arch.
void check_condition_families(const Artifact& a, const BuildPlan& plan, Refusals& refusals) {
  if (!needs_artifact_per_family(a, plan.targets)) return;
  auto fams = sass_families(plan.targets);
  std::vector<std::string> names, first;
  for (auto& [family, archs] : fams) {
    names.push_back(fmt::format("{}{}", family, is_tegra(archs.front()) ? " (Tegra: runs only its own SASS)" : ""));
    first.push_back(archs.front().sm());
  }
  refusals.add(Exit::target,
               fmt::format("{} has if/while ops: stock Warp up to 1.18 compiles their condition kernels at load as "
                           "SASS for the graph's one target_arch, which runs on one arch family only, but the "
                           "targets span {}. Build once per family (--arch {}, ...), or pass --split-families to "
                           "write one artifact per family",
                           a.name(), fmt::join(names, ", "), first.front()));
}

void check_unique_file_names(const BuildPlan& plan) {
  std::map<std::string, size_t> names;
  for (auto& pm : plan.modules)
    if (names[pm.record.binary_filename]++)
      fail(Exit::bad_input, fmt::format("two modules would both be written as {}; module file names must differ "
                                        "before their .smNN suffix",
                                        pm.record.binary_filename));
}

// wrp-run's own kernels: the helpers its replay plan launches (plan.hpp) and the mesh
// kernels, for every target (and the lowest as PTX where PTX is kept).
void plan_runtime_kernels(const BuildOptions& opt, const Artifact& a, BuildPlan& plan) {
  auto replay = plan_replay(a);  // refuses ops it cannot plan, with or without helpers
  if (!opt.replay_helpers) return;
  auto add_jobs = [&](PlannedHelpers& k) {
    for (auto& t : plan.targets) k.jobs.push_back({t, false, sass_need(plan, t), {}});
    if (opt.ptx == PtxMode::lowest) k.jobs.push_back({plan.targets.front(), true, ptx_need(plan, a), {}});
  };
  if (!replay.helper_entries.empty()) {
    plan.helpers.emplace();
    plan.helpers->for_ops = std::move(replay.helper_ops);
    plan.helpers->entries = std::move(replay.helper_entries);
    add_jobs(*plan.helpers);
  }
  if (builds_meshes(a)) {
    plan.mesh.emplace();
    plan.mesh->for_ops = {"mesh"};
    plan.mesh->entries = mesh_kernel_entries();
    add_jobs(*plan.mesh);
  }
}

// Up to 1.18 stock Warp builds if/while condition kernels at load as SASS for the
// metadata's target_arch: the lowest target makes them run on every target of
// its family. 1.19 builds them for the replay GPU and requires header == metadata.
void choose_target_arch(const Artifact& a, BuildPlan& plan) {
  plan.target_arch = a.meta.target_arch;
  auto lowest = uint32_t(plan.targets.front().number());
  if (a.ops.has_conditionals && !strict_header_arch(a.meta.version) && a.meta.target_arch != lowest) {
    plan.target_arch = lowest;
    plan.target_arch_changed = true;
  }
}

}  // namespace

bool needs_artifact_per_family(const Artifact& a, const std::vector<Arch>& targets) {
  return a.ops.has_conditionals && !strict_header_arch(a.meta.version) && sass_families(targets).size() > 1;
}

BuildPlan plan_build(const BuildOptions& opt, const Artifact& a, const fs::path& out, std::vector<Arch> targets) {
  std::sort(targets.begin(), targets.end());
  BuildPlan plan;
  plan.out = out;
  Planner p(opt, a, plan);
  choose_floor(opt, a, plan);
  choose_targets(targets, plan, p);
  if (plan.targets.empty()) p.refusals.throw_if_any();
  for (size_t m = 0; m < a.modules.size(); ++m) p.module(m);
  check_condition_families(a, plan, p.refusals);
  p.refusals.throw_if_any();
  check_unique_file_names(plan);
  plan_runtime_kernels(opt, a, plan);
  choose_target_arch(a, plan);
  return plan;
}

}  // namespace wrp
