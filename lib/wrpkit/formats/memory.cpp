#include "wrpkit/formats/memory.hpp"

#include <fmt/format.h>

#include <unordered_set>

namespace wrp {

std::vector<Region> parse_memory(const std::string& file, ByteView data, uint64_t origin) {
  Reader r(file, data, origin);
  uint32_t n = r.u32("memory.region_count");
  if (uint64_t(n) * 24 > r.left())
    r.error("memory.region_count", fmt::format("{} regions cannot fit in {} bytes", n, r.left()));
  std::vector<Region> out;
  std::unordered_set<uint32_t> seen;
  for (uint32_t i = 0; i < n; ++i) {
    auto f = [&](const char* x) { return fmt::format("memory.regions[{}].{}", i, x); };
    Region g;
    uint64_t at = r.file_offset();
    g.id = r.u32(f("region_id"));
    g.element_size = r.u32(f("element_size"));
    g.size = r.u64(f("size"));
    uint8_t init = r.u8(f("has_initial_data"));
    if (init > 1) r.error_at(at + 16, f("has_initial_data"), fmt::format("value {} is not 0 or 1", init));
    g.has_initial_data = init == 1;
    r.skip(7, f("pad"));
    if (g.id == 0) r.error_at(at, f("region_id"), "region id 0 is reserved (ids start at 1)");
    if (!seen.insert(g.id).second) r.error_at(at, f("region_id"), fmt::format("duplicate region id {}", g.id));
    if (g.has_initial_data) {
      g.data_offset = r.file_offset();
      r.skip(g.size, f("initial_data"));
    }
    out.push_back(g);
  }
  if (!r.at_end()) r.error("memory", fmt::format("{} unexpected bytes after the last region", r.left()));
  return out;
}

const Region* find_region(const std::vector<Region>& regions, uint32_t id) {
  for (auto& g : regions)
    if (g.id == id) return &g;
  return nullptr;
}

}  // namespace wrp
