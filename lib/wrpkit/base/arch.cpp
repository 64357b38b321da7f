#include "wrpkit/base/arch.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

#include "wrpkit/base/error.hpp"

namespace wrp {

std::string Arch::suffix() const {
  return variant == Variant::arch_specific ? "a" : variant == Variant::family ? "f" : "";
}
std::string Arch::str() const { return fmt::format("{}_{}{}", is_virtual ? "compute" : "sm", number(), suffix()); }
std::string Arch::sm() const { return fmt::format("sm_{}{}", number(), suffix()); }

Arch arch_from_number(int n, Variant v, bool is_virtual) { return Arch{n / 10, n % 10, v, is_virtual}; }

std::optional<Arch> parse_arch(std::string_view t) {
  bool virt = false;
  if (t.starts_with("sm_"))
    t.remove_prefix(3);
  else if (t.starts_with("compute_")) {
    t.remove_prefix(8);
    virt = true;
  }
  Variant v = Variant::plain;
  if (!t.empty() && (t.back() == 'a' || t.back() == 'f')) {
    v = t.back() == 'a' ? Variant::arch_specific : Variant::family;
    t.remove_suffix(1);
  }
  int n = 0;
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), n);
  if (ec != std::errc() || p != t.data() + t.size() || t.empty() || n < 10 || n > 999) return std::nullopt;
  return arch_from_number(n, v, virt);
}

std::vector<Arch> parse_arch_list(std::string_view text, std::string_view what) {
  std::vector<Arch> out;
  size_t i = 0;
  while (i <= text.size()) {
    size_t j = text.find_first_of(", ", i);
    if (j == std::string_view::npos) j = text.size();
    auto item = text.substr(i, j - i);
    if (!item.empty()) {
      auto a = parse_arch(item);
      if (!a)
        fail(Exit::usage, fmt::format("{}: '{}' is not an arch name (expected e.g. sm_87, sm_90a, 120)", what, item));
      if (std::find(out.begin(), out.end(), *a) == out.end()) out.push_back(*a);
    }
    i = j + 1;
  }
  if (out.empty()) fail(Exit::usage, fmt::format("{}: the arch list is empty", what));
  return out;
}

const std::vector<int>& cuda13_archs() {
  static const std::vector<int> v{75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};
  return v;
}
const std::vector<int>& archs_of_cuda(int major) {
  static const std::vector<int> cuda12{50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90, 100, 101, 103, 120, 121};
  return major >= 13 ? cuda13_archs() : cuda12;
}

std::string known_arch_list() {
  std::string s;
  for (int n : cuda13_archs()) s += fmt::format("{}sm_{}", s.empty() ? "" : " ", n);
  return s;
}

bool is_gpu_arch(const Arch& a) {
  static const int gpus[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 88, 89, 90, 100, 103, 110, 120, 121};
  return !a.is_virtual && std::find(std::begin(gpus), std::end(gpus), a.number()) != std::end(gpus);
}

std::vector<std::string> gpu_list_problems(const std::vector<Arch>& archs, std::string_view what) {
  std::vector<std::string> out;
  for (auto& a : archs) {
    if (a.is_virtual)
      out.push_back(fmt::format("{} {}: a PTX target, not a GPU; name GPUs as sm_XY ({})", what, a.str(), a.sm()));
    else if (a.number() == 101)
      out.push_back(
          fmt::format("{} {}: CUDA 13 renamed sm_101 (Jetson Thor) to sm_110: name it sm_110", what, a.str()));
    else if (!is_gpu_arch(a))
      out.push_back(
          fmt::format("{} {}: no GPU has this arch; CUDA 13 builds for: {}", what, a.str(), known_arch_list()));
  }
  return out;
}

bool is_tegra(const Arch& a) {
  switch (a.number()) {
    case 53:
    case 62:
    case 72:
    case 87:
    case 101:
    case 110: return true;
    default: return false;
  }
}

bool sass_runs_on(const Arch& img, const Arch& gpu) {
  if (img.is_virtual) return false;
  // NVIDIA's CUDA C++ Programming Guide (binary compatibility): SASS runs on later
  // minors of its major on the desktop only, not on Tegra, nor between Tegra and
  // desktop; an sm_80 build was seen failing on a Jetson Orin (sm_87).
  if (is_tegra(img) || is_tegra(gpu)) return img.number() == gpu.number();
  if (img.variant == Variant::arch_specific) return img.major == gpu.major && img.minor == gpu.minor;
  return img.major == gpu.major && img.minor <= gpu.minor;
}

std::string sass_family(const Arch& a) {
  return is_tegra(a) ? fmt::format("sm_{}", a.number()) : fmt::format("sm_{}x", a.major);
}

std::vector<std::pair<std::string, std::vector<Arch>>> sass_families(std::vector<Arch> archs) {
  std::sort(archs.begin(), archs.end());
  std::vector<std::pair<std::string, std::vector<Arch>>> out;
  for (auto& a : archs) {
    auto f = sass_family(a);
    auto it = std::find_if(out.begin(), out.end(), [&](auto& g) { return g.first == f; });
    if (it == out.end()) it = out.insert(out.end(), {f, {}});
    it->second.push_back(a);
  }
  return out;
}

bool ptx_jits_on(const Arch& img, const Arch& gpu) {
  if (img.variant == Variant::arch_specific) return img.major == gpu.major && img.minor == gpu.minor;
  if (img.variant == Variant::family) return img.major == gpu.major && img.minor <= gpu.minor;
  return img.number() <= gpu.number();
}

const char* load_path_name(LoadPath p) {
  return p == LoadPath::sass ? "sass" : p == LoadPath::jit ? "jit" : p == LoadPath::source ? "source" : "none";
}

}  // namespace wrp
