// Walks the operation stream: checks every record's bounds (including nested
// if/while bodies, to a fixed depth) and summarises what the graph does.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "wrpkit/base/bytes.hpp"

namespace wrp {

struct Metadata;

enum OpType : uint32_t {
  kOpLaunch = 1,
  kOpMemcpyH2D = 2,
  kOpMemcpyD2H = 3,
  kOpMemcpyD2D = 4,
  kOpMemset = 5,
  kOpAlloc = 6,
  kOpIf = 7,
  kOpWhile = 8,
  kOpScan = 9,
  kOpMemtile = 10,
  kOpSegmentedSort = 11,
  kOpRadixSort = 12,
  kOpRunlengthEncode = 13,
  kOpBsrFromTriplets = 14,
  kOpBsrTranspose = 15,
  kOpReduction = 16,
  kOpBvhRefit = 17,
  kOpBvhRebuild = 18,
  kOpHashGridUpdate = 19,
};

const char* op_name(uint32_t type);

constexpr int kMaxOpDepth = 16;

// Decoded records: what a replay needs of each op (wrp-run). Layouts:
// docs/wrp-format.md, "Operations".
enum RelocKind : uint8_t { kRelocDataPtr = 1, kRelocHandle = 2, kRelocNull = 3 };

struct Reloc {
  uint32_t value_byte_offset = 0;  // inside its param's value bytes
  int32_t region_id = 0;           // data pointers: the region; else -1
  uint64_t region_offset = 0;      // data pointers: offset in the region; handles: the captured handle
  uint8_t kind = 0;                // RelocKind
};

struct LaunchParam {
  uint16_t index = 0;
  uint32_t value_offset = 0, value_size = 0, value_align = 0;  // slice of LaunchOp::value_data
  std::vector<Reloc> relocs;
};

struct LaunchOp {
  std::string kernel_key, module_hash;
  uint32_t shape[4] = {0, 0, 0, 0};
  int32_t ndim = 0;
  uint64_t size = 0, dim = 0;
  int32_t max_blocks = 0, block_dim = 0, smem_bytes = 0, grid_stride = 0;
  bool is_forward = true;
  uint8_t cluster_dim = 0;
  std::vector<LaunchParam> params, adjoint_params;  // adjoint ones for backward launches only
  Bytes value_data;
};

// Scalar types of Warp's algorithm records (its APICType).
enum ScalarType : uint8_t { kInt32 = 1, kUInt32 = 2, kInt64 = 3, kUInt64 = 4, kFloat32 = 5, kFloat64 = 6 };
uint32_t scalar_size(uint8_t type);  // 0 for an unknown type
const char* scalar_name(uint8_t type);

// Where an operand of a device-wide algorithm lives.
struct RegionRef {
  int32_t region = 0;
  uint64_t offset = 0;
};

// Scan, reduction, radix sort, segmented sort, run-length encode: Warp replays
// them by calling its CUB-based entry points again. Operands by op:
//   scan:            a = input, b = output (length `count`, byte strides stride_a/stride_b)
//   reduction:       a (, b for an inner product) -> c; sum: type_len scalars, inner: one
//   radix sort:      a = keys, b = values, each 2 x count elements (the second half: sort scratch)
//   segmented sort:  a = keys, b = values (2 x count, int32 values), c = segment starts, d = ends
//   run-length enc.: a = int32 values -> b = run values, c = run lengths, d = run count (one int32)
struct AlgorithmOp {
  uint8_t dtype = 0;  // ScalarType of the elements (sorts: of the keys)
  uint32_t count = 0;
  RegionRef a, b, c, d;
  int32_t stride_a = 0, stride_b = 0, type_len = 1;
  bool inclusive = false;                              // scan
  uint8_t reduction = 0;                               // 1 sum, 2 inner product
  int32_t begin_bit = 0, end_bit = 0, value_size = 4;  // radix sort
  uint32_t num_segments = 0;                           // segmented sort
};
constexpr uint8_t kReductionSum = 1, kReductionInner = 2;
inline bool is_algorithm_op(uint32_t type) {
  return type == kOpScan || type == kOpReduction || type == kOpRadixSort || type == kOpSegmentedSort ||
         type == kOpRunlengthEncode;
}

// Warp's sparse ops (warp.sparse), native in Warp: the topology of a BSR matrix built
// from COO triplets (op 14) or transposed (op 15); the values are Warp kernel launches
// beside them. Region ids of -1 mark the optional operands.
struct BsrOp {
  int32_t block_size = 0, scalar_size = 0;  // from triplets: scalars per block and their bytes
  int32_t row_count = 0, col_count = 0, nnz_upper_bound = 0;
  bool masked = false;     // from triplets: keep only blocks the destination already holds
  uint64_t zero_mask = 0;  // from triplets: a block whose scalars all AND to 0 with it is pruned
  RegionRef tpl_nnz, tpl_rows, tpl_columns, tpl_values;         // from triplets: the input
  RegionRef summed_offsets, summed_indices;                     // from triplets: block -> its triplets
  RegionRef offsets, row_counts, columns;                       // the matrix (transpose: its source)
  RegionRef t_offsets, t_row_counts, t_columns, block_indices;  // transpose: the destination
  RegionRef status;                                             // transpose: padded capacity overflow
  Bytes t_offsets_tail;  // transpose into a padded destination: its (col_count + 1) row-capacity offsets
};

struct Op {
  uint32_t type = 0;    // OpType
  uint64_t offset = 0;  // file offset of the record, for messages
  LaunchOp launch;      // kOpLaunch
  // memcpy (dst <- src), memset (dst, value), alloc (dst, size), memtile (dst, count x data)
  int32_t dst_region = 0, src_region = 0;
  uint64_t dst_offset = 0, src_offset = 0, size = 0;
  int32_t value = 0;
  Bytes data;                          // memcpy_h2d's bytes, memtile's value
  AlgorithmOp algo;                    // is_algorithm_op(type)
  BsrOp bsr;                           // kOpBsrFromTriplets, kOpBsrTranspose
  std::vector<Op> branch_a, branch_b;  // if/while bodies
};

// Calls f(op) for every op of `ops`, then of its if/while bodies, depth first.
template <class F>
void for_each_op(const std::vector<Op>& ops, const F& f) {
  for (auto& o : ops) {
    f(o);
    for_each_op(o.branch_a, f);
    for_each_op(o.branch_b, f);
  }
}

struct OpSummary {
  uint64_t count = 0;      // every op, nested ones included
  uint64_t top_level = 0;  // the section's own op count
  std::map<std::string, uint64_t> by_type;
  // (module hash, kernel key) -> launches, forward and backward together.
  std::map<std::pair<std::string, std::string>, uint64_t> launches;
  bool has_conditionals = false;  // any if/while
  int max_depth = 0;
  // Launches whose (module, kernel) pair is missing from the metadata.
  std::map<std::pair<std::string, std::string>, uint64_t> unresolved;
  bool all_launches_resolved() const { return unresolved.empty(); }
  std::vector<Op> ops;  // the stream, decoded (nested bodies inside their if/while)
};

OpSummary walk_ops(const std::string& file, ByteView data, uint64_t origin, const Metadata& meta);

}  // namespace wrp
