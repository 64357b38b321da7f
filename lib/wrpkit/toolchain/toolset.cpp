#include "wrpkit/toolchain/toolset.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <mutex>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/formats/ptx.hpp"
#include "wrpkit/toolchain/find.hpp"
#include "wrpkit/toolchain/nvjitlink.hpp"
#include "wrpkit/toolchain/nvrtc.hpp"
#include "wrpkit/toolchain/nvrtc_workers.hpp"
#include "wrpkit/toolchain/warp_install.hpp"

namespace wrp {

namespace {

// One CUDA release's pieces, each loaded on first use.
struct Chain {
  ToolchainPaths paths;
  CudaVersion release;
  std::unique_ptr<Compiler> compiler;
  std::unique_ptr<Packager> packager;
  std::unique_ptr<Nvrtc> nvrtc;
  std::unique_ptr<NvrtcWorkers> workers;
};

// The release of a found toolchain: its nvJitLink's, NVRTC's or ptxas's own version;
// nullopt for a packager alone.
std::optional<CudaVersion> release_of(const ToolchainPaths& t) {
  try {
    if (t.nvjitlink) {
      NvJitLink j(t.nvjitlink->string());
      return CudaVersion{j.major(), j.minor()};
    }
    if (t.nvrtc) return CudaVersion::from_code(Nvrtc(t.nvrtc->string()).cuda_version());
    if (t.ptxas) return CudaVersion::from_code(Compiler(t, CompilerChoice::ptxas).cuda_version());
  } catch (const Error& e) {
    log::warn("toolchain in {} skipped: {}", t.searched(), e.what());
  }
  return std::nullopt;
}

class CudaToolset final : public Toolset {
 public:
  explicit CudaToolset(ToolsetOptions opt) : opt_(std::move(opt)) {
    if (opt_.cache_dir) {
      cache_.emplace(*opt_.cache_dir);
      cache_->add_remotes(opt_.cache_remotes);
    }
  }

  std::vector<CudaVersion> releases() override {
    auto& all = chains();
    std::vector<CudaVersion> out;
    for (auto& c : all) out.push_back(c->release);
    return out;
  }

  ToolFacts ptx_compiler(CudaVersion r) override {
    auto& c = compiler(r);
    return {c.description(), c.supported_archs(), max_ptx_isa(c.cuda_version()), ""};
  }

  ToolFacts source_compiler(CudaVersion r, const std::string& warp_release) override {
    auto& n = nvrtc(r);
    auto& w = warp(warp_release);
    return {fmt::format("NVRTC {} + Warp {} headers", n.version(), w.version), n.supported_archs(),
            max_ptx_isa(n.cuda_version()), w.version};
  }

  ToolFacts standalone_compiler(CudaVersion r) override {
    auto& n = nvrtc(r);
    return {fmt::format("NVRTC {}", n.version()), n.supported_archs(), max_ptx_isa(n.cuda_version()), ""};
  }

  std::string packager(CudaVersion r) override { return packer(r).description(); }

  Bytes compile_ptx(ByteView ptx, const Arch& arch, const std::string& what, CudaVersion r) override {
    auto& c = compiler(r);
    auto key = fmt::format("ptx\n{}\n{}\n{}", c.id(), arch.sm(), sha256_hex(ptx));
    return cached(key, fmt::format("{} for {} by {}", what, arch.sm(), c.description()),
                  [&] { return c.compile(ptx, arch, what); });
  }

  Bytes compile_source(const SourceUnit& src, const Arch& arch, bool to_ptx, const std::string& what,
                       CudaVersion r) override {
    auto& n = nvrtc(r);
    auto& w = warp();
    auto options = nvrtc_options(src.recipe, w.native_dir().string());
    // The include path differs between machines but not what it holds: key on the headers' digest instead.
    std::string keyed;
    for (auto& o : options)
      if (!o.starts_with("--include-path=")) keyed += o + " ";
    auto target = to_ptx ? "compute_" + std::to_string(arch.number()) + arch.suffix() : arch.sm();
    // `what` is NVRTC's program name, which its output spells into internal symbols: the
    // same source under another file name is another compile.
    auto key = fmt::format("cuda\nNVRTC {}\nWarp {} {}\n{}\n{}\n{}\n{}\n{}", n.version(), w.version, w.headers_digest,
                           src.recipe.str(), target, keyed, what, sha256_hex(src.text));
    return cached(key, fmt::format("{} for {} by NVRTC {}", what, target, n.version()), [&] {
      if (auto* pool = workers(r)) return pool->compile({src.text, what, arch, to_ptx, options});
      return n.compile(src.text, what, arch, to_ptx, options);
    });
  }

  Bytes compile_standalone(const std::string& source, const std::string& name, const Arch& arch, bool to_ptx,
                           CudaVersion r) override {
    auto& n = nvrtc(r);
    auto target = to_ptx ? "compute_" + std::to_string(arch.number()) + arch.suffix() : arch.sm();
    auto key = fmt::format("standalone\nNVRTC {}\n{}\n{}\n{}", n.version(), target, name, sha256_hex(source));
    return cached(key, fmt::format("{} for {} by NVRTC {}", name, target, n.version()),
                  [&] { return n.compile(source, name, arch, to_ptx, {}); });
  }

  Bytes pack(const std::vector<FatbinInput>& inputs, const std::string& compress, const std::string& what,
             CudaVersion r) override {
    return packer(r).pack(inputs, compress, what);
  }

  CacheCounts cache_counts() const override {
    if (!cache_) return {};
    return {
        true, cache_->has_remotes(), cache_->hits(), cache_->misses(), cache_->remote_hits(), cache_->remote_misses()};
  }
  std::vector<CompileSource> compile_sources() const override {
    std::lock_guard lock(sources_mu_);
    return sources_;
  }
  void finish() override {
    if (cache_) cache_->finish();
  }

