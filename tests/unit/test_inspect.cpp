// wrp-inspect's report on hostile provenance: a wrpkit section is input like any
// other, so valid TOML with missing keys or wrong types must not crash it.
#include <doctest/doctest.h>

#include "fixtures.hpp"
#include "wrpkit/formats/artifact.hpp"
#include "wrpkit/base/error.hpp"
#include "wrpkit/report/inspect.hpp"
#include "wrpkit/report/loader.hpp"

using namespace wrp;

TEST_CASE("a wrpkit section of valid TOML without the expected keys is reported, not a crash") {
  for (std::string toml : {"", "x = 1\n", "wrpkit_version = 3\ntargets = 7\n", "targets = [1, \"sm_90\"]\nmodules = [1, \"a\"]\n",
                           "[[modules]]\nimages = 3\n", "[[modules]]\nfile = 5\nimages = [1, {arch = 2}]\n",
                           "input = 1\n", "[input]\nwrp = 4\n"}) {
    CAPTURE(toml);
    auto a = open_artifact(fixtures::ptx75());
    a.container.sections.push_back({kSectionWrpkit, 0, 0, Bytes(toml.begin(), toml.end())});
    auto rep = inspect(a, {*parse_arch("sm_90")});
    CHECK(rep.text.find("built by wrpkit") != std::string::npos);
    CHECK_FALSE(fix_command(a, *parse_arch("sm_90")).empty());
  }
  auto a = open_artifact(fixtures::ptx75());
  std::string bad = "= not toml";
  a.container.sections.push_back({kSectionWrpkit, 0, 0, Bytes(bad.begin(), bad.end())});
  CHECK_THROWS_AS(inspect(a, {}), Error);  // invalid TOML: bad input, one line
}
