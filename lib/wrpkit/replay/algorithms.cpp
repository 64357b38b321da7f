#include "wrpkit/replay/algorithms.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

constexpr unsigned kGridStrideBlocks = 1u << 16;  // grid-stride kernels: enough blocks to fill any GPU

uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }
uint64_t slot(uint64_t n) { return scratch_slot(n); }

// The scan kernels by element type: int32 scans as uint32 (the same bits, wrapping).
const char* scan_type(uint8_t dtype) {
  switch (dtype) {
    case kInt32:
    case kUInt32: return "u32";
    case kInt64:
    case kUInt64: return "u64";
    case kFloat32: return "f32";
    default: return "f64";
  }
}

std::string entry(const char* kernel, const char* type) { return fmt::format("wrpkit_{}_{}", kernel, type); }

// Radix key kinds the kernels twiddle: 0 unsigned, 1 signed, 2 floating point.
int key_kind(uint8_t dtype) {
  if (dtype == kFloat32 || dtype == kFloat64) return 2;
  return dtype == kInt32 || dtype == kInt64 ? 1 : 0;
}

unsigned scan_tiles(uint64_t n) { return unsigned(ceil_div(n, kScanTile)); }
// One tile is scanned by scan_apply alone: no tile sums, no scratch.
uint64_t scan_scratch(uint64_t n, unsigned components, uint32_t scalar) {
  return scan_tiles(n) > 1 ? slot(uint64_t(scan_tiles(n)) * components * scalar) : 0;
}
unsigned sort_tiles(uint64_t n) { return unsigned(ceil_div(n, kSortTile)); }
unsigned reduce_blocks(uint64_t n) {
  return unsigned(std::clamp<uint64_t>(ceil_div(n, uint64_t(kAlgoBlock) * kScanItems), 1, kReduceMaxBlocks));
}
unsigned stride_blocks(uint64_t n) { return grid_stride_blocks(n); }
unsigned components(const Op& o) {
  if (o.type == kOpReduction && o.algo.reduction == kReductionInner) return 1;
  return o.type == kOpScan || o.type == kOpReduction ? unsigned(o.algo.type_len) : 1;
}

LaunchGrid grid(unsigned x, unsigned y = 1) { return algorithm_grid(x, y); }
using Emit = ChainWriter;

// Exclusive or inclusive scan of n elements of `components` scalars at byte strides; `sums` is scan_scratch.
void scan_chain(Emit& emit, const char* type, Operand in, Operand out, unsigned long long n, int in_stride,
                int out_stride, unsigned comps, bool inclusive, Operand sums) {
  if (!n) return;
  unsigned tiles = scan_tiles(n);
  int inclusive_flag = inclusive ? 1 : 0;
  if (tiles == 1) {  // each launch is a graph node's overhead: one tile needs no tile sums
    emit.kernel(entry("scan_apply", type), grid(tiles, comps),
                {in, out, n, in_stride, out_stride, Operand{}, tiles, inclusive_flag});
    return;
  }
  emit.kernel(entry("scan_sums", type), grid(tiles, comps), {in, n, in_stride, sums, tiles});
  emit.kernel(entry("scan_offsets", type), grid(1, comps), {sums, tiles});
  emit.kernel(entry("scan_apply", type), grid(tiles, comps),
              {in, out, n, in_stride, out_stride, sums, tiles, inclusive_flag});
}

