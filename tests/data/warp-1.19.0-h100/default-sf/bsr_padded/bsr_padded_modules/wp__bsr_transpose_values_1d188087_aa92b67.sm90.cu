#define WP_NO_BFLOAT16

#define WP_TILE_BLOCK_DIM 256
#define WP_NO_CRT
#include "builtin.h"
#include "deterministic.h"

// Map wp.breakpoint() to a device brkpt at the call site so cuda-gdb attributes the stop to the generated .cu line
#if defined(__CUDACC__) && !defined(_MSC_VER)
#define __debugbreak() __brkpt()
#endif

#define builtin_tid1d() wp::tid(_idx, dim)
#define builtin_tid2d(x, y) wp::tid(x, y, _idx, dim)
#define builtin_tid3d(x, y, z) wp::tid(x, y, z, _idx, dim)
#define builtin_tid4d(x, y, z, w) wp::tid(x, y, z, w, _idx, dim)

#define builtin_block_dim() wp::block_dim()

// CUDA Thread Block Cluster shape declaration. Expands to __cluster_dims__
// only on devices that support clusters (compute capability 9.0+); otherwise
// expands to nothing so the same source compiles cleanly for any target arch.
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 900)
#define WP_CLUSTER_DIMS(x, y, z) __cluster_dims__(x, y, z)
#else
#define WP_CLUSTER_DIMS(x, y, z)
#endif

// Maximum registers per thread. __maxnreg__ was added in CUDA Toolkit 12.4;
// older toolkits ignore the opt-in so the same source remains compilable.
#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 4))
#define WP_MAXNREG(n) __maxnreg__(n)
#else
#define WP_MAXNREG(n)
#endif

// Allow PTXAS to spill registers into shared memory. CUDA Toolkit 13.0
// introduced the pragma, which is unavailable in device-debug compilation.
#if defined(__CUDACC_VER_MAJOR__) && (__CUDACC_VER_MAJOR__ >= 13) && !defined(_DEBUG)
#define WP_ENABLE_SMEM_SPILLING() asm volatile(".pragma \"enable_smem_spilling\";");
#else
#define WP_ENABLE_SMEM_SPILLING()
#endif


// avoid namespacing of float type for casting to float type, this is to avoid wp::float(x), which is not valid in C++
#define float(x) cast_float(x)
#define adj_float(x, adj_x, adj_ret) adj_cast_float(x, adj_x, adj_ret)

#define int(x) cast_int(x)
#define adj_int(x, adj_x, adj_ret) adj_cast_int(x, adj_x, adj_ret)


