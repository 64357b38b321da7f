#include "wrpkit/replay_helpers.hpp"

#include <fmt/format.h>

#include <set>

#include "wrpkit/error.hpp"
#include "wrpkit/replay_algorithms.hpp"

namespace wrp {

namespace {

// cudaGraphSetConditional is a device-runtime builtin NVRTC resolves without
// headers or linking; it takes the handle as the runtime's 64-bit type.
constexpr const char* kSource = R"(// wrpkit: wrp-run's helper kernels
typedef __device_builtin__ unsigned long long cudaGraphConditionalHandle;
extern "C" __device__ __cudart_builtin__ void cudaGraphSetConditional(cudaGraphConditionalHandle, unsigned int);

extern "C" __global__ void wrpkit_set_condition(cudaGraphConditionalHandle handle, const int* cond, int negate)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        cudaGraphSetConditional(handle, (*cond != 0) != (negate != 0));
}

extern "C" __global__ void wrpkit_set_if_else(cudaGraphConditionalHandle if_handle,
                                              cudaGraphConditionalHandle else_handle, const int* cond)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        unsigned int taken = *cond != 0;
        cudaGraphSetConditional(if_handle, taken);
        cudaGraphSetConditional(else_handle, !taken);
    }
}

// dst[i] = pattern[i % pattern_words] for every word: coalesced stores of the
// widest word that divides the value's size and the destination's alignment.
template <class Word>
__device__ void tile_words(Word* dst, const Word* pattern, unsigned long long pattern_words,
                           unsigned long long total_words)
{
    unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < total_words; i += stride)
        dst[i] = pattern[pattern_words == 1 ? 0 : i % pattern_words];
}

extern "C" __global__ void wrpkit_memtile(void* dst, const void* pattern, unsigned long long pattern_words,
                                          unsigned long long total_words, int word_bytes)
{
    switch (word_bytes) {
    case 8: tile_words((unsigned long long*)dst, (const unsigned long long*)pattern, pattern_words, total_words); break;
    case 4: tile_words((unsigned int*)dst, (const unsigned int*)pattern, pattern_words, total_words); break;
    case 2: tile_words((unsigned short*)dst, (const unsigned short*)pattern, pattern_words, total_words); break;
    default: tile_words((unsigned char*)dst, (const unsigned char*)pattern, pattern_words, total_words); break;
    }
}
)";

}  // namespace

const std::string& replay_helper_source() {
  static const std::string s = std::string(kSource) + algorithm_kernel_source();
  return s;
}

std::vector<std::string> replay_helper_entries() {
  std::vector<std::string> out{kHelperSetCondition, kHelperSetIfElse, kHelperMemtile};
  for (auto& e : algorithm_kernel_entries()) out.push_back(e);
  return out;
}

static void collect_helper_ops(const std::vector<Op>& ops, std::set<std::string>& names) {
  for (auto& o : ops) {
    if (op_needs_helpers(o.type)) names.insert(op_name(o.type));
    collect_helper_ops(o.branch_a, names);
    collect_helper_ops(o.branch_b, names);
  }
}

std::vector<std::string> helper_op_names(const std::vector<Op>& ops) {
  std::set<std::string> names;
  collect_helper_ops(ops, names);
  return {names.begin(), names.end()};
}

std::vector<Image> parse_replay_helpers(const std::string& file, const Section& s) {
  if (!looks_like_fatbin(s.data))
    fail(Exit::bad_input, fmt::format("{}: the wrpkit-helpers section at byte {} is not a fatbin; rebuild the artifact "
                                      "with wrp-build",
                                      file, s.file_offset));
  return read_module_binary(fmt::format("{} (wrpkit-helpers section at byte {})", file, s.file_offset), s.data).images;
}

}  // namespace wrp
