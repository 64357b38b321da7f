// The whole .wrp: header, section table, then metadata, memory and the op stream
// as open_artifact checks them, for every format version. Accepted input must
// survive write -> read unchanged.
#include "fuzz_target.hpp"
#include "wrpkit/artifact/artifact.hpp"

WRPKIT_FUZZ_TARGET(container) {
  wrp::Artifact a;
  a.wrp_path = "fuzz.wrp";
  a.container = wrp::parse_container(a.name(), input);
  auto written = wrp::serialize_container(a.container);
  auto again = wrp::parse_container("rewritten.wrp", written);
  FUZZ_CHECK(wrp::serialize_container(again) == written);
  wrp::parse_sections(a);
}
