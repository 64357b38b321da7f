// Kernel parameter types from the CUDA source Warp generates (format 18 keeps it beside
// each module: source_fallback). A .wrp records each binding's region and size but not
// what the region holds; the kernel that reads it says so in its signature:
//   extern "C" __global__ void NAME_cuda_kernel_forward(
//       wp::launch_bounds_t<1> dim, wp::array_t<wp::vec_t<3, wp::float32>> var_points, ...)
// so a replay can hand a binding back typed (wrp_param_dtype) instead of as bytes.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wrp {

// What one element of an array holds, as NumPy describes it: a little-endian scalar
// type string ("<f4", "<i8", "|u1", "|b1") and the inner shape of vectors and
// matrices ({3} for wp.vec3, {3, 3} for wp.mat33; empty for scalars).
struct ElementType {
  std::string scalar;
  std::vector<uint32_t> shape;
  std::string str() const;  // "<f4", "<f4[3]", "<f4[3,3]": what wrp_param_dtype writes
  bool operator==(const ElementType&) const = default;
};

// The parameter declarations of `entry` in `cu` after the launch bounds, in order
// (each "TYPE var_NAME" as written); nullopt when the source does not define it.
std::optional<std::vector<std::string>> kernel_params(std::string_view cu, std::string_view entry);

// The element type of a `wp::array_t<T>` declaration (also indexedarray_t, fabricarray_t:
// any `...array_t<T>`) for Warp's scalar, vector, matrix, quaternion and transform types;
// nullopt for anything else (a struct, a non-array parameter).
std::optional<ElementType> array_element(std::string_view declaration);

}  // namespace wrp
