#include "wrpkit/replay_helpers.hpp"

#include <fmt/format.h>

#include <cctype>
#include <functional>
#include <set>
#include <stdexcept>
#include <string_view>

#include "wrpkit/error.hpp"
#include "wrpkit/replay_algorithms.hpp"

namespace wrp {

namespace {

// cudaGraphSetConditional is a device-runtime builtin NVRTC resolves without
// headers or linking; it takes the handle as the runtime's 64-bit type.
constexpr const char* kSource = R"(// wrpkit: wrp-run's helper kernels
#ifdef WRPKIT_CONDITIONS
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
#endif

#ifdef WRPKIT_MEMTILE
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
#endif
)";

}  // namespace

std::string helper_group(const std::string& entry) {
  auto is = [&](std::string_view prefix) { return entry.starts_with(prefix); };
  auto type = [&] {  // the suffix after the kernel's own name: "_f32" -> "F32"
    auto t = entry.substr(entry.rfind('_') + 1);
    for (auto& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
    return t;
  };
  if (entry == kHelperSetCondition || entry == kHelperSetIfElse) return "WRPKIT_CONDITIONS";
  if (entry == kHelperMemtile) return "WRPKIT_MEMTILE";
  if (is("wrpkit_scan_")) return "WRPKIT_SCAN_" + type();
  if (is("wrpkit_reduce_")) return "WRPKIT_REDUCE_" + type();
  if (is("wrpkit_radix_")) return entry.find("_k64") != std::string::npos ? "WRPKIT_RADIX_K64" : "WRPKIT_RADIX_K32";
  if (entry == "wrpkit_segmented_sort") return "WRPKIT_SEGMENTED_SORT";
  if (is("wrpkit_rle_")) return "WRPKIT_RLE";
  throw std::logic_error("not one of wrp-run's helper kernels: " + entry);
}

std::string replay_helper_source(const std::vector<std::string>& entries) {
  std::set<std::string> groups;
  for (auto& e : entries) groups.insert(helper_group(e));
  std::string s;
  for (auto& g : groups) s += fmt::format("#define {} 1\n", g);
  return s + kSource + algorithm_kernel_source();
}

std::vector<std::string> replay_helper_entries() {
  std::vector<std::string> out{kHelperSetCondition, kHelperSetIfElse, kHelperMemtile};
  for (auto& e : algorithm_kernel_entries()) out.push_back(e);
  return out;
}

// One walk over the op tree (nested bodies too) for each question: which ops need
// the helpers (`names`), and which helper entries they launch (`entries`).
static void visit_ops(const std::vector<Op>& ops, const std::function<void(const Op&)>& f) {
  for (auto& o : ops) {
    f(o);
    visit_ops(o.branch_a, f);
    visit_ops(o.branch_b, f);
  }
}

std::vector<std::string> helper_op_names(const std::vector<Op>& ops) {
  std::set<std::string> names;
  visit_ops(ops, [&](const Op& o) {
    if (op_needs_helpers(o.type)) names.insert(op_name(o.type));
  });
  return {names.begin(), names.end()};
}

std::vector<std::string> helper_entries_needed(const std::vector<Op>& ops) {
  std::set<std::string> entries;
  visit_ops(ops, [&](const Op& o) {
    if (o.type == kOpIf || o.type == kOpWhile) entries.insert({kHelperSetCondition, kHelperSetIfElse});
    if (o.type == kOpMemtile) entries.insert(kHelperMemtile);
    if (is_algorithm_op(o.type))
      for (auto& e : algorithm_entries_of(o)) entries.insert(e);
  });
  return {entries.begin(), entries.end()};
}

std::vector<Image> parse_replay_helpers(const std::string& file, const Section& s) {
  if (!looks_like_fatbin(s.data))
    fail(Exit::bad_input, fmt::format("{}: the wrpkit-helpers section at byte {} is not a fatbin; rebuild the artifact "
                                      "with wrp-build",
                                      file, s.file_offset));
  return read_module_binary(fmt::format("{} (wrpkit-helpers section at byte {})", file, s.file_offset), s.data).images;
}

}  // namespace wrp
