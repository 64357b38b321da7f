#include "wrpkit/formats/ops.hpp"

#include <fmt/format.h>

#include <initializer_list>

#include "wrpkit/formats/metadata.hpp"

namespace wrp {

namespace {

struct OpInfo {
  const char* name;
  uint32_t fixed;
};

OpInfo info(uint32_t t) {
  switch (t) {
    case kOpLaunch: return {"kernel_launch", 80};
    case kOpMemcpyH2D: return {"memcpy_h2d", 32};
    case kOpMemcpyD2H: return {"memcpy_d2h", 8};
    case kOpMemcpyD2D: return {"memcpy_d2d", 40};
    case kOpMemset: return {"memset", 32};
    case kOpAlloc: return {"alloc", 24};
    case kOpIf: return {"if", 40};
    case kOpWhile: return {"while", 40};
    case kOpScan: return {"scan", 52};
    case kOpMemtile: return {"memtile", 32};
    case kOpSegmentedSort: return {"segmented_sort", 68};
    case kOpRadixSort: return {"radix_sort", 52};
    case kOpRunlengthEncode: return {"runlength_encode", 64};
    case kOpBsrFromTriplets: return {"bsr_from_triplets", 160};
    case kOpBsrTranspose: return {"bsr_transpose", 116};
    case kOpReduction: return {"reduction", 64};
    case kOpBvhRefit: return {"bvh_refit", 24};
    case kOpBvhRebuild: return {"bvh_rebuild", 24};
    case kOpHashGridUpdate: return {"hash_grid_update", 64};
    default: return {nullptr, 0};
  }
}

class Walker {
 public:
  Walker(const Metadata& m, OpSummary& s) : meta_(m), sum_(s) {}

  // Reads exactly `count` ops that must fill `r` completely.
  void stream(Reader& r, uint64_t count, int depth, const std::string& where, std::vector<Op>& out) {
    if (depth > kMaxOpDepth)
      r.error(where, fmt::format("if/while nesting deeper than {} levels (corrupt or hostile file)", kMaxOpDepth));
    sum_.max_depth = std::max(sum_.max_depth, depth);
    if (count * 8 > r.left())
      r.error(where, fmt::format("{} ops cannot fit in the {} bytes of this stream", count, r.left()));
    out.reserve(count);
    for (uint64_t i = 0; i < count; ++i) out.push_back(op(r, depth, fmt::format("{}[{}]", where, i)));
    if (!r.at_end()) r.error(where, fmt::format("{} bytes left after the {} ops the count announces", r.left(), count));
  }

 private:
  Op op(Reader& r, int depth, const std::string& where) {
    uint64_t start = r.file_offset();
    Op o;
    o.offset = start;
    uint32_t type = r.u32(where + ".op_type");
    uint32_t total = r.u32(where + ".total_size");
    OpInfo oi = info(type);
    if (!oi.name) r.error_at(start, where + ".op_type", fmt::format("unknown operation type {}", type));
    if (total < oi.fixed)
      r.error_at(start + 4, where + ".total_size",
                 fmt::format("{} op of {} bytes is shorter than its {}-byte record", oi.name, total, oi.fixed));
    if (total - 8 > r.left())
      r.error_at(start + 4, where + ".total_size",
                 fmt::format("{} op of {} bytes runs past the end of its stream ({} bytes left)", oi.name, total,
                             r.left() + 8));
    Reader body = r.sub(total - 8, where);
    sum_.count++;
    sum_.by_type[oi.name]++;
    o.type = type;
    std::string w = fmt::format("{} ({})", where, oi.name);
    if (type == kOpLaunch) launch(body, w, o.launch);
    if (type == kOpIf || type == kOpWhile) conditional(body, depth, w, type, o);
    if (type == kOpMemcpyH2D) {
      o.dst_region = body.i32(w + ".dst_region_id");
      body.skip(4, w);
      o.dst_offset = body.u64(w + ".dst_offset");
      o.size = body.u64(w + ".size");
      if (o.size != body.left())
        body.error(w + ".size", fmt::format("declares {} data bytes but the record holds {}", o.size, body.left()));
      auto d = body.take(o.size, w + ".data");
      o.data.assign(d.begin(), d.end());
    }
    if (type == kOpMemcpyD2D) {
      o.dst_region = body.i32(w + ".dst_region_id");
      o.src_region = body.i32(w + ".src_region_id");
      o.dst_offset = body.u64(w + ".dst_offset");
      o.src_offset = body.u64(w + ".src_offset");
      o.size = body.u64(w + ".size");
    }
    if (type == kOpMemset) {
      o.dst_region = body.i32(w + ".region_id");
      o.value = body.i32(w + ".value");
      o.dst_offset = body.u64(w + ".offset");
      o.size = body.u64(w + ".size");
    }
    if (type == kOpAlloc) {
      o.dst_region = body.i32(w + ".region_id");
      body.skip(4, w);
      o.size = body.u64(w + ".size");
    }
    if (is_algorithm_op(type)) algorithm(body, w, type, o.algo);
    if (type == kOpBsrFromTriplets) bsr_from_triplets(body, w, o.bsr);
    if (type == kOpBsrTranspose) bsr_transpose(body, w, o.bsr);
    if (type == kOpMemtile) {
      o.dst_region = body.i32(w + ".region_id");
      uint32_t srcsize = body.u32(w + ".srcsize");
      if (24 + uint64_t(srcsize) != body.size())
        body.error(w + ".srcsize", fmt::format("value of {} bytes does not match the record size", srcsize));
      o.dst_offset = body.u64(w + ".offset");
      o.size = body.u64(w + ".count");
      auto d = body.take(srcsize, w + ".value");
      o.data.assign(d.begin(), d.end());
    }
    return o;
  }

