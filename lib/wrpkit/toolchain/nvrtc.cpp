#include "wrpkit/toolchain/nvrtc.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "wrpkit/base/error.hpp"

namespace wrp {

Nvrtc::Nvrtc(const std::string& path) {
  // NVRTC dlopens its builtins by bare name; outside LD_LIBRARY_PATH it would not
  // find them. Loading them first from NVRTC's own folder satisfies that lookup.
  std::error_code ec;
  for (auto& e : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path(), ec)) {
    auto n = e.path().filename().string();
    if (n.starts_with("libnvrtc-builtins.so") && n.find(".alt.") == std::string::npos) {
      if (!builtins_.open(e.path().string())) builtins_error_ = builtins_.error();
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
  cuda_version_ = ma * 1000 + mi * 10;
  need(create_, "nvrtcCreateProgram");
  need(compile_, "nvrtcCompileProgram");
  need(ptx_size_, "nvrtcGetPTXSize");
  need(ptx_, "nvrtcGetPTX");
  need(cubin_size_, "nvrtcGetCUBINSize");
  need(cubin_, "nvrtcGetCUBIN");
  need(log_size_, "nvrtcGetProgramLogSize");
  need(log_, "nvrtcGetProgramLog");
  need(destroy_, "nvrtcDestroyProgram");
  int (*num_archs)(int*) = nullptr;
  int (*archs)(int*) = nullptr;
  need(num_archs, "nvrtcGetNumSupportedArchs");
  need(archs, "nvrtcGetSupportedArchs");
  int n = 0;
  if (num_archs(&n) == 0 && n > 0 && n < 256) {
    archs_.resize(size_t(n));
    if (archs(archs_.data()) != 0) archs_.clear();
  }
}

Bytes Nvrtc::compile(const std::string& source, const std::string& name, const Arch& arch, bool to_ptx,
                     const std::vector<std::string>& options) const {
  void* prog = nullptr;
  if (int rc = create_(&prog, source.c_str(), name.c_str(), 0, nullptr, nullptr); rc != 0)
    fail(Exit::toolchain, fmt::format("{}: nvrtcCreateProgram failed ({})", name, rc));
  std::vector<std::string> opts{
      fmt::format("--gpu-architecture={}_{}{}", to_ptx ? "compute" : "sm", arch.number(), arch.suffix())};
  opts.insert(opts.end(), options.begin(), options.end());
  std::vector<const char*> argv;
  for (auto& o : opts) argv.push_back(o.c_str());
  int rc = compile_(prog, int(argv.size()), argv.data());
  if (rc != 0) {
    size_t n = 0;
    log_size_(prog, &n);
    std::string log(n, '\0');
    if (n) log_(prog, log.data());
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    destroy_(&prog);
    // NVRTC's log is many lines; keep the tool's error on one line.
    for (auto& c : log)
      if (c == '\n') c = ' ';
    // Its builtins failing to load (a library they need is missing) reads, from NVRTC,
    // as "failed to open libnvrtc-builtins": say why.
    if (!builtins_error_.empty() && log.find("libnvrtc-builtins") != std::string::npos)
      log += fmt::format(" (loading it beside NVRTC failed: {})", printable(builtins_error_));
    fail(Exit::toolchain, fmt::format("{}: NVRTC {} failed for {}: {}", name, version_, opts[0], log));
  }
  size_t n = 0;
  Bytes out;
  if (to_ptx) {
    ptx_size_(prog, &n);
    out.resize(n);
    ptx_(prog, reinterpret_cast<char*>(out.data()));
  } else {
    cubin_size_(prog, &n);
    out.resize(n);
    cubin_(prog, reinterpret_cast<char*>(out.data()));
  }
  destroy_(&prog);
  return out;
}

std::string Nvrtc::compile_to_ptx(const std::string& source, const std::string& name, const Arch& arch) const {
  auto ptx = compile(source, name, arch, true, {"-default-device", "--std=c++17"});
  return std::string(ptx.begin(), ptx.end());  // NUL-terminated, as Warp writes it
}

}  // namespace wrp
