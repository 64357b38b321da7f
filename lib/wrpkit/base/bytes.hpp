// Bounds-checked little-endian reading and writing of byte buffers, plus whole
// file I/O. Every read names the field it reads so that a malformed file yields
// "FILE: FIELD at byte N: PROBLEM" instead of a crash.
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wrp {

using Bytes = std::vector<uint8_t>;
using ByteView = std::span<const uint8_t>;

class Reader {
 public:
  // `origin` is the absolute file offset of data[0], so errors report file offsets.
  Reader(std::string file, ByteView data, uint64_t origin = 0) : file_(std::move(file)), data_(data), origin_(origin) {}

  uint8_t u8(std::string_view field);
  uint16_t u16(std::string_view field);
  uint32_t u32(std::string_view field);
  int32_t i32(std::string_view field) { return static_cast<int32_t>(u32(field)); }
  uint64_t u64(std::string_view field);
  // u32 length prefix then that many bytes (Warp's string encoding).
  std::string str(std::string_view field);
  std::string fixed_str(size_t n, std::string_view field);
  ByteView take(uint64_t n, std::string_view field);
  void skip(uint64_t n, std::string_view field) { take(n, field); }

  size_t pos() const { return pos_; }
  size_t size() const { return data_.size(); }
  size_t left() const { return data_.size() - pos_; }
  bool at_end() const { return pos_ == data_.size(); }
  uint64_t file_offset() const { return origin_ + pos_; }
  const std::string& file() const { return file_; }
  ByteView rest() const { return data_.subspan(pos_); }

  // A reader over the next n bytes (consumed here), for nested records.
  Reader sub(uint64_t n, std::string_view field);
  // A fault in the bytes: DamagedInput, to which the file's opener adds what to do.
  [[noreturn]] void error(std::string_view field, std::string_view problem) const;
  [[noreturn]] void error_at(uint64_t file_offset, std::string_view field, std::string_view problem) const;
  // A refusal whose text already says what to do (a format version wrpkit does not read).
  [[noreturn]] void refuse_at(uint64_t file_offset, std::string_view field, std::string_view problem_and_remedy) const;

 private:
  void need(uint64_t n, std::string_view field) const;
  std::string file_;
  ByteView data_;
  uint64_t origin_;
  size_t pos_ = 0;
};

class Writer {
 public:
  void u8(uint8_t v) { buf_.push_back(v); }
  void u16(uint16_t v);
  void u32(uint32_t v);
  void u64(uint64_t v);
  void str(std::string_view s);  // u32 length prefix + bytes
  void raw(ByteView b) { buf_.insert(buf_.end(), b.begin(), b.end()); }
  void raw(std::string_view s) { buf_.insert(buf_.end(), s.begin(), s.end()); }
  void put_u32_at(size_t at, uint32_t v);
  void put_u64_at(size_t at, uint64_t v);
  void reserve(size_t n) { buf_.reserve(n); }
  size_t size() const { return buf_.size(); }
  Bytes take() { return std::move(buf_); }
  const Bytes& bytes() const { return buf_; }

 private:
  Bytes buf_;
};

uint32_t load_u32(const uint8_t* p);
uint64_t load_u64(const uint8_t* p);
uint16_t load_u16(const uint8_t* p);

// Whole-file read; errors are wrp::Error(bad_input) naming the path.
Bytes read_file(const std::filesystem::path& path);
// Writes through a temporary file in the same folder (name + temp_name_suffix()),
// then renames it over `path`: readers see the old file or the new one, never
// part of one. Errors (wrp::Error(output)) name the path and errno's cause, and
// leave no temporary file. `fault` names a fault_point between write and rename.
// "812 B", "34.9 KiB", "13.2 MiB", "1.5 GiB": a size for people.
std::string size_text(uint64_t bytes);

void write_file_atomic(const std::filesystem::path& path, ByteView data, const char* fault = nullptr);
// ".wrpkit-tmp" + 16 random hex digits: every temporary name wrpkit makes contains ".wrpkit-tmp".
std::string temp_name_suffix();

std::string hex_offset(uint64_t off);

}  // namespace wrp
