// wrp-build: compile every module of a captured Warp graph for every target
// arch into one fatbin per module; stock Warp loads the result with no JIT.
#include <fmt/format.h>

#include <iostream>
#include <string_view>
#include <thread>

#include "command_lines.hpp"
#include "progress_printer.hpp"
#include "tool_main.hpp"
#include "wrpkit/base/log.hpp"
#include "wrpkit/pipeline/command.hpp"
#include "wrpkit/toolchain/nvrtc_workers.hpp"

int main(int argc, char** argv) {
  // wrp-build starts copies of itself to run NVRTC in separate processes (nvrtc_workers.hpp).
  if (argc == 3 && std::string_view(argv[1]) == "--nvrtc-worker") return wrp::nvrtc_worker_main(argv[2]);
  wrp::BuildCommand cmd;
  wrp::BuildReporting o;
  if (auto done = wrp::parse_build_options(argc, argv, cmd, o)) return *done;
  wrp::log::start("wrp-build", o.verbose);
  std::error_code ec;
  if (auto self = std::filesystem::read_symlink("/proc/self/exe", ec); !ec) cmd.nvrtc_worker_exe = self;
  // The progress line only where someone watches: a terminal, not --quiet, not --verbose's log.
  cmd.progress = wrp::progress_printer(!cmd.quiet && !o.verbose && isatty(2), o.progress_fd);
  return wrp::tool_main("wrp-build",
                        [&] { return wrp::run_build_command(cmd, wrp::make_report_writer(o.json, o.report_file)); });
}
