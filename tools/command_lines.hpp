// The command lines of wrp-build, wrp-inspect, wrp-run and the example maker, each
// parsed into its tool's command struct (LLVM's parseOptions, kept out of main).
//
// All four live in one translation unit (command_lines.cpp) on purpose: CLI11 is
// header-only and its code is generated again in every file that uses it (about 11 s
// of GCC -O2 each); one file compiles it once per build, in each of the test command's
// builds. Each parse_* returns nullopt to go on, or the exit code to leave with at once
// (--help, --version: 0; a usage error: 1), CLI11 having printed why.
#pragma once
#include <optional>
#include <string>

#include "replay_command.hpp"
#include "wrpkit/pipeline/command.hpp"
#include "wrpkit/report/inspect_command.hpp"

namespace wrp {

// What wrp-build's command line asks beyond the BuildCommand: how the tool reports. (Not
// BuildOutput: pipeline/build.hpp has one, and two classes of one name break the link.)
struct BuildReporting {
  bool json = false, verbose = false;
  int progress_fd = -1;
  std::string report_file;  // --report FILE: the JSON report, whatever the console gets
};
std::optional<int> parse_build_options(int argc, char** argv, BuildCommand& cmd, BuildReporting& out);

std::optional<int> parse_inspect_options(int argc, char** argv, InspectCommand& cmd, ReportFormat& format);

std::optional<int> parse_run_options(int argc, char** argv, RunCommand& cmd, bool& json);

// examples/make_example: the CUDA source, the .wrp to write, a CUDA root for NVRTC.
struct ExampleCommand {
  std::string source, output, cuda;
};
std::optional<int> parse_example_options(int argc, char** argv, ExampleCommand& cmd);

}  // namespace wrp
