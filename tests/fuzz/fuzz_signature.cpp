// wrpkit's signature section: two strict lines; what parses must serialize back to
// the input, so no second spelling of a signature is ever accepted.
#include "fuzz_target.hpp"
#include "wrpkit/trust/signature.hpp"

WRPKIT_FUZZ_TARGET(signature) {
  auto s = wrp::parse_signature("fuzz.wrp", input, 0x40);
  auto bytes = wrp::serialize_signature(s);
  FUZZ_CHECK(bytes.size() == input.size() && std::equal(bytes.begin(), bytes.end(), input.begin()));
  FUZZ_CHECK(s.key_id.size() == 64 && s.signature.size() == 64);
}
