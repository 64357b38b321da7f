// wrpkit's manifest section (type kSectionWrpkitManifest): the SHA-256 of every byte a
// loader uses, written by wrp-build's emit pass and checked before anything reaches
// the CUDA driver (integrity.hpp). It covers the header's fields, every other section
// (Warp's and wrpkit's, in table order, with type, flags and size) and every file of
// the modules folder (each image inside a module file too, so a mismatch can say
// which). A signature (signature.hpp) signs these exact bytes, so the text is
// canonical: one spelling per manifest, and parse_manifest refuses any other.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct Container;

struct ManifestHeader {
  uint32_t version = 0, flags = 0, device = 0, target_arch = 0;
  std::string reserved;  // the header's 35 reserved bytes, hex
  bool operator==(const ManifestHeader&) const = default;
};

struct ManifestSection {
  uint32_t type = 0, flags = 0;
  uint64_t size = 0;
  std::string sha256;
  bool operator==(const ManifestSection&) const = default;
};

struct ManifestImage {
  uint32_t index = 0;  // its place in the module file's image list
  std::string arch;    // sm_90, compute_75
  uint64_t size = 0;   // the bytes hashed: the image's span in the file
  std::string sha256;
  bool operator==(const ManifestImage&) const = default;
};

struct ManifestFile {
  std::string name;  // a bare file name in the modules folder
  uint64_t size = 0;
  std::string sha256;
  std::vector<ManifestImage> images;
  bool operator==(const ManifestFile&) const = default;
};

struct Manifest {
  ManifestHeader header;
  std::vector<ManifestSection> sections;
  std::vector<ManifestFile> files;  // sorted by name
  const ManifestFile* file(const std::string& name) const;
  bool operator==(const Manifest&) const = default;
};

// The sections a manifest covers: all but the manifest and the signature.
bool covered_by_manifest(uint32_t section_type);
ManifestHeader manifest_header(const Container& c);
ManifestSection manifest_section(uint32_t type, uint32_t flags, ByteView data);

Bytes serialize_manifest(const Manifest& m);
// Strict: anything but serialize_manifest's own output is bad input naming the file,
// the line and what is wrong (a manifest is never trusted blindly).
Manifest parse_manifest(const std::string& file, ByteView data, uint64_t origin);

}  // namespace wrp
