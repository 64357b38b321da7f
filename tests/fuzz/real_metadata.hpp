// The metadata of a real capture (two modules, an adjoint launch; tests/data, always in
// the repository), for the targets that walk ops against real kernels.
// $WRPKIT_SOURCE_DIR names the checkout when the binary runs elsewhere.
#pragma once
#include <cstdlib>
#include <filesystem>

#include "wrpkit/artifact/artifact.hpp"

inline const wrp::Metadata& real_metadata() {
  static wrp::Metadata meta = [] {
    auto* env = std::getenv("WRPKIT_SOURCE_DIR");
    auto root = std::filesystem::path(env ? env : WRPKIT_SOURCE_DIR);
    try {
      return wrp::open_artifact(root / "tests/data/warp-1.17.0-h200/unique_adjoint/unique_adjoint.wrp", false).meta;
    } catch (const wrp::Error&) {
      return wrp::Metadata{};
    }
  }();
  return meta;
}
