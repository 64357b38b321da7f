#include "wrpkit/toolchain/nvjitlink.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {
constexpr int kInputPtx = 2;
constexpr int kErrUnrecognizedArch = 17, kErrUnsupportedArch = 18, kErrMissingArch = 2;

template <class F>
void bind(const DynLib& lib, F& fn, const char* name, int major) {
  // Headers map each call to a versioned symbol (__nvJitLinkCreate_13_0); the
  // plain name is exported too. Try plain first, then the versioned alias.
  if (lib.get(fn, name) || lib.get(fn, fmt::format("__{}_{}_0", name, major).c_str())) return;
  lib.require(fn, name, "an nvJitLink library");  // neither: throws, naming the plain one
}
}  // namespace

NvJitLink::NvJitLink(const std::string& path) {
  if (!lib_.open(path)) fail(Exit::toolchain, fmt::format("cannot load nvJitLink {}: {}", path, lib_.error()));
  int (*version)(unsigned*, unsigned*) = nullptr;
  if (!lib_.get(version, "nvJitLinkVersion"))
    fail(Exit::toolchain, fmt::format("{}: no nvJitLinkVersion (library too old; CUDA 12.3+ needed)", path));
  unsigned ma = 0, mi = 0;
  version(&ma, &mi);
  major_ = int(ma), minor_ = int(mi);
  version_ = fmt::format("{}.{}", ma, mi);
  bind(lib_, create_, "nvJitLinkCreate", major_);
  bind(lib_, destroy_, "nvJitLinkDestroy", major_);
  bind(lib_, add_data_, "nvJitLinkAddData", major_);
  bind(lib_, complete_, "nvJitLinkComplete", major_);
  bind(lib_, cubin_size_, "nvJitLinkGetLinkedCubinSize", major_);
  bind(lib_, cubin_, "nvJitLinkGetLinkedCubin", major_);
  bind(lib_, err_size_, "nvJitLinkGetErrorLogSize", major_);
  bind(lib_, err_, "nvJitLinkGetErrorLog", major_);
  bind(lib_, info_size_, "nvJitLinkGetInfoLogSize", major_);
  bind(lib_, info_, "nvJitLinkGetInfoLog", major_);
}

CompileResult NvJitLink::compile(ByteView ptx, const Arch& arch, const std::vector<std::string>& options) const {
  CompileResult res;
  std::vector<std::string> opts{fmt::format("-arch={}", arch.sm())};
  opts.insert(opts.end(), options.begin(), options.end());
  std::vector<const char*> argv;
  for (auto& o : opts) argv.push_back(o.c_str());
  Handle h = nullptr;
  int rc = create_(&h, uint32_t(argv.size()), argv.data());
  auto read_log = [&](Handle hh) {
    size_t n = 0;
    std::string log;
    if (hh && err_size_(hh, &n) == 0 && n > 1) {
      log.resize(n);
      err_(hh, log.data());
      log.resize(n - 1);
    }
    if (hh && info_size_(hh, &n) == 0 && n > 1) {
      std::string info(n, '\0');
      info_(hh, info.data());
      info.resize(n - 1);
      log += info;
    }
    return log;
  };
  if (rc != 0) {
    res.log = read_log(h);
    if (res.log.empty()) res.log = fmt::format("nvJitLinkCreate failed with code {} for {}", rc, arch.sm());
    res.arch_unsupported = rc == kErrUnrecognizedArch || rc == kErrUnsupportedArch || rc == kErrMissingArch;
    if (h) destroy_(&h);
    return res;
  }
  // nvJitLink wants PTX without trailing NULs counted as text, but NUL-terminated.
  std::string text(reinterpret_cast<const char*>(ptx.data()), ptx.size());
  rc = add_data_(h, kInputPtx, text.c_str(), text.size() + 1, "module.ptx");
  if (rc == 0) rc = complete_(h);
  if (rc != 0) {
    res.log = read_log(h);
    if (res.log.empty()) res.log = fmt::format("nvJitLink failed with code {}", rc);
    res.arch_unsupported = rc == kErrUnrecognizedArch || rc == kErrUnsupportedArch;
    destroy_(&h);
    return res;
  }
  size_t n = 0;
  cubin_size_(h, &n);
  res.cubin.resize(n);
  cubin_(h, res.cubin.data());
  destroy_(&h);
  res.ok = true;
  return res;
}

}  // namespace wrp
