// wrp-build: compile every module of a captured Warp graph for every target
// arch into one fatbin per module; stock Warp loads the result with no JIT.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>
#include <string_view>
#include <thread>

#include "progress_printer.hpp"
#include "tool_main.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/cache/compile_cache.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/toolchain/nvrtc_workers.hpp"
#include "wrpkit/pipeline/targets.hpp"

namespace {

wrp::TargetManifest manifest_from(const std::string& targets_file) {
  return targets_file.empty() ? wrp::default_manifest() : wrp::load_manifest(targets_file);
}

std::string profiles_text(const wrp::TargetManifest& m) {
  std::string s = fmt::format("profiles in {} (default: {}):\n", m.path.string(), m.default_profile);
  for (auto& [name, p] : m.profiles) {
    std::vector<std::string> archs;
    for (auto& a : p.archs) archs.push_back(a.sm());
    s += fmt::format("  {:13} {}\n  {:13} {}\n  {:13} driver floor: {}\n", name, fmt::join(archs, ","), "",
                     p.description, "", p.min_driver ? "CUDA " + p.min_driver->str() : "the capture's (its Warp's CUDA)");
  }
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  // wrp-build starts copies of itself to run NVRTC in separate processes (nvrtc_workers.hpp).
  if (argc == 3 && std::string_view(argv[1]) == "--nvrtc-worker") return wrp::nvrtc_worker_main(argv[2]);
  CLI::App app{"Build a Warp .wrp artifact for many GPU archs: one fatbin per module, no JIT at load.\n"
               "Exit codes: 0 ok, 1 usage, 2 bad input, 3 a target cannot be built, 4 toolchain missing or failed, "
               "5 the output cannot be written (read-only, full)."};
  app.footer("Examples:\n"
             "  wrp-build sim.wrp -o sim.portable.wrp                      the default profile (--list-profiles)\n"
             "  wrp-build sim.wrp --arch sm_75,sm_87,sm_90 -o sim.fleet.wrp\n"
             "  wrp-build sim.wrp --profile jetson-orin --ptx none -o sim.orin.wrp\n"
             "  wrp-build sim.orin.wrp --sign-only --sign release.pem -o sim.orin.signed.wrp\n"
             "  wrp-build sim.wrp -o out.wrp --cache-remote 'http://cache.lan/wrpkit|layout=bazel'\n"
             "  wrp-build --cache-stats                                    what the build cache holds");
  app.get_formatter()->column_width(34);
  std::string input, output, arch_list, profile, targets_file, ptx = "lowest", compress = "default", cuda,
                                                                 compiler = "auto", packager = "auto", cache_dir,
                                                                 from = "auto", warp, cache_max, min_driver, cache_remote;
  unsigned jobs = 0;
  int progress_fd = -1;
  bool quiet = false, list_profiles = false, cache_stats = false, cache_clear = false;
  bool force = false, json = false, split = false, allow_cpu = false, no_cache = false, verbose = false,
       all_kernels = false, no_helpers = false, sign_only = false;
  std::string sign_key;
  app.add_option("input", input, "the captured .wrp (NAME_modules/ beside it)");
  app.add_option("-o,--output", output, "output .wrp; OUT_modules/ is written beside it");

  const char* targets = "Targets";
  app.add_option("--arch", arch_list, "target GPUs, e.g. sm_75,sm_87,sm_90 (instead of a profile)")->group(targets);
  app.add_option("--profile", profile, "a profile of the targets manifest")->default_str("its default")->group(targets);
  app.add_option("--targets", targets_file, "targets manifest")
      ->default_str("$WRPKIT_TARGETS, else the built-in targets.toml")->group(targets);
  app.add_flag("--list-profiles", list_profiles, "print the manifest's profiles with their archs, and exit")->group(targets);
  app.add_option("--min-driver", min_driver, "the oldest driver (CUDA release, e.g. 12.6) the output must load on "
                 "with no JIT: SASS comes from a toolchain whose output it loads")
      ->default_str("the profile's cuda, else the CUDA of the Warp that wrote the capture")->group(targets);
  app.add_flag("--split-families", split, "if/while graphs of Warp <= 1.18: one artifact per arch family "
               "(OUT.sm8x.wrp, OUT.sm87.wrp for Tegra, ...)")->group(targets);

  const char* what = "What goes in";
  app.add_option("--ptx", ptx, "embed the module's PTX for GPUs newer than the targets (lowest) or not (none)")
      ->check(CLI::IsMember({"lowest", "none"}))->capture_default_str()->group(what);
  app.add_option("--from", from, "build modules from their retained CUDA source (format 18), their binary, or auto: "
                 "the source where a module has one")
      ->check(CLI::IsMember({"auto", "source", "binary"}))->capture_default_str()->group(what);
  app.add_option("--compress", compress, "fatbin compression")
      ->check(CLI::IsMember({"none", "default", "size"}))->capture_default_str()->group(what);
  app.add_flag("--all-kernels", all_kernels, "compile every kernel of each module, not only those the graph launches")
      ->group(what);
  app.add_flag("--no-replay-helpers", no_helpers, "leave out wrp-run's helper kernels (added where the graph has "
               "if/while, fill, scan, sort, run-length or reduction ops); the output then replays with stock Warp only")
      ->group(what);
  app.add_flag("--allow-cpu", allow_cpu, "copy a CPU graph through unchanged instead of failing")->group(what);

  const char* tools = "Toolchain";
  app.add_option("--cuda", cuda, "CUDA root to take nvJitLink/nvFatbin/NVRTC/ptxas/fatbinary from first")
      ->default_str("the Python environment's NVIDIA wheels, then the system")->group(tools);
  app.add_option("--warp", warp, "warp-lang install whose native headers source builds use")
      ->default_str("$WRPKIT_WARP, then wrp-build's and the active Python environment")->group(tools);
  app.add_option("--compiler", compiler, "PTX compiler")
      ->check(CLI::IsMember({"auto", "nvjitlink", "ptxas"}))->capture_default_str()->group(tools);
  app.add_option("--packager", packager, "fatbin writer")
      ->check(CLI::IsMember({"auto", "nvfatbin", "fatbinary"}))->capture_default_str()->group(tools);
  app.add_option("-j,--jobs", jobs, "parallel compilations")->default_str("all cores")->group(tools);

  const char* cache = "Build cache";
  app.add_option("--cache-dir", cache_dir, "the build cache folder")
      ->default_str("$WRPKIT_CACHE_DIR, else ~/.cache/wrpkit")->group(cache);
  app.add_flag("--no-cache", no_cache, "compile everything, neither reading nor writing the cache")->group(cache);
  app.add_option("--cache-remote", cache_remote,
                 "shared caches behind the folder, ccache's syntax: 'URL|attr=value ...' with http(s)://HOST/PATH "
                 "(layout=subdirs|flat|bazel; https: ca-file=PEM) or redis://HOST:PORT[/DB] (prefix=P); read-only, "
                 "connect-timeout=MS, "
                 "operation-timeout=MS. A remote that fails warns once and the build goes on")
      ->default_str("$WRPKIT_CACHE_REMOTE")->group(cache);
  app.add_flag("--cache-stats", cache_stats, "print the cache's entries, size, cap, hits and misses, and exit")
      ->group(cache);
  app.add_flag("--cache-clear", cache_clear, "remove every cache entry and the stats, and exit")->group(cache);
  app.add_option("--cache-max-size", cache_max, "set the cache's size cap (500M, 2G; 0: none), trim to it, and exit")
      ->default_str("2G")->group(cache);

  const char* trust = "Signing";
  app.add_option("--sign", sign_key, "sign the output's manifest with this Ed25519 private key (PEM, as `openssl "
                 "genpkey -algorithm ed25519` writes it); wrp-run --trust and wrp-inspect --verify --trust check it")
      ->group(trust);
  app.add_flag("--sign-only", sign_only, "sign INPUT, an artifact wrp-build already made, into -o without rebuilding "
               "(a release step signing what CI built); needs --sign")
      ->group(trust);

  const char* output_group = "Output";
  app.add_flag("--force", force, "replace an existing output")->group(output_group);
  app.add_flag("--json", json, "print the report as JSON")->group(output_group);
  app.add_flag("-q,--quiet", quiet, "no progress line and no text report (errors and warnings still go to stderr)")
      ->group(output_group);
  app.add_flag("-v,--verbose", verbose, "log each compilation and cache hit")->group(output_group);
  app.add_option("--progress-fd", progress_fd, "write progress as JSON lines to this file descriptor (the Python API "
                 "uses it; closing it cancels the build)")
      ->check(CLI::NonNegativeNumber)->group(output_group);
  app.set_version_flag("--version", std::string("wrp-build (wrpkit) ") + WRPKIT_VERSION);
  WRP_PARSE(app, argc, argv);

  // Logs go to stderr: stdout carries the report (--json) and nothing else.
  spdlog::set_default_logger(spdlog::stderr_logger_mt("wrp-build"));
  spdlog::set_pattern("wrp-build: %v");
  spdlog::set_level(verbose ? spdlog::level::info : spdlog::level::warn);
  return wrp::tool_main("wrp-build", [&] {
    if (list_profiles) {
      std::cout << profiles_text(manifest_from(targets_file));
      return 0;
    }
    if (cache_stats || cache_clear || app.count("--cache-max-size")) {
      auto dir = cache_dir.empty() ? wrp::default_cache_dir() : std::optional<std::filesystem::path>(cache_dir);
      if (!dir) wrp::fail(wrp::Exit::usage, "no cache folder: set HOME or WRPKIT_CACHE_DIR, or pass --cache-dir");
      if (cache_clear) fmt::print("removed {} cache entries from {}\n", wrp::cache_clear(*dir), dir->string());
      if (app.count("--cache-max-size")) wrp::cache_set_max_size(*dir, wrp::parse_size(cache_max, "--cache-max-size"));
      if (cache_stats || app.count("--cache-max-size")) std::cout << wrp::cache_summary(*dir).text();
      return 0;
    }
    if (input.empty() || output.empty())
      wrp::fail(wrp::Exit::usage, "name the capture and the output: wrp-build IN.wrp -o OUT.wrp (--help for more)");
    wrp::BuildOptions opt;
    opt.input = input;
    opt.output = output;
    if (app.count("--arch")) {
      opt.targets = wrp::parse_arch_list(arch_list, "--arch");
    } else {
      auto manifest = manifest_from(targets_file);
      auto& name = profile.empty() ? manifest.default_profile : profile;
      auto& p = manifest.profile(name);
      opt.targets = p.archs;
      opt.targets_from = fmt::format("{}profile '{}'", profile.empty() ? "the default " : "", name);
      opt.min_driver = p.min_driver;
      if (p.min_driver) opt.min_driver_from = fmt::format("profile '{}'", name);
    }
    if (app.count("--min-driver")) {
      opt.min_driver = wrp::parse_cuda_version(min_driver);
      opt.min_driver_from = "--min-driver";
      if (!opt.min_driver)
        wrp::fail(wrp::Exit::usage, fmt::format("--min-driver {}: expected a CUDA release such as 12.6 or 13.0", min_driver));
    }
    opt.ptx = ptx == "none" ? wrp::PtxMode::none : wrp::PtxMode::lowest;
    opt.compress = compress;
    opt.jobs = jobs;
    opt.force = force;
    opt.sign_key = sign_key;
    opt.sign_only = sign_only;
    opt.split_families = split;
    opt.allow_cpu = allow_cpu;
    opt.all_kernels = all_kernels;
    opt.replay_helpers = !no_helpers;
    opt.from = from == "source" ? wrp::BuildFrom::source : from == "binary" ? wrp::BuildFrom::binary : wrp::BuildFrom::automatic;
    auto& t = opt.tools;
    if (!cuda.empty()) t.cuda_root = cuda;
    if (!warp.empty()) t.warp_dir = warp;
    t.compiler = compiler == "nvjitlink" ? wrp::CompilerChoice::nvjitlink
                 : compiler == "ptxas"   ? wrp::CompilerChoice::ptxas
                                         : wrp::CompilerChoice::automatic;
    t.packager = packager == "nvfatbin"    ? wrp::PackagerChoice::nvfatbin
                 : packager == "fatbinary" ? wrp::PackagerChoice::fatbinary
                                           : wrp::PackagerChoice::automatic;
    t.jobs = jobs ? jobs : std::max(1u, std::thread::hardware_concurrency());
    std::error_code ec;
    if (auto self = std::filesystem::read_symlink("/proc/self/exe", ec); !ec) t.nvrtc_worker_exe = self;
    if (!no_cache) t.cache_dir = cache_dir.empty() ? wrp::default_cache_dir() : std::optional<std::filesystem::path>(cache_dir);
    if (no_cache && app.count("--cache-remote"))
      wrp::fail(wrp::Exit::usage, "--cache-remote sits behind the build cache, which --no-cache turns off: drop one");
    if (!app.count("--cache-remote"))
      if (const char* env = std::getenv("WRPKIT_CACHE_REMOTE")) cache_remote = env;
    if (t.cache_dir)
      t.cache_remotes = wrp::parse_remote_specs(
          cache_remote, app.count("--cache-remote") ? "--cache-remote" : "$WRPKIT_CACHE_REMOTE");
    // The progress line only where someone watches: a terminal, not --quiet, not --verbose's log.
    opt.progress = wrp::progress_printer(!quiet && !verbose && isatty(2), progress_fd);
    auto report = wrp::run_build(opt);
    if (json) std::cout << report.json() << "\n";
    else if (!quiet) std::cout << report.text();
    return 0;
  });
}