// /tmp/warp/1.19.0/warp/_src/sparse.py:2090
static CUDA_CALLABLE wp::int32 bsr_row_index_0(
    wp::array_t<wp::int32> var_offsets,
    wp::int32 var_row_count,
    wp::int32 var_block_index)
{
    //---------
    // primal vars
    wp::int32* var_0;
    bool var_1;
    wp::int32 var_2;
    const wp::int32 var_3 = 0;
    const wp::int32 var_4 = 1;
    wp::int32 var_5;
    const wp::int32 var_6 = 1;
    wp::int32 var_7;
    wp::int32 var_8;
    const wp::int32 var_9 = 0;
    wp::int32 var_10;
    const wp::int32 var_11 = 1;
    wp::int32 var_12;
    //---------
    // forward
    // def bsr_row_index(                                                                     <L 2091>
    // return wp.where(block_index < offsets[row_count], wp.lower_bound(offsets, 0, row_count + 1, block_index + 1), 0) - 1       <L 2106>
    var_0 = wp::address(var_offsets, var_row_count);
    var_2 = wp::load(var_0);
    var_1 = (var_block_index < var_2);
    var_5 = wp::add(var_row_count, var_4);
    var_7 = wp::add(var_block_index, var_6);
    var_8 = wp::lower_bound(var_offsets, var_3, var_5, var_7);
    var_10 = wp::where(var_1, var_8, var_9);
    var_12 = wp::sub(var_10, var_11);
    return var_12;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2109
static CUDA_CALLABLE wp::int32 bsr_row_index_1(
    wp::array_t<wp::int32> var_offsets,
    wp::int32 var_row_count,
    wp::int32 var_block_index,
    wp::array_t<wp::int32> var_row_counts)
{
    //---------
    // primal vars
    wp::int32 var_0;
    bool var_1;
    const wp::int32 var_2 = 0;
    bool var_3;
    wp::int32* var_4;
    wp::int32* var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    wp::int32 var_8;
    bool var_9;
    const wp::int32 var_10 = -1;
    wp::int32 var_11;
    wp::int32 var_12;
    //---------
    // forward
    // def bsr_row_index(                                                                     <L 2110>
    // row = bsr_row_index(offsets, row_count, block_index)                                   <L 2124>
    var_0 = bsr_row_index_0(var_offsets, var_row_count, var_block_index);
    // if row_counts and row >= 0:                                                            <L 2125>
    var_1 = var_row_counts;
    if (var_1) {
        var_3 = (var_0 >= var_2);
        var_1 = var_1 && var_3;
    }
    if (var_1) {
        // if block_index >= offsets[row] + row_counts[row]:                                  <L 2126>
        var_4 = wp::address(var_offsets, var_0);
        var_5 = wp::address(var_row_counts, var_0);
        var_7 = wp::load(var_4);
        var_8 = wp::load(var_5);
        var_6 = wp::add(var_7, var_8);
        var_9 = (var_block_index >= var_6);
        if (var_9) {
            // row = -1                                                                       <L 2127>
        }
        var_11 = wp::where(var_9, var_10, var_0);
    }
    var_12 = wp::where(var_1, var_11, var_0);
    // return row                                                                             <L 2129>
    return var_12;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:693
static CUDA_CALLABLE wp::int32 _bsr_row_end_0(
    wp::array_t<wp::int32> var_offsets,
    wp::array_t<wp::int32> var_row_counts,
    wp::int32 var_row)
{
    //---------
    // primal vars
    wp::int32* var_0;
    wp::int32* var_1;
    wp::int32 var_2;
    wp::int32 var_3;
    wp::int32 var_4;
    const wp::int32 var_5 = 1;
    wp::int32 var_6;
    wp::int32* var_7;
    wp::int32 var_8;
    wp::int32 var_9;
    //---------
    // forward
    // def _bsr_row_end(offsets: wp.array(dtype=int), row_counts: wp.array(dtype=int), row: int) -> int:       <L 694>
    // if row_counts:                                                                         <L 695>
    if (var_row_counts) {
        // return offsets[row] + row_counts[row]                                              <L 696>
        var_0 = wp::address(var_offsets, var_row);
        var_1 = wp::address(var_row_counts, var_row);
        var_3 = wp::load(var_0);
        var_4 = wp::load(var_1);
        var_2 = wp::add(var_3, var_4);
        return var_2;
    }
    // return offsets[row + 1]                                                                <L 697>
    var_6 = wp::add(var_row, var_5);
    var_7 = wp::address(var_offsets, var_6);
    var_9 = wp::load(var_7);
    var_8 = wp::copy(var_9);
    return var_8;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2132
static CUDA_CALLABLE wp::int32 _bsr_row_block_index_0(
    wp::int32 var_col,
    wp::int32 var_row_beg,
    wp::int32 var_row_end,
    wp::array_t<wp::int32> var_bsr_columns)
{
    //---------
    // primal vars
    bool var_0;
    const wp::int32 var_1 = -1;
    wp::int32 var_2;
    bool var_3;
    const wp::int32 var_4 = -1;
    wp::int32* var_5;
    bool var_6;
    wp::int32 var_7;
    const wp::int32 var_8 = -1;
    wp::int32 var_9;
    //---------
    // forward
    // def _bsr_row_block_index(                                                              <L 2133>
    // if row_beg == row_end:                                                                 <L 2139>
    var_0 = (var_row_beg == var_row_end);
    if (var_0) {
        // return -1                                                                          <L 2140>
        return var_1;
    }
    // block_index = wp.lower_bound(bsr_columns, row_beg, row_end, col)                       <L 2142>
    var_2 = wp::lower_bound(var_bsr_columns, var_row_beg, var_row_end, var_col);
    // if block_index == row_end:                                                             <L 2143>
    var_3 = (var_2 == var_row_end);
    if (var_3) {
        // return -1                                                                          <L 2144>
        return var_4;
    }
    // return wp.where(bsr_columns[block_index] == col, block_index, -1)                      <L 2145>
    var_5 = wp::address(var_bsr_columns, var_2);
    var_7 = wp::load(var_5);
    var_6 = (var_7 == var_col);
    var_9 = wp::where(var_6, var_2, var_8);
    return var_9;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2177
static CUDA_CALLABLE wp::int32 bsr_block_index_1(
    wp::int32 var_row,
    wp::int32 var_col,
    wp::array_t<wp::int32> var_bsr_offsets,
    wp::array_t<wp::int32> var_bsr_columns,
    wp::array_t<wp::int32> var_bsr_row_counts)
{
    //---------
    // primal vars
    const wp::int32 var_0 = 0;
    bool var_1;
    const wp::int32 var_2 = -1;
    wp::int32* var_3;
    wp::int32 var_4;
    wp::int32 var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    //---------
    // forward
    // def bsr_block_index(                                                                   <L 2178>
    // if row < 0:                                                                            <L 2193>
    var_1 = (var_row < var_0);
    if (var_1) {
        // return -1                                                                          <L 2194>
        return var_2;
    }
    // row_beg = bsr_offsets[row]                                                             <L 2196>
    var_3 = wp::address(var_bsr_offsets, var_row);
    var_5 = wp::load(var_3);
    var_4 = wp::copy(var_5);
    // row_end = _bsr_row_end(bsr_offsets, bsr_row_counts, row)                               <L 2197>
    var_6 = _bsr_row_end_0(var_bsr_offsets, var_bsr_row_counts, var_row);
    // return _bsr_row_block_index(col, row_beg, row_end, bsr_columns)                        <L 2199>
    var_7 = _bsr_row_block_index_0(var_col, var_4, var_6, var_bsr_columns);
    return var_7;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2090
static CUDA_CALLABLE void adj_bsr_row_index_0(
    wp::array_t<wp::int32> var_offsets,
    wp::int32 var_row_count,
    wp::int32 var_block_index,
    wp::array_t<wp::int32> & adj_offsets,
    wp::int32 & adj_row_count,
    wp::int32 & adj_block_index,
    wp::int32 & adj_ret)
{
    //---------
    // primal vars
    wp::int32* var_0;
    bool var_1;
    wp::int32 var_2;
    const wp::int32 var_3 = 0;
    const wp::int32 var_4 = 1;
    wp::int32 var_5;
    const wp::int32 var_6 = 1;
    wp::int32 var_7;
    wp::int32 var_8;
    const wp::int32 var_9 = 0;
    wp::int32 var_10;
    const wp::int32 var_11 = 1;
    wp::int32 var_12;
    //---------
    // dual vars
    wp::int32 adj_0 = {};
    bool adj_1 = {};
    wp::int32 adj_2 = {};
    wp::int32 adj_3 = {};
    wp::int32 adj_4 = {};
    wp::int32 adj_5 = {};
    wp::int32 adj_6 = {};
    wp::int32 adj_7 = {};
    wp::int32 adj_8 = {};
    wp::int32 adj_9 = {};
    wp::int32 adj_10 = {};
    wp::int32 adj_11 = {};
    wp::int32 adj_12 = {};
    //---------
    // forward
    // def bsr_row_index(                                                                     <L 2091>
    // return wp.where(block_index < offsets[row_count], wp.lower_bound(offsets, 0, row_count + 1, block_index + 1), 0) - 1       <L 2106>
    var_0 = wp::address(var_offsets, var_row_count);
    var_2 = wp::load(var_0);
    var_1 = (var_block_index < var_2);
    var_5 = wp::add(var_row_count, var_4);
    var_7 = wp::add(var_block_index, var_6);
    var_8 = wp::lower_bound(var_offsets, var_3, var_5, var_7);
    var_10 = wp::where(var_1, var_8, var_9);
    var_12 = wp::sub(var_10, var_11);
    goto label0;
    //---------
    // reverse
    label0:;
    adj_12 += adj_ret;
    wp::adj_sub(var_10, var_11, adj_10, adj_11, adj_12);
    wp::adj_where(var_1, var_8, var_9, adj_1, adj_8, adj_9, adj_10);
    wp::adj_add(var_block_index, var_6, adj_block_index, adj_6, adj_7);
    wp::adj_add(var_row_count, var_4, adj_row_count, adj_4, adj_5);
    wp::adj_address(var_offsets, var_row_count, adj_offsets, adj_row_count, adj_0);
    // adj: return wp.where(block_index < offsets[row_count], wp.lower_bound(offsets, 0, row_count + 1, block_index + 1), 0) - 1  <L 2106>
    // adj: def bsr_row_index(                                                                <L 2091>
    return;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2109
static CUDA_CALLABLE void adj_bsr_row_index_1(
    wp::array_t<wp::int32> var_offsets,
    wp::int32 var_row_count,
    wp::int32 var_block_index,
    wp::array_t<wp::int32> var_row_counts,
    wp::array_t<wp::int32> & adj_offsets,
    wp::int32 & adj_row_count,
    wp::int32 & adj_block_index,
    wp::array_t<wp::int32> & adj_row_counts,
    wp::int32 & adj_ret)
{
    //---------
    // primal vars
    wp::int32 var_0;
    bool var_1;
    const wp::int32 var_2 = 0;
    bool var_3;
    wp::int32* var_4;
    wp::int32* var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    wp::int32 var_8;
    bool var_9;
    const wp::int32 var_10 = -1;
    wp::int32 var_11;
    wp::int32 var_12;
    //---------
    // dual vars
    wp::int32 adj_0 = {};
    bool adj_1 = {};
    wp::int32 adj_2 = {};
    bool adj_3 = {};
    wp::int32 adj_4 = {};
    wp::int32 adj_5 = {};
    wp::int32 adj_6 = {};
    wp::int32 adj_7 = {};
    wp::int32 adj_8 = {};
    bool adj_9 = {};
    wp::int32 adj_10 = {};
    wp::int32 adj_11 = {};
    wp::int32 adj_12 = {};
    //---------
    // forward
    // def bsr_row_index(                                                                     <L 2110>
    // row = bsr_row_index(offsets, row_count, block_index)                                   <L 2124>
    var_0 = bsr_row_index_0(var_offsets, var_row_count, var_block_index);
    // if row_counts and row >= 0:                                                            <L 2125>
    var_1 = var_row_counts;
    if (var_1) {
        var_3 = (var_0 >= var_2);
        var_1 = var_1 && var_3;
    }
    if (var_1) {
        // if block_index >= offsets[row] + row_counts[row]:                                  <L 2126>
        var_4 = wp::address(var_offsets, var_0);
        var_5 = wp::address(var_row_counts, var_0);
        var_7 = wp::load(var_4);
        var_8 = wp::load(var_5);
        var_6 = wp::add(var_7, var_8);
        var_9 = (var_block_index >= var_6);
        if (var_9) {
            // row = -1                                                                       <L 2127>
        }
        var_11 = wp::where(var_9, var_10, var_0);
    }
    var_12 = wp::where(var_1, var_11, var_0);
    // return row                                                                             <L 2129>
    goto label0;
    //---------
    // reverse
    label0:;
    adj_12 += adj_ret;
    // adj: return row                                                                        <L 2129>
    wp::adj_where(var_1, var_11, var_0, adj_1, adj_11, adj_0, adj_12);
    if (var_1) {
        wp::adj_where(var_9, var_10, var_0, adj_9, adj_10, adj_0, adj_11);
        if (var_9) {
            // adj: row = -1                                                                  <L 2127>
        }
        wp::adj_add(var_7, var_8, adj_4, adj_5, adj_6);
        wp::adj_address(var_row_counts, var_0, adj_row_counts, adj_0, adj_5);
        wp::adj_address(var_offsets, var_0, adj_offsets, adj_0, adj_4);
        // adj: if block_index >= offsets[row] + row_counts[row]:                             <L 2126>
    }
    if (var_1) {
    }
    // adj: if row_counts and row >= 0:                                                       <L 2125>
    adj_bsr_row_index_0(var_offsets, var_row_count, var_block_index, adj_offsets, adj_row_count, adj_block_index, adj_0);
    // adj: row = bsr_row_index(offsets, row_count, block_index)                              <L 2124>
    // adj: def bsr_row_index(                                                                <L 2110>
    return;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:693
static CUDA_CALLABLE void adj__bsr_row_end_0(
    wp::array_t<wp::int32> var_offsets,
    wp::array_t<wp::int32> var_row_counts,
    wp::int32 var_row,
    wp::array_t<wp::int32> & adj_offsets,
    wp::array_t<wp::int32> & adj_row_counts,
    wp::int32 & adj_row,
    wp::int32 & adj_ret)
{
    //---------
    // primal vars
    wp::int32* var_0;
    wp::int32* var_1;
    wp::int32 var_2;
    wp::int32 var_3;
    wp::int32 var_4;
    const wp::int32 var_5 = 1;
    wp::int32 var_6;
    wp::int32* var_7;
    wp::int32 var_8;
    wp::int32 var_9;
    //---------
    // dual vars
    wp::int32 adj_0 = {};
    wp::int32 adj_1 = {};
    wp::int32 adj_2 = {};
    wp::int32 adj_3 = {};
    wp::int32 adj_4 = {};
    wp::int32 adj_5 = {};
    wp::int32 adj_6 = {};
    wp::int32 adj_7 = {};
    wp::int32 adj_8 = {};
    wp::int32 adj_9 = {};
    //---------
    // forward
    // def _bsr_row_end(offsets: wp.array(dtype=int), row_counts: wp.array(dtype=int), row: int) -> int:       <L 694>
    // if row_counts:                                                                         <L 695>
    if (var_row_counts) {
        // return offsets[row] + row_counts[row]                                              <L 696>
        var_0 = wp::address(var_offsets, var_row);
        var_1 = wp::address(var_row_counts, var_row);
        var_3 = wp::load(var_0);
        var_4 = wp::load(var_1);
        var_2 = wp::add(var_3, var_4);
        goto label0;
    }
    // return offsets[row + 1]                                                                <L 697>
    var_6 = wp::add(var_row, var_5);
    var_7 = wp::address(var_offsets, var_6);
    var_9 = wp::load(var_7);
    var_8 = wp::copy(var_9);
    goto label1;
    //---------
    // reverse
    label1:;
    adj_8 += adj_ret;
    wp::adj_copy(var_9, adj_7, adj_8);
    wp::adj_address(var_offsets, var_6, adj_offsets, adj_6, adj_7);
    wp::adj_add(var_row, var_5, adj_row, adj_5, adj_6);
    // adj: return offsets[row + 1]                                                           <L 697>
    if (var_row_counts) {
        label0:;
        adj_2 += adj_ret;
        wp::adj_add(var_3, var_4, adj_0, adj_1, adj_2);
        wp::adj_address(var_row_counts, var_row, adj_row_counts, adj_row, adj_1);
        wp::adj_address(var_offsets, var_row, adj_offsets, adj_row, adj_0);
        // adj: return offsets[row] + row_counts[row]                                         <L 696>
    }
    // adj: if row_counts:                                                                    <L 695>
    // adj: def _bsr_row_end(offsets: wp.array(dtype=int), row_counts: wp.array(dtype=int), row: int) -> int:  <L 694>
    return;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2132
static CUDA_CALLABLE void adj__bsr_row_block_index_0(
    wp::int32 var_col,
    wp::int32 var_row_beg,
    wp::int32 var_row_end,
    wp::array_t<wp::int32> var_bsr_columns,
    wp::int32 & adj_col,
    wp::int32 & adj_row_beg,
    wp::int32 & adj_row_end,
    wp::array_t<wp::int32> & adj_bsr_columns,
    wp::int32 & adj_ret)
{
    //---------
    // primal vars
    bool var_0;
    const wp::int32 var_1 = -1;
    wp::int32 var_2;
    bool var_3;
    const wp::int32 var_4 = -1;
    wp::int32* var_5;
    bool var_6;
    wp::int32 var_7;
    const wp::int32 var_8 = -1;
    wp::int32 var_9;
    //---------
    // dual vars
    bool adj_0 = {};
    wp::int32 adj_1 = {};
    wp::int32 adj_2 = {};
    bool adj_3 = {};
    wp::int32 adj_4 = {};
    wp::int32 adj_5 = {};
    bool adj_6 = {};
    wp::int32 adj_7 = {};
    wp::int32 adj_8 = {};
    wp::int32 adj_9 = {};
    //---------
    // forward
    // def _bsr_row_block_index(                                                              <L 2133>
    // if row_beg == row_end:                                                                 <L 2139>
    var_0 = (var_row_beg == var_row_end);
    if (var_0) {
        // return -1                                                                          <L 2140>
        goto label0;
    }
    // block_index = wp.lower_bound(bsr_columns, row_beg, row_end, col)                       <L 2142>
    var_2 = wp::lower_bound(var_bsr_columns, var_row_beg, var_row_end, var_col);
    // if block_index == row_end:                                                             <L 2143>
    var_3 = (var_2 == var_row_end);
    if (var_3) {
        // return -1                                                                          <L 2144>
        goto label1;
    }
    // return wp.where(bsr_columns[block_index] == col, block_index, -1)                      <L 2145>
    var_5 = wp::address(var_bsr_columns, var_2);
    var_7 = wp::load(var_5);
    var_6 = (var_7 == var_col);
    var_9 = wp::where(var_6, var_2, var_8);
    goto label2;
    //---------
    // reverse
    label2:;
    adj_9 += adj_ret;
    wp::adj_where(var_6, var_2, var_8, adj_6, adj_2, adj_8, adj_9);
    wp::adj_address(var_bsr_columns, var_2, adj_bsr_columns, adj_2, adj_5);
    // adj: return wp.where(bsr_columns[block_index] == col, block_index, -1)                 <L 2145>
    if (var_3) {
        label1:;
        adj_4 += adj_ret;
        // adj: return -1                                                                     <L 2144>
    }
    // adj: if block_index == row_end:                                                        <L 2143>
    // adj: block_index = wp.lower_bound(bsr_columns, row_beg, row_end, col)                  <L 2142>
    if (var_0) {
        label0:;
        adj_1 += adj_ret;
        // adj: return -1                                                                     <L 2140>
    }
    // adj: if row_beg == row_end:                                                            <L 2139>
    // adj: def _bsr_row_block_index(                                                         <L 2133>
    return;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2177
static CUDA_CALLABLE void adj_bsr_block_index_1(
    wp::int32 var_row,
    wp::int32 var_col,
    wp::array_t<wp::int32> var_bsr_offsets,
    wp::array_t<wp::int32> var_bsr_columns,
    wp::array_t<wp::int32> var_bsr_row_counts,
    wp::int32 & adj_row,
    wp::int32 & adj_col,
    wp::array_t<wp::int32> & adj_bsr_offsets,
    wp::array_t<wp::int32> & adj_bsr_columns,
    wp::array_t<wp::int32> & adj_bsr_row_counts,
    wp::int32 & adj_ret)
{
    //---------
    // primal vars
    const wp::int32 var_0 = 0;
    bool var_1;
    const wp::int32 var_2 = -1;
    wp::int32* var_3;
    wp::int32 var_4;
    wp::int32 var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    //---------
    // dual vars
    wp::int32 adj_0 = {};
    bool adj_1 = {};
    wp::int32 adj_2 = {};
    wp::int32 adj_3 = {};
    wp::int32 adj_4 = {};
    wp::int32 adj_5 = {};
    wp::int32 adj_6 = {};
    wp::int32 adj_7 = {};
    //---------
    // forward
    // def bsr_block_index(                                                                   <L 2178>
    // if row < 0:                                                                            <L 2193>
    var_1 = (var_row < var_0);
    if (var_1) {
        // return -1                                                                          <L 2194>
        goto label0;
    }
    // row_beg = bsr_offsets[row]                                                             <L 2196>
    var_3 = wp::address(var_bsr_offsets, var_row);
    var_5 = wp::load(var_3);
    var_4 = wp::copy(var_5);
    // row_end = _bsr_row_end(bsr_offsets, bsr_row_counts, row)                               <L 2197>
    var_6 = _bsr_row_end_0(var_bsr_offsets, var_bsr_row_counts, var_row);
    // return _bsr_row_block_index(col, row_beg, row_end, bsr_columns)                        <L 2199>
    var_7 = _bsr_row_block_index_0(var_col, var_4, var_6, var_bsr_columns);
    goto label1;
    //---------
    // reverse
    label1:;
    adj_7 += adj_ret;
    adj__bsr_row_block_index_0(var_col, var_4, var_6, var_bsr_columns, adj_col, adj_4, adj_6, adj_bsr_columns, adj_7);
    // adj: return _bsr_row_block_index(col, row_beg, row_end, bsr_columns)                   <L 2199>
    adj__bsr_row_end_0(var_bsr_offsets, var_bsr_row_counts, var_row, adj_bsr_offsets, adj_bsr_row_counts, adj_row, adj_6);
    // adj: row_end = _bsr_row_end(bsr_offsets, bsr_row_counts, row)                          <L 2197>
    wp::adj_copy(var_5, adj_3, adj_4);
    wp::adj_address(var_bsr_offsets, var_row, adj_bsr_offsets, adj_row, adj_3);
    // adj: row_beg = bsr_offsets[row]                                                        <L 2196>
    if (var_1) {
        label0:;
        adj_2 += adj_ret;
        // adj: return -1                                                                     <L 2194>
    }
    // adj: if row < 0:                                                                       <L 2193>
    // adj: def bsr_block_index(                                                              <L 2178>
    return;
}



extern "C" __global__ void _bsr_transpose_values_a814354d_cuda_kernel_forward(
    wp::launch_bounds_t<3> dim,
    wp::int32 var_col_count,
    wp::float32 var_scale,
    wp::array_t<wp::int32> var_bsr_offsets,
    wp::array_t<wp::int32> var_bsr_row_counts,
    wp::array_t<wp::int32> var_bsr_columns,
    wp::array_t<wp::float32> var_bsr_values,
    wp::array_t<wp::int32> var_block_index_map,
    wp::array_t<wp::int32> var_transposed_bsr_offsets,
    wp::array_t<wp::int32> var_transposed_bsr_row_counts,
    wp::array_t<wp::int32> var_transposed_bsr_columns,
    wp::array_t<wp::float32> var_transposed_bsr_values)
{
    wp::tile_shared_storage_t tile_mem;

    for (size_t _idx = static_cast<size_t>(blockDim.x) * static_cast<size_t>(blockIdx.x) + static_cast<size_t>(threadIdx.x);
         _idx < dim.size;
         _idx += static_cast<size_t>(blockDim.x) * static_cast<size_t>(gridDim.x))
    {
            // reset shared memory allocator
        wp::tile_shared_storage_t::init();

        //---------
        // primal vars
        wp::int32 var_0;
        wp::int32 var_1;
        wp::int32 var_2;
        wp::int32* var_3;
        bool var_4;
        wp::int32 var_5;
        wp::int32* var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        const wp::int32 var_9 = 0;
        bool var_10;
        wp::int32 var_11;
        wp::int32* var_12;
        wp::int32 var_13;
        wp::int32 var_14;
        wp::int32 var_15;
        const wp::int32 var_16 = -1;
        bool var_17;
        wp::int32 var_18;
        wp::float32* var_19;
        wp::float32 var_20;
        wp::float32 var_21;
        //---------
        // forward
        // def _bsr_transpose_values(                                                             <L 1>
        // block, i, j = wp.tid()                                                                 <L 14>
        builtin_tid3d(var_0, var_1, var_2);
        // if block >= transposed_bsr_offsets[col_count]:                                         <L 16>
        var_3 = wp::address(var_transposed_bsr_offsets, var_col_count);
        var_5 = wp::load(var_3);
        var_4 = (var_0 >= var_5);
        if (var_4) {
            // return                                                                             <L 17>
            continue;
        }
        // if block_index_map:                                                                    <L 19>
        if (var_block_index_map) {
            // src_block = block_index_map[block]                                                 <L 20>
            var_6 = wp::address(var_block_index_map, var_0);
            var_8 = wp::load(var_6);
            var_7 = wp::copy(var_8);
            // if src_block < 0:                                                                  <L 21>
            var_10 = (var_7 < var_9);
            if (var_10) {
                // return                                                                         <L 22>
                continue;
            }
        }
        if (!var_block_index_map) {
            // row = bsr_row_index(transposed_bsr_offsets, col_count, block, transposed_bsr_row_counts)       <L 24>
            var_11 = bsr_row_index_1(var_transposed_bsr_offsets, var_col_count, var_0, var_transposed_bsr_row_counts);
            // col = transposed_bsr_columns[block]                                                <L 25>
            var_12 = wp::address(var_transposed_bsr_columns, var_0);
            var_14 = wp::load(var_12);
            var_13 = wp::copy(var_14);
            // src_block = bsr_block_index(col, row, bsr_offsets, bsr_columns, bsr_row_counts)       <L 26>
            var_15 = bsr_block_index_1(var_13, var_11, var_bsr_offsets, var_bsr_columns, var_bsr_row_counts);
            // if src_block == -1:                                                                <L 27>
            var_17 = (var_15 == var_16);
            if (var_17) {
                // return                                                                         <L 28>
                continue;
            }
        }
        var_18 = wp::where(var_block_index_map, var_7, var_15);
        // transposed_bsr_values[block, i, j] = bsr_values[src_block, j, i] * scale               <L 30>
        var_19 = wp::address(var_bsr_values, var_18, var_2, var_1);
        var_21 = wp::load(var_19);
        var_20 = wp::mul(var_21, var_scale);
        wp::array_store(var_transposed_bsr_values, var_0, var_1, var_2, var_20);
    }
}



extern "C" __global__ void _bsr_transpose_values_a814354d_cuda_kernel_backward(
    wp::launch_bounds_t<3> dim,
    wp::int32 var_col_count,
    wp::float32 var_scale,
    wp::array_t<wp::int32> var_bsr_offsets,
    wp::array_t<wp::int32> var_bsr_row_counts,
    wp::array_t<wp::int32> var_bsr_columns,
    wp::array_t<wp::float32> var_bsr_values,
    wp::array_t<wp::int32> var_block_index_map,
    wp::array_t<wp::int32> var_transposed_bsr_offsets,
    wp::array_t<wp::int32> var_transposed_bsr_row_counts,
    wp::array_t<wp::int32> var_transposed_bsr_columns,
    wp::array_t<wp::float32> var_transposed_bsr_values,
    wp::int32 adj_col_count,
    wp::float32 adj_scale,
    wp::array_t<wp::int32> adj_bsr_offsets,
    wp::array_t<wp::int32> adj_bsr_row_counts,
    wp::array_t<wp::int32> adj_bsr_columns,
    wp::array_t<wp::float32> adj_bsr_values,
    wp::array_t<wp::int32> adj_block_index_map,
    wp::array_t<wp::int32> adj_transposed_bsr_offsets,
    wp::array_t<wp::int32> adj_transposed_bsr_row_counts,
    wp::array_t<wp::int32> adj_transposed_bsr_columns,
    wp::array_t<wp::float32> adj_transposed_bsr_values)
{
    wp::tile_shared_storage_t tile_mem;

    for (size_t _idx = static_cast<size_t>(blockDim.x) * static_cast<size_t>(blockIdx.x) + static_cast<size_t>(threadIdx.x);
         _idx < dim.size;
         _idx += static_cast<size_t>(blockDim.x) * static_cast<size_t>(gridDim.x))
    {
            // reset shared memory allocator
        wp::tile_shared_storage_t::init();

        //---------
        // primal vars
        wp::int32 var_0;
        wp::int32 var_1;
        wp::int32 var_2;
        wp::int32* var_3;
        bool var_4;
        wp::int32 var_5;
        wp::int32* var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        const wp::int32 var_9 = 0;
        bool var_10;
        wp::int32 var_11;
        wp::int32* var_12;
        wp::int32 var_13;
        wp::int32 var_14;
        wp::int32 var_15;
        const wp::int32 var_16 = -1;
        bool var_17;
        wp::int32 var_18;
        wp::float32* var_19;
        wp::float32 var_20;
        wp::float32 var_21;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::int32 adj_1 = {};
        wp::int32 adj_2 = {};
        wp::int32 adj_3 = {};
        bool adj_4 = {};
        wp::int32 adj_5 = {};
        wp::int32 adj_6 = {};
        wp::int32 adj_7 = {};
        wp::int32 adj_8 = {};
        wp::int32 adj_9 = {};
        bool adj_10 = {};
        wp::int32 adj_11 = {};
        wp::int32 adj_12 = {};
        wp::int32 adj_13 = {};
        wp::int32 adj_14 = {};
        wp::int32 adj_15 = {};
        wp::int32 adj_16 = {};
        bool adj_17 = {};
        wp::int32 adj_18 = {};
        wp::float32 adj_19 = {};
        wp::float32 adj_20 = {};
        wp::float32 adj_21 = {};
        //---------
        // forward
        // def _bsr_transpose_values(                                                             <L 1>
        // block, i, j = wp.tid()                                                                 <L 14>
        builtin_tid3d(var_0, var_1, var_2);
        // if block >= transposed_bsr_offsets[col_count]:                                         <L 16>
        var_3 = wp::address(var_transposed_bsr_offsets, var_col_count);
        var_5 = wp::load(var_3);
        var_4 = (var_0 >= var_5);
        if (var_4) {
            // return                                                                             <L 17>
            goto label0;
        }
        // if block_index_map:                                                                    <L 19>
        if (var_block_index_map) {
            // src_block = block_index_map[block]                                                 <L 20>
            var_6 = wp::address(var_block_index_map, var_0);
            var_8 = wp::load(var_6);
            var_7 = wp::copy(var_8);
            // if src_block < 0:                                                                  <L 21>
            var_10 = (var_7 < var_9);
            if (var_10) {
                // return                                                                         <L 22>
                goto label1;
            }
        }
        if (!var_block_index_map) {
            // row = bsr_row_index(transposed_bsr_offsets, col_count, block, transposed_bsr_row_counts)       <L 24>
            var_11 = bsr_row_index_1(var_transposed_bsr_offsets, var_col_count, var_0, var_transposed_bsr_row_counts);
            // col = transposed_bsr_columns[block]                                                <L 25>
            var_12 = wp::address(var_transposed_bsr_columns, var_0);
            var_14 = wp::load(var_12);
            var_13 = wp::copy(var_14);
            // src_block = bsr_block_index(col, row, bsr_offsets, bsr_columns, bsr_row_counts)       <L 26>
            var_15 = bsr_block_index_1(var_13, var_11, var_bsr_offsets, var_bsr_columns, var_bsr_row_counts);
            // if src_block == -1:                                                                <L 27>
            var_17 = (var_15 == var_16);
            if (var_17) {
                // return                                                                         <L 28>
                goto label2;
            }
        }
        var_18 = wp::where(var_block_index_map, var_7, var_15);
        // transposed_bsr_values[block, i, j] = bsr_values[src_block, j, i] * scale               <L 30>
        var_19 = wp::address(var_bsr_values, var_18, var_2, var_1);
        var_21 = wp::load(var_19);
        var_20 = wp::mul(var_21, var_scale);
        // wp::array_store(var_transposed_bsr_values, var_0, var_1, var_2, var_20);
        //---------
        // reverse
        wp::adj_array_store(var_transposed_bsr_values, var_0, var_1, var_2, var_20, adj_transposed_bsr_values, adj_0, adj_1, adj_2, adj_20);
        wp::adj_mul(var_21, var_scale, adj_19, adj_scale, adj_20);
        wp::adj_address(var_bsr_values, var_18, var_2, var_1, adj_bsr_values, adj_18, adj_2, adj_1, adj_19);
        // adj: transposed_bsr_values[block, i, j] = bsr_values[src_block, j, i] * scale          <L 30>
        wp::adj_where(var_block_index_map, var_7, var_15, adj_block_index_map, adj_7, adj_15, adj_18);
        if (!var_block_index_map) {
            if (var_17) {
                label2:;
                // adj: return                                                                    <L 28>
            }
            // adj: if src_block == -1:                                                           <L 27>
            adj_bsr_block_index_1(var_13, var_11, var_bsr_offsets, var_bsr_columns, var_bsr_row_counts, adj_13, adj_11, adj_bsr_offsets, adj_bsr_columns, adj_bsr_row_counts, adj_15);
            // adj: src_block = bsr_block_index(col, row, bsr_offsets, bsr_columns, bsr_row_counts)  <L 26>
            wp::adj_copy(var_14, adj_12, adj_13);
            wp::adj_address(var_transposed_bsr_columns, var_0, adj_transposed_bsr_columns, adj_0, adj_12);
            // adj: col = transposed_bsr_columns[block]                                           <L 25>
            adj_bsr_row_index_1(var_transposed_bsr_offsets, var_col_count, var_0, var_transposed_bsr_row_counts, adj_transposed_bsr_offsets, adj_col_count, adj_0, adj_transposed_bsr_row_counts, adj_11);
            // adj: row = bsr_row_index(transposed_bsr_offsets, col_count, block, transposed_bsr_row_counts)  <L 24>
        }
        if (var_block_index_map) {
            if (var_10) {
                label1:;
                // adj: return                                                                    <L 22>
            }
            // adj: if src_block < 0:                                                             <L 21>
            wp::adj_copy(var_8, adj_6, adj_7);
            wp::adj_address(var_block_index_map, var_0, adj_block_index_map, adj_0, adj_6);
            // adj: src_block = block_index_map[block]                                            <L 20>
        }
        // adj: if block_index_map:                                                               <L 19>
        if (var_4) {
            label0:;
            // adj: return                                                                        <L 17>
        }
        wp::adj_address(var_transposed_bsr_offsets, var_col_count, adj_transposed_bsr_offsets, adj_col_count, adj_3);
        // adj: if block >= transposed_bsr_offsets[col_count]:                                    <L 16>
        // adj: block, i, j = wp.tid()                                                            <L 14>
        // adj: def _bsr_transpose_values(                                                        <L 1>
        continue;
    }
}

