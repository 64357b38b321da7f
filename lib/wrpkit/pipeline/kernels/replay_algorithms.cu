
typedef unsigned long long u64;
#define WARPS (BLOCK / 32)
#define PAD(j) ((j) + ((j) >> 5))   /* one spare word per 32: no bank conflicts in blocked reads */

template <class T> __device__ T warp_inclusive(T x)
{
    unsigned lane = threadIdx.x & 31;
    for (int d = 1; d < 32; d <<= 1) {
        T y = __shfl_up_sync(0xffffffffu, x, d);
        if (lane >= d) x += y;
    }
    return x;
}

// Exclusive prefix sum of x over the block; `total` gets the block's sum. sums: WARPS + 1 slots.
template <class T> __device__ T block_exclusive(T x, T* sums, T& total)
{
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    T incl = warp_inclusive(x);
    T excl = __shfl_up_sync(0xffffffffu, incl, 1);
    if (lane == 0) excl = T(0);
    if (lane == 31) sums[warp] = incl;
    __syncthreads();
    if (warp == 0) {
        T s = lane < WARPS ? sums[lane] : T(0);
        T si = warp_inclusive(s);
        T se = __shfl_up_sync(0xffffffffu, si, 1);
        if (lane < WARPS) sums[lane] = lane ? se : T(0);
        if (lane == WARPS - 1) sums[WARPS] = si;
    }
    __syncthreads();
    T r = sums[warp] + excl;
    total = sums[WARPS];
    __syncthreads();
    return r;
}

template <class T> __device__ T block_sum(T x, T* sums)
{
    for (int d = 16; d > 0; d >>= 1) x += __shfl_down_sync(0xffffffffu, x, d);
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (lane == 0) sums[warp] = x;
    __syncthreads();
    T r = T(0);
    if (threadIdx.x == 0)
        for (int w = 0; w < WARPS; ++w) r += sums[w];
    __syncthreads();
    return r;  // valid in thread 0
}

template <class T> __device__ T element(const char* base, u64 i, int stride, unsigned k)
{
    return *(const T*)(base + i * (u64)stride + (u64)k * sizeof(T));
}

// ---- scan: per-tile sums, their exclusive scan, then each tile scanned from its offset
// (a single tile: scan_apply alone, with no offsets). Grid: x = tiles of SCAN_TILE
// elements, y = the component of a vector element.

template <class T> __device__ void scan_sums(const char* in, u64 n, int stride, T* sums, unsigned tiles)
{
    __shared__ T part[WARPS];
    u64 base = (u64)blockIdx.x * SCAN_TILE;
    T acc = T(0);
    for (unsigned j = threadIdx.x; j < SCAN_TILE; j += BLOCK)
        if (base + j < n) acc += element<T>(in, base + j, stride, blockIdx.y);
    T s = block_sum(acc, part);
    if (threadIdx.x == 0) sums[(u64)blockIdx.y * tiles + blockIdx.x] = s;
}

template <class T> __device__ void scan_offsets(T* sums, unsigned tiles)
{
    __shared__ T part[WARPS + 1];
    T* row = sums + (u64)blockIdx.y * tiles;
    T carry = T(0);
    for (unsigned j0 = 0; j0 < tiles; j0 += BLOCK) {
        unsigned j = j0 + threadIdx.x;
        T v = j < tiles ? row[j] : T(0), total;
        T e = block_exclusive(v, part, total);
        if (j < tiles) row[j] = carry + e;
        carry += total;
    }
}

