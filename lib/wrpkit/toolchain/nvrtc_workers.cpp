#include "wrpkit/toolchain/nvrtc_workers.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "wrpkit/base/error.hpp"
#include "wrpkit/toolchain/nvrtc.hpp"

extern char** environ;

namespace wrp {

namespace {

// Framing: every message is a u64 length then that many bytes; a request is the
// fields below in order, an answer a status byte (0 ok, 1 error) then the payload.
bool write_all(int fd, const void* p, size_t n) {
  auto* c = static_cast<const char*>(p);
  while (n) {
    ssize_t k = write(fd, c, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    c += k, n -= size_t(k);
  }
  return true;
}
bool read_all(int fd, void* p, size_t n) {
  auto* c = static_cast<char*>(p);
  while (n) {
    ssize_t k = read(fd, c, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return false;
    c += k, n -= size_t(k);
  }
  return true;
}
bool send(int fd, std::string_view s) {
  uint64_t n = s.size();
  return write_all(fd, &n, 8) && write_all(fd, s.data(), s.size());
}
bool recv(int fd, std::string& s) {
  uint64_t n = 0;
  if (!read_all(fd, &n, 8) || n > (uint64_t(1) << 32)) return false;
  s.resize(n);
  return read_all(fd, s.data(), n);
}

}  // namespace

struct NvrtcWorkers::Worker {
  pid_t pid = -1;
  int to = -1, from = -1;
};

NvrtcWorkers::NvrtcWorkers(std::filesystem::path exe, std::string nvrtc_path, unsigned count)
    : exe_(std::move(exe)), nvrtc_(std::move(nvrtc_path)), count_(std::max(1u, count)) {
  // A worker that dies mid-request must give us EOF or EPIPE, not kill us with SIGPIPE.
  signal(SIGPIPE, SIG_IGN);
}

NvrtcWorkers::~NvrtcWorkers() {
  for (auto& w : all_) {
    if (w->to >= 0) close(w->to);  // EOF: the worker exits
    if (w->from >= 0) close(w->from);
    if (w->pid > 0) {
      int status = 0;
      while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR) {}
    }
  }
}

NvrtcWorkers::Worker& NvrtcWorkers::acquire() {
  std::unique_lock lock(mu_);
  if (free_.empty() && all_.size() < count_) {
    int in[2], out[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
      fail(Exit::toolchain, fmt::format("cannot start an NVRTC worker: {}", std::strerror(errno)));
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, in[0], 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    std::string exe = exe_.string();
    std::vector<char*> argv{exe.data(), const_cast<char*>("--nvrtc-worker"), nvrtc_.data(), nullptr};
    auto w = std::make_unique<Worker>();
    int rc = posix_spawn(&w->pid, exe.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(in[0]), close(out[1]);
    if (rc != 0) {
      close(in[1]), close(out[0]);
      fail(Exit::toolchain, fmt::format("cannot start NVRTC worker {}: {}; pass -j 1 to compile in wrp-build's own "
                                        "process",
                                        exe, std::strerror(rc)));
    }
    w->to = in[1], w->from = out[0];
    all_.push_back(std::move(w));
    return *all_.back();
  }
  free_cv_.wait(lock, [&] { return !free_.empty(); });
  auto* w = free_.back();
  free_.pop_back();
  return *w;
}

void NvrtcWorkers::release(Worker& w) {
  {
    std::lock_guard lock(mu_);
    free_.push_back(&w);
  }
  free_cv_.notify_one();
}

Bytes NvrtcWorkers::compile(const NvrtcRequest& req) {
  auto& w = acquire();  // a worker that fails below stays out of the pool
  std::string opts;
  for (auto& o : req.options) opts += o + '\n';
  bool ok = send(w.to, req.source) && send(w.to, req.name) && send(w.to, req.arch.str()) &&
            send(w.to, req.to_ptx ? "1" : "0") && send(w.to, opts);
  std::string status, payload;
  ok = ok && recv(w.from, status) && recv(w.from, payload) && status.size() == 1;
  if (!ok)
    fail(Exit::toolchain, fmt::format("{}: the NVRTC worker process ({}) stopped answering (crashed or killed?); "
                                      "retry, or pass -j 1 to compile in wrp-build's own process",
                                      req.name, exe_.string()));
  release(w);
  if (status[0] != 0) fail(Exit::toolchain, payload);
  return Bytes(payload.begin(), payload.end());
}

int nvrtc_worker_main(const std::string& nvrtc_path) {
  std::unique_ptr<Nvrtc> nvrtc;
  std::string source, name, arch, to_ptx, opts;
  while (recv(0, source) && recv(0, name) && recv(0, arch) && recv(0, to_ptx) && recv(0, opts)) {
    std::vector<std::string> options;
    for (size_t i = 0, j; (j = opts.find('\n', i)) != std::string::npos; i = j + 1)
      options.push_back(opts.substr(i, j - i));
    std::string status(1, '\0'), payload;
    try {
      if (!nvrtc) nvrtc = std::make_unique<Nvrtc>(nvrtc_path);
      auto a = parse_arch(arch);
      if (!a) fail(Exit::toolchain, "NVRTC worker: bad arch " + arch);
      auto out = nvrtc->compile(source, name, *a, to_ptx == "1", options);
      payload.assign(out.begin(), out.end());
    } catch (const std::exception& e) {
      status[0] = 1;
      payload = e.what();
    }
    if (!send(1, status) || !send(1, payload)) return 1;
  }
  return 0;
}

}  // namespace wrp
