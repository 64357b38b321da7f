// The compilers and the packager behind one small interface, so the build
// pipeline (passes.hpp) can be driven by the real CUDA libraries or, in
// unit tests, by a fake. Several CUDA releases side by side (CUDA 12 and 13
// sonames differ): the plan says which release's output each image's driver loads
// (driver_floor.hpp), the tool check picks the newest release that fits. The real
// toolset finds the pieces lazily: a build that only repacks prebuilt SASS needs no
// compiler, one from PTX needs no NVRTC or Warp.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/cuda_version.hpp"
#include "wrpkit/cache/compile_cache.hpp"
#include "wrpkit/formats/recipe.hpp"
#include "wrpkit/toolchain/compile.hpp"
#include "wrpkit/toolchain/nvfatbin.hpp"
#include "wrpkit/toolchain/package.hpp"

namespace wrp {

// A format-18 module's retained CUDA source and how Warp compiled it.
struct SourceUnit {
  std::string text, name;  // name: the .cu file name, for messages
  CompileRecipe recipe;
};

// What the plan needs to know about a release's tools to refuse impossible work up front.
struct ToolFacts {
  std::string description;   // "nvJitLink 13.5", "NVRTC 13.5 + Warp 1.19.0 headers"
  std::vector<int> archs;    // SM archs it compiles for
  int max_ptx_isa = 0;       // PTX compilers: highest ISA read (major*10+minor)
  std::string warp_version;  // source compilers: the Warp headers' release
};

class Toolset {
 public:
  virtual ~Toolset() = default;
  // The CUDA releases found (each with at least a compiler or a packager), newest first.
  virtual std::vector<CudaVersion> releases() = 0;
  // Each throws wrp::Error(toolchain) naming where it looked when the release lacks the tool.
  virtual ToolFacts ptx_compiler(CudaVersion release) = 0;
  // `warp_release`: the Warp release whose headers the capture's CUDA source needs.
  virtual ToolFacts source_compiler(CudaVersion release, const std::string& warp_release) = 0;
  // NVRTC alone, for CUDA source that needs no headers (wrp-run's helper kernels).
  virtual ToolFacts standalone_compiler(CudaVersion release) = 0;
  virtual std::string packager(CudaVersion release) = 0;

  // PTX -> SASS for `arch`.
  virtual Bytes compile_ptx(ByteView ptx, const Arch& arch, const std::string& what, CudaVersion release) = 0;
  // CUDA source -> SASS for `arch`, or PTX for compute_<arch> when `to_ptx`.
  virtual Bytes compile_source(const SourceUnit& src, const Arch& arch, bool to_ptx, const std::string& what,
                               CudaVersion release) = 0;
  // Self-contained CUDA source -> SASS for `arch`, or PTX for compute_<arch> when `to_ptx`.
  virtual Bytes compile_standalone(const std::string& source, const std::string& name, const Arch& arch, bool to_ptx,
                                   CudaVersion release) = 0;
  virtual Bytes pack(const std::vector<FatbinInput>& inputs, const std::string& compress, const std::string& what,
                     CudaVersion release) = 0;

  // The build cache in front of the compilers: this run's lookups (hits and misses).
  struct CacheCounts {
    bool enabled = false, remote = false;  // remote: remote storage behind the folder
    uint64_t hits = 0, misses = 0;         // the local folder's
    uint64_t remote_hits = 0, remote_misses = 0;
  };
  virtual CacheCounts cache_counts() const { return {}; }
  // Where each image of this run came from, in the order they were asked for.
  struct CompileSource {
    std::string what;  // "module X for sm_90 by nvJitLink 13.5"
    std::string from;  // "local", "remote" or "compiled"
  };
  virtual std::vector<CompileSource> compile_sources() const { return {}; }
  // After the build: the cache's stats and size cap (CompileCache::finish).
  virtual void finish() {}
  // Forgets the releases found, to look again (after --fetch-toolchains installed some):
  // only before anything was compiled.
  virtual void rescan() {}
};

struct ToolsetOptions {
  std::optional<std::filesystem::path> cuda_root, warp_dir;
  CompilerChoice compiler = CompilerChoice::automatic;
  PackagerChoice packager = PackagerChoice::automatic;
  std::optional<std::filesystem::path> cache_dir;  // nullopt: no build cache
  std::vector<RemoteSpec> cache_remotes;           // behind cache_dir (remote/storage.hpp)
  bool publish_local_hits = false;  // a local hit is written to the remotes too (--shard: they meet there)
  // Source compiles run in worker processes started as `EXE --nvrtc-worker ...`
  // (nvrtc_workers.hpp), at most `jobs` of them; nullopt: in this process.
  std::optional<std::filesystem::path> nvrtc_worker_exe;
  unsigned jobs = 1;
};

std::unique_ptr<Toolset> make_cuda_toolset(const ToolsetOptions& opt);

}  // namespace wrp
