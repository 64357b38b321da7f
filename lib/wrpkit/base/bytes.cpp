#include "wrpkit/base/bytes.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <random>

#include "wrpkit/base/error.hpp"
#include "wrpkit/base/fault.hpp"

namespace wrp {

std::string hex_offset(uint64_t off) { return fmt::format("{} (0x{:x})", off, off); }

uint16_t load_u16(const uint8_t* p) { return uint16_t(p[0] | (p[1] << 8)); }
uint32_t load_u32(const uint8_t* p) {
  return uint32_t(p[0]) | (uint32_t(p[1]) << 8) | (uint32_t(p[2]) << 16) | (uint32_t(p[3]) << 24);
}
uint64_t load_u64(const uint8_t* p) { return uint64_t(load_u32(p)) | (uint64_t(load_u32(p + 4)) << 32); }

void Reader::error_at(uint64_t off, std::string_view field, std::string_view problem) const {
  fail_damaged(fmt::format("{}: {} at byte {}: {}", file_, field, hex_offset(off), problem));
}
void Reader::refuse_at(uint64_t off, std::string_view field, std::string_view problem_and_remedy) const {
  fail(Exit::bad_input, fmt::format("{}: {} at byte {}: {}", file_, field, hex_offset(off), problem_and_remedy));
}
void Reader::error(std::string_view field, std::string_view problem) const { error_at(file_offset(), field, problem); }

void Reader::need(uint64_t n, std::string_view field) const {
  if (n > left())
    error(field, fmt::format("needs {} bytes but only {} remain in this {}-byte block "
                             "(file truncated or corrupt)",
                             n, left(), data_.size()));
}

uint8_t Reader::u8(std::string_view f) {
  need(1, f);
  return data_[pos_++];
}
uint16_t Reader::u16(std::string_view f) {
  need(2, f);
  auto v = load_u16(&data_[pos_]);
  pos_ += 2;
  return v;
}
uint32_t Reader::u32(std::string_view f) {
  need(4, f);
  auto v = load_u32(&data_[pos_]);
  pos_ += 4;
  return v;
}
uint64_t Reader::u64(std::string_view f) {
  need(8, f);
  auto v = load_u64(&data_[pos_]);
  pos_ += 8;
  return v;
}

ByteView Reader::take(uint64_t n, std::string_view f) {
  need(n, f);
  auto v = data_.subspan(pos_, n);
  pos_ += n;
  return v;
}

std::string Reader::fixed_str(size_t n, std::string_view f) {
  auto b = take(n, f);
  return std::string(b.begin(), b.end());
}

std::string Reader::str(std::string_view f) {
  uint64_t at = file_offset();
  uint32_t n = u32(f);
  if (n > left())
    error_at(at, f, fmt::format("string length {} runs past the end of its block ({} bytes left)", n, left()));
  return fixed_str(n, f);
}

Reader Reader::sub(uint64_t n, std::string_view f) {
  uint64_t at = file_offset();
  auto b = take(n, f);
  return Reader(file_, b, at);
}

void Writer::u16(uint16_t v) {
  for (int i = 0; i < 2; ++i) buf_.push_back(uint8_t(v >> (8 * i)));
}
void Writer::u32(uint32_t v) {
  for (int i = 0; i < 4; ++i) buf_.push_back(uint8_t(v >> (8 * i)));
}
void Writer::u64(uint64_t v) {
  for (int i = 0; i < 8; ++i) buf_.push_back(uint8_t(v >> (8 * i)));
}
void Writer::str(std::string_view s) {
  u32(uint32_t(s.size()));
  raw(s);
}
void Writer::put_u32_at(size_t at, uint32_t v) {
  for (int i = 0; i < 4; ++i) buf_[at + i] = uint8_t(v >> (8 * i));
}
void Writer::put_u64_at(size_t at, uint64_t v) {
  for (int i = 0; i < 8; ++i) buf_[at + i] = uint8_t(v >> (8 * i));
}

Bytes read_file(const std::filesystem::path& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    fail(Exit::bad_input, fmt::format("{}: is a folder, expected a file", path.string()));
  // read(2) in large blocks, sized by fstat where it knows the size (a load reads
  // every module file: byte-wise stream iteration cost ~4 ns a byte).
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(Exit::bad_input, fmt::format("{}: cannot open: {}", path.string(), std::strerror(errno)));
  struct stat st {};
  // One byte over the known size: the read that reports the end needs no growth.
  Bytes data(::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? size_t(st.st_size) + 1 : 65536);
  size_t have = 0;
  for (;;) {
    if (have == data.size()) data.resize(2 * data.size());
    ssize_t n = ::read(fd, data.data() + have, data.size() - have);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      fail(Exit::bad_input, fmt::format("{}: read error: {}", path.string(), std::strerror(err)));
    }
    have += size_t(n);
  }
  ::close(fd);
  data.resize(have);
  return data;
}

std::string temp_name_suffix() {
  std::random_device rd;
  return fmt::format(".wrpkit-tmp{:08x}{:08x}", rd(), rd());
}

void write_file_atomic(const std::filesystem::path& path, ByteView data, const char* fault) {
  auto tmp = path;
  tmp += temp_name_suffix();
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) fail(Exit::output, fmt::format("{}: cannot create: {}", tmp.string(), std::strerror(errno)));
  auto give_up = [&](const char* what) {
    int err = errno;
    ::close(fd);
    ::unlink(tmp.c_str());
    fail(Exit::output, fmt::format("{}: {}: {}", path.string(), what, std::strerror(err)));
  };
  for (size_t done = 0; done < data.size();) {
    ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) give_up("cannot write");  // ENOSPC, EFBIG, EDQUOT, EIO...
    done += size_t(n);
  }
  if (::close(fd) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    fail(Exit::output, fmt::format("{}: cannot write: {}", path.string(), std::strerror(err)));
  }
  if (fault) fault_point(fault);
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    int err = errno;
    ::unlink(tmp.c_str());
    fail(Exit::output, fmt::format("{}: cannot rename into place: {}", path.string(), std::strerror(err)));
  }
}

std::string size_text(uint64_t n) {
  if (n < 10 * 1024) return fmt::format("{} B", n);
  if (n < 10 * 1048576) return fmt::format("{:.1f} KiB", n / 1024.0);
  if (n < uint64_t(10) << 30) return fmt::format("{:.1f} MiB", n / 1048576.0);
  return fmt::format("{:.1f} GiB", n / 1073741824.0);
}

}  // namespace wrp
