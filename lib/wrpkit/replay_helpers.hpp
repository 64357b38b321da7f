// wrp-run's helper kernels: the few small kernels a replay needs beyond the
// capture's own modules (setting the condition of if/while graph nodes from the
// int32 Warp keeps in a region, filling memory with a repeated value). wrp-build
// compiles them for every target into the artifact's own "wrpkit-helpers"
// section (a fatbin; stock Warp skips the section), so nothing compiles when
// an artifact is replayed.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "wrpkit/bytes.hpp"
#include "wrpkit/container.hpp"
#include "wrpkit/fatbin.hpp"
#include "wrpkit/ops.hpp"

namespace wrp {

// Entry points (extern "C"), with their parameter lists as the runtime passes them.
// (handle, const int* cond, int negate): handle := (*cond != 0) xor negate
inline constexpr const char* kHelperSetCondition = "wrpkit_set_condition";
// (if_handle, else_handle, const int* cond): if := *cond != 0, else := the opposite
inline constexpr const char* kHelperSetIfElse = "wrpkit_set_if_else";
// (void* dst, const void* pattern, u64 pattern_words, u64 total_words, int word_bytes)
inline constexpr const char* kHelperMemtile = "wrpkit_memtile";

// The CUDA source wrp-build compiles with NVRTC (no headers needed).
const std::string& replay_helper_source();
std::vector<std::string> replay_helper_entries();

// Ops whose replay needs the helpers: if, while (their conditions) and memtile (the fill kernel).
inline bool op_needs_helpers(uint32_t type) { return type == kOpIf || type == kOpWhile || type == kOpMemtile; }
// Whether replaying these ops needs the helpers (such an op at any depth).
bool needs_replay_helpers(const std::vector<Op>& ops);

// The images of a wrpkit-helpers section (a fatbin). Throws wrp::Error(bad_input)
// naming the file and offset when it is malformed. open_artifact calls it once.
std::vector<FatbinEntry> parse_replay_helpers(const std::string& file, const Section& s);

}  // namespace wrp
