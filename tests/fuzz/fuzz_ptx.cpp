// PTX text: version, target, address size and entry names.
#include "fuzz_target.hpp"
#include "wrpkit/formats/ptx.hpp"

WRPKIT_FUZZ_TARGET(ptx) {
  (void)wrp::looks_like_ptx(input);
  auto info = wrp::parse_ptx("fuzz.ptx", input);
  (void)info;
}