template <class T>
__device__ void scan_apply(const char* in, char* out, u64 n, int in_stride, int out_stride, const T* offsets,
                           unsigned tiles, int inclusive)
{
    __shared__ T tile[PAD(SCAN_TILE)];
    __shared__ T part[WARPS + 1];
    unsigned k = blockIdx.y;
    u64 base = (u64)blockIdx.x * SCAN_TILE;
    for (unsigned j = threadIdx.x; j < SCAN_TILE; j += BLOCK)
        tile[PAD(j)] = base + j < n ? element<T>(in, base + j, in_stride, k) : T(0);
    __syncthreads();
    T items[SCAN_ITEMS], acc = T(0), total;
    for (int q = 0; q < SCAN_ITEMS; ++q) {
        items[q] = tile[PAD(threadIdx.x * SCAN_ITEMS + q)];
        acc += items[q];
    }
    T first = offsets ? offsets[(u64)k * tiles + blockIdx.x] : T(0);  // no offsets: a scan of one tile
    T run = first + block_exclusive(acc, part, total);
    for (int q = 0; q < SCAN_ITEMS; ++q) {
        T before = run;
        run += items[q];
        tile[PAD(threadIdx.x * SCAN_ITEMS + q)] = inclusive ? run : before;
    }
    __syncthreads();
    for (unsigned j = threadIdx.x; j < SCAN_TILE; j += BLOCK)
        if (base + j < n) *(T*)(out + (base + j) * (u64)out_stride + (u64)k * sizeof(T)) = tile[PAD(j)];
}

#define SCAN_KERNELS(NAME, T)                                                                                     \
    extern "C" __global__ void wrpkit_scan_sums_##NAME(const char* in, u64 n, int stride, T* sums, unsigned tiles) \
    { scan_sums<T>(in, n, stride, sums, tiles); }                                                                 \
    extern "C" __global__ void wrpkit_scan_offsets_##NAME(T* sums, unsigned tiles) { scan_offsets<T>(sums, tiles); } \
    extern "C" __global__ void wrpkit_scan_apply_##NAME(const char* in, char* out, u64 n, int in_stride,           \
                                                        int out_stride, const T* offsets, unsigned tiles, int inclusive) \
    { scan_apply<T>(in, out, n, in_stride, out_stride, offsets, tiles, inclusive); }
#ifdef WRPKIT_SCAN_U32
SCAN_KERNELS(u32, unsigned)
#endif
#ifdef WRPKIT_SCAN_U64
SCAN_KERNELS(u64, u64)
#endif
#ifdef WRPKIT_SCAN_F32
SCAN_KERNELS(f32, float)
#endif
#ifdef WRPKIT_SCAN_F64
SCAN_KERNELS(f64, double)
#endif

// ---- reduction: per-block partial sums (grid y: component of a sum), then one block adds
// them; with one block the partial sums are the result (partials = out).
// sum: out[k] = sum_i a[i][k]; inner product: out[0] = sum_i sum_k a[i][k] * b[i][k].

template <class T>
__device__ void reduce_partials(const char* a, const char* b, u64 n, int sa, int sb, int type_len, int inner,
                                T* partials, unsigned blocks)
{
    __shared__ T part[WARPS];
    T acc = T(0);
    for (u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x; i < n; i += (u64)blocks * BLOCK) {
        if (inner) {
            for (int c = 0; c < type_len; ++c) acc += element<T>(a, i, sa, c) * element<T>(b, i, sb, c);
        } else {
            acc += element<T>(a, i, sa, blockIdx.y);
        }
    }
    T s = block_sum(acc, part);
    if (threadIdx.x == 0) partials[(u64)blockIdx.y * blocks + blockIdx.x] = s;
}

template <class T> __device__ void reduce_final(const T* partials, unsigned blocks, T* out)
{
    __shared__ T part[WARPS];
    T acc = T(0);
    for (unsigned j = threadIdx.x; j < blocks; j += BLOCK) acc += partials[(u64)blockIdx.y * blocks + j];
    T s = block_sum(acc, part);
    if (threadIdx.x == 0) out[blockIdx.y] = s;
}

#define REDUCE_KERNELS(NAME, T)                                                                                 \
    extern "C" __global__ void wrpkit_reduce_partials_##NAME(const char* a, const char* b, u64 n, int sa, int sb, \
                                                             int type_len, int inner, T* partials, unsigned blocks) \
    { reduce_partials<T>(a, b, n, sa, sb, type_len, inner, partials, blocks); }                                 \
    extern "C" __global__ void wrpkit_reduce_final_##NAME(const T* partials, unsigned blocks, T* out)           \
    { reduce_final<T>(partials, blocks, out); }
