// wrp-run's helper kernels: the kernels a replay needs beyond the capture's own
// modules (setting the condition of if/while graph nodes from the int32 Warp
// keeps in a region, filling memory with a repeated value, and the algorithm
// kernels that stand in for Warp's CUB calls: replay_algorithms.hpp). wrp-build
// compiles them (build/helper_source.hpp) for every target into the artifact's
// own "wrpkit-helpers" section (a fatbin; stock Warp skips the section), so
// nothing compiles when an artifact is replayed. This layer knows their names
// and which ops need them; it holds no kernel source and no driver call.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/formats/ops.hpp"

namespace wrp {

// Entry points (extern "C"), with their parameter lists as the runtime passes them.
// (handle, const int* cond, int negate): handle := (*cond != 0) xor negate
inline constexpr const char* kHelperSetCondition = "wrpkit_set_condition";
// (if_handle, else_handle, const int* cond): if := *cond != 0, else := the opposite
inline constexpr const char* kHelperSetIfElse = "wrpkit_set_if_else";
// (void* dst, const void* pattern, u64 pattern_words, u64 total_words, int word_bytes)
inline constexpr const char* kHelperMemtile = "wrpkit_memtile";

// Every helper entry: the three above and algorithm_kernel_entries().
std::vector<std::string> replay_helper_entries();

// Ops whose replay needs the helpers: if, while (their conditions), memtile (the fill
// kernel) and the algorithm ops (scan, sorts, run-length encode, reduction).
inline bool op_needs_helpers(uint32_t type) {
  return type == kOpIf || type == kOpWhile || type == kOpMemtile || is_algorithm_op(type);
}
// The names of the ops (at any depth) whose replay needs the helpers, sorted; empty: none.
std::vector<std::string> helper_op_names(const std::vector<Op>& ops);
// The helper entries those ops launch (at any depth), sorted; empty: none.
std::vector<std::string> helper_entries_needed(const std::vector<Op>& ops);

}  // namespace wrp
