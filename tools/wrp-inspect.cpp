// wrp-inspect: what a .wrp artifact holds and on which GPUs it will load.
#include "command_lines.hpp"
#include "tool_main.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/report/inspect_command.hpp"

int main(int argc, char** argv) {
  wrp::InspectCommand cmd;
  auto format = wrp::ReportFormat::text;
  if (auto done = wrp::parse_inspect_options(argc, argv, cmd, format)) return *done;
  // Warnings (none expected here) go to stderr as "wrp-inspect: warning: ...", never into stdout's report.
  wrp::log::start("wrp-inspect", false);
  return wrp::tool_main("wrp-inspect", [&] { return wrp::run_inspect(cmd, wrp::make_report_writer(format)); });
}