  static RegionRef ref(Reader& b, int32_t region, const std::string& field) { return {region, b.u64(field)}; }

  // Field order as Warp writes them (apic_types.h); the checks are those its loader
  // makes, plus what the replay kernels need (strides in whole scalars).
  void algorithm(Reader& b, const std::string& w, uint32_t type, AlgorithmOp& g) {
    auto scalar_stride = [&](int32_t stride, const char* field) {
      if (stride < 0 || stride % int32_t(scalar_size(g.dtype)))
        b.error(w + field, fmt::format("byte stride {} is not a non-negative multiple of the {}-byte {}", stride,
                                       scalar_size(g.dtype), scalar_name(g.dtype)));
    };
    auto dtype_in = [&](std::initializer_list<uint8_t> ok) {
      for (auto t : ok)
        if (g.dtype == t) return;
      b.error(w + ".dtype", fmt::format("element type {} is not one this op takes", g.dtype));
    };
    if (type == kOpScan) {
      int32_t dst = b.i32(w + ".dst_region_id"), src = b.i32(w + ".src_region_id");
      g.b = ref(b, dst, w + ".dst_offset");
      g.a = ref(b, src, w + ".src_offset");
      g.count = b.u32(w + ".length");
      g.stride_a = b.i32(w + ".in_stride");
      g.stride_b = b.i32(w + ".out_stride");
      g.type_len = b.i32(w + ".type_len");
      g.dtype = b.u8(w + ".dtype");
      uint8_t inclusive = b.u8(w + ".inclusive");
      dtype_in({kInt32, kInt64, kFloat32, kFloat64});
      if (inclusive > 1) b.error(w + ".inclusive", fmt::format("flag {} is neither 0 nor 1", inclusive));
      g.inclusive = inclusive == 1;
      if (g.type_len <= 0) b.error(w + ".type_len", fmt::format("{} scalars per element", g.type_len));
      scalar_stride(g.stride_a, ".in_stride");
      scalar_stride(g.stride_b, ".out_stride");
    } else if (type == kOpReduction) {
      int32_t ra = b.i32(w + ".input_a_region_id"), rb = b.i32(w + ".input_b_region_id");
      int32_t rc = b.i32(w + ".output_region_id");
      g.count = b.u32(w + ".count");
      g.a = ref(b, ra, w + ".input_a_offset");
      g.b = ref(b, rb, w + ".input_b_offset");
      g.c = ref(b, rc, w + ".output_offset");
      g.stride_a = b.i32(w + ".input_a_stride");
      g.stride_b = b.i32(w + ".input_b_stride");
      g.type_len = b.i32(w + ".type_len");
      g.reduction = b.u8(w + ".kind");
      g.dtype = b.u8(w + ".dtype");
      dtype_in({kFloat32, kFloat64});
      if (g.reduction != kReductionSum && g.reduction != kReductionInner)
        b.error(w + ".kind", fmt::format("reduction kind {} is neither 1 (sum) nor 2 (inner product)", g.reduction));
      if (g.type_len <= 0) b.error(w + ".type_len", fmt::format("{} scalars per element", g.type_len));
      scalar_stride(g.stride_a, ".input_a_stride");
      if (g.reduction == kReductionInner) scalar_stride(g.stride_b, ".input_b_stride");
    } else if (type == kOpSegmentedSort) {
      int32_t keys = b.i32(w + ".keys_region_id"), values = b.i32(w + ".values_region_id");
      int32_t start = b.i32(w + ".segstart_region_id"), end = b.i32(w + ".segend_region_id");
      g.a = ref(b, keys, w + ".keys_offset");
      g.b = ref(b, values, w + ".values_offset");
      g.c = ref(b, start, w + ".segstart_offset");
      g.d = ref(b, end, w + ".segend_offset");
      g.count = b.u32(w + ".count");
      g.num_segments = b.u32(w + ".num_segments");
      g.dtype = b.u8(w + ".dtype");
      dtype_in({kInt32, kFloat32});
    } else if (type == kOpRadixSort) {
      int32_t keys = b.i32(w + ".keys_region_id"), values = b.i32(w + ".values_region_id");
      g.a = ref(b, keys, w + ".keys_offset");
      g.b = ref(b, values, w + ".values_offset");
      g.count = b.u32(w + ".count");
      g.begin_bit = b.i32(w + ".begin_bit");
      g.end_bit = b.i32(w + ".end_bit");
      g.value_size = b.i32(w + ".value_size");
      g.dtype = b.u8(w + ".dtype");
      dtype_in({kInt32, kUInt32, kInt64, kUInt64, kFloat32, kFloat64});
      int32_t bits = int32_t(scalar_size(g.dtype) * 8);
      if (g.begin_bit < 0 || g.begin_bit > g.end_bit || g.end_bit > bits)
        b.error(w + ".begin_bit",
                fmt::format("bits [{}, {}) are not a range within the {}-bit keys", g.begin_bit, g.end_bit, bits));
      if (g.value_size != 4 && g.value_size != 8)
        b.error(w + ".value_size", fmt::format("values of {} bytes (4 or 8 sort)", g.value_size));
    } else {  // run-length encode
      int32_t values = b.i32(w + ".values_region_id"), run_values = b.i32(w + ".run_values_region_id");
      int32_t run_lengths = b.i32(w + ".run_lengths_region_id"), run_count = b.i32(w + ".run_count_region_id");
      g.a = ref(b, values, w + ".values_offset");
      g.b = ref(b, run_values, w + ".run_values_offset");
      g.c = ref(b, run_lengths, w + ".run_lengths_offset");
      g.d = ref(b, run_count, w + ".run_count_offset");
      g.count = b.u32(w + ".value_count");
      g.dtype = kInt32;
    }
  }

