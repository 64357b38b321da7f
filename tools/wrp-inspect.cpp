// wrp-inspect: what a .wrp artifact holds and on which GPUs it will load.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>

#include "wrpkit/artifact.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/inspect.hpp"
#include "wrpkit/json.hpp"
#include "tool_main.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Show what a Warp .wrp artifact holds and on which GPUs it loads.\n"
               "Exit codes: 0 ok, 1 usage, 2 bad input."};
  std::string file, arch_list;
  bool json = false;
  app.add_option("file", file, "the .wrp file (its NAME_modules/ folder must sit beside it)")->required();
  app.add_option("--arch", arch_list, "GPUs to check, e.g. sm_75,sm_87,sm_90: adds a load matrix");
  app.add_flag("--json", json, "print JSON (schema: docs/inspect-json.md)");
  CLI11_PARSE(app, argc, argv);

  return wrp::tool_main("wrp-inspect", [&] {
    std::vector<wrp::Arch> archs;
    if (!arch_list.empty()) archs = wrp::parse_arch_list(arch_list, "--arch");
    auto a = wrp::open_artifact(file);
    auto rep = wrp::inspect(a, archs);
    if (json) std::cout << wrp::to_json(rep.json) << "\n";
    else std::cout << rep.text;
    return 0;
  });
}
