// Scan, reduction, radix sort, segmented sort and run-length encode in a replay:
// Warp re-issues its CUB entry points; wrp-run appends a fixed chain of its own
// helper kernels (pipeline/kernels/replay_algorithms.cu) for each such op, sized from the
// record alone, so the graph is built once and nothing is decided at replay time.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "wrpkit/formats/launch_args.hpp"
#include "wrpkit/formats/ops.hpp"
#include "wrpkit/replay/plan.hpp"

namespace wrp {

// Shapes shared by the kernels' source and the host code that launches them.
constexpr unsigned kAlgoBlock = 256;  // threads per block, every algorithm kernel
constexpr unsigned kScanItems = 8;    // elements per thread in a scan tile
constexpr unsigned kScanTile = kAlgoBlock * kScanItems;
constexpr unsigned kSortChunks = 4;  // 256-element chunks per radix-sort tile: small tiles, many blocks
constexpr unsigned kSortTile = kAlgoBlock * kSortChunks;
constexpr unsigned kRadixBits = 8;  // bits per radix-sort pass
constexpr unsigned kRadixBuckets = 1u << kRadixBits;
constexpr unsigned kReduceMaxBlocks = 1024;  // partial sums of a reduction
constexpr unsigned kMaxGridY = 65535;        // scan and sum run one grid row per vector component
// The sort kernels give each thread of a block one bucket.
static_assert(kRadixBuckets == kAlgoBlock && kAlgoBlock % 32 == 0);

// Resolves `bytes` bytes at a region reference; throws naming the op when they lie outside.
using OperandResolver = std::function<Operand(const RegionRef& ref, uint64_t bytes, const char* operand)>;

// Device scratch the op's chain uses (0 for ops that need none, and for other ops).
uint64_t algorithm_scratch_size(const Op& o);

// Appends the node chain of algorithm op `o` (is_algorithm_op) to `out`, each node
// named `where`; `scratch` holds algorithm_scratch_size(o) bytes. Throws
// wrp::Error(bad_input) naming `where` for operands outside their regions or
// misaligned for their element type.
void append_algorithm(std::vector<PlanNode>& out, const Op& o, const OperandResolver& operand, Operand scratch,
                      const std::string& where);

// The helper entry points the algorithm chains launch (all of them: every helper build has them).
std::vector<std::string> algorithm_kernel_entries();

}  // namespace wrp
