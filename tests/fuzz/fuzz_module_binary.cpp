// A module file as the loader sees it: PTX, CUBIN, fatbin (with the ELF and PTX
// images inside it read too) or host object, decided from the bytes.
#include "fuzz_target.hpp"
#include "wrpkit/formats/module_binary.hpp"
#include "wrpkit/load/load_path.hpp"

WRPKIT_FUZZ_TARGET(module_binary) {
  auto b = wrp::read_module_binary("fuzz.fatbin", input);
  (void)b.image_list();
  (void)b.lowest_ptx();
  for (int sm : {75, 87, 90, 100}) (void)binary_load_path(b, wrp::arch_from_number(sm));
}
