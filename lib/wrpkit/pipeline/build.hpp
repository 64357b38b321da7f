// wrp-build: read an artifact, compile every CUDA module for every target arch
// (from its PTX, its retained CUDA source or its prebuilt SASS), pack one
// fatbin per module, verify it, and write OUT.wrp + OUT_modules/ atomically.
// run_build runs the named stages plan -> compile -> pack -> emit
// (plan.hpp, passes.hpp).
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/progress.hpp"
#include "wrpkit/formats/fatbin.hpp"
#include "wrpkit/toolchain/compile.hpp"
#include "wrpkit/toolchain/package.hpp"
#include "wrpkit/toolchain/toolset.hpp"

namespace wrp {

namespace fs = std::filesystem;

enum class PtxMode { lowest, none };
// What modules are built from: `automatic` takes a format-18 module's retained
// CUDA source when it has one, else its binary (PTX, CUBIN or fatbin).
enum class BuildFrom { automatic, source, binary };

struct BuildOptions {
  fs::path input, output;
  std::vector<Arch> targets;
  std::string targets_from;  // "the default profile 'portable'", "profile 'datacenter'"; empty for --arch
  // The oldest driver the output must load on (--min-driver, a profile's `cuda`);
  // nullopt: the CUDA of the Warp that wrote the capture (driver_floor.hpp).
  std::optional<CudaVersion> min_driver;
  std::string min_driver_from;  // "--min-driver", "profile 'jetson-orin'"
  PtxMode ptx = PtxMode::lowest;
  std::string compress = "default";  // none | default | size
  unsigned jobs = 0;                 // 0: one per core
  bool force = false, split_families = false, allow_cpu = false;
  bool all_kernels = false;    // compile every kernel of a module, not only the graph's
  bool replay_helpers = true;  // add wrp-run's helper kernels where the graph needs them (helper_kernels.hpp)
  BuildFrom from = BuildFrom::automatic;
  // --sign: an Ed25519 private key (PEM) that signs the output's manifest (seal.hpp).
  // --sign-only: sign `input`, an intact wrp-build output, into `output` without rebuilding.
  fs::path sign_key;
  bool sign_only = false;
  // --shard I/N: compile only this shard's part of the jobs into the caches and write no
  // artifact; a build of the same inputs without it then assembles from the shared cache.
  struct Shard {
    unsigned index = 1, count = 1;  // 1-based
  };
  std::optional<Shard> shard;
  ToolsetOptions tools;  // where the compilers, NVRTC, Warp's headers and the cache are
  // --fetch-toolchains: installs the CUDA releases a plan lacks (each "12.6", or "13" for the
  // newest of a major) before the tool choice looks again; throws to stop. Empty: never.
  std::function<void(const std::vector<std::string>& releases)> fetch_toolchains;
  ProgressFn progress;  // called as compiles and packs finish (one call at a time); may be empty
};

// What a module's images are made from (also recorded as provenance).
enum class ImageOrigin { ptx, source, binary };
const char* image_origin_name(ImageOrigin o);  // "ptx", "source", "binary"

struct BuiltImage {
  ImageKind kind = ImageKind::sass;  // sass or ptx
  Arch arch;
  uint64_t size = 0;
  std::string sha256;
  ImageOrigin from = ImageOrigin::ptx;
  int ptx_isa = 0;       // PTX images: their ISA (88 for 8.8), which sets the lowest driver that JITs them
  std::string compiler;  // the CUDA release that made it ("12.9"); empty when not known
};

struct BuiltModule {
  std::string source_file, output_file;
  ImageOrigin from = ImageOrigin::binary;
  std::string cuda_source;  // the retained .cu copied along, if any
  uint64_t bytes = 0;
  size_t kernels_kept = 0, kernels_total = 0;  // PTX .entry functions compiled / in the capture
  std::vector<BuiltImage> images;
};

struct BuildOutput {
  fs::path wrp;
  std::vector<Arch> targets;
  std::string min_driver, min_driver_from;  // the floor built for, and where it came from
  uint32_t target_arch = 0;
  bool target_arch_changed = false;
  std::vector<BuiltModule> modules;
  uint64_t replay_helpers_bytes = 0;            // wrp-run's helper fatbin in the .wrp; 0: none (helper_kernels.hpp)
  uint64_t mesh_kernels_bytes = 0;              // wrp-run's mesh kernels' fatbin; 0: none
  std::vector<std::string> replay_helpers_for;  // the ops that launch them (the replay plan's helper_ops)
  std::string signed_by;                        // the id of the key that signed its manifest (--sign); empty: unsigned
};

// What a --shard build did: its part of the compile jobs (modules', helpers', mesh kernels').
struct ShardReport {
  unsigned index = 1, count = 1;
  size_t jobs_total = 0, jobs_here = 0;
};

struct BuildReport {
  std::vector<BuildOutput> outputs;  // none for a --shard build
  std::optional<ShardReport> shard;
  std::string toolchain;  // the compilers and packager used
  unsigned jobs = 0;
  size_t compiles = 0;                                  // distinct images the build needed (module images and helpers)
  bool cache = false;                                   // a build cache was used
  bool cache_remote = false;                            // remote storage behind the cache folder (--cache-remote)
  uint64_t cache_hits = 0, cache_misses = 0;            // of `compiles`: taken from the cache folder / compiled
  uint64_t cache_remote_hits = 0;                       // of `compiles`: taken from a remote storage
  std::vector<Toolset::CompileSource> compile_sources;  // each image, and whether local, remote or compiled
};

// The report's two printers (base/report_writer.hpp): JSON (one object, keys sorted) and text.
std::string report_json(const BuildReport& r);
std::string report_text(const BuildReport& r);

// `tools`: nullptr for the real CUDA libraries (opt.tools says where); tests pass a fake.
BuildReport run_build(const BuildOptions& opt, Toolset* tools = nullptr);

// "out.wrp" + family "sm_9x" -> "out.sm9x.wrp"; a Tegra arch "sm_87" -> "out.sm87.wrp" (sass_family)
fs::path family_output_path(const fs::path& out, const std::string& family);

}  // namespace wrp
