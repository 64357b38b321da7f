// The loader API: given an artifact and a GPU, decide what loading each module
// will do (native SASS, PTX JIT, or impossible, with the reason and the fix),
// and optionally load the modules and resolve every kernel the metadata names.
// Usable by any C++ program that links wrpkit; see examples/check_and_load.cpp.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/driver/cuda_driver.hpp"

namespace wrp {

enum class Outcome { sass, jit, impossible };
const char* outcome_name(Outcome o);

struct ModulePlan {
  std::string file;
  Outcome outcome = Outcome::impossible;
  std::string images;   // "sm_75 sm_80 compute_75"
  std::string message;  // why (names the module, the GPU and its arch, the images)
  std::string fix;      // the command or recapture setting that fixes it; empty when fine
};

struct LoadPlan {
  GpuInfo gpu;
  std::vector<ModulePlan> modules;
  std::vector<ModulePlan> graph;  // graph-wide problems (if/while condition kernels)
  Outcome worst() const;
};

// Pure decision logic: no GPU needed (tests drive it with made-up GpuInfo). An
// artifact whose bytes differ from its manifest is `impossible` (a graph entry says why).
LoadPlan plan_load(const Artifact& a, const GpuInfo& gpu);

struct ModuleLoad {
  std::string file;
  bool ok = false;
  std::string message;
};

// Loads every module of the artifact on the GPU and resolves its kernels. First, as
// every loader does, refuses (Error, bad_input) bytes that differ from the artifact's
// manifest, and what `trust` does not accept (integrity.hpp: require_trusted).
std::vector<ModuleLoad> load_modules(const Artifact& a, const CudaDriver& drv, const LoadPlan& plan,
                                     const TrustPolicy& trust = {});

// The wrp-build command that makes the artifact load natively on `gpu`.
std::string fix_command(const Artifact& a, const Arch& gpu);

}  // namespace wrp
