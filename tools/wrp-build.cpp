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
#include "wrpkit/build.hpp"
#include "wrpkit/build_cache.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/json.hpp"
#include "wrpkit/nvrtc_workers.hpp"
#include "wrpkit/targets.hpp"

int main(int argc, char** argv) {
  // wrp-build starts copies of itself to run NVRTC in separate processes (nvrtc_workers.hpp).
  if (argc == 3 && std::string_view(argv[1]) == "--nvrtc-worker") return wrp::nvrtc_worker_main(argv[2]);
  CLI::App app{"Build a Warp .wrp artifact for many GPU archs: one fatbin per module, no JIT at load.\n"
               "Exit codes: 0 ok, 1 usage, 2 bad input, 3 a target cannot be built, 4 toolchain missing or failed, 5 the output cannot be written (read-only, full)."};
  std::string input, output, arch_list, profile, targets_file, ptx = "lowest", compress = "default", cuda, compiler = "auto",
                                                                 packager = "auto", cache_dir, from = "auto", warp;
  unsigned jobs = 0;
  int progress_fd = -1;
  bool quiet = false;
  bool force = false, json = false, split = false, allow_cpu = false, no_cache = false, verbose = false, all_kernels = false,
       no_helpers = false;
  app.add_option("input", input, "the captured .wrp (NAME_modules/ beside it)")->required();
  app.add_option("-o,--output", output, "output .wrp; OUT_modules/ is written beside it")->required();
  app.add_option("--arch", arch_list, "target archs, e.g. sm_75,sm_87,sm_90 (overrides --profile)");
  app.add_option("--profile", profile, "a profile from the targets manifest (default: its 'default')");
  app.add_option("--targets", targets_file, "targets manifest (default: $WRPKIT_TARGETS, else the built-in copy of the project's targets.toml)");
  app.add_option("--ptx", ptx, "embed the module's PTX for newer GPUs (lowest) or not (none)")
      ->check(CLI::IsMember({"lowest", "none"}));
  app.add_option("--compress", compress, "fatbin compression")->check(CLI::IsMember({"none", "default", "size"}));
  app.add_option("-j,--jobs", jobs, "parallel compilations (default: all cores)");
  app.add_flag("--force", force, "replace an existing output");
  app.add_flag("--json", json, "print a JSON summary");
  app.add_flag("--split-families", split, "if/while graphs: write one artifact per major arch family");
  app.add_flag("--all-kernels", all_kernels, "compile every kernel of each module, not only those the graph launches");
  app.add_flag("--no-replay-helpers", no_helpers, "leave out wrp-run's helper kernels (added where the graph has "
               "if/while, fill, scan, sort, run-length or reduction ops); the output then replays with stock Warp only");
  app.add_flag("--allow-cpu", allow_cpu, "copy a CPU graph through unchanged instead of failing");
  app.add_option("--from", from, "build modules from their retained CUDA source (format 18), their binary, or "
                 "auto: the source where a module has one")
      ->check(CLI::IsMember({"auto", "source", "binary"}));
  app.add_option("--warp", warp, "warp-lang install whose native headers source builds use (default: $WRPKIT_WARP, "
                 "then the active Python environment)");
  app.add_option("--cuda", cuda, "CUDA root to take nvJitLink/nvFatbin/ptxas/fatbinary from first");
  app.add_option("--compiler", compiler, "PTX compiler")->check(CLI::IsMember({"auto", "nvjitlink", "ptxas"}));
  app.add_option("--packager", packager, "fatbin writer")->check(CLI::IsMember({"auto", "nvfatbin", "fatbinary"}));
  app.add_option("--cache-dir", cache_dir, "build cache folder (default: $WRPKIT_CACHE_DIR or ~/.cache/wrpkit)");
  app.add_flag("--no-cache", no_cache, "compile everything, neither reading nor writing the cache");
  app.add_flag("-v,--verbose", verbose, "log each compilation");
  app.add_flag("-q,--quiet", quiet, "no progress line and no text report (errors and warnings still go to stderr)");
  app.add_option("--progress-fd", progress_fd, "write progress as JSON lines to this file descriptor (the Python API "
                 "uses it)")->check(CLI::NonNegativeNumber);
  WRP_PARSE(app, argc, argv);

  // Logs go to stderr: stdout carries the report (--json) and nothing else.
  spdlog::set_default_logger(spdlog::stderr_logger_mt("wrp-build"));
  spdlog::set_pattern("wrp-build: %v");
  spdlog::set_level(verbose ? spdlog::level::info : spdlog::level::warn);
  return wrp::tool_main("wrp-build", [&] {
    wrp::BuildOptions opt;
    opt.input = input;
    opt.output = output;
    if (app.count("--arch")) {
      opt.targets = wrp::parse_arch_list(arch_list, "--arch");
    } else {
      auto manifest = targets_file.empty() ? wrp::default_manifest() : wrp::load_manifest(targets_file);
      auto& name = profile.empty() ? manifest.default_profile : profile;
      opt.targets = manifest.profile(name).archs;
      opt.targets_from = fmt::format("{}profile '{}'", profile.empty() ? "the default " : "", name);
    }
    opt.ptx = ptx == "none" ? wrp::PtxMode::none : wrp::PtxMode::lowest;
    opt.compress = compress;
    opt.jobs = jobs;
    opt.force = force;
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
    // The progress line only where someone watches: a terminal, not --quiet, not --verbose's log.
    opt.progress = wrp::progress_printer(!quiet && !verbose && isatty(2), progress_fd);
    auto report = wrp::run_build(opt);
    if (json) std::cout << wrp::to_json(report.json()) << "\n";
    else if (!quiet) std::cout << report.text();
    return 0;
  });
}
