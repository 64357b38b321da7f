// A file's bytes mapped read-only into memory, for the one reader where load time
// is a stated target (wrp-run's load): the file's pages come from the page cache
// with no zero-filled buffer and no copy by read(2); the parser copies what it keeps.
// A file truncated by another process while mapped would fault (SIGBUS), so the
// tools' other readers keep read_file.
#pragma once
#include <filesystem>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

class MappedFile {
 public:
  // Throws wrp::Error(bad_input) naming the path when it cannot be opened. Files mmap
  // refuses (pipes, empty files, some file systems) are read instead.
  explicit MappedFile(const std::filesystem::path& path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;

  ByteView bytes() const { return map_ ? ByteView(static_cast<const uint8_t*>(map_), size_) : ByteView(read_); }

 private:
  void* map_ = nullptr;
  size_t size_ = 0;
  Bytes read_;  // the fallback
};

}  // namespace wrp
