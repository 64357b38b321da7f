// Shared wrapper for every tool's main: turns any escaping error into one
// line on stderr and the documented exit code, never a crash.
#pragma once
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <new>

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

// CLI11's own exit codes vary by error; every usage error exits 1 here (--help: 0).
#define WRP_PARSE(app, argc, argv)                  \
  try {                                             \
    (app).parse((argc), (argv));                    \
  } catch (const CLI::ParseError& e) {              \
    return (app).exit(e) == 0 ? 0 : 1;              \
  }
