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
