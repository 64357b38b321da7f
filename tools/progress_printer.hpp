// wrp-build's progress output: on a terminal one line rewritten in place
// (jobs done / total, current module, elapsed), and JSON lines on a file
// descriptor for the Python API's callback (--progress-fd).
#pragma once
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <string>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/progress.hpp"

namespace wrp {

inline size_t terminal_width(int fd) {
  winsize ws{};
  return ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 10 ? ws.ws_col - 1 : 79;
}

// `terminal`: draw the line on stderr; `fd` >= 0: write JSON lines there.
inline ProgressFn progress_printer(bool terminal, int fd) {
  if (!terminal && fd < 0) return {};
  if (fd >= 0) {
    std::signal(SIGPIPE, SIG_IGN);   // a reader that went away cancels the build (below), not kills it
    fcntl(fd, F_SETFD, FD_CLOEXEC);  // nor may NVRTC workers hold the pipe open after the build
  }
  using clock = std::chrono::steady_clock;
  return [terminal, fd, last = clock::time_point()](const BuildProgress& p) mutable {
    if (fd >= 0) {
      auto line = progress_json(p) + "\n";
      for (size_t at = 0; at < line.size();) {
        auto n = ::write(fd, line.data() + at, line.size() - at);
        if (n < 0 && errno == EINTR) continue;
        // The reader closed its end (the Python API does when a progress callback raises):
        // the build stops here; an output not yet committed is not written.
        if (n <= 0 && p.stage != "done")
          throw Cancelled(
              fmt::format("build cancelled at its {} stage: the reader of --progress-fd {} went away", p.stage, fd));
        if (n <= 0) break;
        at += size_t(n);
      }
    }
    if (!terminal) return;
    if (p.stage == "done") {
      fmt::print(stderr, "\r\x1b[K");
    } else {
      // At most ten redraws a second, but always a stage's first and last item.
      auto now = clock::now();
      if (p.done != 0 && p.done != p.total && now - last < std::chrono::milliseconds(100)) return;
      last = now;
      fmt::print(stderr, "\r{}\x1b[K", progress_line(p, terminal_width(2)));
    }
    std::fflush(stderr);
  };
}

}  // namespace wrp
