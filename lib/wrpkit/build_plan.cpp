#include "wrpkit/build_plan.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <map>
#include <set>

#include "wrpkit/artifact.hpp"
#include "wrpkit/replay_helpers.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/fatbin.hpp"
#include "wrpkit/hash.hpp"
#include "wrpkit/hazards.hpp"
#include "wrpkit/ptx.hpp"
#include "wrpkit/ptx_prune.hpp"

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

namespace {

// Every refusal found while planning, reported together as one error.
class Refusals {
 public:
  void add(Exit code, std::string msg) { list_.emplace_back(code, std::move(msg)); }
  template <class F>
  void each(F&& f) const {
    for (auto& [code, msg] : list_) f(code, msg);
  }
  void throw_if_any() const {
    if (list_.empty()) return;
    // The input's own faults first (2), then impossible targets (3), then tools (4).
    Exit code = std::min_element(list_.begin(), list_.end())->first;
    if (list_.size() == 1) fail(code, list_[0].second);
    std::string msg = fmt::format("{} problems, nothing was built:", list_.size());
    for (size_t i = 0; i < list_.size(); ++i) msg += fmt::format(" ({}) {}{}", i + 1, list_[i].second, i + 1 < list_.size() ? ";" : "");
    fail(code, msg);
  }

 private:
  std::vector<std::pair<Exit, std::string>> list_;
};

// Cuts the module's PTX down to the kernels the metadata names (see ptx_prune.hpp).
// Anything unexpected leaves the whole module in place: slower, never wrong.
void keep_launched_kernels(const std::string& where, const PtxInfo& info, PlannedModule& pm) {
  std::set<std::string> keep(pm.entries.begin(), pm.entries.end());
  if (keep.empty() || keep.size() >= info.entries.size()) return;
  auto text = std::string_view(reinterpret_cast<const char*>(pm.ptx.data()), pm.ptx.size());
  auto cut = keep_entries(text, keep);
  if (!cut) {
    spdlog::warn("{}: PTX not shaped as expected; compiling all {} kernels", where, info.entries.size());
    return;
  }
  Bytes bytes(cut->begin(), cut->end());
  auto left = parse_ptx(where, bytes).entries;
  if (std::set<std::string>(left.begin(), left.end()) != keep || left.size() != keep.size()) {
    spdlog::warn("{}: cutting unused kernels went wrong; compiling all {} kernels", where, info.entries.size());
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

  size_t job(ImageOrigin from, const std::string& digest, const Arch& arch, bool to_ptx, size_t module) {
    auto key = fmt::format("{} {} {} {}", image_origin_name(from), digest, arch.str(), to_ptx);
    auto [it, inserted] = index_.emplace(key, plan_.jobs.size());
    if (inserted) plan_.jobs.push_back({module, arch, from, to_ptx, digest});
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
    for (auto& t : plan_.targets) pm.jobs.push_back(job(ImageOrigin::source, digest, t, false, m));
    if (opt_.ptx == PtxMode::lowest)
      pm.jobs.push_back(job(ImageOrigin::source, digest, plan_.targets.front().as_gpu(), true, m));
  }

  void from_binary(size_t m, PlannedModule& pm) {
    auto& rec = a_.meta.modules[m];
    auto& mf = a_.modules[m];
    switch (mf.binary.kind) {
      case ModuleKind::ptx: {
        auto t = strip_trailing_nuls(mf.bytes);
        pm.ptx.assign(t.begin(), t.end());
        pm.ptx_arch = mf.binary.ptx->target;
        break;
      }
      case ModuleKind::cubin:
        pm.prebuilt.emplace_back(mf.binary.images[0].arch, mf.bytes);
        break;
      case ModuleKind::fatbin: {
        // An artifact wrp-build made before: rebuild from its PTX, else reuse its SASS.
        auto entries = parse_fatbin(mf.path.string(), mf.bytes);
        const FatbinEntry* ptx = nullptr;
        for (auto& e : entries) {
          if (e.kind == ImageKind::ptx && (!ptx || e.arch.number() < ptx->arch.number())) ptx = &e;
          if (e.kind == ImageKind::sass && !e.compressed)
            pm.prebuilt.emplace_back(e.arch, Bytes(mf.bytes.begin() + e.offset, mf.bytes.begin() + e.offset + e.size));
        }
        if (ptx && ptx->compressed && pm.prebuilt.empty())
          return refuse(Exit::target, fmt::format("module {} holds compressed PTX only, which wrpkit cannot "
                                                  "decompress; build from the original capture",
                                                  rec.binary_filename));
        if (ptx && !ptx->compressed) {
          auto t = strip_trailing_nuls(ByteView(mf.bytes).subspan(ptx->offset, ptx->size));
          pm.ptx.assign(t.begin(), t.end());
          pm.ptx_arch = ptx->arch;
          pm.prebuilt.clear();
        }
        break;
      }
      case ModuleKind::object:
        return refuse(Exit::bad_input, fmt::format("module {} is a host object in a CUDA graph", rec.binary_filename));
    }
    if (!pm.ptx.empty()) return from_ptx(m, pm);
    pm.from = ImageOrigin::binary;
    std::vector<std::string> uncovered;
    for (auto& t : plan_.targets) {
      bool covered = std::any_of(pm.prebuilt.begin(), pm.prebuilt.end(), [&](auto& s) {
        return sass_runs_on(s.first, t.as_gpu()) && (t.variant != Variant::arch_specific || s.first == t);
      });
      if (!covered) uncovered.push_back(t.sm());
    }
    if (!uncovered.empty())
      refuse(Exit::target,
             fmt::format("module {} is CUBIN only ({}) and retains no CUDA source: nothing can make it run on {}. "
                         "Fix: {}; or {}",
                         rec.binary_filename, mf.binary.image_list(), fmt::join(uncovered, ", "),
                         cubin_only_fixes(plan_.targets.front().number()), drop(uncovered)));
  }

  void from_ptx(size_t m, PlannedModule& pm) {
    auto& rec = a_.meta.modules[m];
    auto where = a_.modules[m].path.string();
    pm.from = ImageOrigin::ptx;
    auto info = parse_ptx(where, pm.ptx);
    pm.ptx_isa = info.isa_major * 10 + info.isa_minor;
    for (auto& n : pm.entries)
      if (std::find(info.entries.begin(), info.entries.end(), n) == info.entries.end())
        return refuse(Exit::bad_input, fmt::format("{} lacks kernel entry '{}' that the metadata names", where, n));
    pm.kernels_total = pm.kernels_kept = info.entries.size();
    if (!opt_.all_kernels) keep_launched_kernels(where, info, pm);
    auto digest = sha256_hex(pm.ptx);
    std::vector<std::string> below;
    for (auto& t : plan_.targets) {
      if (ptx_jits_on(pm.ptx_arch, t)) pm.jobs.push_back(job(ImageOrigin::ptx, digest, t, false, m));
      else below.push_back(t.sm());
    }
    if (!below.empty())
      refuse(Exit::target,
             fmt::format("module {} holds PTX for {}, which cannot be compiled for {} (below it). Recapture with "
                         "wp.config.ptx_target_arch = {} (the lowest target), or {}",
                         rec.binary_filename, pm.ptx_arch.str(), fmt::join(below, ", "),
                         plan_.targets.front().number(), drop(below)));
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
        spdlog::warn("module {}: its CUDA source {} {}; the output record drops it (binary only)", rec.binary_filename,
                     rec.source_filename, mf.source_digest == Digest::missing ? "is missing" : "does not match its digest");
      pm.record.make_binary_only();
    }
  }

  const BuildOptions& opt_;
  const Artifact& a_;
  BuildPlan& plan_;
  std::map<std::string, size_t> index_;
};

}  // namespace

