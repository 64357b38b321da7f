// GPU architecture names and the rules for what code runs where.
//   sm_XY      SASS for X.Y; runs on GPUs of major X with minor >= Y (desktop;
//              on Tegra only on X.Y itself)
//   sm_XYa     arch-specific SASS; runs only on X.Y itself
//   sm_XYf     family SASS; runs within major X, minor >= Y
//   compute_XY PTX; the driver can JIT it for any GPU >= X.Y
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace wrp {

enum class Variant { plain, arch_specific, family };  // "", "a", "f"

struct Arch {
  int major = 0, minor = 0;
  Variant variant = Variant::plain;
  bool is_virtual = false;  // compute_XY (PTX) rather than sm_XY (SASS)

  int number() const { return major * 10 + minor; }  // 87, 90, 100, 121
  std::string suffix() const;                        // "", "a", "f"
  std::string str() const;                           // "sm_90a", "compute_75"
  std::string sm() const;                            // "sm_90a" even when virtual
  Arch as_gpu() const { return Arch{major, minor, Variant::plain, false}; }
  auto operator<=>(const Arch&) const = default;
};

// Accepts "sm_87", "sm_90a", "sm_100f", "compute_75", "87", "90a".
std::optional<Arch> parse_arch(std::string_view text);
// Arch from a number such as 75 or 120 (the encoding fatbins, ELF and .wrp use).
Arch arch_from_number(int number, Variant v = Variant::plain, bool is_virtual = false);

// Comma/space separated list; throws wrp::Error(usage) naming the bad entry.
std::vector<Arch> parse_arch_list(std::string_view text, std::string_view what);

// The SM archs the CUDA 13 toolchain compiles for.
const std::vector<int>& cuda13_archs();
// The SM archs compilers of CUDA major `major` build (12: sm_50..121, Thor as sm_101; 13: cuda13_archs()).
const std::vector<int>& archs_of_cuda(int major);
std::string known_arch_list();
// Whether a GPU of this compute capability exists (sm_50 Maxwell .. sm_121), built
// by any CUDA release; sm_999 or sm_101 (renamed sm_110 by CUDA 13) are not.
bool is_gpu_arch(const Arch& a);
// One line per entry of `archs` that does not name a GPU: a PTX target (compute_XY)
// or no GPU's arch. `what` names the list ("--arch"); empty: all are GPUs.
std::vector<std::string> gpu_list_problems(const std::vector<Arch>& archs, std::string_view what);

// Jetson/DRIVE SoCs (sm_53, 62, 72, 87, 101/110 Thor): their SASS runs only on
// exactly that arch, and desktop SASS never runs on them.
bool is_tegra(const Arch& a);
bool sass_runs_on(const Arch& image, const Arch& gpu);
// The group of GPUs that SASS built for the lowest of them runs on: one desktop
// major ("sm_8x": sm_80 SASS runs on sm_86 and sm_89), or one Tegra arch alone
// ("sm_87": Tegra SASS runs on exactly its own arch).
std::string sass_family(const Arch& a);
// `archs` grouped by sass_family, each group sorted, groups in order of their lowest arch.
std::vector<std::pair<std::string, std::vector<Arch>>> sass_families(std::vector<Arch> archs);
bool ptx_jits_on(const Arch& image, const Arch& gpu);

// sass: the driver loads matching SASS; jit: the driver compiles embedded PTX;
// source: Warp 1.19 compiles the module's retained CUDA source with NVRTC at load;
// none: it cannot load.
enum class LoadPath { sass, jit, source, none };
const char* load_path_name(LoadPath p);

}  // namespace wrp
