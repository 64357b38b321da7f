// NumPy's .npy files (format versions 1..3), for wrp-run's --set/--get: the
// header's dtype and shape, and the raw little-endian C-order data.
#pragma once
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct NpyArray {
  std::string descr;  // "<f4", "|u1", ...
  std::vector<uint64_t> shape;
  Bytes data;
};

// Throws wrp::Error(usage) naming the file and what is wrong (Fortran order, sizes).
NpyArray read_npy(const std::filesystem::path& path);
NpyArray parse_npy(ByteView bytes, const std::string& name);
Bytes npy_bytes(const NpyArray& a);

}  // namespace wrp