// LSD passes of kRadixBits from the halves (sk, sv) to (dk, dv) and back; returns
// whether the result ended in (dk, dv).
bool radix_passes(Emit& emit, Operand sk, Operand sv, Operand dk, Operand dv, unsigned count, uint32_t ks, uint32_t vs,
                  int kind, int begin, int end, Operand scratch) {
  unsigned tiles = sort_tiles(count);
  Operand hist = scratch, sums = scratch + slot(uint64_t(kRadixBuckets) * tiles * 4);
  auto hist_kernel = fmt::format("wrpkit_radix_histogram_k{}", ks * 8);
  auto scatter_kernel = fmt::format("wrpkit_radix_scatter_k{}_v{}", ks * 8, vs * 8);
  bool swapped = false;
  for (int shift = begin; shift < end; shift += int(kRadixBits)) {
    int bits = std::min(int(kRadixBits), end - shift);
    emit.kernel(hist_kernel, grid(tiles), {sk, count, kind, shift, bits, hist, tiles});
    scan_chain(emit, "u32", hist, hist, uint64_t(kRadixBuckets) * tiles, 4, 4, 1, false, sums);
    emit.kernel(scatter_kernel, grid(tiles), {sk, sv, dk, dv, count, kind, shift, bits, hist, tiles});
    std::swap(sk, dk);
    std::swap(sv, dv);
    swapped = !swapped;
  }
  return swapped;
}

uint64_t radix_scratch(uint64_t n) {
  if (sort_tiles(n) <= 1) return 0;  // one block, no histogram
  uint64_t buckets = uint64_t(kRadixBuckets) * sort_tiles(n);
  return slot(buckets * 4) + scan_scratch(buckets, 1, 4);
}

// The bytes n elements of `scalars` scalars at a byte stride span (the last one need not be padded).
uint64_t extent(uint64_t n, int32_t stride, uint64_t scalars, uint32_t scalar) {
  return n ? (n - 1) * uint64_t(stride) + scalars * scalar : 0;
}

class Chain {
 public:
  Chain(std::vector<PlanNode>& out, const Op& o, const OperandResolver& operand, Operand scratch,
        const std::string& where)
      : emit_(out, where), o_(o), g_(o.algo), operand_(operand), scratch_(scratch), where_(where) {}

  void append() {
    if (components(o_) > kMaxGridY)
      fail(Exit::bad_input,
           fmt::format("{}: elements of {} scalars (wrp-run replays at most {})", where_, components(o_), kMaxGridY));
    switch (o_.type) {
      case kOpScan: return scan();
      case kOpReduction: return reduction();
      case kOpRadixSort: return radix_sort();
      case kOpSegmentedSort: return segmented_sort();
      default: return runlength_encode();
    }
  }

 private:
  // Areas start 256-aligned (kAreaAlign), so an operand's alignment is its offset's.
  Operand at(const RegionRef& r, uint64_t bytes, uint32_t align, const char* what) {
    Operand p = operand_(r, bytes, what);
    if (p.offset % align)
      fail_damaged(fmt::format("{}: the {} at offset {} of region {} is not aligned to its {}-byte elements", where_,
                               what, r.offset, r.region, align));
    return p;
  }

  void scan() {
    uint32_t ss = scalar_size(g_.dtype);
    auto in = at(g_.a, extent(g_.count, g_.stride_a, g_.type_len, ss), ss, "input");
    auto out = at(g_.b, extent(g_.count, g_.stride_b, g_.type_len, ss), ss, "output");
    scan_chain(emit_, scan_type(g_.dtype), in, out, g_.count, g_.stride_a, g_.stride_b, unsigned(g_.type_len),
               g_.inclusive, scratch_);
  }

  void reduction() {
    uint32_t ss = scalar_size(g_.dtype);
    bool inner = g_.reduction == kReductionInner;
    unsigned comps = components(o_);
    Operand a = at(g_.a, extent(g_.count, g_.stride_a, g_.type_len, ss), ss, "input");
    Operand b = inner ? at(g_.b, extent(g_.count, g_.stride_b, g_.type_len, ss), ss, "second input") : Operand{};
    Operand out = at(g_.c, uint64_t(comps) * ss, ss, "output");
    unsigned long long n = g_.count;
    unsigned blocks = reduce_blocks(n);
    int sa = g_.stride_a, sb = g_.stride_b, type_len = g_.type_len, inner_flag = inner ? 1 : 0;
    const char* type = scan_type(g_.dtype);
    Operand partials = blocks == 1 ? out : scratch_;  // one block's partial sums are the result
    emit_.kernel(entry("reduce_partials", type), grid(blocks, comps),
                 {a, b, n, sa, sb, type_len, inner_flag, partials, blocks});
    if (blocks == 1) return;
    emit_.kernel(entry("reduce_final", type), grid(1, comps), {scratch_, blocks, out});
  }

