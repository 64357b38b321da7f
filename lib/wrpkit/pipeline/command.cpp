#include "wrpkit/pipeline/command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/json_toml.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/base/process.hpp"
#include "wrpkit/cache/compile_cache.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/pipeline/targets.hpp"

namespace wrp {

namespace {

TargetManifest manifest_from(const std::string& targets_file) {
  return targets_file.empty() ? default_manifest() : load_manifest(targets_file);
}

// wrp-build --list-profiles.
struct ProfilesReport {
  TargetManifest manifest;
};

std::string report_text(const ProfilesReport& r) {
  auto& m = r.manifest;
  std::string s = fmt::format("profiles in {} (default: {}):\n", m.path.string(), m.default_profile);
  for (auto& [name, p] : m.profiles) {
    std::vector<std::string> archs;
    for (auto& a : p.archs) archs.push_back(a.sm());
    s += fmt::format("  {:13} {}\n  {:13} {}\n  {:13} driver floor: {}\n", name, fmt::join(archs, ","), "",
                     p.description, "",
                     p.min_driver ? "CUDA " + p.min_driver->str() : "the capture's (its Warp's CUDA)");
  }
  return s;
}

std::string report_json(const ProfilesReport& r) {
  toml::table profiles;
  for (auto& [name, p] : r.manifest.profiles) {
    toml::array archs;
    for (auto& a : p.archs) archs.push_back(a.sm());
    profiles.insert(name, toml::table{{"archs", std::move(archs)},
                                      {"description", p.description},
                                      {"min_driver", p.min_driver ? p.min_driver->str() : std::string()}});
  }
  return to_json(toml::table{{"manifest", r.manifest.path.string()},
                             {"default", r.manifest.default_profile},
                             {"profiles", std::move(profiles)}});
}

// wrp-build --cache-clear.
struct CacheClearReport {
  uint64_t removed = 0;
  std::filesystem::path dir;
};

std::string report_text(const CacheClearReport& r) {
  return fmt::format("removed {} cache entries from {}\n", r.removed, r.dir.string());
}

std::string report_json(const CacheClearReport& r) {
  return to_json(toml::table{{"removed", int64_t(r.removed)}, {"dir", r.dir.string()}});
}

bool is_cache_operation(const BuildCommand& c) { return c.cache_stats || c.cache_clear || c.cache_max_size; }

// --cache-clear, --cache-max-size, --cache-stats: on the folder alone, no build.
void run_cache_operation(const BuildCommand& c, const ReportWriter& out) {
  auto dir = c.cache_dir.empty() ? default_cache_dir() : std::optional<std::filesystem::path>(c.cache_dir);
  if (!dir) fail(Exit::usage, "no cache folder: set HOME or WRPKIT_CACHE_DIR, or pass --cache-dir");
  if (c.cache_clear) out.write(CacheClearReport{cache_clear(*dir), *dir});
  if (c.cache_max_size) cache_set_max_size(*dir, parse_size(*c.cache_max_size, "--cache-max-size"));
  if (c.cache_stats || c.cache_max_size) out.write(cache_summary(*dir));
}

// The targets and the driver floor: --arch, else a profile (its `cuda` the floor); --min-driver over both.
void choose_targets(const BuildCommand& c, BuildOptions& opt) {
  if (c.archs) {
    opt.targets = parse_arch_list(*c.archs, "--arch");
  } else {
    auto manifest = manifest_from(c.targets_file);
    auto& name = c.profile.empty() ? manifest.default_profile : c.profile;
    auto& p = manifest.profile(name);
    opt.targets = p.archs;
    opt.targets_from = fmt::format("{}profile '{}'", c.profile.empty() ? "the default " : "", name);
    opt.min_driver = p.min_driver;
    if (p.min_driver) opt.min_driver_from = fmt::format("profile '{}'", name);
  }
  if (c.min_driver) {
    opt.min_driver = cuda_version_option(*c.min_driver, "--min-driver");
    opt.min_driver_from = "--min-driver";
  }
}

// Where the compilers, Warp's headers and the caches are, and how many jobs.
ToolsetOptions toolset_options(const BuildCommand& c) {
  ToolsetOptions t;
  if (!c.cuda.empty()) t.cuda_root = c.cuda;
  if (!c.warp.empty()) t.warp_dir = c.warp;
  t.compiler = c.compiler == "nvjitlink" ? CompilerChoice::nvjitlink
               : c.compiler == "ptxas"   ? CompilerChoice::ptxas
                                         : CompilerChoice::automatic;
  t.packager = c.packager == "nvfatbin"    ? PackagerChoice::nvfatbin
               : c.packager == "fatbinary" ? PackagerChoice::fatbinary
                                           : PackagerChoice::automatic;
  t.jobs = c.jobs ? c.jobs : std::max(1u, std::thread::hardware_concurrency());
  if (c.nvrtc_worker_exe) t.nvrtc_worker_exe = *c.nvrtc_worker_exe;
  if (!c.no_cache)
    t.cache_dir = c.cache_dir.empty() ? default_cache_dir() : std::optional<std::filesystem::path>(c.cache_dir);
  if (c.no_cache && c.cache_remote)
    fail(Exit::usage, "--cache-remote sits behind the build cache, which --no-cache turns off: drop one");
  std::string remote = c.cache_remote.value_or("");
  if (!c.cache_remote)
    if (const char* env = std::getenv("WRPKIT_CACHE_REMOTE")) remote = env;
  if (t.cache_dir)
    t.cache_remotes = parse_remote_specs(remote, c.cache_remote ? "--cache-remote" : "$WRPKIT_CACHE_REMOTE");
  return t;
}

// --fetch-toolchains: `wrpkit toolchain install RELEASE` (python/wrpkit/toolchain.py:
// pinned wheels, hash-checked) through the Python wrp-build came with ($WRPKIT_PYTHON,
// which the wheel's wrapper sets) or python3; what it installed is printed (the info line before, with -v).
void fetch_with_wrpkit(const std::vector<std::string>& releases) {
  const char* own = std::getenv("WRPKIT_PYTHON");
  std::string python = own && *own ? own : "python3";
  for (auto& r : releases) {
    log::info("fetching the CUDA {} compilers: {} -m wrpkit toolchain install {}", r, python, r);
    std::vector<std::string> argv{python, "-m", "wrpkit", "toolchain", "install", r};
    if (python.find('/') == std::string::npos) argv.insert(argv.begin(), "/usr/bin/env");  // found on PATH
    auto res = run_process(argv);
    std::string out = res.output;
    while (!out.empty() && out.back() == '\n') out.pop_back();
    auto last = out.substr(out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    if (res.exit_code == 0) {
      fmt::print(stderr, "{}\n", out);  // "wrpkit toolchain: installing CUDA 12.6: ... (44 MB) into ..."
      continue;
    }
    if (out.find("No module named wrpkit") != std::string::npos || out.find("cannot run") != std::string::npos)
      fail(Exit::toolchain, fmt::format("--fetch-toolchains runs `{} -m wrpkit toolchain install {}`, which "
                                        "failed ({}): pip install wrpkit into that Python, or set WRPKIT_PYTHON "
                                        "to one that has it",
                                        python, r, last));
    fail(Exit::toolchain, fmt::format("--fetch-toolchains: {}", last));
  }
}

// --shard I/N: 1 <= I <= N; the shards meet in a remote cache, which the build must have.
BuildOptions::Shard parse_shard(const std::string& text, const ToolsetOptions& tools) {
  unsigned i = 0, n = 0;
  char slash = 0, extra = 0;
  if (std::sscanf(text.c_str(), "%u%c%u%c", &i, &slash, &n, &extra) != 3 || slash != '/' || i < 1 || i > n)
    fail(Exit::usage, fmt::format("--shard {}: expected I/N with 1 <= I <= N, e.g. 2/4", text));
  if (tools.cache_remotes.empty())
    fail(Exit::usage, fmt::format("--shard {}: the shards and the assemble build meet in a shared cache: give "
                                  "--cache-remote URL (or set WRPKIT_CACHE_REMOTE)",
                                  text));
  return {i, n};
}

BuildOptions build_options(const BuildCommand& c) {
  if (c.input.empty() || c.output.empty())
    fail(Exit::usage, "name the capture and the output: wrp-build IN.wrp -o OUT.wrp (--help for more)");
  BuildOptions opt;
  opt.input = c.input;
  opt.output = c.output;
  choose_targets(c, opt);
  opt.ptx = c.ptx == "none" ? PtxMode::none : PtxMode::lowest;
  opt.compress = c.compress;
  opt.jobs = c.jobs;
  opt.force = c.force;
  opt.sign_key = c.sign_key;
  opt.sign_only = c.sign_only;
  opt.split_families = c.split_families;
  opt.allow_cpu = c.allow_cpu;
  opt.all_kernels = c.all_kernels;
  opt.replay_helpers = !c.no_replay_helpers;
  opt.from = c.from == "source" ? BuildFrom::source : c.from == "binary" ? BuildFrom::binary : BuildFrom::automatic;
  opt.tools = toolset_options(c);
  opt.progress = c.progress;
  if (c.fetch_toolchains) opt.fetch_toolchains = fetch_with_wrpkit;
  if (!c.shard.empty()) {
    opt.shard = parse_shard(c.shard, opt.tools);
    opt.tools.publish_local_hits = true;  // what this machine had already, the assemble build needs too
  }
  return opt;
}

}  // namespace

int run_build_command(const BuildCommand& c, const ReportWriter& out) {
  if (c.list_profiles) {
    out.write(ProfilesReport{manifest_from(c.targets_file)});
    return 0;
  }
  if (is_cache_operation(c)) {
    run_cache_operation(c, out);
    return 0;
  }
  auto report = run_build(build_options(c));
  out.write(report, out.format() == ReportFormat::json || !c.quiet);
  return 0;
}

}  // namespace wrp
