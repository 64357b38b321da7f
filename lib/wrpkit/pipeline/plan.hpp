// wrp-build's first stage: the plan. It turns an artifact and a list of target
// archs into work (module x arch x input kind) and refuses everything that
// cannot work before anything is compiled, all refusals in one error. The
// stages after it (passes.hpp) only carry the plan out.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/cuda_version.hpp"
#include "wrpkit/base/shared_bytes.hpp"
#include "wrpkit/formats/metadata.hpp"
#include "wrpkit/pipeline/build.hpp"
#include "wrpkit/toolchain/toolset.hpp"

namespace wrp {

struct Artifact;

// Which CUDA releases may compile an image so that the floor's driver loads it
// (driver_floor.hpp); the tool check picks the newest release found that fits.
struct ToolNeed {
  int major = 0;                       // SASS: the floor's major (0: any)
  std::optional<CudaVersion> at_most;  // no newer: Tegra without minor-version compatibility, or PTX for the floor
  int reads_isa = 0;                   // PTX input: the compiler must read this ISA
  bool accepts(CudaVersion release) const;
  std::string str() const;  // "CUDA 12.x", "CUDA 12.x, 12.6 or older", "CUDA 13.4 or older"
  auto operator<=>(const ToolNeed&) const = default;
};

// What a job makes, as messages and records name it: "sm_87", or "compute_75" for PTX.
inline std::string job_target(const Arch& arch, bool to_ptx) {
  return to_ptx ? "compute_" + std::to_string(arch.number()) : arch.sm();
}

// One compilation; identical inputs for the same arch and need share one job.
struct CompileJob {
  size_t module = 0;  // the first module that needs it (for messages)
  Arch arch;
  ImageOrigin from = ImageOrigin::ptx;  // ptx or source
  bool to_ptx = false;                  // source -> PTX for compute_<arch> (--ptx lowest)
  std::string input_digest;
  ToolNeed need;
  CudaVersion release;  // the toolchain chosen for it (choose_tools)
  std::string target() const { return job_target(arch, to_ptx); }
};

struct PlannedModule {
  ImageOrigin from = ImageOrigin::binary;
  Bytes ptx;  // from == ptx: the PTX compiled (NULs stripped, maybe pruned)
  Arch ptx_arch;
  int ptx_isa = 0;
  SourceUnit source;  // from == source
  struct Prebuilt {
    Arch arch;
    SharedBytes bytes;                   // the module file's bytes, or a slice of them: no copy
    std::optional<CudaVersion> release;  // its compiler's (driver_floor.hpp)
  };
  std::vector<Prebuilt> prebuilt;  // from == binary: SASS kept as it is
  size_t kernels_kept = 0, kernels_total = 0;
  std::vector<std::string> entries;  // every entry the metadata names for this module
  std::vector<size_t> jobs;          // indices into BuildPlan::jobs, in image order
  bool embed_ptx = false;            // the module's own PTX (from == ptx) goes into the fatbin
  ModuleRecord record;               // as it will be written (file name, format-18 fields)
  bool copy_source = false;          // the .cu travels into the output folder
};

// wrp-run's helper kernels (helper_kernels.hpp), for graphs with ops that need them
// (if/while, memtile, scan, sorts, run-length encode, reduction): SASS for every
// target, plus PTX for the lowest where the modules embed PTX too.
struct HelperJob {
  Arch arch;
  bool to_ptx = false;
  ToolNeed need;
  CudaVersion release;  // chosen by choose_tools
  std::string target() const { return job_target(arch, to_ptx); }
};
struct PlannedHelpers {
  std::vector<HelperJob> jobs;       // SASS for every target, then PTX for the lowest with --ptx lowest
  std::vector<std::string> for_ops;  // the ops that launch them (the replay plan's helper_ops)
  std::vector<std::string> entries;  // the kernels compiled: the replay plan's helper_entries
};

struct BuildPlan {
  std::filesystem::path out;
  std::vector<Arch> targets;           // sorted
  std::vector<PlannedModule> modules;  // parallel to the artifact's modules
  std::vector<CompileJob> jobs;
  std::optional<PlannedHelpers> helpers;
  std::optional<PlannedHelpers> mesh;  // wrp-run's mesh kernels, from Warp's headers (mesh_releases.hpp)
  uint32_t target_arch = 0;
  bool target_arch_changed = false;
  // The oldest driver the output must load on with no JIT, and where that came from
  // ("--min-driver", "profile 'jetson-orin'", "the capture: Warp's CUDA 12.9").
  CudaVersion floor;
  std::string floor_from;
  CudaVersion pack_release;  // whose packager writes the fatbins (the floor's major; choose_tools)
  bool needs_ptx_compiler() const;
  bool needs_source_compiler() const;
};

// Up to format 16 stock Warp builds if/while condition kernels as SASS for the graph's one
// target_arch, which runs within one SASS family only: such a graph whose targets span
// several families needs one artifact per family (--split-families); plan_build refuses it.
bool needs_artifact_per_family(const Artifact& a, const std::vector<Arch>& targets);

// Pure: reads the artifact and options only. Throws one wrp::Error listing every refusal.
BuildPlan plan_build(const BuildOptions& opt, const Artifact& a, const std::filesystem::path& out,
                     std::vector<Arch> targets);
// Picks every image's toolchain (the newest release found that the job's need
// accepts and that has the tool, the arch and the ISA) and the packager's, and
// refuses what no toolchain found can do (naming the releases found and what to
// install), or Warp headers of another release, still before any compile.
// wrp-run's helper kernels are an extra that stock Warp never uses: where no NVRTC
// is found for them the build goes on without them (one warning naming what
// wrp-run then refuses and how to add them), as with --no-replay-helpers.
void choose_tools(BuildPlan& plan, const Artifact& a, Toolset& tools);
// The CUDA releases no toolchain found serves, as `wrpkit toolchain install` takes them:
// "12.6" (the newest a need accepts) or "13" (any of that major); empty when all are met.
std::vector<std::string> missing_toolchains(const BuildPlan& plan, const Artifact& a, Toolset& tools);

// "wp___main___63c90fb.sm75.ptx" -> "wp___main___63c90fb.fatbin"
std::string fatbin_name(const std::string& binary_filename);

}  // namespace wrp