  // LSD passes of kRadixBits between the arrays' halves, then a copy, so both halves
  // end up holding the sorted keys and values. Where CUB ended in the second half
  // while Warp captured, Warp copied it back and recorded that copy (second half to
  // first) as ops of the graph, which then run after this chain: the second half
  // must hold the result too, whatever the parity of our pass count.
  void radix_sort() {
    uint64_t n = g_.count;
    uint32_t ks = scalar_size(g_.dtype), vs = uint32_t(g_.value_size);
    Operand keys = at(g_.a, 2 * n * ks, ks, "keys");
    Operand values = at(g_.b, 2 * n * vs, vs, "values");
    if (!n || g_.begin_bit == g_.end_bit) return;
    unsigned tiles = sort_tiles(n), count = unsigned(n);
    int kind = key_kind(g_.dtype), begin = g_.begin_bit, end = g_.end_bit;
    if (tiles == 1)  // one block sorts it and leaves both halves sorted: one graph node
      return emit_.kernel(fmt::format("wrpkit_radix_tile_k{}_v{}", ks * 8, vs * 8), grid(1),
                          {keys, values, count, kind, begin, end});
    Operand sk = keys, sv = values, dk = keys + n * ks, dv = values + n * vs;
    if (radix_passes(emit_, sk, sv, dk, dv, count, ks, vs, kind, begin, end, scratch_)) {
      std::swap(sk, dk);
      std::swap(sv, dv);
    }
    // the result is in (sk, sv); dk, dv the other halves
    emit_.copy(dk, sk, n * ks);
    emit_.copy(dv, sv, n * vs);
  }

  void segmented_sort() {
    uint64_t n = g_.count, segs = g_.num_segments;
    Operand keys = at(g_.a, 2 * n * 4, 4, "keys");
    Operand values = at(g_.b, 2 * n * 4, 4, "values");
    Operand starts = at(g_.c, segs * 4, 4, "segment starts");
    Operand ends = at(g_.d, segs * 4, 4, "segment ends");
    if (!n || !segs) return;
    unsigned count = unsigned(n);
    int kind = key_kind(g_.dtype);
    emit_.kernel("wrpkit_segmented_sort", grid(unsigned(segs)), {keys, values, count, starts, ends, kind});
  }

  void runlength_encode() {
    uint64_t n = g_.count;
    Operand values = at(g_.a, n * 4, 4, "values");
    Operand run_values = at(g_.b, n * 4, 4, "run values");
    Operand run_lengths = at(g_.c, n * 4, 4, "run lengths");
    Operand run_count = at(g_.d, 4, 4, "run count");
    if (!n) return emit_.zero(run_count, 4);
    unsigned count = unsigned(n), blocks = stride_blocks(n);
    if (n <= kScanTile)  // one block does it all: one graph node instead of four
      return emit_.kernel("wrpkit_rle_tile", grid(1), {values, count, run_values, run_lengths, run_count});
    Operand runs = scratch_, starts = runs + slot(n * 4), sums = starts + slot((n + 1) * 4);
    emit_.kernel("wrpkit_rle_heads", grid(blocks), {values, count, runs});
    scan_chain(emit_, "u32", runs, runs, n, 4, 4, 1, true, sums);
    emit_.kernel("wrpkit_rle_runs", grid(blocks), {values, count, runs, run_values, starts, run_count});
    emit_.kernel("wrpkit_rle_lengths", grid(blocks), {starts, run_count, run_lengths});
  }

  Emit emit_;
  const Op& o_;
  const AlgorithmOp& g_;
  const OperandResolver& operand_;
  Operand scratch_;
  const std::string& where_;
};

}  // namespace

