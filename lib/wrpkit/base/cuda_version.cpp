#include "wrpkit/base/cuda_version.hpp"

#include <fmt/format.h>

#include <charconv>

#include "wrpkit/base/error.hpp"

namespace wrp {

std::string CudaVersion::str() const { return fmt::format("{}.{}", major, minor); }

std::optional<CudaVersion> parse_cuda_version(std::string_view t) {
  CudaVersion v;
  const char* end = t.data() + t.size();
  auto [p, ec] = std::from_chars(t.data(), end, v.major);
  if (ec != std::errc() || v.major < 1 || v.major > 99) return std::nullopt;
  if (p == end) return v;
  if (*p != '.') return std::nullopt;
  auto [q, ec2] = std::from_chars(p + 1, end, v.minor);
  if (ec2 != std::errc() || q != end || v.minor < 0 || v.minor > 9) return std::nullopt;
  return v;
}

CudaVersion cuda_version_option(const std::string& text, std::string_view option) {
  auto v = parse_cuda_version(text);
  if (!v) fail(Exit::usage, fmt::format("{} {}: expected a CUDA release such as 12.6 or 13.0", option, text));
  return *v;
}

}  // namespace wrp
