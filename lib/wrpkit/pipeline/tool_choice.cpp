// choose_tools (plan.hpp): which CUDA release compiles each job, out of the releases
// found, so that the floor's driver loads every image; and, where none can, the pip
// command that installs one.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/load/driver_floor.hpp"
#include "wrpkit/pipeline/plan.hpp"
#include "wrpkit/pipeline/refusals.hpp"
#include "wrpkit/replay/mesh_releases.hpp"
#include "wrpkit/toolchain/find.hpp"

namespace wrp {

namespace {

enum class Tool { ptx, source, standalone };

// The release `wrpkit toolchain install` would add for a need: the newest it accepts
// ("12.6": at most that), or a major alone ("13": the newest of it).
std::string release_for(const ToolNeed& need) {
  if (need.at_most) return need.at_most->str();
  return std::to_string(need.major ? need.major : 13);
}

// What to install for a need no toolchain found meets: the pip command for the
// newest release the need accepts, in a folder of its own for $WRPKIT_TOOLCHAINS.
std::string install_advice(const ToolNeed& need) {
  CudaVersion want = need.at_most ? *need.at_most : CudaVersion{need.major ? need.major : 13, 9};
  if (need.major && want.major != need.major) want = {need.major, 9};
  if (!need.at_most && want.major == 12) want = {12, 9};
  auto suffix = want.major == 12 ? "-cu12" : "";
  if (!need.at_most && want.major >= 13) return toolchain_install_hint();
  return fmt::format(
      "wrpkit toolchain install {2} (or pass --fetch-toolchains), or pip install --target DIR "
      "\"nvidia-nvjitlink{0}=={1}.*\" \"nvidia-nvfatbin{0}=={1}.*\" "
      "\"nvidia-cuda-nvrtc{0}=={1}.*\" and set WRPKIT_TOOLCHAINS=DIR (several releases can sit side "
      "by side there; scripts/setup puts 12.6 and 13.4 in .venv/toolchains)",
      suffix, want.str(), release_for(need));
}

// Picks, per job, the newest release found that the need accepts and whose tool of
// `kind` builds the arch; remembers each release's facts and the last tool error.
class Picker {
 public:
  Picker(Toolset& tools, const Artifact& a) : tools_(tools), a_(a), releases_(tools.releases()) {}

  std::optional<CudaVersion> pick(Tool kind, const ToolNeed& need, const Arch& arch) {
    for (auto r : releases_) {
      if (!need.accepts(r)) continue;
      auto* f = facts(kind, r);
      if (f && std::find(f->archs.begin(), f->archs.end(), arch.number()) != f->archs.end()) return r;
    }
    return std::nullopt;
  }
  const ToolFacts* facts(Tool kind, CudaVersion r) {
    auto key = std::make_pair(int(kind), r);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second ? &*it->second : nullptr;
    std::optional<ToolFacts> f;
    try {
      f = kind == Tool::ptx      ? tools_.ptx_compiler(r)
          : kind == Tool::source ? tools_.source_compiler(r, a_.meta.producer_version)
                                 : tools_.standalone_compiler(r);
    } catch (const Error& e) {
      if (e.code() != Exit::toolchain) throw;
      errors_[int(kind)] = e.what();
    }
    auto& slot = memo_.emplace(key, std::move(f)).first->second;
    return slot ? &*slot : nullptr;
  }
  // Why no release served a need: the releases found, the tool error if any, what to install.
  std::string why_none(Tool kind, const ToolNeed& need) const {
    std::vector<std::string> found;
    for (auto r : releases_) found.push_back(r.str());
    auto err = errors_.count(int(kind)) ? "; " + errors_.at(int(kind)) : std::string();
    return fmt::format("it needs {} and the toolchains found are: {}{}. To add one: {}", need.str(),
                       found.empty() ? std::string("none") : fmt::format("{}", fmt::join(found, ", ")), err,
                       install_advice(need));
  }
  // The tool of a release the need accepts that exists but does not build `arch`, if any.
  const ToolFacts* lacking_arch(Tool kind, const ToolNeed& need, const Arch& arch) {
    for (auto r : releases_)
      if (auto* f = need.accepts(r) ? facts(kind, r) : nullptr;
          f && std::find(f->archs.begin(), f->archs.end(), arch.number()) == f->archs.end())
        return f;
    return nullptr;
  }
  const std::vector<CudaVersion>& releases() const { return releases_; }

