// A CUBIN (ELF): header, section and symbol tables, the SM arch and entry symbols.
#include "fuzz_target.hpp"
#include "wrpkit/formats/elf.hpp"

WRPKIT_FUZZ_TARGET(elf) {
  (void)wrp::looks_like_elf(input);
  auto info = wrp::parse_elf("fuzz.cubin", input);
  (void)info;
}
