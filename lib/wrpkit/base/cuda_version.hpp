// A CUDA release ("12.6", "13.0"): what a driver supports, what a compiler is.
// The rules that tie compilers, drivers and GPUs together (minor-version
// compatibility, Tegra, PTX ISA) live in driver_floor.hpp.
#pragma once
#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace wrp {

struct CudaVersion {
  int major = 0, minor = 0;
  // 12060 for 12.6: the encoding cuDriverGetVersion and the libraries use.
  int code() const { return major * 1000 + minor * 10; }
  static CudaVersion from_code(int code) { return {code / 1000, (code % 1000) / 10}; }
  std::string str() const;  // "12.6"
  auto operator<=>(const CudaVersion&) const = default;
};

// "12.6", "13"; nullopt for anything else.
std::optional<CudaVersion> parse_cuda_version(std::string_view text);
// The same for a command-line option's value: throws wrp::Error(usage) naming `option`.
CudaVersion cuda_version_option(const std::string& text, std::string_view option);

}  // namespace wrp