uint64_t algorithm_scratch_size(const Op& o) {
  const auto& g = o.algo;
  uint64_t n = g.count;
  switch (o.type) {
    case kOpScan: return scan_scratch(n, unsigned(g.type_len), scalar_size(g.dtype));
    case kOpReduction:
      return reduce_blocks(n) > 1 ? slot(uint64_t(reduce_blocks(n)) * components(o) * scalar_size(g.dtype)) : 0;
    case kOpRadixSort: return radix_scratch(n);
    case kOpRunlengthEncode: return n > kScanTile ? slot(n * 4) + slot((n + 1) * 4) + scan_scratch(n, 1, 4) : 0;
    default: return 0;
  }
}

void ChainWriter::kernel(std::string entry, LaunchGrid grid, std::vector<KernelArg> args) {
  PlanNode n{.kind = PlanNode::Kind::helper, .where = where_, .entry = std::move(entry), .grid = grid};
  n.args = std::move(args);
  out_.push_back(std::move(n));
}
void ChainWriter::copy(Operand dst, Operand src, uint64_t bytes) {
  out_.push_back({.kind = PlanNode::Kind::copy, .where = where_, .dst = dst, .src = src, .bytes = bytes});
}
void ChainWriter::zero(Operand dst, uint64_t bytes) {
  out_.push_back({.kind = PlanNode::Kind::memset, .where = where_, .dst = dst, .bytes = bytes, .value = 0});
}

uint64_t scratch_slot(uint64_t bytes) { return ceil_div(bytes, kAreaAlign) * kAreaAlign; }

LaunchGrid algorithm_grid(unsigned x, unsigned y) {
  LaunchGrid g;
  g.x = x;
  g.y = y;
  g.block = kAlgoBlock;
  return g;
}

unsigned grid_stride_blocks(uint64_t n) {
  return unsigned(std::clamp<uint64_t>(ceil_div(n, kAlgoBlock), 1, kGridStrideBlocks));
}

uint64_t scan_u32_scratch(uint64_t n) { return scan_scratch(n, 1, 4); }

void append_scan_u32(ChainWriter& chain, Operand in, Operand out, uint64_t n, bool inclusive, Operand scratch) {
  scan_chain(chain, "u32", in, out, n, 4, 4, 1, inclusive, scratch);
}

uint64_t sort_key64_scratch(uint64_t n) { return radix_scratch(n); }

void append_sort_key64(ChainWriter& chain, Operand k0, Operand k1, Operand v0, Operand v1, uint64_t n, int begin,
                       int end, Operand scratch) {
  if (!n) return;
  unsigned count = unsigned(n);
  if (sort_tiles(n) == 1)  // one block sorts it and leaves both halves sorted: one graph node
    return chain.kernel("wrpkit_radix_halves_k64_v32", grid(1), {k0, k1, v0, v1, count, 0, begin, end});
  if (radix_passes(chain, k0, v0, k1, v1, count, 8, 4, 0, begin, end, scratch)) {
    std::swap(k0, k1);
    std::swap(v0, v1);
  }
  chain.copy(k1, k0, n * 8);  // the result is in (k0, v0)
  chain.copy(v1, v0, n * 4);
}

void append_algorithm(std::vector<PlanNode>& out, const Op& o, const OperandResolver& operand, Operand scratch,
                      const std::string& where) {
  Chain(out, o, operand, scratch, where).append();
}

std::vector<std::string> algorithm_kernel_entries() {
  std::vector<std::string> out;
  for (auto type : {"u32", "u64", "f32", "f64"})
    for (auto k : {"scan_sums", "scan_offsets", "scan_apply"}) out.push_back(entry(k, type));
  for (auto type : {"f32", "f64"})
    for (auto k : {"reduce_partials", "reduce_final"}) out.push_back(entry(k, type));
  for (auto k : {"k32", "k64"}) out.push_back(entry("radix_histogram", k));
  for (auto k : {"k32_v32", "k32_v64", "k64_v32", "k64_v64"}) {
    out.push_back(entry("radix_scatter", k));
    out.push_back(entry("radix_tile", k));
  }
  for (auto k :
       {"wrpkit_segmented_sort", "wrpkit_rle_tile", "wrpkit_rle_heads", "wrpkit_rle_runs", "wrpkit_rle_lengths"})
    out.push_back(k);
  return out;
}

}  // namespace wrp
