#include "wrpkit/formats/ptx.hpp"

#include <fmt/format.h>

#include <charconv>
#include <string_view>

#include "wrpkit/base/error.hpp"

namespace wrp {

int max_ptx_isa(int v) {
  int major = v / 1000, minor = (v % 1000) / 10;
  if (major >= 13) return 90 + minor;  // CUDA 13.x: PTX ISA 9.x
  if (major == 12) {
    if (minor <= 4) return 80 + minor;  // 12.0..12.4: 8.0..8.4
    if (minor <= 6) return 85;          // 12.5, 12.6: 8.5
    return 80 + minor - 1;              // 12.8: 8.7, 12.9: 8.8
  }
  if (major == 11) return 70 + std::min(minor, 8);
  return 0;
}

std::optional<CudaVersion> release_for_ptx_isa(int isa) {
  for (int major : {11, 12, 13, 14})
    for (int minor = 0; minor <= 9; ++minor)
      if (max_ptx_isa(major * 1000 + minor * 10) >= isa) return CudaVersion{major, minor};
  return std::nullopt;
}

std::string cuda_release_for_isa(int isa) {
  auto v = release_for_ptx_isa(isa);
  return v ? v->str() : "a future CUDA release";
}

std::string isa_str(int isa) { return fmt::format("{}.{}", isa / 10, isa % 10); }

int isa_number(std::string_view isa) {
  // The ISA comes from a file: a major of any length must not overflow (a fuzz
  // finding), so read it with from_chars and allow two digits at most.
  const char* end = isa.data() + isa.size();
  int major = 0, minor = 0;
  auto [after_major, e1] = std::from_chars(isa.data(), end, major);
  if (e1 != std::errc{} || major < 0 || major > 99 || after_major == end || *after_major != '.') return 0;
  auto [after_minor, e2] = std::from_chars(after_major + 1, end, minor);
  if (e2 != std::errc{} || minor < 0 || minor > 9) return 0;
  return major * 10 + minor;
}

ByteView strip_trailing_nuls(ByteView t) {
  size_t n = t.size();
  while (n > 0 && t[n - 1] == 0) --n;
  return t.first(n);
}

static std::string_view as_text(ByteView d) {
  d = strip_trailing_nuls(d);
  return std::string_view(reinterpret_cast<const char*>(d.data()), d.size());
}

bool looks_like_ptx(ByteView data) {
  auto t = as_text(data.first(std::min<size_t>(data.size(), 64 * 1024)));
  for (char c : t)
    if (c == 0) return false;
  return t.find(".version") != std::string_view::npos && t.find(".target") != std::string_view::npos;
}

static std::string_view word(std::string_view s, size_t& i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
  size_t j = i;
  while (j < s.size() && s[j] != ' ' && s[j] != '\t' && s[j] != ',' && s[j] != '(' && s[j] != '\n' && s[j] != '\r') ++j;
  auto w = s.substr(i, j - i);
  i = j;
  return w;
}

PtxInfo parse_ptx(const std::string& file, ByteView data) {
  auto t = as_text(data);
  PtxInfo p;
  bool have_version = false, have_target = false;
  size_t line_start = 0;
  while (line_start < t.size()) {
    size_t end = t.find('\n', line_start);
    if (end == std::string_view::npos) end = t.size();
    auto line = t.substr(line_start, end - line_start);
    line_start = end + 1;
    size_t i = 0;
    auto w = word(line, i);
    if (w == ".visible" || w == ".weak") w = word(line, i);
    if (w == ".version" && !have_version) {
      auto v = word(line, i);
      if (sscanf(std::string(v).c_str(), "%d.%d", &p.isa_major, &p.isa_minor) != 2)
        fail_damaged(fmt::format("{}: PTX '.version {}' is not MAJOR.MINOR", file, v));
      have_version = true;
    } else if (w == ".target" && !have_target) {
      auto a = parse_arch(word(line, i));
      if (!a) fail_damaged(fmt::format("{}: PTX '.target' names no sm_XY arch", file));
      p.target = *a;
      p.target.is_virtual = true;
      have_target = true;
    } else if (w == ".address_size") {
      p.address_size = std::atoi(std::string(word(line, i)).c_str());
    } else if (w == ".entry") {
      p.entries.emplace_back(word(line, i));
    }
  }
  if (!have_version || !have_target)
    fail_damaged(fmt::format("{}: not PTX: no '.version' and '.target' directives", file));
  return p;
}

}  // namespace wrp
