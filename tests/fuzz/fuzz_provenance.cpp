// wrpkit's own provenance section (TOML written by wrp-build, read once by
// open_artifact): parsed into the typed record, written back and read again,
// which must give the same record.
#include "fuzz_target.hpp"
#include "wrpkit/formats/provenance.hpp"

WRPKIT_FUZZ_TARGET(provenance) {
  auto p = wrp::parse_provenance("fuzz.wrp", input, 0x40);
  auto bytes = wrp::serialize_provenance(p);
  auto again = wrp::parse_provenance("rewritten.wrp", bytes, 0);
  FUZZ_CHECK(wrp::serialize_provenance(again) == bytes);
}
