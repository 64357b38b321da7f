// The tools' command lines (command_lines.hpp says why they share one file).
#include "command_lines.hpp"

#include <CLI/CLI.hpp>
#include <filesystem>

namespace wrp {

namespace {

// Parses the command line into `app`'s bound variables. CLI11's own exit codes vary by
// error; every usage error is 1 here.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 1;
  }
}

// Option values read as text, made the command's optional fields after parsing.
struct Raw {
  std::string arch_list, cache_max, min_driver, cache_remote;
};

// What the options bind to, as each group of them adds its own.
struct Bound {
  BuildCommand& c;
  BuildReporting& o;
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
  app.add_flag("--fetch-toolchains", c.fetch_toolchains,
               "install the CUDA releases this build lacks before compiling (`wrpkit toolchain install`: NVIDIA's "
               "pinned wheels into ~/.cache/wrpkit/toolchains); offline, fails naming the command")
      ->group(tools);
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
  app.add_option("--shard", c.shard,
                 "I/N: compile only the I-th of N equal shares of the build's compile jobs into the caches "
                 "(needs --cache-remote) and write no artifact; one job per shard in a CI matrix, then the same "
                 "build without --shard assembles from the shared cache")
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

// Output: --force, --json, --report, --quiet, --verbose, --progress-fd.
void add_output_options(CLI::App& app, const Bound& b) {
  auto& [c, o, raw] = b;
  const char* output_group = "Output";
  app.add_flag("--force", c.force, "replace an existing output")->group(output_group);
  app.add_flag("--json", o.json, "print the report as JSON")->group(output_group);
  app.add_option("--report", o.report_file,
                 "also write the report as JSON (the --json document) to FILE, for CI; the console "
                 "gets the text (or nothing with --quiet)")
      ->type_name("FILE")
      ->group(output_group);
  app.add_flag("-q,--quiet", c.quiet, "no progress line and no text report (errors and warnings still go to stderr)")
      ->group(output_group);
  app.add_flag("-v,--verbose", o.verbose, "log each compilation and cache hit")->group(output_group);
  app.add_option("--progress-fd", o.progress_fd,
                 "write progress as JSON lines to this file descriptor (the Python API "
                 "uses it; closing it cancels the build)")
      ->check(CLI::NonNegativeNumber)
      ->group(output_group);
}

}  // namespace

std::optional<int> parse_build_options(int argc, char** argv, BuildCommand& c, BuildReporting& o) {
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
  if (auto done = parse_command_line(app, argc, argv)) return done;
  if (app.count("--arch")) c.archs = raw.arch_list;
  if (app.count("--min-driver")) c.min_driver = raw.min_driver;
  if (app.count("--cache-remote")) c.cache_remote = raw.cache_remote;
  if (app.count("--cache-max-size")) c.cache_max_size = raw.cache_max;
  return std::nullopt;
}

std::optional<int> parse_inspect_options(int argc, char** argv, InspectCommand& cmd, ReportFormat& format) {
  CLI::App app{
      "Show what a Warp .wrp artifact holds and on which GPUs it loads.\n"
      "Exit codes: 0 ok, 1 usage, 2 bad input.\n"
      "With --arch: 0 the artifact loads as SASS on every listed GPU, 1 some GPU needs a JIT\n"
      "(PTX, or Warp 1.19 compiling retained source), 2 some GPU cannot load it.\n"
      "With --device: 0 every module loads as SASS, 1 some module needs JIT (0 with --allow-jit),\n"
      "2 some module cannot load, 4 no GPU or driver.\n"
      "With --verify: 2 when its bytes are not what wrp-build wrote (or not signed by a --trust key)."};
  app.footer(
      "Examples:\n"
      "  wrp-inspect sim.wrp                                what it holds, hazards, wrp-run support\n"
      "  wrp-inspect sim.wrp --arch sm_87,sm_90 && deploy   a yes/no check: SASS on both, no JIT\n"
      "  wrp-inspect sim.wrp --arch sm_87 --driver 12.6      the same on a JetPack 6 driver\n"
      "  wrp-inspect sim.wrp --device --load                pre-flight on this machine's GPU 0\n"
      "  wrp-inspect sim.wrp --verify --trust release.pub   as wrp-build wrote it, signed by that key?");
  std::string arch_list, driver;
  int device = -1;
  app.add_option("file", cmd.file, "the .wrp file (its NAME_modules/ folder must sit beside it)")->required();
  app.add_option("--arch", arch_list,
                 "GPUs to check, e.g. sm_75,sm_87,sm_90: adds a load matrix; the exit code "
                 "says whether all of them load it as SASS");
  app.add_option("--driver", driver,
                 "with --arch: the load matrix under a driver of this CUDA release (e.g. 12.6): "
                 "does it load there, without JIT?");
  bool json = false;
  std::string format_name = "text";
  auto* json_flag = app.add_flag("--json", json, "print JSON (schema: docs/inspect-json.md); --format json");
  app.add_option("--format", format_name,
                 "text, json, or markdown (for a CI job's summary: the load matrix as a table, the hazards)")
      ->check(CLI::IsMember({"text", "json", "markdown"}))
      ->excludes(json_flag);
  auto* verify_flag = app.add_flag("--verify", cmd.verify,
                                   "exit 2 unless every byte matches the artifact's wrpkit manifest "
                                   "(and, with --trust, a trusted key signed it): what wrp-run checks before loading");
  app.add_option("--trust", cmd.trust_files,
                 "with --verify: PUB.pem, an Ed25519 public key the artifact must be signed "
                 "by (repeat for several)")
      ->needs(verify_flag);
  auto* dev =
      app.add_option("--device", device, "pre-flight on this machine's GPU N")->expected(0, 1)->default_str("0");
  app.add_flag("--allow-jit", cmd.allow_jit, "exit 0 when modules load through PTX JIT")->needs(dev);
  app.add_flag("--load", cmd.load, "really load every module and resolve its kernels")->needs(dev);
  dev->group("On the deployment machine");
  for (auto* o : {"--allow-jit", "--load"}) app.get_option(o)->group("On the deployment machine");
  app.set_version_flag("--version", std::string("wrp-inspect (wrpkit) ") + WRPKIT_VERSION);
  if (auto done = parse_command_line(app, argc, argv)) return done;
  format = json || format_name == "json" ? ReportFormat::json
           : format_name == "markdown"   ? ReportFormat::markdown
                                         : ReportFormat::text;
  if (app.count("--arch")) cmd.archs = arch_list;
  if (app.count("--driver")) cmd.driver = driver;
  if (app.count("--device")) cmd.device = device < 0 ? 0 : device;
  return std::nullopt;
}

