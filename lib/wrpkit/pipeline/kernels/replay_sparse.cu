
// ---- BSR topology (warp.sparse's native ops): a matrix's row offsets and columns from
// COO triplets (op 14) and a matrix's transpose (op 15), built as Warp 1.19 builds them
// (sparse.cu): one 64-bit key per block (its row above its column; ~0 for a pruned
// block, so pruned blocks sort last), a stable sort of the keys with block indices
// (the radix kernels above), then each row's start by binary search over the sorted
// keys. Results equal Warp's wherever Warp's are defined. Counts and offsets that come
// from device memory are clamped to the spans the plan checked (`cap`), so a hostile
// topology cannot make these kernels touch memory outside their operands.

// A 64-bit radix sort of at most one sort tile whose key and value halves lie apart
// (the BSR ops sort their block indices between two different arrays): one block.
#ifdef WRPKIT_RADIX_K64
extern "C" __global__ void wrpkit_radix_halves_k64_v32(u64* k0, u64* k1, unsigned* v0, unsigned* v1, unsigned n,
                                                       int kind, int begin, int end)
{
    __shared__ BlockShared sh;
    block_sort<u64, unsigned>(k0, k1, v0, v1, n, kind, begin, end, sh);
}
#endif

#ifdef WRPKIT_BSR
#define BSR_PRUNED (~0ull)
#define GRID_STRIDE(i, n) for (u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x; i < (u64)(n); i += (u64)gridDim.x * BLOCK)

__device__ unsigned clamp_count(const int* count, unsigned cap)
{
    unsigned c = (unsigned)*count;  // as Warp compares it: unsigned
    return c < cap ? c : cap;
}

// Warp prunes a block whose every scalar ANDs to zero with the mask (values: null when
// the op does not prune).
__device__ bool bsr_block_kept(const char* values, int scalar_size, u64 zero_mask, int block_size, u64 block)
{
    if (!values) return true;
    const char* p = values + block * (u64)block_size * (u64)scalar_size;
    for (int i = 0; i < block_size; ++i) {
        u64 v;
        switch (scalar_size) {
        case 1: v = ((const unsigned char*)p)[i]; break;
        case 2: v = ((const unsigned short*)p)[i]; break;
        case 4: v = ((const unsigned*)p)[i]; break;
        default: v = ((const u64*)p)[i]; break;
        }
        if (v & zero_mask) return true;
    }
    return false;
}

// Inside the triplet count, the matrix's shape and (masked: offsets non-null) a block
// the destination already holds: its row's columns are sorted, so binary search.
__device__ bool bsr_in_mask(int index, int row, int col, int nrow, int ncol, const int* tpl_nnz, const int* offsets,
                            const int* row_counts, const int* columns, unsigned columns_cap)
{
    if (tpl_nnz && index >= *tpl_nnz) return false;
    if (row < 0 || row >= nrow || col < 0 || col >= ncol) return false;
    if (!offsets) return true;
    int lower = offsets[row];
    int upper = (row_counts ? offsets[row] + row_counts[row] : offsets[row + 1]) - 1;
    while (lower < upper) {
        int mid = lower + (upper - lower) / 2;
        if (mid < 0 || (unsigned)mid >= columns_cap) return false;
        if (columns[mid] < col)
            lower = mid + 1;
        else
            upper = mid;
    }
    return lower == upper && lower >= 0 && (unsigned)lower < columns_cap && columns[lower] == col;
}

extern "C" __global__ void wrpkit_bsr_triplet_keys(unsigned n, const int* rows, const int* cols, const char* values,
                                                   int scalar_size, u64 zero_mask, int block_size, const int* tpl_nnz,
                                                   int nrow, int ncol, const int* offsets, const int* row_counts,
                                                   const int* columns, unsigned columns_cap, int col_bits,
                                                   int* indices, u64* keys)
{
    GRID_STRIDE(i, n) {
        int row = rows[i], col = cols[i];
        bool kept = bsr_in_mask((int)i, row, col, nrow, ncol, tpl_nnz, offsets, row_counts, columns, columns_cap) &&
                    bsr_block_kept(values, scalar_size, zero_mask, block_size, i);
        keys[i] = kept ? ((u64)(unsigned)row << col_bits) | (unsigned)col : BSR_PRUNED;
        indices[i] = (int)i;
    }
}

// Run-length encode of sorted 64-bit keys: heads here, their inclusive scan (the u32
// scan kernels: each key's run number + 1), then each run's key and start, and
// wrpkit_rle_lengths for the lengths.
extern "C" __global__ void wrpkit_bsr_key_heads(const u64* keys, unsigned n, unsigned* flags)
{
    GRID_STRIDE(i, n) flags[i] = i == 0 || keys[i] != keys[i - 1];
}

