// wrp-inspect end to end on an artifact in memory: the input is a u32 length,
// that many bytes of .wrp, and the rest is the content of every file in its
// modules folder (binaries and retained sources alike). The report is built
// for several GPUs and printed as text and JSON.
#include <cstring>

#include "fuzz_target.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/report/inspect_print.hpp"

WRPKIT_FUZZ_TARGET(inspect) {
  wrp::Reader r("fuzz-input", input);
  auto wrp_bytes = r.take(r.u32("wrp length"), "wrp bytes");
  auto module_bytes = r.rest();
  auto a = wrp::open_artifact_bytes("fuzz.wrp", wrp_bytes, [&](const std::string&) {
    return std::optional<wrp::Bytes>(wrp::Bytes(module_bytes.begin(), module_bytes.end()));
  });
  std::vector<wrp::Arch> gpus;
  for (int sm : {75, 87, 90, 120}) gpus.push_back(wrp::arch_from_number(sm));
  auto rep = wrp::inspect(a, gpus);
  FUZZ_CHECK(!wrp::report_text(rep).empty());
  FUZZ_CHECK(wrp::report_json(rep).starts_with("{"));
}
