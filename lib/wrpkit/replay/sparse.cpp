#include "wrpkit/replay/sparse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "wrpkit/base/error.hpp"

namespace wrp {

namespace {

// Warp's key layout: the column in the low col_bits bits, the row above it. row_bits
// is the width of row_count itself (not row_count - 1), so the all-ones pruned key
// stays above every valid row when only row_bits + col_bits bits are sorted.
int col_bits_of(int32_t col_count) { return col_count <= 1 ? 0 : std::bit_width(uint32_t(col_count - 1)); }
int row_bits_of(int32_t row_count) { return std::max(1, int(std::bit_width(uint32_t(row_count)))); }

unsigned cap32(uint64_t n) { return unsigned(std::min<uint64_t>(n, UINT32_MAX)); }

// The scratch parts, each kAreaAlign-aligned, in the order they are laid out.
struct Scratch {
  Operand keys0, keys1, count, flags, starts, sorted, compact, tail;
  uint64_t size = 0;

  Scratch(const Op& o, Operand base) {
    uint64_t n = uint64_t(o.bsr.nnz_upper_bound), at = 0;
    auto part = [&](uint64_t bytes) {
      Operand p = base + at;
      at += scratch_slot(bytes);
      return p;
    };
    keys0 = part(n * 8);
    keys1 = part(n * 8);
    count = part(4);
    if (o.type == kOpBsrFromTriplets) {
      flags = part(n * 4);
      starts = part((n + 1) * 4);
      tail = part(std::max(sort_key64_scratch(n), scan_u32_scratch(n)));
    } else {
      sorted = part(n * 4);
      compact = part((uint64_t(o.bsr.col_count) + 1) * 4);
      tail = part(sort_key64_scratch(n));
    }
    size = at;
  }
};

class BsrChain {
 public:
  BsrChain(std::vector<PlanNode>& out, const Op& o, const OperandResolver& operand, const RegionSpan& span,
           Operand scratch, const std::string& where)
      : w_(out, where), o_(o), s_(o.bsr), operand_(operand), span_(span), scratch_(o, scratch) {}

  void append() {
    if (o_.type == kOpBsrFromTriplets)
      from_triplets();
    else
      transpose();
  }

 private:
  // int32 operands: 4-byte aligned (areas start kAreaAlign-aligned, so an offset's alignment is the address's).
  Operand need(const RegionRef& r, uint64_t bytes, const char* what) {
    Operand p = operand_(r, bytes, what);
    if (p.offset % 4)
      fail_damaged(fmt::format("{}: the {} at offset {} of region {} is not aligned to its 4-byte elements", w_.where(),
                               what, r.offset, r.region));
    return p;
  }
  Operand optional(const RegionRef& r, uint64_t bytes, const char* what) {
    return r.region >= 0 ? need(r, bytes, what) : Operand{};
  }
  // The int32 elements an operand whose length is device data may hold.
  unsigned elements(const RegionRef& r) { return cap32(span_(r) / 4); }
  static LaunchGrid over(uint64_t n) { return algorithm_grid(grid_stride_blocks(n)); }

  // The triplets' values, when the op prunes blocks whose scalars all AND to zero with the mask.
  Operand pruning_values() {
    uint64_t bytes = 0;
    if (__builtin_mul_overflow(uint64_t(s_.nnz_upper_bound) * uint64_t(s_.block_size), uint64_t(s_.scalar_size),
                               &bytes))
      fail_damaged(fmt::format("{}: {} blocks of {} scalars of {} bytes overflow", w_.where(), s_.nnz_upper_bound,
                               s_.block_size, s_.scalar_size));
    Operand values = optional(s_.tpl_values, bytes, "triplet values");
    return s_.zero_mask && s_.scalar_size ? values : Operand{};
  }

