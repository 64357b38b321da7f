// wrp-build: compile every module of a captured Warp graph for every target
// arch into one fatbin per module; stock Warp loads the result with no JIT.
#include <fmt/format.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <iostream>
#include <string_view>
#include <thread>

#include "progress_printer.hpp"
#include "tool_main.hpp"
#include "wrpkit/pipeline/command.hpp"
#include "wrpkit/toolchain/nvrtc_workers.hpp"

namespace {

// What the command line asks beyond the BuildCommand: how the tool itself reports.
struct Output {
  bool json = false, verbose = false;
  int progress_fd = -1;
};

// Option values read as text, made the command's optional fields after parsing.
struct Raw {
  std::string arch_list, cache_max, min_driver, cache_remote;
};

// What the options bind to, as each group of them adds its own.
struct Bound {
  wrp::BuildCommand& c;
  Output& o;
  Raw& raw;
};

// Targets: --arch or a profile, the driver floor, --split-families.
void add_targets_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* targets = "Targets";
  app.add_option("--arch", raw.arch_list, "target GPUs, e.g. sm_75,sm_87,sm_90 (instead of a profile)")->group(targets);
  app.add_option("--profile", c.profile, "a profile of the targets manifest")
      ->default_str("its default")
      ->group(targets);
  app.add_option("--targets", c.targets_file, "targets manifest")
      ->default_str("$WRPKIT_TARGETS, else the built-in targets.toml")
      ->group(targets);
  app.add_flag("--list-profiles", c.list_profiles, "print the manifest's profiles with their archs, and exit")
      ->group(targets);
  app.add_option("--min-driver", raw.min_driver,
                 "the oldest driver (CUDA release, e.g. 12.6) the output must load on "
                 "with no JIT: SASS comes from a toolchain whose output it loads")
      ->default_str("the profile's cuda, else the CUDA of the Warp that wrote the capture")
      ->group(targets);
  app.add_flag("--split-families", c.split_families,
               "if/while graphs of Warp <= 1.18: one artifact per arch family "
               "(OUT.sm8x.wrp, OUT.sm87.wrp for Tegra, ...)")
      ->group(targets);
}

// What goes in: PTX, the source or the binary, compression, kernels, helpers, CPU graphs.
void add_inputs_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* what = "What goes in";
  app.add_option("--ptx", c.ptx, "embed the module's PTX for GPUs newer than the targets (lowest) or not (none)")
      ->check(CLI::IsMember({"lowest", "none"}))
      ->capture_default_str()
      ->group(what);
  app.add_option("--from", c.from,
                 "build modules from their retained CUDA source (format 18), their binary, or auto: "
                 "the source where a module has one")
      ->check(CLI::IsMember({"auto", "source", "binary"}))
      ->capture_default_str()
      ->group(what);
  app.add_option("--compress", c.compress, "fatbin compression")
      ->check(CLI::IsMember({"none", "default", "size"}))
      ->capture_default_str()
      ->group(what);
  app.add_flag("--all-kernels", c.all_kernels, "compile every kernel of each module, not only those the graph launches")
      ->group(what);
  app.add_flag("--no-replay-helpers", c.no_replay_helpers,
               "leave out wrp-run's helper kernels (added where the graph has "
               "if/while, fill, scan, sort, run-length or reduction ops); the output then replays with stock Warp only")
      ->group(what);
  app.add_flag("--allow-cpu", c.allow_cpu, "copy a CPU graph through unchanged instead of failing")->group(what);
}

// Toolchain: where CUDA and Warp are, which compiler and packager, jobs.
void add_toolchain_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* tools = "Toolchain";
  app.add_option("--cuda", c.cuda, "CUDA root to take nvJitLink/nvFatbin/NVRTC/ptxas/fatbinary from first")
      ->default_str("the Python environment's NVIDIA wheels, then the system")
      ->group(tools);
  app.add_option("--warp", c.warp, "warp-lang install whose native headers source builds use")
      ->default_str("$WRPKIT_WARP, then wrp-build's and the active Python environment")
      ->group(tools);
  app.add_option("--compiler", c.compiler, "PTX compiler")
      ->check(CLI::IsMember({"auto", "nvjitlink", "ptxas"}))
      ->capture_default_str()
      ->group(tools);
  app.add_option("--packager", c.packager, "fatbin writer")
      ->check(CLI::IsMember({"auto", "nvfatbin", "fatbinary"}))
      ->capture_default_str()
      ->group(tools);
  app.add_option("-j,--jobs", c.jobs, "parallel compilations")->default_str("all cores")->group(tools);
}

// Build cache: the folder, remotes, and the cache operations.
void add_cache_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* cache = "Build cache";
  app.add_option("--cache-dir", c.cache_dir, "the build cache folder")
      ->default_str("$WRPKIT_CACHE_DIR, else ~/.cache/wrpkit")
      ->group(cache);
  app.add_flag("--no-cache", c.no_cache, "compile everything, neither reading nor writing the cache")->group(cache);
  app.add_option("--cache-remote", raw.cache_remote,
                 "shared caches behind the folder, ccache's syntax: 'URL|attr=value ...' with http(s)://HOST/PATH "
                 "(layout=subdirs|flat|bazel; https: ca-file=PEM) or redis://HOST:PORT[/DB] (prefix=P); read-only, "
                 "connect-timeout=MS, "
                 "operation-timeout=MS. A remote that fails warns once and the build goes on")
      ->default_str("$WRPKIT_CACHE_REMOTE")
      ->group(cache);
  app.add_flag("--cache-stats", c.cache_stats, "print the cache's entries, size, cap, hits and misses, and exit")
      ->group(cache);
  app.add_flag("--cache-clear", c.cache_clear, "remove every cache entry and the stats, and exit")->group(cache);
  app.add_option("--cache-max-size", raw.cache_max,
                 "set the cache's size cap (500M, 2G; 0: none), trim to it, and exit")
      ->default_str("2G")
      ->group(cache);
}

