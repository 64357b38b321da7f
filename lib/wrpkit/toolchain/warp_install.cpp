#include "wrpkit/toolchain/warp_install.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <set>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/hash.hpp"
#include "wrpkit/toolchain/find.hpp"

namespace wrp {

namespace fs = std::filesystem;

namespace {

std::string read_version(const fs::path& config_py) {
  std::ifstream in(config_py);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("version")) continue;
    auto q = line.find('"');
    auto e = q == std::string::npos ? q : line.find('"', q + 1);
    if (e != std::string::npos) return line.substr(q + 1, e - q - 1);
  }
  return "";
}

std::string digest_headers(const fs::path& native) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(native, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    auto ext = it->path().extension();
    if (it->is_regular_file(ec) && (ext == ".h" || ext == ".cuh" || ext == ".hpp")) files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  std::string all;
  for (auto& f : files) {
    auto bytes = read_file(f);
    all += fmt::format("{}\n{}\n", fs::relative(f, native).generic_string(), sha256_hex(bytes));
  }
  return sha256_hex(all);
}

}  // namespace

std::optional<WarpInstall> read_warp_install(const fs::path& dir) {
  std::error_code ec;
  for (auto pkg : {dir, dir / "warp"}) {
    if (!fs::is_regular_file(pkg / "config.py", ec) || !fs::is_directory(pkg / "native", ec)) continue;
    WarpInstall w;
    w.package = pkg;
    w.version = read_version(pkg / "config.py");
    if (w.version.empty()) continue;
    w.headers_digest = digest_headers(pkg / "native");
    return w;
  }
  return std::nullopt;
}

std::optional<WarpInstall> find_warp(const std::optional<fs::path>& explicit_dir, const std::string& wanted,
                                     std::string& searched) {
  if (explicit_dir) {  // named by the user: that install or none
    searched = explicit_dir->string();
    return read_warp_install(*explicit_dir);
  }
  std::vector<fs::path> candidates;
  if (const char* d = std::getenv("WRPKIT_WARP"); d && *d) candidates.push_back(d);
  for (auto& [label, sp] : python_site_packages()) candidates.push_back(sp);
  searched.clear();
  std::optional<WarpInstall> first;
  std::set<fs::path> seen;
  // True when `c` holds the wanted release (then in `first`).
  auto consider = [&](const fs::path& c) {
    if (!seen.insert(c.lexically_normal()).second) return false;  // the same folder by two routes
    searched += fmt::format("{}{}", searched.empty() ? "" : ", ", c.string());
    auto w = read_warp_install(c);
    if (!w) return false;
    bool match = wanted.empty() || w->version == wanted;
    if (!first || (match && first->version != wanted)) first = std::move(w);
    return match;
  };
  for (auto& c : candidates)
    if (consider(c)) return first;
  // Last, python3's own site-packages: asked only now, as starting Python costs ~50 ms.
  if (auto p = python_purelib(); p && consider(*p)) return first;
  if (searched.empty()) searched = "(no candidate folder)";
  return first;
}

std::vector<std::string> nvrtc_options(const CompileRecipe& r, const std::string& warp_native_dir) {
  std::vector<std::string> o{"--std=c++17",
                             "--include-path=" + warp_native_dir,
                             "--device-as-default-execution-space",
                             "--extra-device-vectorization",
                             "--restrict",
                             "--diag-suppress=177,550",
                             "-DWP_ENABLE_MATHDX=1"};
  if (r.debug)
    o.insert(o.end(), {"-D_DEBUG", "--generate-line-info", "--device-debug"});
  else
    o.push_back("-DNDEBUG");
  if (r.lineinfo && !r.debug) o.push_back("--generate-line-info");
  o.push_back(r.verify_fp ? "-DWP_VERIFY_FP" : "-UWP_VERIFY_FP");
  if (r.fast_math) o.push_back("--use_fast_math");
  o.push_back(r.fuse_fp ? "--fmad=true" : "--fmad=false");
  o.push_back(r.optimization_level == 3   ? "--Ofast-compile=0"
              : r.optimization_level == 2 ? "--Ofast-compile=min"
                                          : "--Ofast-compile=mid");
  return o;
}

}  // namespace wrp
