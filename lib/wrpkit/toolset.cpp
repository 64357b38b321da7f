#include "wrpkit/toolset.hpp"

#include <fmt/format.h>

#include <spdlog/spdlog.h>

#include <chrono>
#include <mutex>

#include "wrpkit/error.hpp"
#include "wrpkit/hash.hpp"
#include "wrpkit/nvrtc.hpp"
#include "wrpkit/nvrtc_workers.hpp"
#include "wrpkit/ptx.hpp"
#include "wrpkit/toolchain.hpp"
#include "wrpkit/warp_install.hpp"

namespace wrp {

namespace {

class CudaToolset final : public Toolset {
 public:
  explicit CudaToolset(ToolsetOptions opt) : opt_(std::move(opt)) {
    if (opt_.cache_dir) cache_.emplace(*opt_.cache_dir);
  }

  ToolFacts ptx_compiler() override {
    auto& c = compiler();
    return {c.description(), c.supported_archs(), max_ptx_isa(c.cuda_version()), ""};
  }

  ToolFacts source_compiler(const std::string& warp_release) override {
    auto& n = nvrtc();
    auto& w = warp(warp_release);
    return {fmt::format("NVRTC {} + Warp {} headers", n.version(), w.version), n.supported_archs(), 0, w.version};
  }

  ToolFacts standalone_compiler() override {
    auto& n = nvrtc();
    return {fmt::format("NVRTC {}", n.version()), n.supported_archs(), 0, ""};
  }

  std::string packager() override { return packer().description(); }

  Bytes compile_ptx(ByteView ptx, const Arch& arch, const std::string& what) override {
    auto& c = compiler();
    auto key = fmt::format("ptx\n{}\n{}\n{}", c.id(), arch.sm(), sha256_hex(ptx));
    return cached(key, fmt::format("{} for {}", what, arch.sm()), [&] { return c.compile(ptx, arch, what); });
  }

  Bytes compile_source(const SourceUnit& src, const Arch& arch, bool to_ptx, const std::string& what) override {
    auto& n = nvrtc();
    auto& w = warp();
    auto options = nvrtc_options(src.recipe, w.native_dir().string());
    // The include path differs between machines but not what it holds: key on the headers' digest instead.
    std::string keyed;
    for (auto& o : options)
      if (!o.starts_with("--include-path=")) keyed += o + " ";
    auto target = to_ptx ? "compute_" + std::to_string(arch.number()) + arch.suffix() : arch.sm();
    auto key = fmt::format("cuda\nNVRTC {}\nWarp {} {}\n{}\n{}\n{}\n{}", n.version(), w.version, w.headers_digest,
                           src.recipe.str(), target, keyed, sha256_hex(src.text));
    return cached(key, fmt::format("{} for {}", what, target), [&] {
      if (auto* pool = workers()) return pool->compile({src.text, what, arch, to_ptx, options});
      return n.compile(src.text, what, arch, to_ptx, options);
    });
  }

  Bytes compile_standalone(const std::string& source, const std::string& name, const Arch& arch, bool to_ptx) override {
    auto& n = nvrtc();
    auto target = to_ptx ? "compute_" + std::to_string(arch.number()) + arch.suffix() : arch.sm();
    auto key = fmt::format("standalone\nNVRTC {}\n{}\n{}", n.version(), target, sha256_hex(source));
    return cached(key, fmt::format("{} for {}", name, target), [&] { return n.compile(source, name, arch, to_ptx, {}); });
  }

  Bytes pack(const std::vector<FatbinInput>& inputs, const std::string& compress, const std::string& what) override {
    return packer().pack(inputs, compress, what);
  }

  CacheCounts cache_counts() const override {
    if (!cache_) return {};
    return {true, cache_->hits(), cache_->misses()};
  }
  void finish() override {
    if (cache_) cache_->finish();
  }

 private:
  template <class F>
  Bytes cached(const std::string& key, const std::string& what, F&& make) {
    if (cache_)
      if (auto hit = cache_->get(key)) {
        spdlog::info("from the cache: {}", what);
        return std::move(*hit);
      }
    auto t0 = std::chrono::steady_clock::now();
    auto out = make();
    spdlog::info("compiled {} in {:.2f} s", what,
                 std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    if (cache_) cache_->put(key, out);
    return out;
  }

  const ToolchainPaths& paths() {
    std::call_once(paths_once_, [&] { paths_ = find_toolchain(opt_.cuda_root); });
    return paths_;
  }
  Compiler& compiler() {
    std::lock_guard lock(mu_);
    if (!compiler_) compiler_ = std::make_unique<Compiler>(paths(), opt_.compiler);
    return *compiler_;
  }
  Packager& packer() {
    std::lock_guard lock(mu_);
    if (!packager_) packager_ = std::make_unique<Packager>(paths(), opt_.packager);
    return *packager_;
  }
  Nvrtc& nvrtc() {
    std::lock_guard lock(mu_);
    if (!nvrtc_) {
      auto& tc = paths();
      if (!tc.nvrtc)
        fail(Exit::toolchain, fmt::format("no NVRTC found (libnvrtc.so) for a build from CUDA source or wrp-run's "
                                          "helper kernels: looked in {}; pip install nvidia-cuda-nvrtc, or pass --cuda PATH",
                                          tc.searched()));
      nvrtc_ = std::make_unique<Nvrtc>(tc.nvrtc->string());
    }
    return *nvrtc_;
  }
  NvrtcWorkers* workers() {
    if (!opt_.nvrtc_worker_exe || opt_.jobs < 2) return nullptr;
    std::lock_guard lock(mu_);
    if (!workers_) workers_ = std::make_unique<NvrtcWorkers>(*opt_.nvrtc_worker_exe, paths().nvrtc->string(), opt_.jobs);
    return workers_.get();
  }
  // The first call names the release wanted (source_compiler, before any compile).
  WarpInstall& warp(const std::string& wanted = "") {
    std::lock_guard lock(mu_);
    if (!warp_) {
      std::string searched;
      warp_ = find_warp(opt_.warp_dir, wanted, searched);
      auto release = wanted.empty() ? std::string("of the capture's release") : "==" + wanted;
      if (!warp_)
        fail(Exit::toolchain, fmt::format("a build from CUDA source needs Warp's native headers, but no warp-lang "
                                          "install was found (looked in {}): pip install warp-lang{} into the Python "
                                          "environment wrp-build runs from, or pass --warp DIR / set WRPKIT_WARP",
                                          searched, release));
    }
    return *warp_;
  }

  ToolsetOptions opt_;
  std::optional<BuildCache> cache_;
  std::once_flag paths_once_;
  ToolchainPaths paths_;
  std::mutex mu_;
  std::unique_ptr<Compiler> compiler_;
  std::unique_ptr<Packager> packager_;
  std::unique_ptr<Nvrtc> nvrtc_;
  std::unique_ptr<NvrtcWorkers> workers_;
  std::optional<WarpInstall> warp_;
};

}  // namespace

std::unique_ptr<Toolset> make_cuda_toolset(const ToolsetOptions& opt) { return std::make_unique<CudaToolset>(opt); }

}  // namespace wrp
