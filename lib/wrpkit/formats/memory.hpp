// The memory section: the regions a graph reads and writes, some with initial data.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct Region {
  uint32_t id = 0, element_size = 0;
  uint64_t size = 0;
  bool has_initial_data = false;
  uint64_t data_offset = 0;  // file offset of the initial data, when present
};

std::vector<Region> parse_memory(const std::string& file, ByteView data, uint64_t origin);
const Region* find_region(const std::vector<Region>& regions, uint32_t id);
// The first `bytes` of r's initial data in the memory section `memory` (which starts at
// file offset `origin`); parse_memory checked that its data lies inside the section.
inline ByteView initial_data(const Region& r, ByteView memory, uint64_t origin, uint64_t bytes) {
  return memory.subspan(r.data_offset - origin, bytes);
}

}  // namespace wrp
