// wrp-inspect: what a .wrp artifact holds and on which GPUs it will load.
#include <CLI/CLI.hpp>
#include <optional>

#include "tool_main.hpp"
#include "wrpkit/report/inspect_command.hpp"

namespace {

// wrp-inspect's command line as an InspectCommand (and --json). nullopt: go on;
// otherwise the exit code (--help, a usage error) parse_command_line gave.
std::optional<int> parse_options(int argc, char** argv, wrp::InspectCommand& cmd, bool& json) {
  CLI::App app{
      "Show what a Warp .wrp artifact holds and on which GPUs it loads.\n"
      "Exit codes: 0 ok, 1 usage, 2 bad input.\n"
      "With --arch: 0 the artifact loads as SASS on every listed GPU, 1 some GPU needs a JIT\n"
      "(PTX, or Warp 1.19 compiling retained source), 2 some GPU cannot load it.\n"
      "With --device: 0 every module loads as SASS, 1 some module needs JIT (0 with --allow-jit),\n"
      "2 some module cannot load, 4 no GPU or driver.\n"
      "With --verify: 2 when its bytes are not what wrp-build wrote (or not signed by a --trust key)."};
  app.footer(
      "Examples:\n"
      "  wrp-inspect sim.wrp                                what it holds, hazards, wrp-run support\n"
      "  wrp-inspect sim.wrp --arch sm_87,sm_90 && deploy   a yes/no check: SASS on both, no JIT\n"
      "  wrp-inspect sim.wrp --arch sm_87 --driver 12.6      the same on a JetPack 6 driver\n"
      "  wrp-inspect sim.wrp --device --load                pre-flight on this machine's GPU 0\n"
      "  wrp-inspect sim.wrp --verify --trust release.pub   as wrp-build wrote it, signed by that key?");
  std::string arch_list, driver;
  int device = -1;
  app.add_option("file", cmd.file, "the .wrp file (its NAME_modules/ folder must sit beside it)")->required();
  app.add_option("--arch", arch_list,
                 "GPUs to check, e.g. sm_75,sm_87,sm_90: adds a load matrix; the exit code "
                 "says whether all of them load it as SASS");
  app.add_option("--driver", driver,
                 "with --arch: the load matrix under a driver of this CUDA release (e.g. 12.6): "
                 "does it load there, without JIT?");
  app.add_flag("--json", json, "print JSON (schema: docs/inspect-json.md)");
  auto* verify_flag = app.add_flag("--verify", cmd.verify,
                                   "exit 2 unless every byte matches the artifact's wrpkit manifest "
                                   "(and, with --trust, a trusted key signed it): what wrp-run checks before loading");
  app.add_option("--trust", cmd.trust_files,
                 "with --verify: PUB.pem, an Ed25519 public key the artifact must be signed "
                 "by (repeat for several)")
      ->needs(verify_flag);
  auto* dev =
      app.add_option("--device", device, "pre-flight on this machine's GPU N")->expected(0, 1)->default_str("0");
  app.add_flag("--allow-jit", cmd.allow_jit, "exit 0 when modules load through PTX JIT")->needs(dev);
  app.add_flag("--load", cmd.load, "really load every module and resolve its kernels")->needs(dev);
  dev->group("On the deployment machine");
  for (auto* o : {"--allow-jit", "--load"}) app.get_option(o)->group("On the deployment machine");
  app.set_version_flag("--version", std::string("wrp-inspect (wrpkit) ") + WRPKIT_VERSION);
  if (auto done = wrp::parse_command_line(app, argc, argv)) return done;
  if (app.count("--arch")) cmd.archs = arch_list;
  if (app.count("--driver")) cmd.driver = driver;
  if (app.count("--device")) cmd.device = device < 0 ? 0 : device;
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  wrp::InspectCommand cmd;
  bool json = false;
  if (auto done = parse_options(argc, argv, cmd, json)) return *done;
  return wrp::tool_main("wrp-inspect", [&] { return wrp::run_inspect(cmd, wrp::make_report_writer(json)); });
}
