// wrpkit's own provenance section (TOML written by wrp-build, read by
// wrp-inspect): parsed, then read key by key as the inspect report does.
#include "fuzz_target.hpp"
#include "wrpkit/formats/provenance.hpp"

WRPKIT_FUZZ_TARGET(provenance) {
  auto t = wrp::parse_provenance("fuzz.wrp", input, 0x40);
  if (!t) return;
  auto again = wrp::parse_provenance("rewritten.wrp", wrp::serialize_provenance(*t), 0);
  FUZZ_CHECK(again.has_value());
}
