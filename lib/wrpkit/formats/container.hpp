// The .wrp container: a 64-byte header, a section table and section payloads.
// Sections are kept as opaque bytes here; metadata.hpp, memory.hpp and ops.hpp
// interpret Warp's three known types. Unknown section types survive untouched.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/shared_bytes.hpp"
#include "wrpkit/formats/format_version.hpp"

namespace wrp {

enum SectionType : uint32_t {
  kSectionMetadata = 1,
  kSectionMemory = 2,
  kSectionOperations = 3,
  // wrpkit's own provenance section ("WK" + 1). Stock Warp skips unknown types.
  kSectionWrpkit = 0x574B0001,
  // wrp-run's helper kernels for every target, a fatbin (helper_kernels.hpp).
  kSectionWrpkitHelpers = 0x574B0002,
  // The SHA-256 of everything a loader reads (manifest.hpp) and its signature (signature.hpp).
  kSectionWrpkitManifest = 0x574B0003,
  kSectionWrpkitSignature = 0x574B0004,
  // wrp-run's mesh kernels for every target, a fatbin compiled against the capture's Warp
  // release headers (helper_kernels.hpp).
  kSectionWrpkitMesh = 0x574B0005,
};

enum DeviceType : uint8_t { kDeviceCuda = 0, kDeviceCpu = 1 };

constexpr size_t kHeaderSize = 64, kSectionEntrySize = 32;

struct Section {
  uint32_t type = 0;
  uint32_t flags = 0;
  uint64_t file_offset = 0;  // where it was read from (informational)
  SharedBytes data;          // a slice of the file it was read from, or bytes a builder made
};

struct Container {
  uint32_t version = kNewestFormat;
  uint32_t flags = 0;
  uint8_t device = kDeviceCuda;
  std::array<uint8_t, 3> reserved_dt{};
  uint32_t target_arch = 0;
  std::array<uint32_t, 8> reserved{};
  std::vector<Section> sections;

  Section* find(uint32_t type);
  const Section* find(uint32_t type) const;
  // The section, or a bad_input error naming `file` if the file lacks it.
  const Section& require(uint32_t type, const std::string& file) const;
};

std::string section_name(uint32_t type);

// Parses a whole .wrp file image. `file` is used in error messages. Each section is a
// slice of `data` (bytes given as a Bytes or a ByteView are copied once, to be sliced).
Container parse_container(const std::string& file, const SharedBytes& data);
// Where a section of `type` lies (offset, size) in a .wrp of `file_size` bytes, from its
// first bytes alone (the header and a section table inside them); nullopt when they do not
// say. Unchecked beyond that: parse_container judges the whole file.
std::optional<std::pair<uint64_t, uint64_t>> section_span(ByteView head, uint64_t file_size, uint32_t type);
// Header, table, then payloads back to back in table order (Warp's layout).
Bytes serialize_container(const Container& c);

}  // namespace wrp
