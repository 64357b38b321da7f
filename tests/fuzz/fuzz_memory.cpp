// The memory section: region records and their initial data.
#include "fuzz_target.hpp"
#include "wrpkit/formats/memory.hpp"

WRPKIT_FUZZ_TARGET(memory) {
  auto regions = wrp::parse_memory("fuzz.wrp", input, 0x40);
  for (auto& r : regions) FUZZ_CHECK(!r.has_initial_data || r.data_offset >= 0x40);
}
