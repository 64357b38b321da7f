// Shared wrapper for every tool's main: turns any escaping error into one
// line on stderr and the documented exit code, never a crash.
#pragma once
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <new>
#include <optional>

#include "wrpkit/base/error.hpp"

namespace wrp {

template <class F>
int tool_main(const char* tool, F&& body) {
  try {
    return body();
  } catch (const Error& e) {
    fmt::print(stderr, "{}: error: {}\n", tool, printable(e.what()));
    return int(e.code());
  } catch (const std::filesystem::filesystem_error& e) {
    fmt::print(stderr, "{}: error: {}\n", tool, e.what());
    return int(Exit::bad_input);
  } catch (const std::bad_alloc&) {
    fmt::print(stderr, "{}: error: out of memory (input sizes implausible?)\n", tool);
    return int(Exit::bad_input);
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: internal error: {} (please report this)\n", tool, e.what());
    return int(wrp::Exit::internal);
  }
}

}  // namespace wrp

namespace wrp {

// Parses the command line into `app`'s bound variables. nullopt: go on; otherwise the
// tool exits with that code at once (--help, --version: 0; any usage error: 1, where
// CLI11's own codes vary by error), CLI11 having printed why.
inline std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
    return std::nullopt;
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 1;
  }
}

}  // namespace wrp
