// The wrpkit section: written from a typed record, read back into the same
// record, the same bytes every time; keys of the wrong type read as absent.
#include "wrpkit/formats/provenance.hpp"

#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/base/error.hpp"

using namespace wrp;

namespace {

Provenance provenance_sample() {
  Provenance p{.wrpkit_version = "0.1.0",
               .targets = {"sm_75", "sm_90"},
               .ptx = "lowest",
               .compress = "default",
               .kernels = "launched",
               .target_arch = 75,
               .min_driver = "12.0",
               .min_driver_from = "--min-driver",
               .capture_cuda = "12.9",
               .input_wrp = "sim.wrp",
               .input_wrp_sha256 = std::string(64, 'a'),
               .tools = "nvJitLink 12.9",
               .options = "-O3"};
  ProvenanceModule m{.file = "m.1234abcd.fatbin",
                     .source = "m.sm75.ptx",
                     .from = "ptx",
                     .source_sha256 = std::string(64, 'b'),
                     .sha256 = std::string(64, 'c'),
                     .kernels_built = 2,
                     .kernels_in_source = 3};
  m.images.push_back({.kind = "sass",
                      .arch = "sm_75",
                      .from = "ptx",
                      .sha256 = std::string(64, 'd'),
                      .compiler = "12.9",
                      .size = 1000});
  m.images.push_back({.kind = "ptx",
                      .arch = "compute_75",
                      .from = "ptx",
                      .sha256 = std::string(64, 'e'),
                      .ptx_isa = "8.8",
                      .min_driver = "12.9",
                      .size = 2000});
  p.modules.push_back(m);
  p.replay_helpers = ProvenanceHelpers{.images = {"sm_75", "sm_90"}, .size = 4096, .sha256 = std::string(64, 'f')};
  return p;
}
using fixtures::text;

}  // namespace

TEST_CASE("provenance: written, read back, written again: the same bytes, the same fields") {
  auto bytes = serialize_provenance(provenance_sample());
  auto back = parse_provenance("t.wrp", bytes, 0);
  CHECK(serialize_provenance(back) == bytes);
  CHECK(back.targets == std::vector<std::string>{"sm_75", "sm_90"});
  CHECK(back.target_arch == 75);
  REQUIRE(back.modules.size() == 1);
  CHECK(back.modules[0].kernels_built == 2);
  REQUIRE(back.modules[0].images.size() == 2);
  CHECK(back.modules[0].images[1].ptx_isa == "8.8");
  CHECK(back.modules[0].images[0].ptx_isa.empty());  // not recorded for SASS, and not invented
  REQUIRE(back.replay_helpers);
  CHECK(back.replay_helpers->size == 4096);
  // TOML with keys in one order (sorted): a reader (and a digest of the section) sees stable text
  CHECK(text(bytes).find("capture_cuda = '12.9'") < text(bytes).find("wrpkit_version = '0.1.0'"));
}

TEST_CASE("provenance: keys absent or of the wrong type read as absent, a bad list entry as '?'") {
  std::string t =
      "wrpkit_version = 7\ntargets = [1, 'sm_90']\ntarget_arch = 'x'\n[[modules]]\nfile = 'a'\nimages = [1]\n";
  auto p = parse_provenance("t.wrp", Bytes(t.begin(), t.end()), 0);
  CHECK(p.wrpkit_version.empty());
  CHECK(p.targets == std::vector<std::string>{"?", "sm_90"});
  CHECK_FALSE(p.target_arch);
  REQUIRE(p.modules.size() == 1);
  CHECK(p.modules[0].file == "a");
  CHECK(p.modules[0].images.empty());
  CHECK_FALSE(p.replay_helpers);
  auto empty = parse_provenance("t.wrp", Bytes{}, 0);
  CHECK(empty.modules.empty());
  CHECK(text(serialize_provenance(empty)).find("wrpkit_version") == std::string::npos);
}

TEST_CASE("provenance: text that is not TOML is bad input naming the file and the section's offset") {
  std::string t = "targets = [";
  try {
    parse_provenance("t.wrp", Bytes(t.begin(), t.end()), 0x40);
    FAIL("parsed");
  } catch (const Error& e) {
    CHECK(e.code() == Exit::bad_input);
    CHECK(std::string(e.what()).starts_with("t.wrp: wrpkit section at byte 64 (0x40): not valid TOML"));
  }
}