 private:
  template <class F>
  Bytes cached(const std::string& key, const std::string& what, F&& make) {
    if (cache_)
      if (auto hit = cache_->lookup(key)) {
        const char* from = hit->from == CacheLayer::remote ? "remote" : "local";
        log::info("from the {} cache: {}", from, what);
        if (hit->from == CacheLayer::local && opt_.publish_local_hits) cache_->publish(key, hit->payload);
        record(what, from);
        return std::move(hit->payload);
      }
    auto t0 = std::chrono::steady_clock::now();
    auto out = make();
    log::info("compiled {} in {:.2f} s", what,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    record(what, "compiled");
    if (cache_) cache_->put(key, out);
    return out;
  }

  // Every release found, newest first; the first place a release is found wins.
  const std::vector<std::unique_ptr<Chain>>& chains() {
    std::lock_guard lock(chains_mu_);
    if (!chains_found_) {
      chains_found_ = true;
      for (auto& paths : find_toolchains(opt_.cuda_root)) {
        searched_.push_back(paths.searched());
        auto r = release_of(paths);
        if (!r) {
          if (paths.fatbinary || paths.nvfatbin) fallback_packager_ = paths;  // a packager alone
          continue;
        }
        if (std::any_of(chains_.begin(), chains_.end(), [&](auto& c) { return c->release == *r; })) continue;
        chains_.push_back(std::make_unique<Chain>(Chain{paths, *r, {}, {}, {}, {}}));
      }
      std::stable_sort(chains_.begin(), chains_.end(), [](auto& x, auto& y) { return x->release > y->release; });
    }
    return chains_;
  }

  void rescan() override {
    std::lock_guard lock(chains_mu_);
    chains_.clear();
    searched_.clear();
    fallback_packager_.reset();
    chains_found_ = false;
  }

  Chain& chain(CudaVersion r) {
    for (auto& c : chains())
      if (c->release == r) return *c;
    fail(Exit::toolchain, fmt::format("no CUDA {} toolchain found (looked in {}); {}", r.str(),
                                      searched_.empty() ? "nowhere" : searched_.front(), toolchain_install_hint()));
  }

  Compiler& compiler(CudaVersion r) {
    auto& c = chain(r);
    std::lock_guard lock(mu_);
    if (!c.compiler) c.compiler = std::make_unique<Compiler>(c.paths, opt_.compiler);
    return *c.compiler;
  }
  Packager& packer(CudaVersion r) {
    auto& c = chain(r);
    std::lock_guard lock(mu_);
    if (!c.packager) {
      auto paths = c.paths;  // a release without nvFatbin packs with what the primary search found
      if (!paths.nvfatbin && !paths.fatbinary && fallback_packager_) paths = *fallback_packager_;
      c.packager = std::make_unique<Packager>(paths, opt_.packager);
    }
    return *c.packager;
  }
  Nvrtc& nvrtc(CudaVersion r) {
    auto& c = chain(r);
    std::lock_guard lock(mu_);
    if (!c.nvrtc) {
      if (!c.paths.nvrtc)
        fail(Exit::toolchain, fmt::format("no NVRTC {} found (libnvrtc.so.{}) for a build from CUDA source or "
                                          "wrp-run's helper kernels: looked in {}; pip install {}, or pass --cuda PATH",
                                          r.str(), r.major, c.paths.searched(),
                                          r.major >= 13 ? "nvidia-cuda-nvrtc" : "nvidia-cuda-nvrtc-cu12"));
      c.nvrtc = std::make_unique<Nvrtc>(c.paths.nvrtc->string());
    }
    return *c.nvrtc;
  }
  NvrtcWorkers* workers(CudaVersion r) {
    if (!opt_.nvrtc_worker_exe || opt_.jobs < 2) return nullptr;
    auto& c = chain(r);
    std::lock_guard lock(mu_);
    if (!c.workers)
      c.workers = std::make_unique<NvrtcWorkers>(*opt_.nvrtc_worker_exe, c.paths.nvrtc->string(), opt_.jobs);
    return c.workers.get();
  }
  // The first call names the release wanted (source_compiler, before any compile).
  WarpInstall& warp(const std::string& wanted = "") {
    std::lock_guard lock(mu_);
    if (!warp_) {
      std::string searched;
      warp_ = find_warp(opt_.warp_dir, wanted, searched);
      auto release = wanted.empty() ? std::string(" of the capture's release") : "==" + wanted;
      if (!warp_)
        fail(Exit::toolchain, fmt::format("a build from CUDA source needs Warp's native headers, but no warp-lang "
                                          "install was found (looked in {}): pip install warp-lang{} into the Python "
                                          "environment wrp-build runs from, or pass --warp DIR / set WRPKIT_WARP",
                                          searched, release));
    }
    return *warp_;
  }

  ToolsetOptions opt_;
  std::optional<CompileCache> cache_;
  mutable std::mutex sources_mu_;
  std::vector<CompileSource> sources_;
  void record(const std::string& what, const char* from) {
    std::lock_guard lock(sources_mu_);
    sources_.push_back({what, from});
  }
  std::mutex chains_mu_;
  bool chains_found_ = false;
  std::vector<std::unique_ptr<Chain>> chains_;
  std::vector<std::string> searched_;
  std::optional<ToolchainPaths> fallback_packager_;
  std::mutex mu_;
  std::optional<WarpInstall> warp_;
};

}  // namespace

std::unique_ptr<Toolset> make_cuda_toolset(const ToolsetOptions& opt) { return std::make_unique<CudaToolset>(opt); }

}  // namespace wrp
