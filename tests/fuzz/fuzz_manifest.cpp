// wrpkit's manifest section, the record every loader trusts to say what the other
// bytes must be: parsed strictly, it must serialize back to the very input (one
// spelling per manifest, which is what a signature signs).
#include "fuzz_target.hpp"
#include "wrpkit/trust/manifest.hpp"

WRPKIT_FUZZ_TARGET(manifest) {
  auto m = wrp::parse_manifest("fuzz.wrp", input, 0x40);
  auto bytes = wrp::serialize_manifest(m);
  FUZZ_CHECK(bytes.size() == input.size() && std::equal(bytes.begin(), bytes.end(), input.begin()));
  FUZZ_CHECK(wrp::parse_manifest("rewritten.wrp", bytes, 0) == m);
}
