#include "wrpkit/toolchain.hpp"

#include "wrpkit/process.hpp"

#include <fmt/format.h>

#include <cstdlib>

namespace wrp {

namespace {

void add_root(std::vector<fs::path>& roots, const fs::path& p) {
  std::error_code ec;
  if (p.empty() || !fs::is_directory(p, ec)) return;
  for (auto& r : roots) if (fs::equivalent(r, p, ec)) return;
  roots.push_back(p);
}

// pip wheels lay CUDA 13 out as site-packages/nvidia/cu13/{lib,bin}; CUDA 12
// wheels used one folder per package (nvidia/nvjitlink/lib, ...).
void add_site_packages(std::vector<fs::path>& roots, const fs::path& sp) {
  add_root(roots, sp / "nvidia" / "cu13");
  for (auto pkg : {"nvjitlink", "nvfatbin", "cuda_nvrtc", "cuda_nvcc", "cuda_cuobjdump"})
    add_root(roots, sp / "nvidia" / pkg);
}

void add_env_prefix(std::vector<fs::path>& roots, const char* var) {
  const char* v = std::getenv(var);
  if (!v || !*v) return;
  std::error_code ec;
  fs::path lib = fs::path(v) / "lib";
  if (!fs::is_directory(lib, ec)) return;
  for (auto& e : fs::directory_iterator(lib, ec))
    if (e.path().filename().string().starts_with("python")) add_site_packages(roots, e.path() / "site-packages");
}

std::optional<fs::path> find_in(const std::vector<fs::path>& roots, std::initializer_list<const char*> subdirs,
                                std::initializer_list<const char*> names) {
  std::error_code ec;
  for (auto& r : roots)
    for (auto* sub : subdirs)
      for (auto* n : names) {
        auto p = r / sub / n;
        if (fs::exists(p, ec)) return p;
      }
  return std::nullopt;
}

}  // namespace

std::string ToolchainPaths::searched() const {
  std::string s;
  for (auto& r : roots) s += fmt::format("{}{}", s.empty() ? "" : ", ", r.string());
  return s.empty() ? "(no candidate folder exists)" : s;
}

std::optional<fs::path> python_purelib() {
  auto r = run_process({"/usr/bin/env", "python3", "-c", "import sysconfig;print(sysconfig.get_paths()['purelib'])"});
  if (r.exit_code != 0) return std::nullopt;
  // Output is stdout and stderr together: a warning may come before the path.
  std::error_code ec;
  for (size_t at = 0; at < r.output.size();) {
    auto nl = r.output.find('\n', at);
    fs::path line = r.output.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    if (line.is_absolute() && fs::is_directory(line, ec)) return line;
    if (nl == std::string::npos) break;
    at = nl + 1;
  }
  return std::nullopt;
}

std::string toolchain_install_hint() {
  return "install the CUDA 13 wheels into your Python environment (pip install nvidia-nvjitlink==13.5.37 "
         "nvidia-nvfatbin==13.5.37), or pass --cuda PATH / set CUDA_HOME to a CUDA toolkit";
}

ToolchainPaths find_toolchain(const std::optional<fs::path>& explicit_root) {
  ToolchainPaths t;
  if (explicit_root) add_root(t.roots, *explicit_root);
  for (auto* var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* v = std::getenv(var)) add_root(t.roots, v);
  // Tests set this to see how the tools behave where no toolchain is installed.
  bool only_named = std::getenv("WRPKIT_NO_TOOLCHAIN_SEARCH") != nullptr;
  auto lookup = [&] {
    t.nvjitlink = find_in(t.roots, {"lib", "lib64"}, {"libnvJitLink.so.13", "libnvJitLink.so", "libnvJitLink.so.12"});
    t.nvfatbin = find_in(t.roots, {"lib", "lib64"}, {"libnvfatbin.so.13", "libnvfatbin.so", "libnvfatbin.so.12"});
    t.nvrtc = find_in(t.roots, {"lib", "lib64"}, {"libnvrtc.so.13", "libnvrtc.so", "libnvrtc.so.12"});
    t.ptxas = find_in(t.roots, {"bin"}, {"ptxas"});
    t.fatbinary = find_in(t.roots, {"bin"}, {"fatbinary"});
    t.cuobjdump = find_in(t.roots, {"bin"}, {"cuobjdump"});
  };
  if (only_named) {
    lookup();
    return t;
  }
  add_env_prefix(t.roots, "VIRTUAL_ENV");
  add_env_prefix(t.roots, "CONDA_PREFIX");
  lookup();
  if (!t.nvjitlink || !t.nvfatbin) {
    if (auto sp = python_purelib()) add_site_packages(t.roots, *sp);
    add_root(t.roots, "/usr/local/cuda");
    lookup();
  }
  return t;
}

}  // namespace wrp