// Signing: --sign, --sign-only.
void add_signing_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* trust = "Signing";
  app.add_option("--sign", c.sign_key,
                 "sign the output's manifest with this Ed25519 private key (PEM, as `openssl "
                 "genpkey -algorithm ed25519` writes it); wrp-run --trust and wrp-inspect --verify --trust check it")
      ->group(trust);
  app.add_flag("--sign-only", c.sign_only,
               "sign INPUT, an artifact wrp-build already made, into -o without rebuilding "
               "(a release step signing what CI built); needs --sign")
      ->group(trust);
}

// Output: --force, --json, --quiet, --verbose, --progress-fd.
void add_output_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* output_group = "Output";
  app.add_flag("--force", c.force, "replace an existing output")->group(output_group);
  app.add_flag("--json", o.json, "print the report as JSON")->group(output_group);
  app.add_flag("-q,--quiet", c.quiet, "no progress line and no text report (errors and warnings still go to stderr)")
      ->group(output_group);
  app.add_flag("-v,--verbose", o.verbose, "log each compilation and cache hit")->group(output_group);
  app.add_option("--progress-fd", o.progress_fd,
                 "write progress as JSON lines to this file descriptor (the Python API "
                 "uses it; closing it cancels the build)")
      ->check(CLI::NonNegativeNumber)
      ->group(output_group);
}

// wrp-build's command line as a BuildCommand. nullopt: go on; otherwise the exit
// code (--help, a usage error) parse_command_line gave.
std::optional<int> parse_options(int argc, char** argv, wrp::BuildCommand& c, Output& o) {
  CLI::App app{
      "Build a Warp .wrp artifact for many GPU archs: one fatbin per module, no JIT at load.\n"
      "Exit codes: 0 ok, 1 usage, 2 bad input, 3 a target cannot be built, 4 toolchain missing or failed, "
      "5 the output cannot be written (read-only, full)."};
  app.footer(
      "Examples:\n"
      "  wrp-build sim.wrp -o sim.portable.wrp                      the default profile (--list-profiles)\n"
      "  wrp-build sim.wrp --arch sm_75,sm_87,sm_90 -o sim.fleet.wrp\n"
      "  wrp-build sim.wrp --profile jetson-orin --ptx none -o sim.orin.wrp\n"
      "  wrp-build sim.orin.wrp --sign-only --sign release.pem -o sim.orin.signed.wrp\n"
      "  wrp-build sim.wrp -o out.wrp --cache-remote 'http://cache.lan/wrpkit|layout=bazel'\n"
      "  wrp-build --cache-stats                                    what the build cache holds");
  app.get_formatter()->column_width(34);
  Raw raw;
  app.add_option("input", c.input, "the captured .wrp (NAME_modules/ beside it)");
  app.add_option("-o,--output", c.output, "output .wrp; OUT_modules/ is written beside it");

  for (auto* add : {add_targets_options, add_inputs_options, add_toolchain_options, add_cache_options,
                    add_signing_options, add_output_options})
    add(app, Bound{c, o, raw});
  app.set_version_flag("--version", std::string("wrp-build (wrpkit) ") + WRPKIT_VERSION);
  if (auto done = wrp::parse_command_line(app, argc, argv)) return done;
  if (app.count("--arch")) c.archs = raw.arch_list;
  if (app.count("--min-driver")) c.min_driver = raw.min_driver;
  if (app.count("--cache-remote")) c.cache_remote = raw.cache_remote;
  if (app.count("--cache-max-size")) c.cache_max_size = raw.cache_max;
  return std::nullopt;
}

// Logs go to stderr: stdout carries the report and nothing else. Each line says its level
// ("wrp-build: warning: ..."), as errors say "error:", so CI log matchers flag warnings too.
void start_log(bool verbose) {
  spdlog::set_default_logger(spdlog::stderr_logger_mt("wrp-build"));
  spdlog::set_pattern("wrp-build: %l: %v");
  spdlog::set_level(verbose ? spdlog::level::info : spdlog::level::warn);
}

}  // namespace

int main(int argc, char** argv) {
  // wrp-build starts copies of itself to run NVRTC in separate processes (nvrtc_workers.hpp).
  if (argc == 3 && std::string_view(argv[1]) == "--nvrtc-worker") return wrp::nvrtc_worker_main(argv[2]);
  wrp::BuildCommand cmd;
  Output o;
  if (auto done = parse_options(argc, argv, cmd, o)) return *done;
  start_log(o.verbose);
  std::error_code ec;
  if (auto self = std::filesystem::read_symlink("/proc/self/exe", ec); !ec) cmd.nvrtc_worker_exe = self;
  // The progress line only where someone watches: a terminal, not --quiet, not --verbose's log.
  cmd.progress = wrp::progress_printer(!cmd.quiet && !o.verbose && isatty(2), o.progress_fd);
  return wrp::tool_main("wrp-build", [&] { return wrp::run_build_command(cmd, wrp::make_report_writer(o.json)); });
}