#ifdef WRPKIT_REDUCE_F32
REDUCE_KERNELS(f32, float)
#endif
#ifdef WRPKIT_REDUCE_F64
REDUCE_KERNELS(f64, double)
#endif

// ---- radix sort. Keys sort by their bits [shift, shift + bits) after the twiddle that
// makes unsigned order the key's order: kind 0 unsigned, 1 signed, 2 float (-0.0 as +0.0).

__device__ unsigned twiddle(unsigned k, int kind)
{
    if (kind == 1) return k ^ 0x80000000u;
    if (kind == 2) {
        if (k == 0x80000000u) k = 0;
        return (k & 0x80000000u) ? ~k : (k ^ 0x80000000u);
    }
    return k;
}

__device__ u64 twiddle(u64 k, int kind)
{
    const u64 sign = 1ull << 63;
    if (kind == 1) return k ^ sign;
    if (kind == 2) {
        if (k == sign) k = 0;
        return (k & sign) ? ~k : (k ^ sign);
    }
    return k;
}

template <class K> __device__ unsigned digit_of(K key, int kind, int shift, int bits)
{
    return (unsigned)(twiddle(key, kind) >> shift) & ((1u << bits) - 1u);
}

// Stable rank of one 256-element chunk: each active thread's place among this
// chunk's elements of its digit, after those of earlier chunks (`seen`, 256
// counters the caller zeroes once). Every thread of the block must call it.
__device__ unsigned chunk_rank(unsigned digit, bool active, unsigned* warp_counts, unsigned* seen)
{
    unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int w = 0; w < WARPS; ++w) warp_counts[w * 256 + threadIdx.x] = 0;
    __syncthreads();
    unsigned peers = __match_any_sync(0xffffffffu, active ? digit : 256u + lane);
    unsigned rank = __popc(peers & ((1u << lane) - 1u));
    if (active && rank == 0) warp_counts[warp * 256 + digit] = __popc(peers);
    __syncthreads();
    unsigned running = seen[threadIdx.x];
    for (int w = 0; w < WARPS; ++w) {
        unsigned c = warp_counts[w * 256 + threadIdx.x];
        warp_counts[w * 256 + threadIdx.x] = running;
        running += c;
    }
    seen[threadIdx.x] = running;
    __syncthreads();
    unsigned pos = active ? warp_counts[warp * 256 + digit] + rank : 0u;
    __syncthreads();
    return pos;
}

// hist[d * tiles + t]: elements of tile t with digit d (digit-major, so one exclusive
// scan of the whole array gives every tile's first slot for every digit).
template <class K>
__device__ void radix_histogram(const K* keys, unsigned n, int kind, int shift, int bits, unsigned* hist,
                                unsigned tiles)
{
    __shared__ unsigned counts[256];
    counts[threadIdx.x] = 0;
    __syncthreads();
    u64 base = (u64)blockIdx.x * SORT_TILE;
    for (unsigned j = threadIdx.x; j < SORT_TILE; j += BLOCK)
        if (base + j < n) atomicAdd(&counts[digit_of(keys[base + j], kind, shift, bits)], 1u);
    __syncthreads();
    hist[(u64)threadIdx.x * tiles + blockIdx.x] = counts[threadIdx.x];
}

template <class K, class V>
__device__ void radix_scatter(const K* sk, const V* sv, K* dk, V* dv, unsigned n, int kind, int shift, int bits,
                              const unsigned* offsets, unsigned tiles)
{
    __shared__ unsigned warp_counts[WARPS * 256], seen[256], first[256];
    seen[threadIdx.x] = 0;
    first[threadIdx.x] = offsets[(u64)threadIdx.x * tiles + blockIdx.x];
    __syncthreads();
    u64 base = (u64)blockIdx.x * SORT_TILE;
    for (unsigned c = 0; c < SORT_CHUNKS && base + c * BLOCK < n; ++c) {
        u64 i = base + c * BLOCK + threadIdx.x;
        bool active = i < n;
        K key = active ? sk[i] : K(0);
        unsigned d = active ? digit_of(key, kind, shift, bits) : 0u;
        unsigned pos = chunk_rank(d, active, warp_counts, seen);
        if (active) {
            dk[first[d] + pos] = key;
            dv[first[d] + pos] = sv[i];
        }
    }
}

