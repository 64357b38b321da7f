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

// Appends an op's nodes to a chain, each named `where`.
class ChainWriter {
 public:
  ChainWriter(std::vector<PlanNode>& out, const std::string& where) : out_(out), where_(where) {}
  void kernel(std::string entry, LaunchGrid grid, std::vector<KernelArg> args);
  void copy(Operand dst, Operand src, uint64_t bytes);
  void zero(Operand dst, uint64_t bytes);
  const std::string& where() const { return where_; }

 private:
  std::vector<PlanNode>& out_;
  const std::string& where_;
};

// Shapes and building blocks the sparse chains (sparse.hpp) share with these.
uint64_t scratch_slot(uint64_t bytes);  // scratch parts start kAreaAlign-aligned
LaunchGrid algorithm_grid(unsigned x, unsigned y = 1);
unsigned grid_stride_blocks(uint64_t n);  // for kernels that stride over n elements
uint64_t scan_u32_scratch(uint64_t n);
// An exclusive or inclusive scan of n uint32 (or int32: the same bits) in place or not.
void append_scan_u32(ChainWriter& chain, Operand in, Operand out, uint64_t n, bool inclusive, Operand scratch);
uint64_t sort_key64_scratch(uint64_t n);
// A stable sort of n unsigned 64-bit keys by bits [begin, end) with 32-bit values
// between (k0, v0) and (k1, v1); both hold the sorted keys and values after.
void append_sort_key64(ChainWriter& chain, Operand k0, Operand k1, Operand v0, Operand v1, uint64_t n, int begin,
                       int end, Operand scratch);

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
