// Kernel parameter types read from the CUDA source Warp generates.
#include "wrpkit/formats/kernel_signature.hpp"

#include <doctest/doctest.h>

using namespace wrp;

namespace {

constexpr const char* kSource = R"(
static CUDA_CALLABLE void helper(int a) {}
extern "C" __global__ void sim_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::uint64 var_mesh,
    wp::array_t<wp::vec_t<3, wp::float32>> var_points,
    wp::array_t<wp::mat_t<3,3,wp::float64>> var_frames,
    wp::indexedarray_t<wp::int32> var_ids,
    wp::array_t<wp::transform_t<wp::float32>> var_xforms,
    Particle_3a2b var_state,
    wp::array_t<Particle_3a2b> var_structs)
{
    wp::tile_shared_storage_t tile_mem;
}
)";

}  // namespace

TEST_CASE("kernel signature: the parameters after the launch bounds, template arguments whole") {
  auto params = kernel_params(kSource, "sim_cuda_kernel_forward");
  REQUIRE(params);
  REQUIRE(params->size() == 7);
  CHECK((*params)[0] == "wp::uint64 var_mesh");
  CHECK((*params)[1] == "wp::array_t<wp::vec_t<3, wp::float32>> var_points");
  CHECK_FALSE(kernel_params(kSource, "sim_cuda_kernel_backward"));
  CHECK_FALSE(kernel_params(kSource, "helper"));                         // no launch bounds: not a Warp kernel
  CHECK_FALSE(kernel_params("void k(wp::launch_bounds_t<1> dim", "k"));  // cut short
}

TEST_CASE("kernel signature: array elements as NumPy names them, anything else unknown") {
  auto params = *kernel_params(kSource, "sim_cuda_kernel_forward");
  CHECK_FALSE(array_element(params[0]));  // a handle, not an array
  CHECK(array_element(params[1])->str() == "<f4[3]");
  CHECK(array_element(params[2])->str() == "<f8[3,3]");
  CHECK(array_element(params[3])->str() == "<i4");
  CHECK(array_element(params[4])->str() == "<f4[7]");
  CHECK_FALSE(array_element(params[5]));  // a struct by value
  CHECK_FALSE(array_element(params[6]));  // an array of structs: no NumPy scalar for it
  CHECK(array_element("wp::array_t<wp::quat_t<wp::float16>> var_q")->str() == "<f2[4]");
  CHECK(array_element("wp::array_t<wp::uint8> var_b")->str() == "|u1");
  CHECK(array_element("wp::array_t<bool> var_flags")->str() == "|b1");
  CHECK_FALSE(array_element("wp::array_t<wp::vec_t<0, wp::float32>> var_v"));  // no such vector
  CHECK_FALSE(array_element("wp::array_t<wp::vec_t<3, wp::float32> var_v"));   // unbalanced
  CHECK_FALSE(array_element("garbage"));
}