#define RADIX_HISTOGRAM(NAME, K)                                                                                  \
    extern "C" __global__ void wrpkit_radix_histogram_##NAME(const K* keys, unsigned n, int kind, int shift,      \
                                                             int bits, unsigned* hist, unsigned tiles)            \
    { radix_histogram<K>(keys, n, kind, shift, bits, hist, tiles); }
#define RADIX_SCATTER(NAME, K, V)                                                                                 \
    extern "C" __global__ void wrpkit_radix_scatter_##NAME(const K* sk, const V* sv, K* dk, V* dv, unsigned n,    \
                                                           int kind, int shift, int bits, const unsigned* offsets, \
                                                           unsigned tiles)                                        \
    { radix_scatter<K, V>(sk, sv, dk, dv, n, kind, shift, bits, offsets, tiles); }
#ifdef WRPKIT_RADIX_K32
RADIX_HISTOGRAM(k32, unsigned)
RADIX_SCATTER(k32_v32, unsigned, unsigned)
RADIX_SCATTER(k32_v64, unsigned, u64)
#endif
#ifdef WRPKIT_RADIX_K64
RADIX_HISTOGRAM(k64, u64)
RADIX_SCATTER(k64_v32, u64, unsigned)
RADIX_SCATTER(k64_v64, u64, u64)
#endif

// ---- one block sorts a range: LSD passes of 8 bits over [begin, end) between the
// arrays' halves (as Warp's DoubleBuffer), then the result is copied to the other
// half: Warp records the copy-back it made after CUB while capturing (second half to
// first) as graph ops, so both halves must hold the result.
struct BlockShared {
    unsigned warp_counts[WARPS * 256], seen[256], first[256], part[WARPS + 1];
};

template <class K, class V>
__device__ void block_sort(K* k0, K* k1, V* v0, V* v1, unsigned len, int kind, int begin, int end, BlockShared& sh)
{
    bool in_first = true;
    for (int shift = begin; shift < end && len > 1; shift += 8, in_first = !in_first) {
        int bits = end - shift < 8 ? end - shift : 8;
        const K* sk = in_first ? k0 : k1;
        const V* sv = in_first ? v0 : v1;
        K* dk = in_first ? k1 : k0;
        V* dv = in_first ? v1 : v0;
        sh.seen[threadIdx.x] = 0;
        __syncthreads();
        for (unsigned j = threadIdx.x; j < len; j += BLOCK) atomicAdd(&sh.seen[digit_of(sk[j], kind, shift, bits)], 1u);
        __syncthreads();
        unsigned total;
        sh.first[threadIdx.x] = block_exclusive(sh.seen[threadIdx.x], sh.part, total);
        sh.seen[threadIdx.x] = 0;
        __syncthreads();
        for (unsigned j0 = 0; j0 < len; j0 += BLOCK) {
            unsigned j = j0 + threadIdx.x;
            bool active = j < len;
            K key = active ? sk[j] : K(0);
            unsigned d = active ? digit_of(key, kind, shift, bits) : 0u;
            unsigned pos = chunk_rank(d, active, sh.warp_counts, sh.seen);
            if (active) {
                dk[sh.first[d] + pos] = key;
                dv[sh.first[d] + pos] = sv[j];
            }
        }
        __syncthreads();
    }
    K *rk = in_first ? k0 : k1, *ok = in_first ? k1 : k0;
    V *rv = in_first ? v0 : v1, *ov = in_first ? v1 : v0;
    for (unsigned j = threadIdx.x; j < len; j += BLOCK) {
        ok[j] = rk[j];
        ov[j] = rv[j];
    }
}

