// The .wrp format versions: which Warp release writes each, which releases
// load it, and the layout differences between them. The one place that knows
// the version table; the readers and writers ask it, messages quote it.
#pragma once
#include <cstdint>
#include <string>

namespace wrp {

struct FormatVersion {
  uint32_t version;
  const char* written_by;  // Warp release(s) that write it, "" when none does
  const char* loaded_by;   // stock Warp releases whose loader reads it
  // The same as Warp 1.x minors, first to last; 0 and 0 where only the release named in
  // the metadata (its producer version) loads it.
  int first_loader_minor, last_loader_minor;
};

// Every version wrpkit reads, oldest first.
const FormatVersion* format_version(uint32_t version);  // nullptr when unsupported
bool is_supported_format(uint32_t version);
// "13, 14 (Warp 1.15), 15 (Warp 1.16, 1.17), 16 (Warp 1.18), 18 (Warp 1.19)"
std::string supported_formats_text();
// One sentence for a version wrpkit does not read: what it is, and what to do.
std::string unsupported_format_advice(uint32_t version);

// Layout facts, by version.
constexpr bool has_producer_version(uint32_t v) { return v >= 18; }    // metadata string after the version
constexpr bool has_module_artifacts(uint32_t v) { return v >= 18; }    // digests, source, kind, recipe
constexpr bool ptr_location_has_count(uint32_t v) { return v >= 18; }  // 28-byte records, else 20
constexpr bool strict_header_arch(uint32_t v) { return v >= 18; }      // metadata target_arch == header's
constexpr bool launch_shape_unsigned(uint32_t v) { return v >= 16; }
// 1.19's loader reads only files whose producer version equals its own.
constexpr bool needs_exact_warp(uint32_t v) { return v >= 18; }

// The newest version wrpkit reads and writes.
constexpr uint32_t kNewestFormat = 18;

}  // namespace wrp
