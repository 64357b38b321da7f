// wrp-run: replay a .wrp built by wrp-build with the CUDA driver alone (no Warp),
// through the runtime's C API (wrp_runtime.h), as an application would
// (replay_command.cpp).
#include <CLI/CLI.hpp>
#include <optional>

#include "replay_command.hpp"
#include "tool_main.hpp"
#include "wrpkit/base/report_writer.hpp"

namespace {

// wrp-run's command line as a RunCommand (and --json). nullopt: go on; otherwise the
// exit code (--help, a usage error) parse_command_line gave.
std::optional<int> parse_options(int argc, char** argv, wrp::RunCommand& c, bool& json) {
  CLI::App app{
      "Replay a Warp .wrp artifact (built by wrp-build) with the CUDA driver alone: no Warp, no JIT.\n"
      "Every byte is checked against the artifact's wrpkit manifest before the driver sees it.\n"
      "Exit codes: 0 ok, 1 usage, 2 bad input, 3 the artifact holds ops wrp-run cannot replay (named), "
      "4 no driver or GPU, or a CUDA call failed."};
  app.add_option("artifact", c.artifact, "the .wrp (NAME_modules/ beside it)")->required();
  app.add_option("--device", c.device, "CUDA device ordinal")->capture_default_str();
  app.add_option("--set", c.sets, "NAME=FILE.npy: copy the array's bytes into binding NAME before replaying");
  app.add_option("--get", c.gets,
                 "NAME=FILE.npy: after the replays, write binding NAME's bytes (dtype uint8; "
                 "view them as the binding's type, e.g. np.load(F).view(np.float32))");
  app.add_option("--repeat", c.repeat, "replays (timed one by one)")
      ->check(CLI::Range(1u, 1000000u))
      ->capture_default_str();
  app.add_flag("--json", json, "print timings and counts as JSON");
  app.add_flag("--in-memory", c.in_memory,
               "read the .wrp and its modules folder into memory first and load them "
               "with wrp_load_from_memory, as an application holding the files would");
  app.add_flag("--require-verified", c.require_verified,
               "refuse an artifact with no wrpkit manifest (one not built by "
               "wrp-build, or by an older one); every artifact that has one is checked against it anyway");
  app.add_option("--trust", c.trust_files,
                 "PUB.pem: an Ed25519 public key; refuse the artifact unless a key given "
                 "signed it (wrp-build --sign). Repeat for several keys");
  app.set_version_flag("--version", std::string("wrp-run (wrpkit) ") + WRPKIT_VERSION);
  return wrp::parse_command_line(app, argc, argv);
}

}  // namespace

int main(int argc, char** argv) {
  wrp::RunCommand cmd;
  bool json = false;
  if (auto done = parse_options(argc, argv, cmd, json)) return *done;
  return wrp::tool_main("wrp-run", [&] {
    wrp::make_report_writer(json).write(wrp::run_replay(cmd));
    return 0;
  });
}