extern "C" __global__ void wrpkit_bsr_key_runs(const u64* keys, unsigned n, const unsigned* runs, u64* run_keys,
                                               unsigned* starts, int* run_count)
{
    GRID_STRIDE(i, n) {
        if (i == 0 || runs[i] != runs[i - 1]) {
            run_keys[runs[i] - 1] = keys[i];
            starts[runs[i] - 1] = (unsigned)i;
        }
        if (i == n - 1) {
            *run_count = (int)runs[i];
            starts[runs[i]] = n;
        }
    }
}

// offsets[r] (r <= row_count): the first of the first `*count` sorted keys whose row
// (the key's bits above col_bits) is r or more.
extern "C" __global__ void wrpkit_bsr_row_offsets(unsigned row_count, int col_bits, const int* count, unsigned cap,
                                                  const u64* keys, int* offsets)
{
    GRID_STRIDE(r, row_count + 1ull) {
        unsigned row = (unsigned)r, nnz = clamp_count(count, cap);
        if (row == 0 || nnz == 0) {
            offsets[row] = 0;
            continue;
        }
        if ((unsigned)(keys[nnz - 1] >> col_bits) < row) {
            offsets[row] = (int)nnz;
            continue;
        }
        unsigned lower = 0, upper = nnz - 1;
        while (lower < upper) {
            unsigned mid = lower + (upper - lower) / 2;
            if ((unsigned)(keys[mid] >> col_bits) < row)
                lower = mid + 1;
            else
                upper = mid;
        }
        offsets[row] = (int)lower;
    }
}

// columns[i] for i < *count: the key's bits below col_bits.
extern "C" __global__ void wrpkit_bsr_columns(const int* count, unsigned cap, const u64* keys, int col_bits,
                                              int* columns)
{
    unsigned nnz = clamp_count(count, cap);
    GRID_STRIDE(i, nnz) columns[i] = (int)(unsigned)(keys[i] & ((1ull << col_bits) - 1ull));
}

// The blocks of a padded source: the sum of its positive row counts (integers: any order).
extern "C" __global__ void wrpkit_bsr_count_active(int row_count, const int* row_counts, int* active)
{
    GRID_STRIDE(r, row_count) {
        int c = row_counts[r];
        if (c > 0) atomicAdd(active, c);
    }
}

// A transpose's keys: the source block's column above its row; blocks past the source's
// block count or its row's active end are pruned. Values: the source block's index.
extern "C" __global__ void wrpkit_bsr_transpose_keys(unsigned n, int row_count, const int* offsets,
                                                     const int* row_counts, const int* columns, int* indices, u64* keys)
{
    GRID_STRIDE(k, n) {
        int i = (int)k;
        indices[k] = i;
        if (row_count <= 0 || i >= offsets[row_count]) {
            keys[k] = BSR_PRUNED;
            continue;
        }
        int lower = 0, upper = row_count - 1;
        while (lower < upper) {
            int mid = lower + (upper - lower) / 2;
            if (offsets[mid + 1] <= i)
                lower = mid + 1;
            else
                upper = mid;
        }
        int end = row_counts ? offsets[lower] + row_counts[lower] : offsets[lower + 1];
        keys[k] = i >= end ? BSR_PRUNED : ((u64)(unsigned)columns[k] << 32) | (unsigned)lower;
    }
}

// A transpose into a padded destination: each destination row's blocks into its capacity
// (t_offsets holds the capacities); a row that does not fit gets no blocks and raises
// the status (Warp's BSR_STATUS_ROW_CAPACITY_EXCEEDED, 1). Unused slots map to block -1.
extern "C" __global__ void wrpkit_bsr_scatter_padded(int col_count, const int* compact, const u64* keys,
                                                     const int* sorted_indices, const int* t_offsets,
                                                     int* t_row_counts, int* t_columns, unsigned t_columns_cap,
                                                     int* block_indices, unsigned block_indices_cap, int* status)
{
    GRID_STRIDE(r, col_count) {
        int begin = compact[r], count = compact[r + 1] - begin;
        int dest = t_offsets[r], dest_end = t_offsets[r + 1];
        bool fits = dest + count <= dest_end;
        t_row_counts[r] = fits ? count : 0;
        if (!fits && status) atomicMax(status, 1);
        // only the slots inside the block index map: a hostile capacity is no endless loop
        long long lo = dest > 0 ? dest : 0, hi = dest_end < (long long)block_indices_cap ? dest_end : block_indices_cap;
        for (long long b = lo; b < hi; ++b) {
            long long local = b - dest;
            bool used = fits && local < count;
            block_indices[b] = used ? sorted_indices[begin + local] : -1;
            if (used && b < (long long)t_columns_cap) t_columns[b] = (int)(unsigned)(keys[begin + local] & 0xffffffffull);
        }
    }
}
#endif