  void from_triplets() {
    uint64_t n = uint64_t(s_.nnz_upper_bound), rows = uint64_t(s_.row_count);
    Operand values = pruning_values();
    Operand tpl_nnz = optional(s_.tpl_nnz, 4, "triplet count");
    Operand tpl_rows = need(s_.tpl_rows, n * 4, "triplet rows"),
            tpl_cols = need(s_.tpl_columns, n * 4, "triplet columns");
    Operand summed_offsets = need(s_.summed_offsets, n * 4, "summed block offsets");
    Operand summed_indices = need(s_.summed_indices, n * 4, "summed block indices");
    Operand offsets = need(s_.offsets, (rows + 1) * 4, "row offsets");
    Operand row_counts = optional(s_.row_counts, rows * 4, "row counts");
    Operand columns = need(s_.columns, n * 4, "columns");
    if (!n) return;
    unsigned count = unsigned(n), nrows = unsigned(rows);
    int col_bits = col_bits_of(s_.col_count), end_bit = row_bits_of(s_.row_count) + col_bits;
    // masked: only blocks the destination holds (its current topology); else none of it is read
    Operand m_offsets = s_.masked ? offsets : Operand{}, m_counts = s_.masked ? row_counts : Operand{},
            m_columns = s_.masked ? columns : Operand{};
    unsigned m_cap = s_.masked ? elements(s_.columns) : 0u;
    auto& k = scratch_;
    w_.kernel("wrpkit_bsr_triplet_keys", over(n),
              {count, tpl_rows, tpl_cols, values, s_.scalar_size, s_.zero_mask, s_.block_size, tpl_nnz, s_.row_count,
               s_.col_count, m_offsets, m_counts, m_columns, m_cap, col_bits, summed_indices, k.keys0});
    append_sort_key64(w_, k.keys0, k.keys1, summed_indices, summed_offsets, n, 0, end_bit, k.tail);
    // each run of equal keys: one block of the matrix, summed from its run's triplets
    w_.kernel("wrpkit_bsr_key_heads", over(n), {k.keys0, count, k.flags});
    append_scan_u32(w_, k.flags, k.flags, n, true, k.tail);
    w_.kernel("wrpkit_bsr_key_runs", over(n), {k.keys0, count, k.flags, k.keys1, k.starts, k.count});
    w_.kernel("wrpkit_rle_lengths", over(n), {k.starts, k.count, summed_offsets});
    w_.kernel("wrpkit_bsr_row_offsets", over(rows + 1), {nrows, col_bits, k.count, count, k.keys1, offsets});
    // offsets[rows]: the blocks kept (a pruned run, last, is not one)
    w_.kernel("wrpkit_bsr_columns", over(n), {offsets + rows * 4, count, k.keys1, col_bits, columns});
    append_scan_u32(w_, summed_offsets, summed_offsets, n, true, k.tail);
  }

  void transpose() {
    uint64_t n = uint64_t(s_.nnz_upper_bound), rows = uint64_t(s_.row_count), cols = uint64_t(s_.col_count);
    Operand offsets = need(s_.offsets, (rows + 1) * 4, "row offsets");
    Operand row_counts = optional(s_.row_counts, rows * 4, "row counts");
    Operand columns = need(s_.columns, n * 4, "columns");
    Operand t_offsets = need(s_.t_offsets, (cols + 1) * 4, "transposed row offsets");
    Operand t_row_counts = optional(s_.t_row_counts, cols * 4, "transposed row counts");
    Operand t_columns = need(s_.t_columns, 4, "transposed columns");  // Warp records one element: its span is data
    Operand block_indices = need(s_.block_indices, 2 * n * 4, "block index map");
    Operand status = optional(s_.status, 4, "status");
    if (!n) return;
    unsigned count = unsigned(n), t_cap = elements(s_.t_columns);
    auto& k = scratch_;
    Operand active = offsets + rows * 4;  // a compact source: offsets[rows] blocks
    if (row_counts.area != Operand::Area::none) {
      active = k.count;
      w_.zero(active, 4);
      w_.kernel("wrpkit_bsr_count_active", over(rows), {s_.row_count, row_counts, active});
    }
    // Warp's sort moves the block indices from the map's second half to its first
    Operand indices = block_indices + n * 4;
    w_.kernel("wrpkit_bsr_transpose_keys", over(n),
              {count, s_.row_count, offsets, row_counts, columns, indices, k.keys0});
    append_sort_key64(w_, k.keys0, k.keys1, indices, block_indices, n, 32, 32 + row_bits_of(s_.col_count), k.tail);
    unsigned ncols = unsigned(cols);
    if (t_row_counts.area == Operand::Area::none) {
      w_.kernel("wrpkit_bsr_row_offsets", over(cols + 1), {ncols, 32, active, count, k.keys0, t_offsets});
      w_.kernel("wrpkit_bsr_columns", over(n), {active, std::min(count, t_cap), k.keys0, 32, t_columns});
      return;
    }
    w_.copy(k.sorted, block_indices, n * 4);  // the scatter rewrites the map
    w_.kernel("wrpkit_bsr_row_offsets", over(cols + 1), {ncols, 32, active, count, k.keys0, k.compact});
    w_.kernel("wrpkit_bsr_scatter_padded", over(cols),
              {s_.col_count, k.compact, k.keys0, k.sorted, t_offsets, t_row_counts, t_columns, t_cap, block_indices,
               elements(s_.block_indices), status});
  }

  ChainWriter w_;
  const Op& o_;
  const BsrOp& s_;
  const OperandResolver& operand_;
  const RegionSpan& span_;
  Scratch scratch_;
};

}  // namespace

uint64_t bsr_scratch_size(const Op& o) { return o.bsr.nnz_upper_bound > 0 ? Scratch(o, Operand{}).size : 0; }

void append_bsr(std::vector<PlanNode>& out, const Op& o, const OperandResolver& operand, const RegionSpan& span,
                Operand scratch, const std::string& where) {
  BsrChain(out, o, operand, span, scratch, where).append();
}

std::vector<std::string> bsr_kernel_entries() {
  return {"wrpkit_radix_halves_k64_v32", "wrpkit_bsr_triplet_keys",   "wrpkit_bsr_key_heads",
          "wrpkit_bsr_key_runs",         "wrpkit_bsr_row_offsets",    "wrpkit_bsr_columns",
          "wrpkit_bsr_count_active",     "wrpkit_bsr_transpose_keys", "wrpkit_bsr_scatter_padded"};
}

}  // namespace wrp