BuildPlan plan_build(const BuildOptions& opt, const Artifact& a, const fs::path& out, std::vector<Arch> targets) {
  std::sort(targets.begin(), targets.end());
  BuildPlan plan;
  plan.out = out;
  Planner p(opt, a, plan);
  // Names that are no GPU, and GPUs no compiler of ours builds, are refused once and
  // kept out of the modules' plans (no advice to recapture for a target that cannot be).
  for (auto& msg : gpu_list_problems(targets, "--arch")) p.refusals.add(Exit::usage, msg);
  std::vector<std::string> old_gpus;
  for (auto& t : targets)
    if (is_gpu_arch(t) && !is_known_arch(t)) old_gpus.push_back(t.sm());
    else if (is_gpu_arch(t)) plan.targets.push_back(t);
  if (!old_gpus.empty())
    p.refusals.add(Exit::target, fmt::format("{}: CUDA 13 compilers build sm_75 and newer only; {}", fmt::join(old_gpus, ", "),
                                             p.drop(old_gpus)));
  if (plan.targets.empty()) p.refusals.throw_if_any();
  for (size_t m = 0; m < a.modules.size(); ++m) p.module(m);
  // Up to format 16 stock Warp builds if/while condition kernels at load as SASS for the
  // graph's one target_arch, which runs on one SASS family only (sass_family): on a
  // Tegra GPU only if target_arch is exactly its arch.
  if (auto fams = sass_families(plan.targets);
      a.ops.has_conditionals && !strict_header_arch(a.meta.version) && fams.size() > 1) {
    std::vector<std::string> names, first;
    for (auto& [family, archs] : fams) {
      names.push_back(fmt::format("{}{}", family, is_tegra(archs.front()) ? " (Tegra: runs only its own SASS)" : ""));
      first.push_back(archs.front().sm());
    }
    p.refusals.add(Exit::target,
                   fmt::format("{} has if/while ops: stock Warp up to 1.18 compiles their condition kernels at load as "
                               "SASS for the graph's one target_arch, which runs on one arch family only, but the "
                               "targets span {}. Build once per family (--arch {}, ...), or pass --split-families to "
                               "write one artifact per family",
                               a.name(), fmt::join(names, ", "), first.front()));
  }
  p.refusals.throw_if_any();
  std::map<std::string, size_t> names;
  for (auto& pm : plan.modules)
    if (names[pm.record.binary_filename]++)
      fail(Exit::bad_input, fmt::format("two modules would both be written as {}; module file names must differ "
                                        "before their .smNN suffix",
                                        pm.record.binary_filename));
  // Up to 1.18 stock Warp builds if/while condition kernels at load as SASS for the
  // metadata's target_arch: the lowest target makes them run on every target of
  // its family. 1.19 builds them for the replay GPU and requires header == metadata.
  if (auto names = helper_op_names(a.ops.ops); opt.replay_helpers && !names.empty()) {
    plan.helpers.emplace();
    plan.helpers->for_ops = std::move(names);
    plan.helpers->entries = helper_entries_needed(a.ops.ops);
    plan.helpers->sass = plan.targets;
    if (opt.ptx == PtxMode::lowest) plan.helpers->ptx = plan.targets.front();
  }
  plan.target_arch = a.meta.target_arch;
  auto lowest = uint32_t(plan.targets.front().number());
  if (a.ops.has_conditionals && !strict_header_arch(a.meta.version) && a.meta.target_arch != lowest) {
    plan.target_arch = lowest;
    plan.target_arch_changed = true;
  }
  return plan;
}

