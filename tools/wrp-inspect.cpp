// wrp-inspect: what a .wrp artifact holds and on which GPUs it will load.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>

#include "wrpkit/artifact.hpp"
#include "wrpkit/error.hpp"
#include "wrpkit/inspect.hpp"
#include "wrpkit/json.hpp"
#include "wrpkit/loader.hpp"
#include "device_check.hpp"
#include "tool_main.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Show what a Warp .wrp artifact holds and on which GPUs it loads.\n"
               "Exit codes: 0 ok, 1 usage, 2 bad input.\n"
               "With --device: 0 every module loads as SASS, 1 some module needs JIT (0 with --allow-jit),\n"
               "2 some module cannot load, 3 no GPU or driver."};
  std::string file, arch_list;
  bool json = false, allow_jit = false, load = false;
  int device = -1;
  app.add_option("file", file, "the .wrp file (its NAME_modules/ folder must sit beside it)")->required();
  app.add_option("--arch", arch_list, "GPUs to check, e.g. sm_75,sm_87,sm_90: adds a load matrix");
  app.add_flag("--json", json, "print JSON (schema: docs/inspect-json.md)");
  app.add_option("--device", device, "pre-flight on this machine's GPU N (default 0)")->expected(0, 1)->default_str("0");
  app.add_flag("--allow-jit", allow_jit, "with --device: exit 0 when modules load through PTX JIT");
  app.add_flag("--load", load, "with --device: really load every module and resolve its kernels");
  WRP_PARSE(app, argc, argv);
  if (app.count("--device") && device < 0) device = 0;

  return wrp::tool_main("wrp-inspect", [&] {
    std::vector<wrp::Arch> archs;
    if (!arch_list.empty()) archs = wrp::parse_arch_list(arch_list, "--arch");
    auto a = wrp::open_artifact(file);
    auto rep = wrp::inspect(a, archs);
    if (device < 0) {
      if (json) std::cout << wrp::to_json(rep.json) << "\n";
      else std::cout << rep.text;
      return 0;
    }
    return wrp::device_check(a, rep, device, allow_jit, load, json);
  });
}