  void launch(Reader& b, const std::string& w, LaunchOp& l) {
    for (auto& s : l.shape) s = b.u32(w + ".shape");
    l.ndim = b.i32(w + ".ndim");
    l.size = b.u64(w + ".size");
    l.dim = b.u64(w + ".dim");
    l.max_blocks = b.i32(w + ".max_blocks");
    l.block_dim = b.i32(w + ".block_dim");
    l.smem_bytes = b.i32(w + ".smem_bytes");
    l.grid_stride = b.i32(w + ".grid_stride");
    uint8_t is_forward = b.u8(w + ".is_forward");
    l.is_forward = is_forward != 0;
    l.cluster_dim = b.u8(w + ".cluster_dim");
    b.skip(2, w);
    uint16_t key_len = b.u16(w + ".kernel_key_len");
    uint16_t hash_len = b.u16(w + ".module_hash_len");
    uint16_t num_params = b.u16(w + ".num_params");
    b.skip(2, w);
    uint32_t num_relocs = b.u32(w + ".num_relocs");
    uint32_t value_size = b.u32(w + ".value_data_size");
    std::string key = b.fixed_str(key_len, w + ".kernel_key");
    std::string hash = b.fixed_str(hash_len, w + ".module_hash");
    uint64_t params = uint64_t(num_params) * (is_forward ? 1 : 2);
    uint64_t tail = params * 16 + uint64_t(num_relocs) * 24 + value_size;
    if (tail != b.left())
      b.error(w, fmt::format("params, relocations and value data need {} bytes but the record has {}", tail, b.left()));
    uint64_t relocs_claimed = 0;
    for (uint64_t i = 0; i < params; ++i) {
      LaunchParam p;
      p.index = b.u16(w + ".param.index");
      uint16_t n = b.u16(w + ".param.num_relocs");
      p.value_offset = b.u32(w + ".param.value_offset");
      p.value_size = b.u32(w + ".param.value_size");
      p.value_align = b.u32(w + ".param.value_align");
      if (uint64_t(p.value_offset) + p.value_size > value_size)
        b.error(w + ".param", fmt::format("value slice {}+{} lies outside the {} value bytes", p.value_offset,
                                          p.value_size, value_size));
      relocs_claimed += n;
      p.relocs.resize(n);  // filled below, in order, from the one relocation table
      (i < num_params ? l.params : l.adjoint_params).push_back(std::move(p));
    }
    if (relocs_claimed != num_relocs)
      b.error(w + ".num_relocs",
              fmt::format("the params claim {} relocations but the record has {}", relocs_claimed, num_relocs));
    for (auto* list : {&l.params, &l.adjoint_params})
      for (auto& p : *list)
        for (auto& rl : p.relocs) {
          rl.value_byte_offset = b.u32(w + ".reloc.value_byte_offset");
          rl.region_id = b.i32(w + ".reloc.region_id");
          rl.region_offset = b.u64(w + ".reloc.region_offset");
          rl.kind = b.u8(w + ".reloc.kind");
          b.skip(7, w);
          if (uint64_t(rl.value_byte_offset) + 8 > p.value_size)
            b.error(w + ".reloc.value_byte_offset", fmt::format("a pointer at byte {} does not fit the {}-byte value",
                                                                rl.value_byte_offset, p.value_size));
          if (rl.kind < kRelocDataPtr || rl.kind > kRelocNull)
            b.error(w + ".reloc.kind", fmt::format("unknown relocation kind {}", rl.kind));
        }
    auto vd = b.take(value_size, w + ".value_data");
    l.value_data.assign(vd.begin(), vd.end());
    l.kernel_key = key;
    l.module_hash = hash;
    auto id = std::make_pair(hash, key);
    sum_.launches[id]++;
    if (!meta_.kernel(hash, key)) sum_.unresolved[id]++;
  }

