// The memory section on every real capture, and the damage it must refuse: a
// region count that cannot fit, id 0, a duplicate id, a flag that is not 0/1,
// initial data past the end, bytes after the last region.
#include "wrpkit/formats/memory.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;

namespace {

void put32(Bytes& b, uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(uint8_t(v >> (8 * i)));
}
void put64(Bytes& b, uint64_t v) {
  for (int i = 0; i < 8; ++i) b.push_back(uint8_t(v >> (8 * i)));
}
// One region record as Warp writes it: id, element size, size, has_initial_data, 7 pad bytes, data.
void region(Bytes& b, uint32_t id, uint64_t size, int init, size_t data_bytes) {
  put32(b, id);
  put32(b, 4);
  put64(b, size);
  b.push_back(uint8_t(init));
  b.insert(b.end(), 7, 0);
  b.insert(b.end(), data_bytes, 0xab);
}
std::string memory_error(const Bytes& b) {
  try {
    parse_memory("m.wrp", b, 0x100);
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE(
    "memory: every real capture's regions: ids unique from 1, tracked bindings resolve, initial data inside the "
    "section") {
  for (auto& path : fixtures::all()) {
    CAPTURE(path);
    auto a = open_artifact(path, false);
    auto& s = *a.container.find(kSectionMemory);
    auto regions = parse_memory(a.name(), s.data, s.file_offset);
    CHECK(regions.size() == a.regions.size());
    for (auto& g : regions) {
      CHECK(g.id >= 1);
      if (g.has_initial_data) {
        CHECK(g.data_offset >= s.file_offset);
        CHECK(g.data_offset + g.size <= s.file_offset + s.data.size());
      }
    }
    for (auto& b : a.meta.bindings)  // region -1: an array Warp did not track (the BSR capture)
      CHECK((b.region_id == kUntrackedRegion || find_region(regions, b.region_id)));
  }
}

TEST_CASE("memory: a well-formed section, and each kind of damage named by field and offset") {
  Bytes ok;
  put32(ok, 2);
  region(ok, 1, 8, 1, 8);
  region(ok, 2, 64, 0, 0);
  auto regions = parse_memory("m.wrp", ok, 0x100);
  REQUIRE(regions.size() == 2);
  CHECK(regions[0].data_offset == 0x100 + 4 + 24);
  CHECK(find_region(regions, 2)->size == 64);
  CHECK(find_region(regions, 3) == nullptr);

  Bytes too_many;
  put32(too_many, 1000);
  region(too_many, 1, 8, 0, 0);
  CHECK(memory_error(too_many).find("memory.region_count") != std::string::npos);

  Bytes zero_id;
  put32(zero_id, 1);
  region(zero_id, 0, 8, 0, 0);
  CHECK(memory_error(zero_id).find("reserved") != std::string::npos);

  Bytes dup;
  put32(dup, 2);
  region(dup, 5, 8, 0, 0);
  region(dup, 5, 8, 0, 0);
  CHECK(memory_error(dup).find("duplicate region id 5") != std::string::npos);

  Bytes flag;
  put32(flag, 1);
  region(flag, 1, 8, 2, 0);
  CHECK(memory_error(flag).find(fmt::format("has_initial_data at byte {}", 0x100 + 4 + 16)) != std::string::npos);

  Bytes short_data;
  put32(short_data, 1);
  region(short_data, 1, 64, 1, 8);  // says 64 bytes of data, holds 8
  CHECK(memory_error(short_data).find("memory.regions[0].initial_data") != std::string::npos);

  Bytes extra = ok;
  extra.push_back(0);
  CHECK(memory_error(extra).find("1 unexpected bytes after the last region") != std::string::npos);
  for (auto* b : {&too_many, &zero_id, &dup, &flag, &short_data, &extra})
    CHECK(memory_error(*b).starts_with("m.wrp: "));
}
