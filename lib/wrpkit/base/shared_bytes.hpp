// Bytes read once and held by several owners without copies: a .wrp read into memory,
// whose sections are slices of it, and module files. A load used to copy every section
// out of the file and read each module file into a zero-filled vector; on a fresh
// process each new page costs a fault (0.3 ms for a 0.5 MB section on a 2-core VM),
// more than reading it.
#pragma once
#include <algorithm>
#include <filesystem>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <utility>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

// Immutable bytes; copies and slices share one buffer, freed with its last holder.
class SharedBytes {
 public:
  SharedBytes() = default;
  SharedBytes(Bytes bytes);  // NOLINT(google-explicit-constructor): new bytes a builder made
  SharedBytes(ByteView bytes) : SharedBytes(Bytes(bytes.begin(), bytes.end())) {}  // NOLINT: a copy
  SharedBytes(ByteView view, std::shared_ptr<const void> owner) : owner_(std::move(owner)), view_(view) {}

  const uint8_t* data() const noexcept { return view_.data(); }
  size_t size() const noexcept { return view_.size(); }
  bool empty() const noexcept { return view_.empty(); }
  ByteView::iterator begin() const noexcept { return view_.begin(); }
  ByteView::iterator end() const noexcept { return view_.end(); }
  ByteView view() const noexcept { return view_; }
  operator ByteView() const noexcept { return view_; }  // NOLINT(google-explicit-constructor)
  Bytes copy() const { return Bytes(view_.begin(), view_.end()); }
  // [offset, offset + size) of these bytes, sharing their buffer; the caller checked the bounds.
  SharedBytes slice(size_t offset, size_t size) const { return SharedBytes(view_.subspan(offset, size), owner_); }

  friend bool operator==(const SharedBytes& a, const SharedBytes& b) { return std::ranges::equal(a.view_, b.view_); }

 private:
  std::shared_ptr<const void> owner_;
  ByteView view_;
};

// The file's bytes, read into private memory mapped in one step (MAP_POPULATE, where the
// file system gives a size) and then made read-only. Private: the bytes a loader hashes
// are the ones it hands on, whatever another process does to the file meanwhile (a
// mapping of the file would show its changes, and fault if it shrank). Errors as read_file.
SharedBytes read_file_shared(const std::filesystem::path& path);

// A file read as read_file_shared reads it, in two steps, for a loader that uses one span
// of it last (a .wrp's memory section, uploaded after the modules load): everything but the
// span is read before read_file_staged returns, the span by the background thread
// (background.hpp) meanwhile. Until `rest` is ready the span's bytes are zeros: the caller
// waits for it (get: a read error is thrown there) before it uses them. `span_of` is given
// the file's first bytes (up to 4 KiB) and its size and names the span (offset, size); where
// it names none past those bytes, or no background thread runs, the whole file is read at
// once and `rest` is ready on return.
struct StagedRead {
  SharedBytes bytes;
  std::shared_future<void> rest;
};
using SpanOf = std::function<std::optional<std::pair<uint64_t, uint64_t>>(ByteView head, uint64_t file_size)>;
StagedRead read_file_staged(const std::filesystem::path& path, const SpanOf& span_of);

}  // namespace wrp
