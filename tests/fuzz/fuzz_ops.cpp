// The operation stream, nested if/while bodies included, against the metadata
// of a real capture (so launches resolve as in a real file).
#include <cstdlib>
#include <filesystem>

#include "fuzz_target.hpp"
#include "wrpkit/artifact/artifact.hpp"

static const wrp::Metadata& real_metadata() {
  static wrp::Metadata meta = [] {
    // A capture with two modules and an adjoint launch (tests/data, always in the
    // repository); $WRPKIT_SOURCE_DIR names the checkout when the binary runs elsewhere.
    auto* env = std::getenv("WRPKIT_SOURCE_DIR");
    auto root = std::filesystem::path(env ? env : WRPKIT_SOURCE_DIR);
    auto path = root / "tests/data/warp-1.17.0-h200/unique_adjoint/unique_adjoint.wrp";
    try {
      return wrp::open_artifact(path, false).meta;
    } catch (const wrp::Error&) {
      return wrp::Metadata{};
    }
  }();
  return meta;
}

WRPKIT_FUZZ_TARGET(ops) {
  auto summary = wrp::walk_ops("fuzz.wrp", input, 0x40, real_metadata());
  FUZZ_CHECK(summary.max_depth <= wrp::kMaxOpDepth);
  FUZZ_CHECK(summary.top_level <= summary.count);
}