void drop_helpers_without_nvrtc(BuildPlan& plan, Toolset& tools) {
  if (!plan.helpers) return;
  try {
    tools.standalone_compiler();
  } catch (const Error& e) {
    if (e.code() != Exit::toolchain) throw;
    spdlog::warn("{}: building without wrp-run's helper kernels for the graph's {} ops (stock Warp does not need "
                 "them; wrp-run will refuse this artifact). To add them: pip install nvidia-cuda-nvrtc, then rebuild",
                 e.what(), fmt::join(plan.helpers->for_ops, "/"));
    plan.helpers.reset();
  }
}

void check_tools(const BuildPlan& plan, const Artifact& a, Toolset& tools) {
  Refusals r;
  auto check_archs = [&](const ToolFacts& f, const std::vector<Arch>& archs, Refusals& into) {
    for (auto& t : archs)
      if (std::find(f.archs.begin(), f.archs.end(), t.number()) == f.archs.end())
        into.add(Exit::target, fmt::format("{} cannot compile for {}; it compiles for: sm_{}. Use a CUDA toolkit that "
                                        "supports {}, or drop it",
                                        f.description, t.sm(), fmt::join(f.archs, " sm_"), t.sm()));
  };
  if (plan.needs_ptx_compiler()) {
    auto f = tools.ptx_compiler();
    check_archs(f, plan.targets, r);
    // PTX from a newer CUDA than the compiler (warp-lang wheels built with a newer
    // NVRTC) fails deep inside it; say so up front, with what would read it.
    for (size_t m = 0; m < plan.modules.size(); ++m) {
      auto& pm = plan.modules[m];
      if (pm.from != ImageOrigin::ptx || pm.ptx_isa <= f.max_ptx_isa) continue;
      auto need = cuda_release_for_isa(pm.ptx_isa);
      r.add(Exit::toolchain,
            fmt::format("module {} holds PTX ISA {} (written by CUDA {} or newer), but {} reads PTX up to ISA {}. "
                        "Use a CUDA {}+ toolchain (pip install \"nvidia-nvjitlink>={}\" or --cuda DIR)",
                        a.meta.modules[m].binary_filename, isa_str(pm.ptx_isa), need, f.description,
                        isa_str(f.max_ptx_isa), need, need));
    }
  }
  if (plan.needs_source_compiler()) {
    auto f = tools.source_compiler(a.meta.producer_version);
    check_archs(f, plan.targets, r);
    // The .cu includes Warp's native headers of the release that wrote it.
    auto& want = a.meta.producer_version;
    if (!want.empty() && f.warp_version != want)
      r.add(Exit::toolchain, fmt::format("the CUDA source in {} was generated by Warp {} and needs that release's "
                                         "headers, but the warp-lang found is {}: pip install warp-lang=={} (or pass "
                                         "--warp DIR)",
                                         a.name(), want, f.warp_version, want));
  }
  if (plan.helpers) {
    Refusals h;
    check_archs(tools.standalone_compiler(), plan.helpers->sass, h);
    h.each([&](Exit code, const std::string& msg) {
      r.add(code, fmt::format("{} (it compiles wrp-run's helper kernels for this graph's {} ops; "
                              "--no-replay-helpers builds without them, for stock Warp only)",
                              msg, fmt::join(plan.helpers->for_ops, "/")));
    });
  }
  r.throw_if_any();
}

}  // namespace wrp
