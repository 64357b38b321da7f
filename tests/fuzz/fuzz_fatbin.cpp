// A fatbin's entry headers: kinds, archs, offsets, sizes, compression. Every
// accepted entry must lie inside the input.
#include "fuzz_target.hpp"
#include "wrpkit/formats/fatbin.hpp"

WRPKIT_FUZZ_TARGET(fatbin) {
  (void)wrp::looks_like_fatbin(input);
  for (auto& e : wrp::parse_fatbin("fuzz.fatbin", input)) {
    FUZZ_CHECK(e.offset <= input.size() && e.size <= input.size() - e.offset);
    FUZZ_CHECK(e.payload_size <= e.size);
  }
}