// A radix sort of at most one sort tile: one block, one graph node.
#define RADIX_TILE(NAME, K, V)                                                                                    \
    extern "C" __global__ void wrpkit_radix_tile_##NAME(K* keys, V* values, unsigned n, int kind, int begin,      \
                                                        int end)                                                  \
    {                                                                                                             \
        __shared__ BlockShared sh;                                                                                \
        block_sort<K, V>(keys, keys + n, values, values + n, n, kind, begin, end, sh);                            \
    }
#ifdef WRPKIT_RADIX_K32
RADIX_TILE(k32_v32, unsigned, unsigned)
RADIX_TILE(k32_v64, unsigned, u64)
#endif
#ifdef WRPKIT_RADIX_K64
RADIX_TILE(k64_v32, u64, unsigned)
RADIX_TILE(k64_v64, u64, u64)
#endif

// ---- segmented sort: one block per segment sorts its 32-bit keys and values by all 32
// bits. Segments Warp's loader would treat as empty (start < 0, end < start, end > n)
// are skipped; elements outside every segment stay.
#ifdef WRPKIT_SEGMENTED_SORT
extern "C" __global__ void wrpkit_segmented_sort(unsigned* keys, unsigned* values, unsigned n, const int* starts,
                                                 const int* ends, int kind)
{
    __shared__ BlockShared sh;
    int s = starts[blockIdx.x], e = ends[blockIdx.x];
    if (s < 0 || e < s || (unsigned)e > n) return;
    block_sort<unsigned, unsigned>(keys + s, keys + n + s, values + s, values + n + s, (unsigned)(e - s), kind, 0, 32,
                                   sh);
}

#endif

// ---- run-length encode of int32 values: heads, their inclusive scan (each element's
// run number + 1, by the u32 scan kernels), then each run's value, start and length;
// at most one scan tile of values: all of it in one block (rle_tile).

#ifdef WRPKIT_RLE
extern "C" __global__ void wrpkit_rle_tile(const int* v, unsigned n, int* run_values, int* run_lengths, int* run_count)
{
    __shared__ unsigned starts[SCAN_TILE + 1];
    __shared__ unsigned part[WARPS + 1];
    unsigned first = threadIdx.x * SCAN_ITEMS, heads = 0, total;
    for (unsigned i = first; i < first + SCAN_ITEMS && i < n; ++i) heads += i == 0 || v[i] != v[i - 1];
    unsigned run = block_exclusive(heads, part, total);
    for (unsigned i = first; i < first + SCAN_ITEMS && i < n; ++i)
        if (i == 0 || v[i] != v[i - 1]) {
            run_values[run] = v[i];
            starts[run++] = i;
        }
    if (threadIdx.x == 0) {
        starts[total] = n;
        *run_count = (int)total;
    }
    __syncthreads();
    for (unsigned r = threadIdx.x; r < total; r += BLOCK) run_lengths[r] = (int)(starts[r + 1] - starts[r]);
}

extern "C" __global__ void wrpkit_rle_heads(const int* v, unsigned n, unsigned* flags)
{
    for (u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x; i < n; i += (u64)gridDim.x * BLOCK)
        flags[i] = i == 0 || v[i] != v[i - 1];
}

extern "C" __global__ void wrpkit_rle_runs(const int* v, unsigned n, const unsigned* runs, int* run_values,
                                           unsigned* starts, int* run_count)
{
    for (u64 i = (u64)blockIdx.x * BLOCK + threadIdx.x; i < n; i += (u64)gridDim.x * BLOCK) {
        if (i == 0 || runs[i] != runs[i - 1]) {
            run_values[runs[i] - 1] = v[i];
            starts[runs[i] - 1] = (unsigned)i;
        }
        if (i == n - 1) {
            *run_count = (int)runs[i];
            starts[runs[i]] = n;
        }
    }
}

extern "C" __global__ void wrpkit_rle_lengths(const unsigned* starts, const int* run_count, int* run_lengths)
{
    unsigned count = (unsigned)*run_count;
    for (u64 r = (u64)blockIdx.x * BLOCK + threadIdx.x; r < count; r += (u64)gridDim.x * BLOCK)
        run_lengths[r] = (int)(starts[r + 1] - starts[r]);
}
#endif
