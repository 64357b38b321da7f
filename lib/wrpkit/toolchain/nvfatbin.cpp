#include "wrpkit/toolchain/nvfatbin.hpp"

#include <fmt/format.h>

#include "wrpkit/base/error.hpp"

namespace wrp {

NvFatbin::NvFatbin(const std::string& path) {
  if (!lib_.open(path)) fail(Exit::toolchain, fmt::format("cannot load nvFatbin {}: {}", path, lib_.error()));
  auto need = [&](auto& fn, const char* name) { lib_.require(fn, name, "an nvFatbin library"); };
  int (*version)(unsigned*, unsigned*) = nullptr;
  need(version, "nvFatbinVersion");
  unsigned ma = 0, mi = 0;
  version(&ma, &mi);
  version_ = fmt::format("{}.{}", ma, mi);
  need(create_, "nvFatbinCreate");
  need(destroy_, "nvFatbinDestroy");
  need(add_ptx_, "nvFatbinAddPTX");
  need(add_cubin_, "nvFatbinAddCubin");
  need(size_, "nvFatbinSize");
  need(get_, "nvFatbinGet");
  need(error_string_, "nvFatbinGetErrorString");
}

Bytes NvFatbin::create(const std::vector<FatbinInput>& inputs, const std::string& compress_mode) const {
  std::vector<std::string> opts{"-64", "-host=linux", "-compress-mode=" + compress_mode};
  std::vector<const char*> argv;
  for (auto& o : opts) argv.push_back(o.c_str());
  Handle h = nullptr;
  auto check = [&](int rc, const std::string& what) {
    if (rc == 0) return;
    std::string msg = fmt::format("nvFatbin {} failed: {}", what, error_string_(rc) ? error_string_(rc) : "?");
    if (h) destroy_(&h);
    fail(Exit::toolchain, msg);
  };
  check(create_(&h, argv.data(), argv.size()), "create");
  for (auto& in : inputs) {
    // nvFatbin takes the number plus the a/f suffix ("90a").
    std::string arch = fmt::format("{}{}", in.arch.number(), in.arch.suffix());
    if (in.is_ptx) {
      std::string text(reinterpret_cast<const char*>(in.data.data()), in.data.size());
      check(add_ptx_(h, text.c_str(), text.size() + 1, arch.c_str(), in.name.c_str(), ""), "AddPTX " + in.name);
    } else {
      check(add_cubin_(h, in.data.data(), in.data.size(), arch.c_str(), in.name.c_str()), "AddCubin " + in.name);
    }
  }
  size_t n = 0;
  check(size_(h, &n), "size");
  Bytes out(n);
  check(get_(h, out.data()), "get");
  destroy_(&h);
  return out;
}

}  // namespace wrp