  // The counts Warp's loader checks (non-negative, spans that fit 64 bits), read in the
  // order apic_types.h lays the records out.
  static void bsr_counts(Reader& b, const std::string& w, const BsrOp& s) {
    if (s.row_count < 0 || s.col_count < 0 || s.nnz_upper_bound < 0 || s.block_size < 0 || s.scalar_size < 0)
      b.error(w + ".row_count", fmt::format("negative counts: {} rows, {} columns, {} blocks of {} x {} bytes",
                                            s.row_count, s.col_count, s.nnz_upper_bound, s.block_size, s.scalar_size));
  }

  void bsr_from_triplets(Reader& b, const std::string& w, BsrOp& s) {
    s.block_size = b.i32(w + ".block_size");
    s.scalar_size = b.i32(w + ".scalar_size_in_bytes");
    s.row_count = b.i32(w + ".row_count");
    s.col_count = b.i32(w + ".col_count");
    s.nnz_upper_bound = b.i32(w + ".nnz_upper_bound");
    uint8_t masked = b.u8(w + ".masked_topology");
    b.skip(3, w);
    s.zero_mask = b.u64(w + ".scalar_zero_mask");
    int32_t ids[10];
    for (auto& id : ids) id = b.i32(w + ".region_id");
    RegionRef* refs[10] = {&s.tpl_nnz,        &s.tpl_rows, &s.tpl_columns, &s.tpl_values, &s.summed_offsets,
                           &s.summed_indices, &s.offsets,  &s.row_counts,  &s.columns,    nullptr};
    for (int i = 0; i < 10; ++i) {
      uint64_t offset = b.u64(w + ".offset");
      if (refs[i]) *refs[i] = {ids[i], offset};  // the last: bsr_nnz, always -1 since Warp 1.16
    }
    if (masked > 1) b.error(w + ".masked_topology", fmt::format("flag {} is neither 0 nor 1", masked));
    s.masked = masked == 1;
    bsr_counts(b, w, s);
    if (s.scalar_size != 0 && s.scalar_size != 1 && s.scalar_size != 2 && s.scalar_size != 4 && s.scalar_size != 8)
      b.error(w + ".scalar_size_in_bytes", fmt::format("scalars of {} bytes (0, 1, 2, 4 or 8)", s.scalar_size));
  }

