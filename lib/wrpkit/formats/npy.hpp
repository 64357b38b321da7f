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

// An array of `bytes` bytes whose element is `element` as wrp_param_dtype names it ("<f4",
// "<f4[3]", "<f4[3,3]", "|b1"): descr "<f4" and shape {n, 3} for n wp.vec3, say. A plain
// byte array ("|u1", {bytes}) where the element is unknown ("") or does not divide `bytes`.
NpyArray typed_npy(const std::string& element, Bytes bytes);

}  // namespace wrp
