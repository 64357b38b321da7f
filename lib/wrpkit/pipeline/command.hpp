// wrp-build as one library call: the options as its command line gives them
// (tools/wrp-build.cpp reads them), turned into BuildOptions and checked here, then
// the build, the profile list or the cache operation run and its report written.
#pragma once
#include <filesystem>
#include <optional>
#include <string>

#include "wrpkit/base/progress.hpp"
#include "wrpkit/base/report_writer.hpp"

namespace wrp {

struct BuildCommand {
  std::string input, output;              // IN.wrp -o OUT.wrp
  std::optional<std::string> archs;       // --arch sm_75,sm_90 (instead of a profile)
  std::string profile, targets_file;      // --profile, --targets (empty: the defaults)
  std::optional<std::string> min_driver;  // --min-driver 12.6
  std::string ptx = "lowest", compress = "default", from = "auto";
  std::string cuda, warp, compiler = "auto", packager = "auto";
  unsigned jobs = 0;                        // 0: every core
  std::string cache_dir;                    // --cache-dir (empty: $WRPKIT_CACHE_DIR, ~/.cache/wrpkit)
  std::optional<std::string> cache_remote;  // --cache-remote (unset: $WRPKIT_CACHE_REMOTE)
  std::optional<std::string> cache_max_size;
  std::string sign_key;
  bool list_profiles = false, cache_stats = false, cache_clear = false;
  bool force = false, split_families = false, allow_cpu = false, no_cache = false, all_kernels = false,
       no_replay_helpers = false, sign_only = false, quiet = false;
  bool fetch_toolchains = false;
  std::string shard;  // --shard I/N  // install the CUDA releases the plan lacks (wrpkit toolchain install)
  std::optional<std::filesystem::path> nvrtc_worker_exe;  // the tool itself, started as NVRTC workers
  ProgressFn progress;                                    // the tool's progress line and --progress-fd
};

// Runs what the command asks and writes its report (with `quiet`, text reports are
// left out; JSON ones never). Returns wrp-build's exit code; throws wrp::Error.
int run_build_command(const BuildCommand& cmd, const ReportWriter& out);

}  // namespace wrp
