// wrp-build's first stage: the plan. It turns an artifact and a list of target
// archs into work (module x arch x input kind) and refuses everything that
// cannot work before anything is compiled, all refusals in one error. The
// stages after it (build_stages.hpp) only carry the plan out.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/arch.hpp"
#include "wrpkit/build.hpp"
#include "wrpkit/metadata.hpp"
#include "wrpkit/toolset.hpp"

namespace wrp {

struct Artifact;

// What a module's images are made from (also recorded as provenance).
enum class ImageOrigin { ptx, source, binary };
const char* image_origin_name(ImageOrigin o);

// One compilation; identical inputs for the same arch share one job.
struct CompileJob {
  size_t module = 0;      // the first module that needs it (for messages)
  Arch arch;
  ImageOrigin from = ImageOrigin::ptx;  // ptx or source
  bool to_ptx = false;    // source -> PTX for compute_<arch> (--ptx lowest)
  std::string input_digest;
};

struct PlannedModule {
  ImageOrigin from = ImageOrigin::binary;
  Bytes ptx;                 // from == ptx: the PTX compiled (NULs stripped, maybe pruned)
  Arch ptx_arch;
  int ptx_isa = 0;
  SourceUnit source;         // from == source
  std::vector<std::pair<Arch, Bytes>> prebuilt;  // from == binary: SASS kept as it is
  size_t kernels_kept = 0, kernels_total = 0;
  std::vector<std::string> entries;  // every entry the metadata names for this module
  std::vector<size_t> jobs;  // indices into BuildPlan::jobs, in image order
  bool embed_ptx = false;    // the module's own PTX (from == ptx) goes into the fatbin
  ModuleRecord record;       // as it will be written (file name, format-18 fields)
  bool copy_source = false;  // the .cu travels into the output folder
};

// wrp-run's helper kernels (replay_helpers.hpp), for graphs with ops that need them
// (if/while, memtile, scan, sorts, run-length encode, reduction): SASS for every
// target, plus PTX for the lowest where the modules embed PTX too.
struct PlannedHelpers {
  std::vector<Arch> sass;
  std::optional<Arch> ptx;
  std::vector<std::string> for_ops;  // helper_op_names of the graph
  std::vector<std::string> entries;  // helper_entries_needed: the kernels compiled
};

struct BuildPlan {
  std::filesystem::path out;
  std::vector<Arch> targets;  // sorted
  std::vector<PlannedModule> modules;  // parallel to the artifact's modules
  std::vector<CompileJob> jobs;
  std::optional<PlannedHelpers> helpers;
  uint32_t target_arch = 0;
  bool target_arch_changed = false;
  bool needs_ptx_compiler() const;
  bool needs_source_compiler() const;
};

// Pure: reads the artifact and options only. Throws one wrp::Error listing every refusal.
BuildPlan plan_build(const BuildOptions& opt, const Artifact& a, const std::filesystem::path& out,
                     std::vector<Arch> targets);
// wrp-run's helper kernels are an extra that stock Warp never uses: where no NVRTC
// is found the build goes on without them (one warning naming what wrp-run then
// refuses and how to add them), as with --no-replay-helpers.
void drop_helpers_without_nvrtc(BuildPlan& plan, Toolset& tools);
// Refusals that depend on the tools (an arch the compiler lacks, PTX newer than it
// reads, Warp headers of another release), still before any compile.
void check_tools(const BuildPlan& plan, const Artifact& a, Toolset& tools);

// "wp___main___63c90fb.sm75.ptx" -> "wp___main___63c90fb.fatbin"
std::string fatbin_name(const std::string& binary_filename);

}  // namespace wrp
