#include "wrpkit/base/log.hpp"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace wrp::log {

void start(const char* tool, bool verbose) {
  // stderr: stdout carries the report and nothing else. Each line says its level
  // ("wrp-build: warning: ..."), as errors say "error:".
  // Not registered by name: a second start (a test, a host that restarts the log) replaces it.
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(tool, std::make_shared<spdlog::sinks::stderr_sink_mt>()));
  spdlog::set_pattern(fmt::format("{}: %l: %v", tool));
  spdlog::set_level(verbose ? spdlog::level::info : spdlog::level::warn);
}

bool info_enabled() { return spdlog::should_log(spdlog::level::info); }

void warn_line(std::string_view message) { spdlog::warn("{}", message); }

void info_line(std::string_view message) { spdlog::info("{}", message); }

}  // namespace wrp::log
