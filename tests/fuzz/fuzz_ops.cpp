// The operation stream, nested if/while bodies included, against the metadata
// of a real capture (so launches resolve as in a real file).
#include <cstdlib>
#include <filesystem>

#include "fuzz_target.hpp"
#include "real_metadata.hpp"
#include "wrpkit/artifact/artifact.hpp"

WRPKIT_FUZZ_TARGET(ops) {
  auto summary = wrp::walk_ops("fuzz.wrp", input, 0x40, real_metadata());
  FUZZ_CHECK(summary.max_depth <= wrp::kMaxOpDepth);
  FUZZ_CHECK(summary.top_level <= summary.count);
}