  void bsr_transpose(Reader& b, const std::string& w, BsrOp& s) {
    s.row_count = b.i32(w + ".row_count");
    s.col_count = b.i32(w + ".col_count");
    s.nnz_upper_bound = b.i32(w + ".nnz_upper_bound");
    int32_t ids[8];
    for (auto& id : ids) id = b.i32(w + ".region_id");
    RegionRef* refs[8] = {&s.offsets,      &s.row_counts, &s.columns,       &s.t_offsets,
                          &s.t_row_counts, &s.t_columns,  &s.block_indices, &s.status};
    for (int i = 0; i < 8; ++i) *refs[i] = {ids[i], b.u64(w + ".offset")};
    bsr_counts(b, w, s);
    // Padded destinations (row counts given) carry their capacity offsets after the record.
    uint64_t tail = uint64_t(s.col_count + 1) * 4;
    if (s.t_row_counts.region >= 0 && b.left() >= tail) {
      auto t = b.take(tail, w + ".transposed_offsets");
      s.t_offsets_tail.assign(t.begin(), t.end());
    }
    if (b.left()) b.error(w, fmt::format("{} bytes after the record that it does not describe", b.left()));
  }

  void conditional(Reader& b, int depth, const std::string& w, uint32_t type, Op& o) {
    sum_.has_conditionals = true;
    o.dst_region = b.i32(w + ".cond_region_id");
    b.skip(4, w);
    o.dst_offset = b.u64(w + ".cond_offset");
    uint32_t a_size = b.u32(w + ".branch_a_size");
    uint32_t a_count = b.u32(w + ".branch_a_op_count");
    uint32_t b_size = b.u32(w + ".branch_b_size");
    uint32_t b_count = b.u32(w + ".branch_b_op_count");
    if (uint64_t(a_size) + b_size != b.left())
      b.error(w, fmt::format("branches of {} + {} bytes do not fill the {} bytes after the record", a_size, b_size,
                             b.left()));
    if (type == kOpWhile && (b_size || b_count)) b.error(w + ".branch_b_size", "a while op has no second branch");
    Reader a = b.sub(a_size, w + ".branch_a");
    stream(a, a_count, depth + 1, w + ".branch_a", o.branch_a);
    Reader c = b.sub(b_size, w + ".branch_b");
    stream(c, b_count, depth + 1, w + ".branch_b", o.branch_b);
  }

  const Metadata& meta_;
  OpSummary& sum_;
};

}  // namespace

uint32_t scalar_size(uint8_t type) {
  switch (type) {
    case kInt32:
    case kUInt32:
    case kFloat32: return 4;
    case kInt64:
    case kUInt64:
    case kFloat64: return 8;
    default: return 0;
  }
}

const char* scalar_name(uint8_t type) {
  switch (type) {
    case kInt32: return "int32";
    case kUInt32: return "uint32";
    case kInt64: return "int64";
    case kUInt64: return "uint64";
    case kFloat32: return "float32";
    case kFloat64: return "float64";
    default: return "unknown";
  }
}

const char* op_name(uint32_t type) {
  auto i = info(type);
  return i.name ? i.name : "unknown";
}

OpSummary walk_ops(const std::string& file, ByteView data, uint64_t origin, const Metadata& meta) {
  OpSummary s;
  Reader r(file, data, origin);
  s.top_level = r.u32("operations.op_count");
  Walker(meta, s).stream(r, s.top_level, 0, "operations.ops", s.ops);
  return s;
}

}  // namespace wrp
