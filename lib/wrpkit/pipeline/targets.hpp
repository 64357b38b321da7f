// targets.toml: named profiles of deployment archs and a default profile.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "wrpkit/base/arch.hpp"
#include "wrpkit/base/cuda_version.hpp"

namespace wrp {

struct Profile {
  std::string name, description;
  std::vector<Arch> archs;
  // The oldest driver the profile's devices run (`cuda = "12.6"`: JetPack 6); nullopt:
  // the CUDA of the Warp that wrote the capture (driver_floor.hpp).
  std::optional<CudaVersion> min_driver;
};

struct TargetManifest {
  std::filesystem::path path;
  std::string default_profile;
  std::map<std::string, Profile> profiles;

  // Throws wrp::Error(usage) listing the profiles when `name` is unknown.
  const Profile& profile(const std::string& name) const;
};

// Throws wrp::Error(usage) naming the file, the key and what to fix.
TargetManifest load_manifest(const std::filesystem::path& path);
TargetManifest parse_manifest(const std::string& text, const std::string& source);

// The manifest wrp-build uses without --targets: $WRPKIT_TARGETS, else the
// project's targets.toml as built into the library (so installed tools have it).
TargetManifest default_manifest();

}  // namespace wrp
