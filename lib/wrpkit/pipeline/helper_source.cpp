#include "wrpkit/pipeline/helper_source.hpp"

#include <fmt/format.h>

#include <cctype>
#include <set>
#include <stdexcept>
#include <string_view>

#include "wrpkit/replay/algorithms.hpp"
#include "wrpkit/replay/helper_kernels.hpp"

namespace wrp {

// kernels/replay_helpers.cu, replay_algorithms.cu and replay_sparse.cu, built in by
// cmake/embed_file.cmake: real files, so editors, NVRTC and the test that compiles
// them see the same text the build embeds. (Their bytes are the artifacts' input:
// a change to either file changes every helpers section wrp-build writes.)
//
// The algorithm kernels stand in for Warp's CUB calls: device-wide scan,
// reduction, LSD radix sort, per-segment radix sort and run-length encode, with
// no header. Every kernel runs kAlgoBlock threads per block; integer scans and
// sums run on unsigned types so overflow wraps as two's complement does; sorting
// is stable (within a 256-element chunk equal digits keep their order through
// __match_any_sync: sm_70+, and NVRTC 13 targets sm_75 and newer). Each group of
// kernels sits under its own #ifdef (helper_group), so a graph gets only the
// kernels its ops launch.
std::string_view embedded_replay_helpers_cu();
std::string_view embedded_replay_algorithms_cu();
std::string_view embedded_replay_sparse_cu();
std::string_view embedded_replay_mesh_cu();

std::string mesh_kernel_source() { return std::string(embedded_replay_mesh_cu()); }

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
  if (is("wrpkit_bsr_")) return "WRPKIT_BSR";
  throw std::logic_error("not one of wrp-run's helper kernels: " + entry);
}

// The shapes come from the constants the host code launches with, so the two cannot disagree.
std::string algorithm_kernel_source() {
  return fmt::format(
             "// wrpkit: wrp-run's algorithm kernels\n#define BLOCK {}\n#define SCAN_ITEMS {}\n#define SCAN_TILE {}\n"
             "#define SORT_CHUNKS {}\n#define SORT_TILE {}\n{}",
             kAlgoBlock, kScanItems, kScanTile, kSortChunks, kSortTile, embedded_replay_algorithms_cu()) +
         std::string(embedded_replay_sparse_cu());
}

std::string replay_helper_source(const std::vector<std::string>& entries) {
  std::set<std::string> groups;
  for (auto& e : entries) groups.insert(helper_group(e));
  std::string s;
  for (auto& g : groups) s += fmt::format("#define {} 1\n", g);
  return s + std::string(embedded_replay_helpers_cu()) + algorithm_kernel_source();
}

}  // namespace wrp