std::optional<int> parse_run_options(int argc, char** argv, RunCommand& c, bool& json) {
  CLI::App app{
      "Replay a Warp .wrp artifact (built by wrp-build) with the CUDA driver alone: no Warp, no JIT.\n"
      "Every byte is checked against the artifact's wrpkit manifest before the driver sees it;\n"
      "an artifact without one is refused unless --allow-unverified.\n"
      "Exit codes: 0 ok, 1 usage, 2 bad input, 3 the artifact holds ops wrp-run cannot replay (named), "
      "4 no driver or GPU, or a CUDA call failed."};
  app.add_option("artifact", c.artifact, "the .wrp (NAME_modules/ beside it)")->required();
  app.add_option("--device", c.device, "CUDA device ordinal")->capture_default_str();
  app.add_option("--set", c.sets, "NAME=FILE.npy: copy the array's bytes into binding NAME before replaying");
  app.add_option("--get", c.gets,
                 "NAME=FILE.npy: after the replays, write binding NAME, typed where the artifact "
                 "says its type (wp.vec3: (n, 3) float32), else as uint8 bytes");
  app.add_option("--repeat", c.repeat, "replays (timed one by one)")
      ->check(CLI::Range(1u, 1000000u))
      ->capture_default_str();
  app.add_flag("--json", json, "print timings and counts as JSON");
  app.add_flag("--in-memory", c.in_memory,
               "read the .wrp and its modules folder into memory first and load them "
               "with wrp_load_from_memory, as an application holding the files would");
  app.add_flag("--allow-unverified", c.allow_unverified,
               "load an artifact with no wrpkit manifest (a capture as Warp saved it): nothing vouches for its "
               "bytes, so they are refused by default; pass a capture through wrp-build once instead");
  app.add_flag("--isolate,!--no-isolate", c.isolate,
               "with --allow-unverified: load its module images in a child process first, so that a CUDA "
               "driver crash on a damaged image is a refusal naming the module (default on)");
  app.add_flag("--require-verified", c.require_verified,
               "refuse an artifact with no wrpkit manifest: the default now; kept for scripts");
  app.add_option("--trust", c.trust_files,
                 "PUB.pem: an Ed25519 public key; refuse the artifact unless a key given "
                 "signed it (wrp-build --sign). Repeat for several keys");
  app.set_version_flag("--version", std::string("wrp-run (wrpkit) ") + WRPKIT_VERSION);
  return parse_command_line(app, argc, argv);
}

std::optional<int> parse_example_options(int argc, char** argv, ExampleCommand& cmd) {
  CLI::App app{"Make the example .wrp artifact from examples/saxpy.cu (NVRTC + wrpkit's writer)."};
  app.add_option("--source", cmd.source, "CUDA source with the kernel");
  app.add_option("-o,--output", cmd.output, "the .wrp to write");
  app.add_option("--cuda", cmd.cuda, "CUDA root to take NVRTC from first");
  return parse_command_line(app, argc, argv);
}

}  // namespace wrp
