// wrp-inspect's report on hostile provenance: a wrpkit section is input like any
// other, so valid TOML with missing keys or wrong types must not crash it, and
// TOML that does not parse is refused by wrp-inspect but not by a loader.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/artifact/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/load/loader.hpp"
#include "wrpkit/report/inspect_print.hpp"

using namespace wrp;

namespace {

// A real capture with `section` as its wrpkit section, opened as a loader opens it.
Artifact with_wrpkit_section(const std::string& section) {
  auto path = fixtures::ptx75();
  auto c = open_artifact(path).container;
  c.sections.push_back({kSectionWrpkit, 0, 0, Bytes(section.begin(), section.end())});
  return open_artifact_bytes(path, serialize_container(c), module_files_in(modules_dir_for(path)));
}

}  // namespace

TEST_CASE("a wrpkit section of valid TOML without the expected keys is reported, not a crash") {
  for (std::string toml : {"", "x = 1\n", "wrpkit_version = 3\ntargets = 7\n",
                           "targets = [1, \"sm_90\"]\nmodules = [1, \"a\"]\n", "[[modules]]\nimages = 3\n",
                           "[[modules]]\nfile = 5\nimages = [1, {arch = 2}]\n", "input = 1\n", "[input]\nwrp = 4\n"}) {
    CAPTURE(toml);
    auto a = with_wrpkit_section(toml);
    REQUIRE(a.provenance);
    auto rep = inspect(a, {*parse_arch("sm_90")});
    CHECK(report_text(rep).find("built by wrpkit") != std::string::npos);
    CHECK(report_json(rep).find("\"wrpkit\"") != std::string::npos);
    CHECK_FALSE(fix_command(a, *parse_arch("sm_90")).empty());
  }
}

TEST_CASE("a wrpkit section that is not TOML: wrp-inspect refuses it naming the offset, a loader goes on") {
  auto a = with_wrpkit_section("= not toml");
  CHECK_FALSE(a.provenance);
  CHECK(a.provenance_error.find("wrpkit section at byte ") != std::string::npos);
  CHECK(a.provenance_error.find("not valid TOML") != std::string::npos);
  CHECK_THROWS_AS(inspect(a, {}), Error);
  CHECK(fix_command(a, *parse_arch("sm_90")).starts_with("wrp-build " + fixtures::ptx75().string()));
}

TEST_CASE("the report is data: a load matrix per module and arch, its exit code from the artifact row") {
  auto a = open_artifact(fixtures::ptx75());  // PTX compute_75 only: every GPU JITs it
  auto rep = inspect(a, {*parse_arch("sm_75"), *parse_arch("sm_90")});
  REQUIRE(rep.load_matrix);
  CHECK(rep.load_matrix->files.size() == a.modules.size());
  CHECK(rep.load_matrix->artifact == std::vector<LoadPath>{LoadPath::jit, LoadPath::jit});
  CHECK(load_matrix_exit_code(rep) == 1);
  CHECK(load_matrix_exit_code(inspect(a, {})) == 0);  // no GPUs asked about: nothing to fail
  CHECK(report_text(rep).find("=> the artifact") != std::string::npos);
  CHECK(report_json(rep).find("\"load_summary\"") != std::string::npos);
}
