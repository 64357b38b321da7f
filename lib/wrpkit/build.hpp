// The wrp-build pipeline: read an artifact, compile every CUDA module for
// every target arch (in parallel), pack one fatbin per module, verify it, and
// write OUT.wrp + OUT_modules/ atomically.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <toml++/toml.h>

#include "wrpkit/arch.hpp"
#include "wrpkit/compile.hpp"
#include "wrpkit/package.hpp"

namespace wrp {

namespace fs = std::filesystem;

enum class PtxMode { lowest, none };

struct BuildOptions {
  fs::path input, output;
  std::vector<Arch> targets;
  PtxMode ptx = PtxMode::lowest;
  std::string compress = "default";  // none | default | size
  unsigned jobs = 0;                 // 0: one per core
  bool force = false, split_families = false, allow_cpu = false;
  bool all_kernels = false;  // compile every kernel of a module, not only the graph's
  std::optional<fs::path> cuda_root;
  CompilerChoice compiler = CompilerChoice::automatic;
  PackagerChoice packager = PackagerChoice::automatic;
  std::optional<fs::path> cache_dir;  // nullopt: no build cache
};

struct BuiltImage {
  std::string kind;  // "sass" | "ptx"
  Arch arch;
  uint64_t size = 0;
  std::string sha256;
};

struct BuiltModule {
  std::string source_file, output_file;
  uint64_t bytes = 0;
  size_t kernels_kept = 0, kernels_total = 0;  // PTX .entry functions compiled / in the capture
  std::vector<BuiltImage> images;
};

struct BuildOutput {
  fs::path wrp;
  std::vector<Arch> targets;
  uint32_t target_arch = 0;
  bool target_arch_changed = false;
  std::vector<BuiltModule> modules;
};

struct BuildReport {
  std::vector<BuildOutput> outputs;
  std::string compiler, packager;
  unsigned jobs = 0;
  size_t compiles = 0;  // distinct (PTX, arch) compilations done
  toml::table json() const;
  std::string text() const;
};

BuildReport run_build(const BuildOptions& opt);

// "out.wrp" + family 9 -> "out.sm9x.wrp"
fs::path family_output_path(const fs::path& out, int major);

}  // namespace wrp
