// The tools' log: warnings and (with --verbose) progress notes on stderr, one line each,
// prefixed "TOOL: warning: " / "TOOL: info: " so CI log matchers flag them.
//
// spdlog does the work, but only log.cpp includes it: its header costs seconds of
// compile in every file that includes it (more in the wheels, where it is header-only),
// while the callers need only a format string.
#pragma once
#include <fmt/format.h>

#include <string_view>

namespace wrp::log {

// Sends the log to stderr under `tool`'s name; info lines only when `verbose`.
// Until a tool starts it, spdlog's default logger serves (stdout, warnings and info).
void start(const char* tool, bool verbose);

bool info_enabled();
void warn_line(std::string_view message);
void info_line(std::string_view message);

template <class... Args>
void warn(fmt::format_string<Args...> format, Args&&... args) {
  warn_line(fmt::format(format, std::forward<Args>(args)...));
}

// Formats only when someone will read it.
template <class... Args>
void info(fmt::format_string<Args...> format, Args&&... args) {
  if (info_enabled()) info_line(fmt::format(format, std::forward<Args>(args)...));
}

}  // namespace wrp::log
