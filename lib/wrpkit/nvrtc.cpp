#include "wrpkit/nvrtc.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "wrpkit/error.hpp"

namespace wrp {

Nvrtc::Nvrtc(const std::string& path) {
  // NVRTC dlopens its builtins by bare name; outside LD_LIBRARY_PATH it would not
  // find them. Loading them first from NVRTC's own folder satisfies that lookup.
  std::error_code ec;
  for (auto& e : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path(), ec)) {
    auto n = e.path().filename().string();
    if (n.starts_with("libnvrtc-builtins.so") && n.find(".alt.") == std::string::npos) {
      builtins_.open(e.path().string());
      break;
    }
  }
  if (!lib_.open(path)) fail(Exit::toolchain, fmt::format("cannot load NVRTC {}: {}", path, lib_.error()));
  auto need = [&](auto& fn, const char* name) { lib_.require(fn, name, "NVRTC"); };
  int (*version)(int*, int*) = nullptr;
  need(version, "nvrtcVersion");
  int ma = 0, mi = 0;
  version(&ma, &mi);
  version_ = fmt::format("{}.{}", ma, mi);
  need(create_, "nvrtcCreateProgram");
  need(compile_, "nvrtcCompileProgram");
  need(ptx_size_, "nvrtcGetPTXSize");
  need(ptx_, "nvrtcGetPTX");
  need(log_size_, "nvrtcGetProgramLogSize");
  need(log_, "nvrtcGetProgramLog");
  need(destroy_, "nvrtcDestroyProgram");
}

std::string Nvrtc::compile_to_ptx(const std::string& source, const std::string& name, const Arch& arch) const {
  void* prog = nullptr;
  if (int rc = create_(&prog, source.c_str(), name.c_str(), 0, nullptr, nullptr); rc != 0)
    fail(Exit::toolchain, fmt::format("{}: nvrtcCreateProgram failed ({})", name, rc));
  std::string a = fmt::format("--gpu-architecture=compute_{}", arch.number());
  const char* opts[] = {a.c_str(), "-default-device", "--std=c++17"};
  int rc = compile_(prog, 3, opts);
  if (rc != 0) {
    size_t n = 0;
    log_size_(prog, &n);
    std::string log(n, '\0');
    if (n) log_(prog, log.data());
    destroy_(&prog);
    fail(Exit::toolchain, fmt::format("{}: NVRTC {} failed: {}", name, version_, log));
  }
  size_t n = 0;
  ptx_size_(prog, &n);
  std::string ptx(n, '\0');
  ptx_(prog, ptx.data());
  destroy_(&prog);
  return ptx;  // NUL-terminated, as Warp writes it
}

}  // namespace wrp
