#include "wrpkit/toolchain.hpp"

#include <dlfcn.h>
#include <link.h>
#include <fmt/format.h>

#include <cstdlib>
#include <functional>
#include <string_view>

#include "wrpkit/process.hpp"

namespace wrp {

namespace {

const char* const kNvJitLink[] = {"libnvJitLink.so.13", "libnvJitLink.so", "libnvJitLink.so.12"};
const char* const kNvFatbin[] = {"libnvfatbin.so.13", "libnvfatbin.so", "libnvfatbin.so.12"};
const char* const kNvrtc[] = {"libnvrtc.so.13", "libnvrtc.so", "libnvrtc.so.12"};

struct Piece {
  std::optional<fs::path>& slot;
  bool library;
  std::vector<const char*> names;
};

// One search step: a folder holding lib/ and bin/ (or lib64/), or a lookup
// of its own (already loaded, the system's search).
struct Place {
  std::string label;
  std::function<std::optional<fs::path>(const Piece&)> find;
};

std::optional<fs::path> in_root(const fs::path& root, const Piece& p) {
  std::error_code ec;
  std::initializer_list<const char*> subs = {"lib", "lib64"};
  std::initializer_list<const char*> bins = {"bin"};
  for (auto* sub : p.library ? subs : bins)
    for (auto* n : p.names)
      if (auto f = root / sub / n; fs::exists(f, ec)) return f;
  return std::nullopt;
}

// The file a dlopen handle came from.
std::optional<fs::path> handle_path(void* h) {
  if (!h) return std::nullopt;
  link_map* lm = nullptr;
  std::optional<fs::path> p;
  if (dlinfo(h, RTLD_DI_LINKMAP, &lm) == 0 && lm && lm->l_name && *lm->l_name) p = fs::path(lm->l_name);
  return p;
}

std::optional<fs::path> already_loaded(const Piece& p) {
  if (!p.library) return std::nullopt;
  for (auto* n : p.names)
    if (void* h = dlopen(n, RTLD_LAZY | RTLD_NOLOAD)) {
      auto path = handle_path(h);
      dlclose(h);  // drops only the reference RTLD_NOLOAD took
      if (path) return path;
    }
  return std::nullopt;
}

// The dynamic loader's own search for libraries, PATH for executables. A library
// found this way stays loaded (it is about to be used anyway).
std::optional<fs::path> system_search(const Piece& p) {
  std::error_code ec;
  if (p.library) {
    for (auto* n : p.names)
      if (auto path = handle_path(dlopen(n, RTLD_LAZY | RTLD_LOCAL))) return path;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  for (std::string_view rest = path ? path : ""; !rest.empty();) {
    auto colon = rest.find(':');
    fs::path dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    if (dir.empty()) continue;
    for (auto* n : p.names)
      if (auto f = dir / n; fs::exists(f, ec)) return f;
  }
  return std::nullopt;
}

class Search {
 public:
  explicit Search(ToolchainPaths& t) : t_(t) {}

  void root(const std::string& label, const fs::path& dir) {
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return;
    for (auto& d : dirs_) if (fs::equivalent(d, dir, ec)) return;
    dirs_.push_back(dir);
    add(label.empty() ? dir.string() : fmt::format("{} ({})", dir.string(), label),
        [dir](const Piece& p) { return in_root(dir, p); });
  }
  // pip wheels lay CUDA 13 out as site-packages/nvidia/cu13/{lib,bin}; CUDA 12
  // wheels used one folder per package (nvidia/nvjitlink/lib, ...).
  void site_packages(const std::string& label, const fs::path& sp) {
    root(label, sp / "nvidia" / "cu13");
    for (auto pkg : {"nvjitlink", "nvfatbin", "cuda_nvrtc", "cuda_nvcc", "cuda_cuobjdump"})
      root(label, sp / "nvidia" / pkg);
  }
  void add(std::string label, std::function<std::optional<fs::path>(const Piece&)> find) {
    t_.searched_places.push_back(label);
    for (auto& p : pieces_)
      if (!p.slot) p.slot = find(p);
  }
  bool missing_library() const {
    for (auto& p : pieces_) if (p.library && !p.slot) return true;
    return false;
  }

 private:
  ToolchainPaths& t_;
  std::vector<fs::path> dirs_;
  std::vector<Piece> pieces_{
      {t_.nvjitlink, true, {std::begin(kNvJitLink), std::end(kNvJitLink)}},
      {t_.nvfatbin, true, {std::begin(kNvFatbin), std::end(kNvFatbin)}},
      {t_.nvrtc, true, {std::begin(kNvrtc), std::end(kNvrtc)}},
      {t_.ptxas, false, {"ptxas"}},
      {t_.fatbinary, false, {"fatbinary"}},
      {t_.cuobjdump, false, {"cuobjdump"}},
  };
};

}  // namespace

std::string ToolchainPaths::searched() const {
  std::string s;
  for (auto& r : searched_places) s += fmt::format("{}{}", s.empty() ? "" : ", ", r);
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

std::optional<fs::path> own_site_packages() {
  std::error_code ec;
  auto exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  // site-packages/wrpkit/bin/wrp-build
  auto package = exe.parent_path().parent_path();
  if (package.filename() != "wrpkit" || !fs::exists(package / "__init__.py", ec)) return std::nullopt;
  return package.parent_path();
}

std::vector<std::pair<std::string, fs::path>> python_site_packages() {
  std::vector<std::pair<std::string, fs::path>> out;
  if (auto sp = own_site_packages()) out.emplace_back("wrpkit's environment", *sp);
  if (const char* v = std::getenv("WRPKIT_SITE_PACKAGES"); v && *v)
    for (std::string_view rest = v; !rest.empty();) {
      auto colon = rest.find(':');
      if (colon) out.emplace_back("$WRPKIT_SITE_PACKAGES", fs::path(rest.substr(0, colon)));
      rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    }
  // A Python prefix (a virtualenv, a conda env): its lib/pythonX.Y/site-packages.
  for (auto* var : {"VIRTUAL_ENV", "CONDA_PREFIX"}) {
    const char* v = std::getenv(var);
    if (!v || !*v) continue;
    std::error_code ec;
    for (auto& e : fs::directory_iterator(fs::path(v) / "lib", ec))
      if (e.path().filename().string().starts_with("python"))
        out.emplace_back(fmt::format("${}", var), e.path() / "site-packages");
  }
  return out;
}

std::string toolchain_install_hint() {
  return "install the CUDA 13 wheels into your Python environment (pip install nvidia-nvjitlink==13.5.37 "
         "nvidia-nvfatbin==13.5.37), or pass --cuda PATH / set CUDA_HOME to a CUDA toolkit";
}

ToolchainPaths find_toolchain(const std::optional<fs::path>& explicit_root) {
  ToolchainPaths t;
  Search s(t);
  if (explicit_root) s.root("--cuda", *explicit_root);
  auto cuda_home = [&] {
    for (auto* var : {"CUDA_HOME", "CUDA_PATH"})
      if (const char* v = std::getenv(var)) s.root(var, v);
  };
  // Tests set this to see how the tools behave where no toolchain is installed.
  if (std::getenv("WRPKIT_NO_TOOLCHAIN_SEARCH")) {
    cuda_home();
    return t;
  }
  s.add("already loaded", already_loaded);
  for (auto& [label, sp] : python_site_packages()) s.site_packages(label, sp);
  if (s.missing_library())
    if (auto sp = python_purelib()) s.site_packages("python3's environment", *sp);
  if (const char* conda = std::getenv("CONDA_PREFIX"); conda && *conda) s.root("conda", conda);
  s.add("the system's library search and PATH", system_search);
  cuda_home();
  s.root("", "/usr/local/cuda");
  return t;
}

}  // namespace wrp
