#include "wrpkit/base/shared_bytes.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <tuple>

#include "wrpkit/base/background.hpp"
#include "wrpkit/base/error.hpp"

namespace wrp {

SharedBytes::SharedBytes(Bytes bytes) {
  auto owned = std::make_shared<const Bytes>(std::move(bytes));
  view_ = ByteView(*owned);
  owner_ = std::move(owned);
}

namespace {

// Anonymous pages, unmapped with the last SharedBytes that holds them.
struct Pages {
  void* at = nullptr;
  size_t size = 0;
  Pages(const Pages&) = delete;
  Pages& operator=(const Pages&) = delete;
  // populate: mapped in one step. A staged read leaves each thread to fault in the pages
  // it fills, the background thread most of them.
  explicit Pages(size_t n, bool populate = true) : size(n) {
    void* p =
        ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | (populate ? MAP_POPULATE : 0), -1, 0);
    if (p != MAP_FAILED) at = p;
  }
  ~Pages() {
    if (at) ::munmap(at, size);
  }
};

class Fd {
 public:
  explicit Fd(const std::filesystem::path& path) : fd_(::open(path.c_str(), O_RDONLY | O_CLOEXEC)) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

// [offset, offset + size) of the file into `to`; fewer bytes means the file shrank after fstat.
void pread_exactly(const std::filesystem::path& path, int fd, uint8_t* to, uint64_t offset, size_t size) {
  size_t have = 0;
  while (have < size) {
    ssize_t n = ::pread(fd, to + have, size - have, off_t(offset + have));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(Exit::bad_input, fmt::format("{}: read error: {}", path.string(), std::strerror(errno)));
    if (n == 0)
      fail(Exit::bad_input, fmt::format("{}: the file shrank while it was read ({} of {} bytes): something is "
                                        "writing it; read it again once it is complete",
                                        path.string(), offset + have, offset + size));
    have += size_t(n);
  }
}

constexpr size_t kStagedHead = 4096;

std::shared_future<void> ready() {
  std::promise<void> done;
  done.set_value();
  return done.get_future().share();
}

}  // namespace

SharedBytes read_file_shared(const std::filesystem::path& path) {
  Fd fd(path);
  struct stat st {};
  if (fd.get() < 0 || ::fstat(fd.get(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
    return SharedBytes(read_file(path));  // read_file's message for a folder or a missing file; pipes
  auto pages = std::make_shared<Pages>(size_t(st.st_size));
  if (!pages->at) return SharedBytes(read_file(path));
  auto* to = static_cast<uint8_t*>(pages->at);
  size_t size = pages->size;
  pread_exactly(path, fd.get(), to, 0, size);
  ::mprotect(to, size, PROT_READ);  // nothing writes them from here on
  return SharedBytes(ByteView(to, size), std::move(pages));
}

StagedRead read_file_staged(const std::filesystem::path& path, const SpanOf& span_of) {
  auto fd = std::make_shared<Fd>(path);
  struct stat st {};
  if (!background::running() || fd->get() < 0 || ::fstat(fd->get(), &st) != 0 || !S_ISREG(st.st_mode) ||
      size_t(st.st_size) <= kStagedHead)
    return {read_file_shared(path), ready()};
  auto pages = std::make_shared<Pages>(size_t(st.st_size), false);
  if (!pages->at) return {read_file_shared(path), ready()};
  auto* to = static_cast<uint8_t*>(pages->at);
  size_t size = pages->size;
  pread_exactly(path, fd->get(), to, 0, kStagedHead);
  // What the background thread reads: the span past the head (read already), if any.
  uint64_t at = size, end = size;
  if (auto span = span_of(ByteView(to, kStagedHead), size);
      span && span->first <= size && span->second <= size - span->first)
    std::tie(at, end) = std::pair{std::max<uint64_t>(span->first, kStagedHead), span->first + span->second};
  if (end <= at) at = end = size;
  pread_exactly(path, fd->get(), to + kStagedHead, kStagedHead, at - kStagedHead);
  pread_exactly(path, fd->get(), to + end, end, size - end);
  SharedBytes bytes(ByteView(to, size), pages);
  if (at == end) {  // no span: all read here
    ::mprotect(to, size, PROT_READ);
    return {std::move(bytes), ready()};
  }
  auto rest = background::run<void>([fd, pages, path, at, end] {
    auto* base = static_cast<uint8_t*>(pages->at);
    pread_exactly(path, fd->get(), base + at, at, end - at);
    ::mprotect(base, pages->size, PROT_READ);  // nothing writes them from here on
  });
  return {std::move(bytes), std::move(rest)};
}

}  // namespace wrp
