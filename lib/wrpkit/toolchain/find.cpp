#include "wrpkit/toolchain/find.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <link.h>

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <string_view>

#include "wrpkit/base/process.hpp"
#include "wrpkit/cache/compile_cache.hpp"

namespace wrp {

namespace {

// A library's file names for a CUDA major: 13 (with the unversioned name a
// toolkit's lib/ has), 12, or 0: any, the newest first.
std::vector<std::string> library_names(const char* base, int major) {
  auto so = fmt::format("lib{}.so", base);
  if (major == 13) return {so + ".13", so};
  if (major == 12) return {so + ".12"};
  return {so + ".13", so, so + ".12"};
}

struct Piece {
  std::optional<fs::path>& slot;
  bool library;
  std::vector<std::string> names;
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
    for (auto& n : p.names)
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
  for (auto& n : p.names)
    if (void* h = dlopen(n.c_str(), RTLD_LAZY | RTLD_NOLOAD)) {
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
    for (auto& n : p.names)
      if (auto path = handle_path(dlopen(n.c_str(), RTLD_LAZY | RTLD_LOCAL))) return path;
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  for (std::string_view rest = path ? path : ""; !rest.empty();) {
    auto colon = rest.find(':');
    fs::path dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    if (dir.empty()) continue;
    for (auto& n : p.names)
      if (auto f = dir / n; fs::exists(f, ec)) return f;
  }
  return std::nullopt;
}

class Search {
 public:
  // `major`: the CUDA major whose libraries to find (0: any); executables only with
  // `executables` (ptxas and fatbinary are found by name, whatever their release).
  Search(ToolchainPaths& t, int major, bool executables) : t_(t) {
    pieces_.push_back({t_.nvjitlink, true, library_names("nvJitLink", major)});
    pieces_.push_back({t_.nvfatbin, true, library_names("nvfatbin", major)});
    pieces_.push_back({t_.nvrtc, true, library_names("nvrtc", major)});
    if (!executables) return;
    for (auto* slot : {&t_.ptxas, &t_.fatbinary, &t_.cuobjdump})
      pieces_.push_back({*slot,
                         false,
                         {slot == &t_.ptxas       ? "ptxas"
                          : slot == &t_.fatbinary ? "fatbinary"
                                                  : "cuobjdump"}});
  }

  void root(const std::string& label, const fs::path& dir) {
    std::error_code ec;
    if (dir.empty() || !fs::is_directory(dir, ec)) return;
    for (auto& d : dirs_)
      if (fs::equivalent(d, dir, ec)) return;
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
    for (auto& p : pieces_)
      if (p.library && !p.slot) return true;
    return false;
  }

 private:
  ToolchainPaths& t_;
  std::vector<fs::path> dirs_;
  std::vector<Piece> pieces_;
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
  return "install the CUDA wheels into your Python environment (pip install nvidia-nvjitlink nvidia-nvfatbin "
         "nvidia-cuda-nvrtc, and their -cu12 twins for CUDA 12 drivers), or pass --cuda PATH / set CUDA_HOME to a "
         "CUDA toolkit";
}

ToolchainPaths find_toolchain(const std::optional<fs::path>& explicit_root, int major) {
  ToolchainPaths t;
  t.major = major;
  Search s(t, major, major != 12);
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

std::vector<ToolchainPaths> find_toolchains(const std::optional<fs::path>& explicit_root) {
  std::vector<ToolchainPaths> out{find_toolchain(explicit_root, 13), find_toolchain(explicit_root, 12)};
  // More releases side by side: each folder of $WRPKIT_TOOLCHAINS (or each folder in
  // it) holding one release, as `pip install --target DIR nvidia-nvjitlink-cu12==12.6.*`
  // or a CUDA toolkit lays it out.
  const char* extra = std::getenv("WRPKIT_TOOLCHAINS");
  std::error_code ec;
  auto add_release = [&](const fs::path& root, const char* label) {
    ToolchainPaths t;
    Search s(t, 0, false);
    s.site_packages(label, root);
    s.root(label, root);
    if (t.nvjitlink || t.nvrtc || t.nvfatbin) out.push_back(std::move(t));
  };
  for (std::string_view rest = extra ? extra : ""; !rest.empty();) {
    auto colon = rest.find(':');
    fs::path dir(rest.substr(0, colon));
    rest = colon == std::string_view::npos ? std::string_view() : rest.substr(colon + 1);
    std::vector<fs::path> roots;
    if (fs::is_directory(dir / "nvidia", ec) || fs::is_directory(dir / "lib", ec))
      roots.push_back(dir);
    else
      for (auto& e : fs::directory_iterator(dir, ec))
        if (e.is_directory(ec)) roots.push_back(e.path());
    std::sort(roots.begin(), roots.end());
    for (auto& root : roots) add_release(root, "$WRPKIT_TOOLCHAINS");
  }
  // Releases installed on demand; a folder without its marker is an install in progress
  // or a damaged one (`wrpkit toolchain install` redoes it), never used.
  std::vector<fs::path> installed;
  for (auto& e : fs::directory_iterator(toolchain_home(), ec))
    if (e.path().filename().string().starts_with("cuda-") && fs::is_regular_file(e.path() / kToolchainMarker, ec))
      installed.push_back(e.path());
  std::sort(installed.begin(), installed.end());
  for (auto& root : installed) add_release(root, "wrpkit toolchain install");
  return out;
}

fs::path toolchain_home() {
  if (const char* home = std::getenv("WRPKIT_TOOLCHAIN_HOME"); home && *home) return home;
  auto root = user_cache_root();
  return root ? *root / "wrpkit" / "toolchains" : fs::path();  // none: nothing installed to find
}

}  // namespace wrp
