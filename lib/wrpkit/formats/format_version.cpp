#include "wrpkit/formats/format_version.hpp"

#include <fmt/format.h>

namespace wrp {

namespace {
// From Warp's released wheels (see docs/wrp-format.md). No release
// writes 13 or 17; 1.14 writes 10, whose layout differs and is not read here.
constexpr FormatVersion kVersions[] = {
    {13, "", "Warp 1.15 to 1.18", 15, 18},
    {14, "Warp 1.15", "Warp 1.15 to 1.18", 15, 18},
    {15, "Warp 1.16 and 1.17", "Warp 1.16 to 1.18", 16, 18},
    {16, "Warp 1.18", "Warp 1.18", 18, 18},
    {18, "Warp 1.19", "only the Warp release that wrote it (its producer version)", 0, 0},
};
}  // namespace

const FormatVersion* format_version(uint32_t v) {
  for (auto& f : kVersions)
    if (f.version == v) return &f;
  return nullptr;
}

bool is_supported_format(uint32_t v) { return format_version(v) != nullptr; }

std::string supported_formats_text() {
  std::string s;
  for (auto& f : kVersions)
    s += fmt::format("{}{}{}", s.empty() ? "" : ", ", f.version,
                     *f.written_by ? fmt::format(" ({})", f.written_by) : std::string());
  return s;
}

std::string unsupported_format_advice(uint32_t v) {
  std::string what;
  if (v == 10)
    what = "version 10 is Warp 1.14's; recapture with Warp 1.15 or newer";
  else if (v == 17)
    what = "no Warp release writes version 17 (a development build?); recapture with a released Warp";
  else if (v > 18)
    what = "it is newer than wrpkit knows; update wrpkit";
  else
    what = "recapture with a released Warp 1.15 or newer";
  return fmt::format("wrpkit reads format versions {}: {}", supported_formats_text(), what);
}

}  // namespace wrp
