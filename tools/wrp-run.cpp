// wrp-run: replay a .wrp built by wrp-build with the CUDA driver alone (no Warp),
// through the runtime's C API (wrp_runtime.h), as an application would
// (replay_command.cpp).
#include "command_lines.hpp"
#include "replay_command.hpp"
#include "tool_main.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/base/report_writer.hpp"

int main(int argc, char** argv) {
  wrp::RunCommand cmd;
  bool json = false;
  if (auto done = wrp::parse_run_options(argc, argv, cmd, json)) return *done;
  // Warnings (none expected here) go to stderr as "wrp-run: warning: ...", never into stdout's report.
  wrp::log::start("wrp-run", false);
  return wrp::tool_main("wrp-run", [&] {
    wrp::make_report_writer(json).write(wrp::run_replay(cmd));
    return 0;
  });
}
