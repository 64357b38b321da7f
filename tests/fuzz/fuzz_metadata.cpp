// The metadata section alone (its first u32 picks the layout, 13..18). Accepted
// input must write back to bytes that read the same.
#include "fuzz_target.hpp"
#include "wrpkit/formats/metadata.hpp"

WRPKIT_FUZZ_TARGET(metadata) {
  auto m = wrp::parse_metadata("fuzz.wrp", input, 0x40);
  auto written = wrp::serialize_metadata(m);
  auto again = wrp::parse_metadata("rewritten.wrp", written, 0x40);
  FUZZ_CHECK(wrp::serialize_metadata(again) == written);
  for (auto& mod : m.modules) (void)m.entries_of(mod.hash);
}
