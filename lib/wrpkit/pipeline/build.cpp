#include "wrpkit/pipeline/build.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <map>
#include <thread>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/artifact/output_commit.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/json_toml.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/pipeline/passes.hpp"
#include "wrpkit/pipeline/plan.hpp"

namespace wrp {

namespace {

fs::path canonical_or_self(const fs::path& p) {
  std::error_code ec;
  auto c = fs::weakly_canonical(p, ec);
  return ec ? p : c;
}

void check_output_paths(const BuildOptions& opt, const fs::path& out) {
  if (out.extension() != ".wrp")
    fail(Exit::usage,
         fmt::format("-o {}: the output must end in .wrp (Warp finds NAME_modules/ beside NAME.wrp)", out.string()));
  auto in_wrp = canonical_or_self(opt.input), out_wrp = canonical_or_self(out);
  if (in_wrp == out_wrp || canonical_or_self(modules_dir_for(opt.input)) == canonical_or_self(modules_dir_for(out)))
    fail(Exit::usage, fmt::format("-o {} would overwrite the input; choose another output name", out.string()));
  std::error_code ec;
  if (!opt.force && (fs::exists(out, ec) || fs::exists(modules_dir_for(out), ec)))
    fail(Exit::usage, fmt::format("{} already exists; pass --force to replace it", out.string()));
  // The folder is checked before any compile, so a long build never ends in exit 5 for it
  // (a full disk can still stop the commit, which then leaves nothing half-written).
  auto folder = out.has_parent_path() ? out.parent_path() : fs::path(".");
  if (!fs::is_directory(folder, ec))
    fail(Exit::output,
         fmt::format("cannot write {}: folder {} does not exist; create it first", out.string(), folder.string()));
  if (::access(folder.c_str(), W_OK | X_OK) != 0)
    fail(Exit::output, fmt::format("cannot write {}: folder {} is not writable ({})", out.string(), folder.string(),
                                   std::strerror(errno)));
}

// "nvJitLink 12.9 (sm_75 sm_80), NVRTC 12.9 (compute_75), nvFatbin 12.9": which release made what.
std::string toolchain_text(const BuildPlan& plan, const Artifact& a, Toolset& tools) {
  std::vector<std::pair<std::string, std::vector<std::string>>> used;
  auto note = [&](const std::string& tool, const std::string& target) {
    auto it = std::find_if(used.begin(), used.end(), [&](auto& u) { return u.first == tool; });
    if (it == used.end()) it = used.insert(used.end(), {tool, {}});
    if (std::find(it->second.begin(), it->second.end(), target) == it->second.end()) it->second.push_back(target);
  };
  for (auto& j : plan.jobs) {
    note(j.from == ImageOrigin::source ? tools.source_compiler(j.release, a.meta.producer_version).description
                                       : tools.ptx_compiler(j.release).description,
         j.target());
  }
  auto note_helpers = [&](const std::optional<PlannedHelpers>& planned, auto&& description) {
    if (planned)
      for (auto& h : planned->jobs) note(description(h.release), h.target());
  };
  note_helpers(plan.helpers,
               [&](CudaVersion r) { return tools.standalone_compiler(r).description + " (wrp-run's helpers)"; });
  note_helpers(plan.mesh, [&](CudaVersion r) {
    return tools.source_compiler(r, a.meta.producer_version).description + " (wrp-run's mesh kernels)";
  });
  std::string s;
  for (auto& [tool, targets] : used) s += fmt::format("{} ({}), ", tool, fmt::join(targets, " "));
  return s + tools.packager(plan.pack_release);
}

// --fetch-toolchains: what the plan lacks is installed, then the releases are found again;
// the tool choice that follows refuses whatever is still missing.
void fetch_stage(const BuildPlan& plan, const Artifact& a, Toolset& tools, const BuildOptions& opt) {
  if (!opt.fetch_toolchains) return;
  auto missing = missing_toolchains(plan, a, tools);
  if (missing.empty()) return;
  opt.fetch_toolchains(missing);
  tools.rescan();
}

// A job's identity across machines: what it compiles, for which target, with which release.
std::string shard_key(const std::string& kind, const std::string& input, const Arch& arch, bool to_ptx,
                      CudaVersion release) {
  return fmt::format("{} {} {} {} {}", kind, input, arch.str(), to_ptx ? "ptx" : "sass", release.str());
}

// --shard I/N: every compile job of the plan ordered by its identity and dealt out in turn,
// so each machine with the same inputs and toolchains takes the same share; this shard's
// jobs are compiled into the caches (local and remote) and nothing is packed or written.
ShardReport shard_stage(BuildPlan& plan, const Artifact& a, Toolset& tools, const BuildOptions& opt, unsigned threads,
                        Progress& progress) {
  std::vector<std::pair<const char*, PlannedHelpers*>> helpers;
  if (plan.helpers) helpers.emplace_back("helpers", &*plan.helpers);
  if (plan.mesh) helpers.emplace_back("mesh", &*plan.mesh);
  std::vector<std::string> keys;
  for (auto& j : plan.jobs) keys.push_back(shard_key("module", j.input_digest, j.arch, j.to_ptx, j.release));
  for (auto& [kind, h] : helpers)
    for (auto& j : h->jobs) keys.push_back(shard_key(kind, "", j.arch, j.to_ptx, j.release));
  auto sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  std::vector<bool> mine(keys.size());  // parallel to keys: plan.jobs, then each helper set's jobs
  for (size_t k = 0; k < keys.size(); ++k) {
    auto rank = size_t(std::lower_bound(sorted.begin(), sorted.end(), keys[k]) - sorted.begin());
    mine[k] = rank % opt.shard->count == opt.shard->index - 1;
  }
  size_t next = 0;
  auto keep_mine = [&](auto& jobs) {
    std::decay_t<decltype(jobs)> kept;
    for (auto& j : jobs)
      if (mine[next++]) kept.push_back(j);
    jobs = std::move(kept);
  };
  keep_mine(plan.jobs);
  for (auto& [kind, h] : helpers) keep_mine(h->jobs);
  ShardReport r{opt.shard->index, opt.shard->count, keys.size(), 0};
  r.jobs_here = size_t(std::count(mine.begin(), mine.end(), true));
  compile_stage(plan, a, tools, threads, progress);
  helpers_stage(plan, tools, opt, threads, progress);  // compiled, not packed, under --shard
  return r;
}

// One output: the stages in order. Every refusal is raised by the plan and the
// tool check, before the first compile.
BuildOutput build_one(const BuildOptions& opt, const Artifact& a, const fs::path& out, const std::vector<Arch>& targets,
                      Toolset& tools, BuildReport& report, Progress& progress, const SigningKey* key) {
  if (!opt.shard) check_output_paths(opt, out);
  auto plan = plan_build(opt, a, out, targets);
  fetch_stage(plan, a, tools, opt);
  choose_tools(plan, a, tools);
  unsigned threads = opt.jobs ? opt.jobs : std::max(1u, std::thread::hardware_concurrency());
  report.jobs = threads;
  if (opt.shard) {
    report.shard = shard_stage(plan, a, tools, opt, threads, progress);
    report.compiles += report.shard->jobs_here;
    return {};
  }
  auto compiled = compile_stage(plan, a, tools, threads, progress);
  report.compiles += plan.jobs.size();
  auto t0 = std::chrono::steady_clock::now();
  auto packed = pack_stage(plan, a, compiled, tools, opt, threads, progress);
  log::info("packed {} fatbin(s) in {:.2f} s", packed.size(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  auto helpers = helpers_stage(plan, tools, opt, threads, progress);
  if (plan.helpers) report.compiles += plan.helpers->jobs.size();
  if (plan.mesh) report.compiles += plan.mesh->jobs.size();
  report.toolchain = toolchain_text(plan, a, tools);
  progress.start("write", 1);
  auto output = emit_stage(plan, a, packed, helpers, opt, report.toolchain, key);
  output.replay_helpers_bytes = helpers.replay.size();
  output.mesh_kernels_bytes = helpers.mesh.size();
  output.min_driver = plan.floor.str();
  output.min_driver_from = plan.floor_from;
  if (plan.helpers) output.replay_helpers_for = plan.helpers->for_ops;
  progress.step(out.filename().string());
  return output;
}

// --sign-only: the input as it is, with its manifest signed. Only an intact wrp-build
// output qualifies: a signature vouches for the bytes its manifest lists, all of them.
BuildReport sign_built(const BuildOptions& opt, const SigningKey& key) {
  auto a = open_artifact(opt.input);
  if (!a.integrity.manifest)
    fail(Exit::bad_input, fmt::format("{}: has no wrpkit manifest, so it cannot be signed without a rebuild (this "
                                      "wrp-build did not write it): build it with wrp-build --sign KEY.pem",
                                      a.name()));
  require_trusted(a, {});
  check_output_paths(opt, opt.output);
  std::vector<Bytes> bytes;
  std::vector<OutputFile> files;
  auto dir = modules_dir_for(opt.output);
  for (auto& f : a.integrity.manifest->files) {
    auto path = a.modules_dir / f.name;
    std::error_code ec;
    if (!fs::is_regular_file(path, ec))
      fail(Exit::bad_input, fmt::format("{}: the wrpkit manifest lists {}, which is missing; copy the artifact again "
                                        "from its source",
                                        a.name(), path.string()));
    bytes.push_back(read_file(path));
    if (bytes.back().size() != f.size || sha256_hex(bytes.back()) != f.sha256)
      fail(Exit::bad_input, fmt::format("{}: differs from the wrpkit manifest; the artifact was damaged or changed "
                                        "after wrp-build wrote it",
                                        path.string()));
    if (free_file_name(dir, f.name, bytes.back()) != f.name)
      fail(Exit::usage,
           fmt::format("{} holds another {}: sign into a new output, or remove the old one", dir.string(), f.name));
  }
  for (size_t i = 0; i < bytes.size(); ++i) files.push_back({a.integrity.manifest->files[i].name, bytes[i]});
  Container c = a.container;
  sign_container(c, key);
  commit_artifact(opt.output, serialize_container(c), files);
  BuildReport report;
  BuildOutput out;
  out.wrp = opt.output;
  out.target_arch = a.meta.target_arch;
  out.signed_by = key.key.id();
  report.outputs.push_back(out);
  return report;
}

}  // namespace

fs::path family_output_path(const fs::path& out, const std::string& family) {
  auto p = out;
  p.replace_extension();
  auto tag = family;
  tag.erase(std::remove(tag.begin(), tag.end(), '_'), tag.end());  // "sm_8x" -> "sm8x"
  return fs::path(fmt::format("{}.{}.wrp", p.string(), tag));
}

namespace {

// Refusals of the options alone, before any file is read.
void check_build_options(const BuildOptions& opt) {
  if (opt.targets.empty()) fail(Exit::usage, "no target archs: pass --arch or --profile");
  if (opt.compress != "none" && opt.compress != "default" && opt.compress != "size")
    fail(Exit::usage, fmt::format("--compress {}: expected none, default or size", opt.compress));
}

// A CPU graph has nothing to compile: copied through only when asked.
BuildReport copy_cpu_graph(const BuildOptions& opt, const Artifact& a) {
  if (!opt.allow_cpu)
    fail(Exit::bad_input, fmt::format("{} is a CPU graph: there is nothing to compile for GPUs. Pass --allow-cpu "
                                      "to copy it through unchanged",
                                      opt.input.string()));
  check_output_paths(opt, opt.output);
  emit_unchanged(a, opt.output);
  BuildOutput copied;
  copied.wrp = opt.output;
  copied.target_arch = a.meta.target_arch;
  BuildReport report;
  report.outputs.push_back(copied);
  return report;
}

// --split-families: one artifact per SASS family where the graph needs it (plan.hpp).
void build_outputs(const BuildOptions& opt, const Artifact& a, Toolset& tools, const SigningKey* key,
                   BuildReport& report, Progress& progress) {
  if (opt.shard) {
    build_one(opt, a, opt.output, opt.targets, tools, report, progress, nullptr);
  } else if (opt.split_families && needs_artifact_per_family(a, opt.targets)) {
    for (auto& [family, archs] : sass_families(opt.targets))
      report.outputs.push_back(
          build_one(opt, a, family_output_path(opt.output, family), archs, tools, report, progress, key));
  } else {
    report.outputs.push_back(build_one(opt, a, opt.output, opt.targets, tools, report, progress, key));
  }
}

// What the compile cache and the compilers did, into the report.
void report_tools(Toolset& tools, BuildReport& report) {
  auto counts = tools.cache_counts();
  report.cache = counts.enabled;
  report.cache_remote = counts.remote;
  report.cache_hits = counts.hits;
  report.cache_remote_hits = counts.remote_hits;
  report.cache_misses = !counts.enabled ? report.compiles : counts.remote ? counts.remote_misses : counts.misses;
  report.compile_sources = tools.compile_sources();
  // Compiles finish in any order across jobs: the report lists them in one.
  std::stable_sort(report.compile_sources.begin(), report.compile_sources.end(),
                   [](auto& x, auto& y) { return x.what < y.what; });
}

}  // namespace

BuildReport run_build(const BuildOptions& opt, Toolset* fake_tools) {
  std::optional<SigningKey> key;
  if (!opt.sign_key.empty())
    key = read_signing_key(opt.sign_key);
  else if (opt.sign_only)
    fail(Exit::usage, "--sign-only needs the key: --sign KEY.pem");
  if (opt.sign_only) return sign_built(opt, *key);
  check_build_options(opt);
  auto a = open_artifact(opt.input);
  // A rebuild vouches for what it writes: never for bytes changed after an earlier build.
  if (!a.integrity.problems.empty()) fail(Exit::bad_input, integrity_error(a.integrity));
  if (a.is_cpu()) return copy_cpu_graph(opt, a);

  Progress progress(opt.progress);
  std::unique_ptr<Toolset> owned;
  Toolset& tools = fake_tools ? *fake_tools : *(owned = make_cuda_toolset(opt.tools));
  BuildReport report;
  build_outputs(opt, a, tools, key ? &*key : nullptr, report, progress);
  report_tools(tools, report);
  tools.finish();
  progress.finish();
  return report;
}

std::string report_json(const BuildReport& r) {
  toml::array outs, sources;
  for (auto& c : r.compile_sources) sources.push_back(toml::table{{"what", c.what}, {"from", c.from}});
  for (auto& o : r.outputs) {
    toml::array targets, mods;
    for (auto& t : o.targets) targets.push_back(t.sm());
    for (auto& m : o.modules) {
      toml::array imgs;
      for (auto& i : m.images)
        imgs.push_back(toml::table{{"kind", image_kind_name(i.kind)},
                                   {"arch", i.arch.str()},
                                   {"size", int64_t(i.size)},
                                   {"sha256", i.sha256},
                                   {"from", image_origin_name(i.from)},
                                   {"compiler", i.compiler}});
      mods.push_back(toml::table{{"source", m.source_file},
                                 {"file", m.output_file},
                                 {"size", int64_t(m.bytes)},
                                 {"from", image_origin_name(m.from)},
                                 {"cuda_source", m.cuda_source},
                                 {"kernels_built", int64_t(m.kernels_kept)},
                                 {"kernels_in_source", int64_t(m.kernels_total)},
                                 {"images", std::move(imgs)}});
    }
    toml::array helper_ops;
    for (auto& n : o.replay_helpers_for) helper_ops.push_back(n);
    outs.push_back(toml::table{{"wrp", o.wrp.string()},
                               {"modules_dir", modules_dir_for(o.wrp).string()},
                               {"targets", std::move(targets)},
                               {"target_arch", int64_t(o.target_arch)},
                               {"target_arch_changed", o.target_arch_changed},
                               {"modules", std::move(mods)},
                               {"min_driver", o.min_driver},
                               {"min_driver_from", o.min_driver_from},
                               {"replay_helpers_size", int64_t(o.replay_helpers_bytes)},
                               {"replay_helpers_for", std::move(helper_ops)},
                               {"mesh_kernels_size", int64_t(o.mesh_kernels_bytes)},
                               {"signed_by", o.signed_by}});
  }
  toml::table shard;
  if (r.shard)
    shard = toml::table{{"index", int64_t(r.shard->index)},
                        {"count", int64_t(r.shard->count)},
                        {"jobs_total", int64_t(r.shard->jobs_total)},
                        {"jobs_here", int64_t(r.shard->jobs_here)}};
  return to_json(toml::table{{"outputs", std::move(outs)},
                             {"shard", std::move(shard)},
                             {"toolchain", r.toolchain},
                             {"jobs", int64_t(r.jobs)},
                             {"compiles", int64_t(r.compiles)},
                             {"cache", toml::table{{"enabled", r.cache},
                                                   {"remote", r.cache_remote},
                                                   {"hits", int64_t(r.cache_hits)},
                                                   {"remote_hits", int64_t(r.cache_remote_hits)},
                                                   {"misses", int64_t(r.cache_misses)}}},
                             {"compile_sources", std::move(sources)}});
}

std::string report_text(const BuildReport& r) {
  std::string s;
  if (r.shard)
    s += fmt::format(
        "shard {}/{}: {} of the build's {} compile job(s) done here, into the build caches; no artifact "
        "written (the same build without --shard assembles it from the shared cache)\n",
        r.shard->index, r.shard->count, r.shard->jobs_here, r.shard->jobs_total);
  for (auto& o : r.outputs) {
    if (o.modules.empty() && !o.signed_by.empty()) {  // --sign-only
      s += fmt::format("wrote {}: the input as it was, its manifest signed with Ed25519 key {}\n", o.wrp.string(),
                       o.signed_by.substr(0, 16));
      continue;
    }
    std::string targets;
    for (auto& t : o.targets) targets += fmt::format("{}{}", targets.empty() ? "" : " ", t.sm());
    s += fmt::format("wrote {} ({} module(s)){}\n", o.wrp.string(), o.modules.size(),
                     targets.empty() ? ""
                                     : fmt::format(" for {}, loading with no JIT on drivers of CUDA {} and newer "
                                                   "(the floor, from {})",
                                                   targets, o.min_driver, o.min_driver_from));
    for (auto& m : o.modules) {
      std::string imgs;
      for (auto& i : m.images) imgs += fmt::format("{}{}", imgs.empty() ? "" : " ", i.arch.str());
      std::string kernels;
      if (m.kernels_kept < m.kernels_total)
        kernels = fmt::format("; {} of its {} kernels, the rest are never launched", m.kernels_kept, m.kernels_total);
      s += fmt::format("  {} -> {} ({} bytes: {} from {}{}{})\n", m.source_file, m.output_file, m.bytes, imgs,
                       image_origin_name(m.from), kernels,
                       m.cuda_source.empty() ? "" : "; keeps " + m.cuda_source + " for Warp's own fallback");
    }
    if (o.replay_helpers_bytes)
      s += fmt::format("  + wrp-run's helper kernels (for {}) for every target ({} bytes)\n",
                       fmt::join(o.replay_helpers_for, ", "), o.replay_helpers_bytes);
    if (o.mesh_kernels_bytes)
      s += fmt::format("  + wrp-run's mesh kernels (from Warp's headers) for every target ({} bytes)\n",
                       o.mesh_kernels_bytes);
    if (o.target_arch_changed)
      s += fmt::format("  target_arch set to {} so if/while condition kernels build for every target\n", o.target_arch);
    if (!o.signed_by.empty()) s += fmt::format("  signed with Ed25519 key {}\n", o.signed_by.substr(0, 16));
  }
  if (!r.compile_sources.empty()) {
    s += "images:\n";
    for (auto& c : r.compile_sources) s += fmt::format("  {:<8} {}\n", c.from, c.what);
  }
  if (r.compiles && r.cache_remote)
    s += fmt::format("{} image(s): {} compiled, {} from the build cache, {} from the remote cache; {}, {} job(s)\n",
                     r.compiles, r.cache_misses, r.cache_hits, r.cache_remote_hits, r.toolchain, r.jobs);
  else if (r.compiles)
    s += fmt::format("{} image(s): {} compiled, {} from the build cache{}; {}, {} job(s)\n", r.compiles, r.cache_misses,
                     r.cache_hits, r.cache ? "" : " (off)", r.toolchain, r.jobs);
  return s;
}

}  // namespace wrp