 private:
  Toolset& tools_;
  const Artifact& a_;
  std::vector<CudaVersion> releases_;
  std::map<std::pair<int, CudaVersion>, std::optional<ToolFacts>> memo_;
  std::map<int, std::string> errors_;
};

// wrp-run's mesh kernels: NVRTC with the headers of a Warp release whose meshes wrpkit
// knows (their structures are alike: mesh_releases.hpp), for every job; left out with a
// warning where there is none (stock Warp does not need them).
void choose_mesh_tools(BuildPlan& plan, const Artifact& a, Picker& pick) {
  if (!plan.mesh) return;
  std::string missing;
  for (auto& h : plan.mesh->jobs) {
    auto rel = pick.pick(Tool::source, h.need, h.arch);
    auto* f = rel ? pick.facts(Tool::source, *rel) : nullptr;
    if (f && mesh_release(f->warp_version)) {
      h.release = *rel;
      continue;
    }
    missing = f ? fmt::format("the warp-lang found is {}, and wrp-run knows the meshes of {}", f->warp_version,
                              known_mesh_releases())
                : fmt::format("no NVRTC for {} with Warp's headers found", h.arch.sm());
    break;
  }
  if (missing.empty()) return;
  log::warn(
      "building without wrp-run's mesh kernels ({}): stock Warp does not need them, wrp-run will refuse "
      "this artifact's meshes. To add them: pip install warp-lang=={} (or pass --warp DIR), then rebuild",
      missing, mesh_headers_release(a.meta));
  plan.mesh.reset();
}

std::string no_arch_message(const ToolFacts& f, const Arch& arch) {
  return fmt::format(
      "{} cannot compile for {}; it compiles for: sm_{}. Use a CUDA toolkit that supports {}, or drop "
      "it",
      f.description, arch.sm(), fmt::join(f.archs, " sm_"), arch.sm());
}

// A module image compiles from Warp's CUDA source with NVRTC, from PTX with nvJitLink.
Tool tool_for(const CompileJob& j) { return j.from == ImageOrigin::source ? Tool::source : Tool::ptx; }

// Module images: one refusal per module and need, naming its targets.
void choose_image_tools(BuildPlan& plan, const Artifact& a, Picker& pick, Refusals& r) {
  std::map<std::pair<size_t, std::string>, std::vector<std::string>> missing;
  std::set<std::string> arch_refusals;
  for (auto& j : plan.jobs) {
    auto kind = tool_for(j);
    if (auto rel = pick.pick(kind, j.need, j.arch))
      j.release = *rel;
    else if (auto* f = pick.lacking_arch(kind, j.need, j.arch))
      arch_refusals.insert(no_arch_message(*f, j.arch));
    else
      missing[{j.module, j.need.str()}].push_back(j.target());
  }
  for (auto& msg : arch_refusals) r.add(Exit::target, msg);
  for (auto& [key, archs] : missing) {
    auto wanted = key;  // clang before 16 cannot capture a structured binding
    auto& j = *std::find_if(plan.jobs.begin(), plan.jobs.end(),
                            [&](auto& x) { return x.module == wanted.first && x.need.str() == wanted.second; });
    r.add(Exit::toolchain, fmt::format("module {}: no toolchain found builds {} for the CUDA {} floor ({}): {}",
                                       a.meta.modules[key.first].binary_filename, fmt::join(archs, ", "),
                                       plan.floor.str(), plan.floor_from, pick.why_none(tool_for(j), j.need)));
  }
}

// The .cu includes Warp's native headers of the release that wrote it.
void check_source_headers(const BuildPlan& plan, const Artifact& a, Picker& pick, Refusals& r) {
  if (!plan.needs_source_compiler()) return;
  for (auto rel : pick.releases())
    if (auto* f = pick.facts(Tool::source, rel)) {
      auto& want = a.meta.producer_version;
      if (!want.empty() && f->warp_version != want)
        r.add(Exit::toolchain, fmt::format("the CUDA source in {} was generated by Warp {} and needs that release's "
                                           "headers, but the warp-lang found is {}: pip install warp-lang=={} (or "
                                           "pass --warp DIR)",
                                           a.name(), want, f->warp_version, want));
      return;
    }
}

// The fatbins: written by the floor's major (its drivers read them).
void choose_packager(BuildPlan& plan, Toolset& tools, Picker& pick, Refusals& r) {
  for (auto rel : pick.releases()) {
    if (rel.major != plan.floor.major) continue;
    try {
      tools.packager(rel);
      plan.pack_release = rel;
      return;
    } catch (const Error& e) {
      if (e.code() != Exit::toolchain) throw;
    }
  }
  if (!plan.modules.empty())
    r.add(Exit::toolchain,
          fmt::format("no fatbin writer of CUDA {} found for the CUDA {} floor ({}); {}", plan.floor.major,
                      plan.floor.str(), plan.floor_from,
                      plan.floor.major == 12 ? "pip install nvidia-nvfatbin-cu12" : toolchain_install_hint()));
}

// wrp-run's helper kernels: left out with a warning where no NVRTC serves them at all.
void choose_helper_tools(BuildPlan& plan, Picker& pick, Refusals& r) {
  if (!plan.helpers) return;
  std::vector<std::string> lacking;
  bool nvrtc = false;
  for (auto rel : pick.releases()) nvrtc = nvrtc || pick.facts(Tool::standalone, rel);
  for (auto& h : plan.helpers->jobs) {
    if (auto rel = pick.pick(Tool::standalone, h.need, h.arch))
      h.release = *rel;
    else if (auto* f = pick.lacking_arch(Tool::standalone, h.need, h.arch))
      lacking.push_back(no_arch_message(*f, h.arch));
    else
      lacking.push_back(fmt::format("no NVRTC found for {}", h.target()));
  }
  auto need = plan.helpers->jobs.front().need;
  if (!nvrtc) {
    log::warn(
        "building without wrp-run's helper kernels for the graph's {} ops ({}); stock Warp does not need "
        "them, wrp-run will refuse this artifact. To add them: install NVRTC, then rebuild",
        fmt::join(plan.helpers->for_ops, "/"), pick.why_none(Tool::standalone, need));
    plan.helpers.reset();
  } else if (!lacking.empty()) {
    r.add(Exit::target, fmt::format("{} (it compiles wrp-run's helper kernels for this graph's {} ops; "
                                    "--no-replay-helpers builds without them, for stock Warp only)",
                                    fmt::join(lacking, "; "), fmt::join(plan.helpers->for_ops, "/")));
  }
}

}  // namespace

void choose_tools(BuildPlan& plan, const Artifact& a, Toolset& tools) {
  Refusals r;
  Picker pick(tools, a);
  choose_image_tools(plan, a, pick, r);
  check_source_headers(plan, a, pick, r);
  choose_packager(plan, tools, pick, r);
  choose_helper_tools(plan, pick, r);
  choose_mesh_tools(plan, a, pick);
  r.throw_if_any();
}

}  // namespace wrp

namespace wrp {

std::vector<std::string> missing_toolchains(const BuildPlan& plan, const Artifact& a, Toolset& tools) {
  Picker pick(tools, a);
  std::set<std::string> wanted;
  for (auto& j : plan.jobs) {
    auto kind = tool_for(j);
    if (!pick.pick(kind, j.need, j.arch) && !pick.lacking_arch(kind, j.need, j.arch))
      wanted.insert(release_for(j.need));
  }
  // The fatbins are written by the floor's major: one of its releases is needed anyway.
  bool packer = std::any_of(wanted.begin(), wanted.end(),
                            [&](auto& r) { return r.starts_with(std::to_string(plan.floor.major)); });
  for (auto rel : pick.releases()) packer = packer || rel.major == plan.floor.major;
  if (!packer && !plan.modules.empty()) wanted.insert(std::to_string(plan.floor.major));
  return {wanted.begin(), wanted.end()};
}

}  // namespace wrp
