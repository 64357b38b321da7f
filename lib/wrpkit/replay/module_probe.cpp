#include "wrpkit/replay/module_probe.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "wrpkit/base/error.hpp"

extern char** environ;

namespace wrp {

namespace {

namespace fs = std::filesystem;
constexpr const char* kProbeName = "wrpkit-module-probe";
// A driver that takes longer than this over one artifact's images is treated as hung.
constexpr int kProbeSeconds = 300;

const char* opt_out =
    "set WRPKIT_MODULE_PROBE to it, or load without isolation (wrp-run --no-isolate; no_isolation in the C API; "
    "isolate=False in Python)";

// One socket for both directions: a child that dies mid-image makes the parent's send fail
// with EPIPE (MSG_NOSIGNAL: no SIGPIPE) instead of killing it.
struct Child {
  pid_t pid = -1;
  int fd = -1;
  ~Child() {
    if (fd >= 0) close(fd);
    if (pid > 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
  }
  int reap() {
    int status = 0;
    waitpid(pid, &status, 0);
    pid = -1;
    return status;
  }
};

void spawn(Child& c, const std::string& probe, int device) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
    fail(Exit::toolchain, fmt::format("cannot isolate the module loads: socketpair: {}", std::strerror(errno)));
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, sv[1], 0);
  posix_spawn_file_actions_adddup2(&actions, sv[1], 1);
  std::string ordinal = std::to_string(device);
  char* argv[] = {const_cast<char*>(probe.c_str()), ordinal.data(), nullptr};
  int rc = posix_spawn(&c.pid, probe.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(sv[1]);
  c.fd = sv[0];
  if (rc != 0) {
    c.pid = -1;
    fail(Exit::toolchain, fmt::format("cannot run {}: {}; {}", probe, std::strerror(rc), opt_out));
  }
}

bool send_all(int fd, const void* data, size_t size) {
  auto* p = static_cast<const char*>(data);
  while (size) {
    ssize_t n = send(fd, p, size, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;  // the child is gone: its status says why
    p += n;
    size -= size_t(n);
  }
  return true;
}

void send_images(int fd, const std::vector<ProbeImage>& images) {
  for (auto& img : images) {
    uint32_t name_size = uint32_t(img.name.size());
    uint64_t size = img.bytes.size();
    if (!send_all(fd, &name_size, 4) || !send_all(fd, img.name.data(), name_size) || !send_all(fd, &size, 8) ||
        !send_all(fd, img.bytes.data(), size))
      break;
  }
  shutdown(fd, SHUT_WR);
}

// Everything the child says, until it closes its end or the deadline passes.
std::string read_report(int fd, bool& timed_out) {
  std::string out;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(kProbeSeconds);
  char buf[4096];
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{fd, POLLIN, 0};
    int ready = left.count() > 0 ? poll(&p, 1, int(left.count())) : 0;
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) return timed_out = true, out;
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return out;
    out.append(buf, size_t(n));
  }
}

struct Report {
  int started = -1, finished = -1;  // the last image begun and the last loaded
  int failed = -1, failed_rc = 0;
  std::string driver;  // the driver could not start in the child
};

int number_at(std::string_view& rest) {
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  int value = -1;
  auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), value);
  rest.remove_prefix(size_t(end - rest.data()));
  return ec == std::errc() ? value : -1;
}

// Line by line (no iostreams: they would double the runtime library's size).
Report parse_report(std::string_view text) {
  Report r;
  while (!text.empty()) {
    auto eol = text.find('\n');
    auto line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    auto space = line.find(' ');
    auto word = line.substr(0, space);
    auto rest = space == std::string_view::npos ? std::string_view() : line.substr(space + 1);
    if (word == "driver") r.driver = std::string(rest);
    if (word == "load") r.started = number_at(rest);
    if (word == "ok") r.finished = number_at(rest);
    if (word == "fail") {
      r.failed = number_at(rest);
      r.failed_rc = number_at(rest);
    }
  }
  return r;
}

std::string module_at(const std::vector<ProbeImage>& images, int index) {
  return index >= 0 && size_t(index) < images.size() ? images[size_t(index)].name : "?";
}

}  // namespace

std::string find_module_probe() {
  if (const char* env = std::getenv("WRPKIT_MODULE_PROBE"); env && *env) return env;
  Dl_info info{};
  std::string holder = "this program";
  if (dladdr(reinterpret_cast<void*>(&find_module_probe), &info) && info.dli_fname) {
    std::error_code ec;
    auto self = fs::canonical(info.dli_fname, ec);
    if (!ec) {
      holder = self.string();
      auto dir = self.parent_path();
      for (auto& candidate : {dir / kProbeName, dir.parent_path() / "bin" / kProbeName,
                              dir.parent_path().parent_path() / "bin" / kProbeName})
        if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  fail(Exit::toolchain, fmt::format("cannot isolate the module loads of unverified input: {} is not beside {}; {}",
                                    kProbeName, holder, opt_out));
}

void probe_module_loads(const std::string& artifact, const std::vector<ProbeImage>& images, int device,
                        const std::string& probe) {
  Child child;
  spawn(child, probe, device);
  send_images(child.fd, images);
  bool timed_out = false;
  auto report = parse_report(read_report(child.fd, timed_out));
  if (timed_out)
    fail(Exit::bad_input, fmt::format("{}: module {} did not finish loading in {} s in an isolated child process "
                                      "({}); the artifact is damaged: rebuild it from its capture with wrp-build",
                                      artifact, module_at(images, report.started), kProbeSeconds, kProbeName));
  int status = child.reap();
  if (WIFSIGNALED(status))
    fail(Exit::bad_input,
         fmt::format("{}: module {} crashed the CUDA driver ({}) when loaded in an isolated child process; the "
                     "artifact is damaged or hostile: rebuild it from its capture with wrp-build",
                     artifact, module_at(images, report.started), strsignal(WTERMSIG(status))));
  if (!report.driver.empty()) fail(Exit::toolchain, fmt::format("{}: {}", kProbeName, report.driver));
  if (report.failed >= 0)
    fail(Exit::toolchain, fmt::format("{}: loading module {}: the CUDA driver refuses it (CUresult {}; wrp-inspect "
                                      "--device says why and how to fix it)",
                                      artifact, module_at(images, report.failed), report.failed_rc));
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || report.finished + 1 != int(images.size()))
    fail(Exit::toolchain, fmt::format("{}: {} stopped after {} of {} module(s) (exit status {}); {}", artifact,
                                      kProbeName, report.finished + 1, images.size(), status, opt_out));
}

}  // namespace wrp
