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


// /tmp/warp/1.19.0/warp/_src/sparse.py:2308
static CUDA_CALLABLE wp::int32 _bsr_reblock_row_next_col_0(
    wp::int32 var_min_dest_col,
    wp::int32 var_dest_subcols,
    wp::int32 var_src_subcols,
    wp::int32 var_src_row_beg,
    wp::int32 var_src_row_end,
    wp::array_t<wp::int32> var_src_columns)
{
    //---------
    // primal vars
    wp::int32 var_0;
    wp::int32 var_1;
    wp::int32 var_2;
    bool var_3;
    const wp::int32 var_4 = -1;
    wp::int32* var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    wp::int32 var_8;
    wp::int32 var_9;
    wp::int32 var_10;
    const wp::int32 var_11 = 1;
    wp::int32 var_12;
    wp::int32 var_13;
    wp::int32 var_14;
    bool var_15;
    const wp::int32 var_16 = -1;
    //---------
    // forward
    // def _bsr_reblock_row_next_col(                                                         <L 2309>
    // src_col = (min_dest_col * dest_subcols) // src_subcols                                 <L 2317>
    var_0 = wp::mul(var_min_dest_col, var_dest_subcols);
    var_1 = wp::floordiv(var_0, var_src_subcols);
    // src_block = wp.lower_bound(src_columns, src_row_beg, src_row_end, src_col)             <L 2318>
    var_2 = wp::lower_bound(var_src_columns, var_src_row_beg, var_src_row_end, var_1);
    // if src_block == src_row_end:                                                           <L 2319>
    var_3 = (var_2 == var_src_row_end);
    if (var_3) {
        // return -1                                                                          <L 2320>
        return var_4;
    }
    // src_subcol_first = src_columns[src_block] * src_subcols                                <L 2322>
    var_5 = wp::address(var_src_columns, var_2);
    var_7 = wp::load(var_5);
    var_6 = wp::mul(var_7, var_src_subcols);
    // src_subcol_end = src_subcol_first + src_subcols                                        <L 2323>
    var_8 = wp::add(var_6, var_src_subcols);
    // dest_col_beg = src_subcol_first // dest_subcols                                        <L 2324>
    var_9 = wp::floordiv(var_6, var_dest_subcols);
    // dest_col_end = (src_subcol_end + dest_subcols - 1) // dest_subcols                     <L 2325>
    var_10 = wp::add(var_8, var_dest_subcols);
    var_12 = wp::sub(var_10, var_11);
    var_13 = wp::floordiv(var_12, var_dest_subcols);
    // dest_col = wp.max(dest_col_beg, min_dest_col)                                          <L 2326>
    var_14 = wp::max(var_9, var_min_dest_col);
    // if dest_col < dest_col_end:                                                            <L 2328>
    var_15 = (var_14 < var_13);
    if (var_15) {
        // return dest_col                                                                    <L 2329>
        return var_14;
    }
    // return -1                                                                              <L 2331>
    return var_16;
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
	// reverse mode disabled (no backward-enabled kernel depends on this function)
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
	// reverse mode disabled (no backward-enabled kernel depends on this function)
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
	// reverse mode disabled (no backward-enabled kernel depends on this function)
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:2308
static CUDA_CALLABLE void adj__bsr_reblock_row_next_col_0(
    wp::int32 var_min_dest_col,
    wp::int32 var_dest_subcols,
    wp::int32 var_src_subcols,
    wp::int32 var_src_row_beg,
    wp::int32 var_src_row_end,
    wp::array_t<wp::int32> var_src_columns,
    wp::int32 & adj_min_dest_col,
    wp::int32 & adj_dest_subcols,
    wp::int32 & adj_src_subcols,
    wp::int32 & adj_src_row_beg,
    wp::int32 & adj_src_row_end,
    wp::array_t<wp::int32> & adj_src_columns,
    wp::int32 & adj_ret)
{
	// reverse mode disabled (no backward-enabled kernel depends on this function)
}



extern "C" __global__ void _bsr_set_triplet_blocks_from_summed_08893cb0_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_row_count,
    wp::array_t<wp::int32> var_bsr_offsets,
    wp::array_t<wp::int32> var_summed_triplet_offsets,
    wp::array_t<wp::int32> var_summed_triplet_indices,
    wp::array_t<wp::int32> var_triplet_blocks)
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
        wp::int32* var_1;
        bool var_2;
        wp::int32 var_3;
        const wp::int32 var_4 = 0;
        bool var_5;
        const wp::int32 var_6 = 0;
        const wp::int32 var_7 = 1;
        wp::int32 var_8;
        wp::int32* var_9;
        wp::int32 var_10;
        wp::int32 var_11;
        wp::int32 var_12;
        wp::int32* var_13;
        wp::int32 var_14;
        wp::int32 var_15;
        wp::range_t var_16;
        wp::int32 var_17;
        wp::int32* var_18;
        wp::int32 var_19;
        //---------
        // forward
        // def _bsr_set_triplet_blocks_from_summed(                                               <L 1338>
        // block = wp.tid()                                                                       <L 1345>
        var_0 = builtin_tid1d();
        // if block >= bsr_offsets[row_count]:                                                    <L 1348>
        var_1 = wp::address(var_bsr_offsets, var_row_count);
        var_3 = wp::load(var_1);
        var_2 = (var_0 >= var_3);
        if (var_2) {
            // return                                                                             <L 1349>
            continue;
        }
        // beg = 0 if block == 0 else summed_triplet_offsets[block - 1]                           <L 1351>
        var_5 = (var_0 == var_4);
        if (var_5) {
        }
        if (!var_5) {
            var_8 = wp::sub(var_0, var_7);
            var_9 = wp::address(var_summed_triplet_offsets, var_8);
            var_11 = wp::load(var_9);
            var_10 = wp::copy(var_11);
        }
        var_12 = wp::where(var_5, var_6, var_10);
        // end = summed_triplet_offsets[block]                                                    <L 1352>
        var_13 = wp::address(var_summed_triplet_offsets, var_0);
        var_15 = wp::load(var_13);
        var_14 = wp::copy(var_15);
        // for index in range(beg, end):                                                          <L 1353>
        var_16 = wp::range(var_12, var_14);
        start_for_1:;
            if (iter_cmp(var_16) == 0) goto end_for_1;
            var_17 = wp::iter_next(var_16);
            // triplet_blocks[summed_triplet_indices[index]] = block                              <L 1354>
            var_18 = wp::address(var_summed_triplet_indices, var_17);
            var_19 = wp::load(var_18);
            wp::array_store(var_triplet_blocks, var_19, var_0);
            goto start_for_1;
        end_for_1:;
    }
}



extern "C" __global__ void _bsr_mm_padded_topology_0b714e37_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    bool var_beta_nonzero,
    wp::int32 var_col_count,
    wp::array_t<wp::int32> var_x_offsets,
    wp::array_t<wp::int32> var_x_row_counts,
    wp::array_t<wp::int32> var_x_columns,
    wp::array_t<wp::int32> var_y_offsets,
    wp::array_t<wp::int32> var_y_row_counts,
    wp::array_t<wp::int32> var_y_columns,
    wp::array_t<wp::int32> var_z_offsets,
    wp::array_t<wp::int32> var_old_z_row_counts,
    wp::array_t<wp::int32> var_old_z_columns,
    wp::array_t<wp::int32> var_z_row_counts,
    wp::array_t<wp::int32> var_z_columns,
    wp::array_t<wp::int32> var_y_cursors,
    wp::array_t<wp::int32> var_status)
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
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        const wp::int32 var_4 = 1;
        wp::int32 var_5;
        wp::int32* var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        wp::int32 var_9;
        const bool var_10 = true;
        bool var_11;
        const bool var_12 = false;
        bool var_13;
        const wp::int32 var_14 = -1;
        wp::int32 var_15;
        wp::int32* var_16;
        wp::int32 var_17;
        wp::int32 var_18;
        wp::int32 var_19;
        wp::int32 var_20;
        wp::int32 var_21;
        wp::range_t var_22;
        wp::int32 var_23;
        wp::int32* var_24;
        wp::int32 var_25;
        wp::int32* var_26;
        wp::int32 var_27;
        wp::int32 var_28;
        wp::int32 var_29;
        bool var_30;
        bool var_31;
        wp::int32* var_32;
        bool var_33;
        wp::int32 var_34;
        const wp::int32 var_35 = 1;
        wp::int32 var_36;
        bool var_37;
        wp::int32* var_38;
        wp::int32 var_39;
        wp::int32 var_40;
        bool var_41;
        wp::int32 var_42;
        wp::int32 var_43;
        wp::int32 var_44;
        wp::int32 var_45;
        wp::range_t var_46;
        wp::int32 var_47;
        wp::int32* var_48;
        wp::int32 var_49;
        wp::int32 var_50;
        wp::int32 var_51;
        wp::int32* var_52;
        wp::int32 var_53;
        wp::int32 var_54;
        bool var_55;
        bool var_56;
        wp::int32* var_57;
        bool var_58;
        wp::int32 var_59;
        const wp::int32 var_60 = 1;
        wp::int32 var_61;
        bool var_62;
        wp::int32* var_63;
        wp::int32 var_64;
        wp::int32 var_65;
        bool var_66;
        bool var_67;
        bool var_68;
        wp::int32 var_69;
        wp::int32 var_70;
        wp::int32 var_71;
        wp::int32 var_72;
        bool var_73;
        const bool var_74 = false;
        bool var_75;
        const bool var_76 = true;
        const bool var_77 = false;
        const wp::int32 var_78 = 1;
        wp::int32 var_79;
        wp::int32 var_80;
        wp::int32 var_81;
        bool var_82;
        bool var_83;
        wp::int32 var_84;
        wp::int32 var_85;
        bool var_86;
        bool var_87;
        wp::int32 var_88;
        const wp::int32 var_89 = 0;
        const wp::int32 var_90 = 0;
        const wp::int32 var_91 = 1;
        wp::int32 var_92;
        wp::int32 var_93;
        //---------
        // forward
        // def _bsr_mm_padded_topology(                                                           <L 4188>
        // row = wp.tid()                                                                         <L 4205>
        var_0 = builtin_tid1d();
        // row_beg = z_offsets[row]                                                               <L 4207>
        var_1 = wp::address(var_z_offsets, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::copy(var_3);
        // capacity_end = z_offsets[row + 1]                                                      <L 4208>
        var_5 = wp::add(var_0, var_4);
        var_6 = wp::address(var_z_offsets, var_5);
        var_8 = wp::load(var_6);
        var_7 = wp::copy(var_8);
        // write = row_beg                                                                        <L 4209>
        var_9 = wp::copy(var_2);
        // searching = bool(True)                                                                 <L 4210>
        var_11 = bool(var_10);
        // overflow = bool(False)                                                                 <L 4211>
        var_13 = bool(var_12);
        // previous_col = int(-1)                                                                 <L 4212>
        var_15 = wp::int(var_14);
        // x_beg = x_offsets[row]                                                                 <L 4213>
        var_16 = wp::address(var_x_offsets, var_0);
        var_18 = wp::load(var_16);
        var_17 = wp::copy(var_18);
        // x_end = _bsr_row_end(x_offsets, x_row_counts, row)                                     <L 4214>
        var_19 = _bsr_row_end_0(var_x_offsets, var_x_row_counts, var_0);
        // old_z_end = _bsr_row_end(z_offsets, old_z_row_counts, row)                             <L 4215>
        var_20 = _bsr_row_end_0(var_z_offsets, var_old_z_row_counts, var_0);
        // old_z_block = row_beg                                                                  <L 4216>
        var_21 = wp::copy(var_2);
        // for x_block in range(x_beg, x_end):                                                    <L 4218>
        var_22 = wp::range(var_17, var_19);
        start_for_0:;
            if (iter_cmp(var_22) == 0) goto end_for_0;
            var_23 = wp::iter_next(var_22);
            // y_cursors[x_block] = y_offsets[x_columns[x_block]]                                 <L 4219>
            var_24 = wp::address(var_x_columns, var_23);
            var_25 = wp::load(var_24);
            var_26 = wp::address(var_y_offsets, var_25);
            var_28 = wp::load(var_26);
            var_27 = wp::copy(var_28);
            wp::array_store(var_y_cursors, var_23, var_27);
            goto start_for_0;
        end_for_0:;
        // while searching:                                                                       <L 4221>
        start_while_2:;
        if ((var_11) == false) goto end_while_2;
            // next_col = col_count                                                               <L 4222>
            var_29 = wp::copy(var_col_count);
            // if beta_nonzero:                                                                   <L 4224>
            if (var_beta_nonzero) {
                // while old_z_block < old_z_end and old_z_columns[old_z_block] <= previous_col:       <L 4225>
        start_while_4:;
                var_31 = (var_21 < var_20);
                var_30 = var_31;
                if (var_30) {
                    var_32 = wp::address(var_old_z_columns, var_21);
                    var_34 = wp::load(var_32);
                    var_33 = (var_34 <= var_15);
                    var_30 = var_30 && var_33;
                }
        if ((var_30) == false) goto end_while_4;
                    // old_z_block += 1                                                           <L 4226>
                    var_36 = wp::add(var_21, var_35);
                    wp::assign(var_21, var_36);
        goto start_while_4;
        end_while_4:;
                // if old_z_block < old_z_end:                                                    <L 4227>
                var_37 = (var_21 < var_20);
                if (var_37) {
                    // col = old_z_columns[old_z_block]                                           <L 4228>
                    var_38 = wp::address(var_old_z_columns, var_21);
                    var_40 = wp::load(var_38);
                    var_39 = wp::copy(var_40);
                    // if col < next_col:                                                         <L 4229>
                    var_41 = (var_39 < var_29);
                    if (var_41) {
                        // next_col = col                                                         <L 4230>
                        var_42 = wp::copy(var_39);
                    }
                    var_43 = wp::where(var_41, var_42, var_29);
                }
                var_44 = wp::where(var_37, var_43, var_29);
            }
            var_45 = wp::where(var_beta_nonzero, var_44, var_29);
            // for x_block in range(x_beg, x_end):                                                <L 4232>
            var_46 = wp::range(var_17, var_19);
            start_for_6:;
                if (iter_cmp(var_46) == 0) goto end_for_6;
                var_47 = wp::iter_next(var_46);
                // x_col = x_columns[x_block]                                                     <L 4233>
                var_48 = wp::address(var_x_columns, var_47);
                var_50 = wp::load(var_48);
                var_49 = wp::copy(var_50);
                // y_row_end = _bsr_row_end(y_offsets, y_row_counts, x_col)                       <L 4234>
                var_51 = _bsr_row_end_0(var_y_offsets, var_y_row_counts, var_49);
                // y_block = y_cursors[x_block]                                                   <L 4235>
                var_52 = wp::address(var_y_cursors, var_47);
                var_54 = wp::load(var_52);
                var_53 = wp::copy(var_54);
                // while y_block < y_row_end and y_columns[y_block] <= previous_col:              <L 4236>
        start_while_8:;
                var_56 = (var_53 < var_51);
                var_55 = var_56;
                if (var_55) {
                    var_57 = wp::address(var_y_columns, var_53);
                    var_59 = wp::load(var_57);
                    var_58 = (var_59 <= var_15);
                    var_55 = var_55 && var_58;
                }
        if ((var_55) == false) goto end_while_8;
                    // y_block += 1                                                               <L 4237>
                    var_61 = wp::add(var_53, var_60);
                    wp::assign(var_53, var_61);
        goto start_while_8;
        end_while_8:;
                // y_cursors[x_block] = y_block                                                   <L 4238>
                wp::array_store(var_y_cursors, var_47, var_53);
                // if y_block < y_row_end:                                                        <L 4239>
                var_62 = (var_53 < var_51);
                if (var_62) {
                    // col = y_columns[y_block]                                                   <L 4240>
                    var_63 = wp::address(var_y_columns, var_53);
                    var_65 = wp::load(var_63);
                    var_64 = wp::copy(var_65);
                    // if col > previous_col and col < next_col:                                  <L 4241>
                    var_67 = (var_64 > var_15);
                    var_66 = var_67;
                    if (var_66) {
                        var_68 = (var_64 < var_45);
                        var_66 = var_66 && var_68;
                    }
                    if (var_66) {
                        // next_col = col                                                         <L 4242>
                        var_69 = wp::copy(var_64);
                    }
                    var_70 = wp::where(var_66, var_69, var_45);
                }
                var_71 = wp::where(var_62, var_70, var_45);
                var_72 = wp::where(var_62, var_64, var_39);
                wp::assign(var_45, var_71);
                wp::assign(var_39, var_72);
                goto start_for_6;
            end_for_6:;
            // if next_col == col_count:                                                          <L 4244>
            var_73 = (var_45 == var_col_count);
            if (var_73) {
                // searching = False                                                              <L 4245>
            }
            if (!var_73) {
                // elif write >= capacity_end:                                                    <L 4246>
                var_75 = (var_9 >= var_7);
                if (var_75) {
                    // overflow = True                                                            <L 4247>
                    // searching = False                                                          <L 4248>
                }
                if (!var_75) {
                    // z_columns[write] = next_col                                                <L 4250>
                    wp::array_store(var_z_columns, var_9, var_45);
                    // write += 1                                                                 <L 4251>
                    var_79 = wp::add(var_9, var_78);
                    // previous_col = next_col                                                    <L 4252>
                    var_80 = wp::copy(var_45);
                }
                var_81 = wp::where(var_75, var_9, var_79);
                var_82 = wp::where(var_75, var_77, var_11);
                var_83 = wp::where(var_75, var_76, var_13);
                var_84 = wp::where(var_75, var_15, var_80);
            }
            var_85 = wp::where(var_73, var_9, var_81);
            var_86 = wp::where(var_73, var_74, var_82);
            var_87 = wp::where(var_73, var_13, var_83);
            var_88 = wp::where(var_73, var_15, var_84);
            wp::assign(var_9, var_85);
            wp::assign(var_11, var_86);
            wp::assign(var_13, var_87);
            wp::assign(var_15, var_88);
            wp::assign(var_23, var_47);
        goto start_while_2;
        end_while_2:;
        // if overflow:                                                                           <L 4254>
        if (var_13) {
            // z_row_counts[row] = 0                                                              <L 4255>
            wp::array_store(var_z_row_counts, var_0, var_89);
            // wp.atomic_max(status, 0, _BSR_STATUS_ROW_CAPACITY_EXCEEDED)                        <L 4256>
            var_92 = wp::atomic_max(var_status, var_90, var_91);
        }
        if (!var_13) {
            // z_row_counts[row] = write - row_beg                                                <L 4258>
            var_93 = wp::sub(var_9, var_2);
            wp::array_store(var_z_row_counts, var_0, var_93);
        }
    }
}



extern "C" __global__ void _bsr_get_block_row_131c4a53_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_row_count,
    wp::array_t<wp::int32> var_bsr_offsets,
    wp::array_t<wp::int32> var_bsr_row_counts,
    wp::array_t<wp::int32> var_rows)
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
        //---------
        // forward
        // def _bsr_get_block_row(                                                                <L 3416>
        // block = wp.tid()                                                                       <L 3419>
        var_0 = builtin_tid1d();
        // rows[block] = bsr_row_index(bsr_offsets, row_count, block, bsr_row_counts)             <L 3420>
        var_1 = bsr_row_index_1(var_bsr_offsets, var_row_count, var_0, var_bsr_row_counts);
        wp::array_store(var_rows, var_0, var_1);
    }
}



extern "C" __global__ void _bsr_assign_padded_reblock_topology_13cc5d0e_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_src_subrows,
    wp::int32 var_src_subcols,
    wp::int32 var_dest_subrows,
    wp::int32 var_dest_subcols,
    wp::int32 var_src_row_count,
    wp::int32 var_dest_col_count,
    wp::array_t<wp::int32> var_src_offsets,
    wp::array_t<wp::int32> var_src_row_counts,
    wp::array_t<wp::int32> var_src_columns,
    wp::array_t<wp::int32> var_dest_offsets,
    wp::array_t<wp::int32> var_dest_row_counts,
    wp::array_t<wp::int32> var_dest_columns,
    wp::array_t<wp::int32> var_status)
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
        wp::int32 var_3;
        wp::int32 var_4;
        const wp::int32 var_5 = 1;
        wp::int32 var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        wp::int32* var_9;
        wp::int32 var_10;
        wp::int32 var_11;
        const wp::int32 var_12 = 1;
        wp::int32 var_13;
        wp::int32* var_14;
        wp::int32 var_15;
        wp::int32 var_16;
        wp::int32 var_17;
        const bool var_18 = false;
        bool var_19;
        const wp::int32 var_20 = -1;
        wp::int32 var_21;
        const bool var_22 = true;
        bool var_23;
        bool var_24;
        bool var_25;
        const wp::int32 var_26 = 1;
        wp::int32 var_27;
        wp::int32 var_28;
        wp::int32 var_29;
        bool var_30;
        wp::int32* var_31;
        wp::int32 var_32;
        wp::int32 var_33;
        wp::int32 var_34;
        bool var_35;
        const wp::int32 var_36 = -1;
        bool var_37;
        bool var_38;
        wp::int32 var_39;
        wp::int32 var_40;
        const wp::int32 var_41 = 1;
        wp::int32 var_42;
        bool var_43;
        const bool var_44 = false;
        bool var_45;
        const bool var_46 = true;
        const wp::int32 var_47 = 1;
        wp::int32 var_48;
        wp::int32 var_49;
        wp::int32 var_50;
        bool var_51;
        wp::int32 var_52;
        wp::int32 var_53;
        bool var_54;
        wp::int32 var_55;
        bool var_56;
        const wp::int32 var_57 = 0;
        const wp::int32 var_58 = 0;
        const wp::int32 var_59 = 1;
        wp::int32 var_60;
        wp::int32 var_61;
        //---------
        // forward
        // def _bsr_assign_padded_reblock_topology(                                               <L 2335>
        // dest_row = wp.tid()                                                                    <L 2350>
        var_0 = builtin_tid1d();
        // dest_subrow_first = dest_row * dest_subrows                                            <L 2352>
        var_1 = wp::mul(var_0, var_dest_subrows);
        // src_row_first = dest_subrow_first // src_subrows                                       <L 2353>
        var_2 = wp::floordiv(var_1, var_src_subrows);
        // src_row_end = wp.min(src_row_count, (dest_subrow_first + dest_subrows + src_subrows - 1) // src_subrows)       <L 2354>
        var_3 = wp::add(var_1, var_dest_subrows);
        var_4 = wp::add(var_3, var_src_subrows);
        var_6 = wp::sub(var_4, var_5);
        var_7 = wp::floordiv(var_6, var_src_subrows);
        var_8 = wp::min(var_src_row_count, var_7);
        // dest_beg = dest_offsets[dest_row]                                                      <L 2356>
        var_9 = wp::address(var_dest_offsets, var_0);
        var_11 = wp::load(var_9);
        var_10 = wp::copy(var_11);
        // capacity_end = dest_offsets[dest_row + 1]                                              <L 2357>
        var_13 = wp::add(var_0, var_12);
        var_14 = wp::address(var_dest_offsets, var_13);
        var_16 = wp::load(var_14);
        var_15 = wp::copy(var_16);
        // dest_block = dest_beg                                                                  <L 2358>
        var_17 = wp::copy(var_10);
        // overflow = bool(False)                                                                 <L 2359>
        var_19 = bool(var_18);
        // previous_col = int(-1)                                                                 <L 2361>
        var_21 = wp::int(var_20);
        // searching = bool(True)                                                                 <L 2362>
        var_23 = bool(var_22);
        // while searching and not overflow:                                                      <L 2363>
        start_while_0:;
        var_24 = var_23;
        if (var_24) {
            var_25 = wp::unot(var_19);
            var_24 = var_24 && var_25;
        }
        if ((var_24) == false) goto end_while_0;
            // min_dest_col = previous_col + 1                                                    <L 2364>
            var_27 = wp::add(var_21, var_26);
            // next_col = dest_col_count                                                          <L 2365>
            var_28 = wp::copy(var_dest_col_count);
            // src_row = src_row_first                                                            <L 2367>
            var_29 = wp::copy(var_2);
            // while src_row < src_row_end:                                                       <L 2368>
        start_while_2:;
            var_30 = (var_29 < var_8);
        if ((var_30) == false) goto end_while_2;
                // candidate = _bsr_reblock_row_next_col(                                         <L 2369>
                // min_dest_col,                                                                  <L 2370>
                // dest_subcols,                                                                  <L 2371>
                // src_subcols,                                                                   <L 2372>
                // src_offsets[src_row],                                                          <L 2373>
                var_31 = wp::address(var_src_offsets, var_29);
                // _bsr_row_end(src_offsets, src_row_counts, src_row),                            <L 2374>
                var_32 = _bsr_row_end_0(var_src_offsets, var_src_row_counts, var_29);
                // src_columns,                                                                   <L 2375>
                var_34 = wp::load(var_31);
                var_33 = _bsr_reblock_row_next_col_0(var_27, var_dest_subcols, var_src_subcols, var_34, var_32, var_src_columns);
                // if candidate != -1 and candidate < next_col:                                   <L 2377>
                var_37 = (var_33 != var_36);
                var_35 = var_37;
                if (var_35) {
                    var_38 = (var_33 < var_28);
                    var_35 = var_35 && var_38;
                }
                if (var_35) {
                    // next_col = candidate                                                       <L 2378>
                    var_39 = wp::copy(var_33);
                }
                var_40 = wp::where(var_35, var_39, var_28);
                // src_row += 1                                                                   <L 2379>
                var_42 = wp::add(var_29, var_41);
                wp::assign(var_28, var_40);
                wp::assign(var_29, var_42);
        goto start_while_2;
        end_while_2:;
            // if next_col == dest_col_count:                                                     <L 2381>
            var_43 = (var_28 == var_dest_col_count);
            if (var_43) {
                // searching = False                                                              <L 2382>
            }
            if (!var_43) {
                // if dest_block >= capacity_end:                                                 <L 2384>
                var_45 = (var_17 >= var_15);
                if (var_45) {
                    // overflow = True                                                            <L 2385>
                }
                if (!var_45) {
                    // dest_columns[dest_block] = next_col                                        <L 2387>
                    wp::array_store(var_dest_columns, var_17, var_28);
                    // dest_block += 1                                                            <L 2388>
                    var_48 = wp::add(var_17, var_47);
                    // previous_col = next_col                                                    <L 2389>
                    var_49 = wp::copy(var_28);
                }
                var_50 = wp::where(var_45, var_17, var_48);
                var_51 = wp::where(var_45, var_46, var_19);
                var_52 = wp::where(var_45, var_21, var_49);
            }
            var_53 = wp::where(var_43, var_17, var_50);
            var_54 = wp::where(var_43, var_19, var_51);
            var_55 = wp::where(var_43, var_21, var_52);
            var_56 = wp::where(var_43, var_44, var_23);
            wp::assign(var_17, var_53);
            wp::assign(var_19, var_54);
            wp::assign(var_21, var_55);
            wp::assign(var_23, var_56);
        goto start_while_0;
        end_while_0:;
        // if overflow:                                                                           <L 2391>
        if (var_19) {
            // dest_row_counts[dest_row] = 0                                                      <L 2392>
            wp::array_store(var_dest_row_counts, var_0, var_57);
            // wp.atomic_max(status, 0, _BSR_STATUS_ROW_CAPACITY_EXCEEDED)                        <L 2393>
            var_60 = wp::atomic_max(var_status, var_58, var_59);
        }
        if (!var_19) {
            // dest_row_counts[dest_row] = dest_block - dest_beg                                  <L 2395>
            var_61 = wp::sub(var_17, var_10);
            wp::array_store(var_dest_row_counts, var_0, var_61);
        }
    }
}



extern "C" __global__ void _bsr_assign_list_blocks_156045b1_cuda_kernel_forward(
    wp::launch_bounds_t<3> dim,
    wp::int32 var_src_subrows,
    wp::int32 var_src_subcols,
    wp::int32 var_dest_subrows,
    wp::int32 var_dest_subcols,
    wp::int32 var_src_row_count,
    wp::array_t<wp::int32> var_src_offsets,
    wp::array_t<wp::int32> var_src_row_counts,
    wp::array_t<wp::int32> var_src_columns,
    wp::array_t<wp::int32> var_dest_rows,
    wp::array_t<wp::int32> var_dest_cols)
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
        wp::int32 var_3;
        wp::int32 var_4;
        wp::int32 var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        const wp::int32 var_8 = -1;
        bool var_9;
        wp::int32 var_10;
        wp::int32 var_11;
        wp::int32* var_12;
        wp::int32 var_13;
        wp::int32 var_14;
        wp::int32 var_15;
        wp::int32 var_16;
        wp::int32 var_17;
        //---------
        // forward
        // def _bsr_assign_list_blocks(                                                           <L 2203>
        // block, subrow, subcol = wp.tid()                                                       <L 2215>
        builtin_tid3d(var_0, var_1, var_2);
        // dest_block = (block * src_subcols + subcol) * src_subrows + subrow                     <L 2216>
        var_3 = wp::mul(var_0, var_src_subcols);
        var_4 = wp::add(var_3, var_2);
        var_5 = wp::mul(var_4, var_src_subrows);
        var_6 = wp::add(var_5, var_1);
        // row = bsr_row_index(src_offsets, src_row_count, block, src_row_counts)                 <L 2218>
        var_7 = bsr_row_index_1(var_src_offsets, var_src_row_count, var_0, var_src_row_counts);
        // if row == -1:                                                                          <L 2219>
        var_9 = (var_7 == var_8);
        if (var_9) {
            // dest_rows[dest_block] = row  # invalid                                             <L 2220>
            wp::array_store(var_dest_rows, var_6, var_7);
            // dest_cols[dest_block] = row                                                        <L 2221>
            wp::array_store(var_dest_cols, var_6, var_7);
        }
        if (!var_9) {
            // dest_subrow = row * src_subrows + subrow                                           <L 2223>
            var_10 = wp::mul(var_7, var_src_subrows);
            var_11 = wp::add(var_10, var_1);
            // dest_subcol = src_columns[block] * src_subcols + subcol                            <L 2224>
            var_12 = wp::address(var_src_columns, var_0);
            var_14 = wp::load(var_12);
            var_13 = wp::mul(var_14, var_src_subcols);
            var_15 = wp::add(var_13, var_2);
            // dest_rows[dest_block] = dest_subrow // dest_subrows                                <L 2225>
            var_16 = wp::floordiv(var_11, var_dest_subrows);
            wp::array_store(var_dest_rows, var_6, var_16);
            // dest_cols[dest_block] = dest_subcol // dest_subcols                                <L 2226>
            var_17 = wp::floordiv(var_15, var_dest_subcols);
            wp::array_store(var_dest_cols, var_6, var_17);
        }
    }
}



extern "C" __global__ void _bsr_set_diag_kernel_20d11679_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_nnz,
    wp::array_t<wp::int32> var_A_offsets,
    wp::array_t<wp::int32> var_A_columns)
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
        bool var_2;
        //---------
        // forward
        // def _bsr_set_diag_kernel(                                                              <L 3207>
        // row = wp.tid()                                                                         <L 3212>
        var_0 = builtin_tid1d();
        // A_offsets[row] = wp.min(row, nnz)                                                      <L 3213>
        var_1 = wp::min(var_0, var_nnz);
        wp::array_store(var_A_offsets, var_0, var_1);
        // if row < nnz:                                                                          <L 3214>
        var_2 = (var_0 < var_nnz);
        if (var_2) {
            // A_columns[row] = row                                                               <L 3215>
            wp::array_store(var_A_columns, var_0, var_0);
        }
    }
}



extern "C" __global__ void _bsr_fill_uniform_row_capacity_26e80c61_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_row_capacity,
    wp::array_t<wp::int32> var_offsets)
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
        //---------
        // forward
        // def _bsr_fill_uniform_row_capacity(                                                    <L 666>
        // row = wp.tid()                                                                         <L 670>
        var_0 = builtin_tid1d();
        // offsets[row] = row * row_capacity                                                      <L 671>
        var_1 = wp::mul(var_0, var_row_capacity);
        wp::array_store(var_offsets, var_0, var_1);
    }
}



extern "C" __global__ void _bsr_set_from_triplets_padded_scatter_compact_topology_603aa5e8_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_compact_offsets,
    wp::array_t<wp::int32> var_compact_columns,
    wp::array_t<wp::int32> var_dest_offsets,
    wp::array_t<wp::int32> var_dest_row_counts,
    wp::array_t<wp::int32> var_dest_columns,
    bool var_record_compact_blocks,
    wp::array_t<wp::int32> var_dest_compact_blocks,
    wp::array_t<wp::int32> var_status)
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
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        const wp::int32 var_4 = 1;
        wp::int32 var_5;
        wp::int32* var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        wp::int32 var_9;
        wp::int32* var_10;
        wp::int32 var_11;
        wp::int32 var_12;
        const wp::int32 var_13 = 1;
        wp::int32 var_14;
        wp::int32* var_15;
        wp::int32 var_16;
        wp::int32 var_17;
        wp::int32 var_18;
        bool var_19;
        const wp::int32 var_20 = 0;
        const wp::int32 var_21 = 0;
        const wp::int32 var_22 = 1;
        wp::int32 var_23;
        const wp::int32 var_24 = 0;
        wp::int32 var_25;
        wp::range_t var_26;
        wp::int32 var_27;
        wp::int32 var_28;
        wp::int32 var_29;
        wp::int32* var_30;
        wp::int32 var_31;
        wp::int32 var_32;
        wp::int32 var_33;
        wp::range_t var_34;
        wp::int32 var_35;
        const wp::int32 var_36 = -1;
        wp::int32 var_37;
        //---------
        // forward
        // def _bsr_set_from_triplets_padded_scatter_compact_topology(                            <L 1358>
        // row = wp.tid()                                                                         <L 1368>
        var_0 = builtin_tid1d();
        // compact_beg = compact_offsets[row]                                                     <L 1370>
        var_1 = wp::address(var_compact_offsets, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::copy(var_3);
        // compact_end = compact_offsets[row + 1]                                                 <L 1371>
        var_5 = wp::add(var_0, var_4);
        var_6 = wp::address(var_compact_offsets, var_5);
        var_8 = wp::load(var_6);
        var_7 = wp::copy(var_8);
        // block_count = compact_end - compact_beg                                                <L 1372>
        var_9 = wp::sub(var_7, var_2);
        // row_beg = dest_offsets[row]                                                            <L 1374>
        var_10 = wp::address(var_dest_offsets, var_0);
        var_12 = wp::load(var_10);
        var_11 = wp::copy(var_12);
        // capacity_end = dest_offsets[row + 1]                                                   <L 1375>
        var_14 = wp::add(var_0, var_13);
        var_15 = wp::address(var_dest_offsets, var_14);
        var_17 = wp::load(var_15);
        var_16 = wp::copy(var_17);
        // if row_beg + block_count > capacity_end:                                               <L 1376>
        var_18 = wp::add(var_11, var_9);
        var_19 = (var_18 > var_16);
        if (var_19) {
            // dest_row_counts[row] = 0                                                           <L 1377>
            wp::array_store(var_dest_row_counts, var_0, var_20);
            // wp.atomic_max(status, 0, _BSR_STATUS_ROW_CAPACITY_EXCEEDED)                        <L 1378>
            var_23 = wp::atomic_max(var_status, var_21, var_22);
            // block_count = 0                                                                    <L 1379>
        }
        if (!var_19) {
            // dest_row_counts[row] = block_count                                                 <L 1381>
            wp::array_store(var_dest_row_counts, var_0, var_9);
        }
        var_25 = wp::where(var_19, var_24, var_9);
        // for local_block in range(block_count):                                                 <L 1383>
        var_26 = wp::range(var_25);
        start_for_0:;
            if (iter_cmp(var_26) == 0) goto end_for_0;
            var_27 = wp::iter_next(var_26);
            // block = row_beg + local_block                                                      <L 1384>
            var_28 = wp::add(var_11, var_27);
            // compact_block = compact_beg + local_block                                          <L 1385>
            var_29 = wp::add(var_2, var_27);
            // dest_columns[block] = compact_columns[compact_block]                               <L 1386>
            var_30 = wp::address(var_compact_columns, var_29);
            var_32 = wp::load(var_30);
            var_31 = wp::copy(var_32);
            wp::array_store(var_dest_columns, var_28, var_31);
            // if record_compact_blocks:                                                          <L 1387>
            if (var_record_compact_blocks) {
                // dest_compact_blocks[block] = compact_block                                     <L 1388>
                wp::array_store(var_dest_compact_blocks, var_28, var_29);
            }
            goto start_for_0;
        end_for_0:;
        // if record_compact_blocks:                                                              <L 1390>
        if (var_record_compact_blocks) {
            // for block in range(row_beg + block_count, capacity_end):                           <L 1391>
            var_33 = wp::add(var_11, var_25);
            var_34 = wp::range(var_33, var_16);
            start_for_2:;
                if (iter_cmp(var_34) == 0) goto end_for_2;
                var_35 = wp::iter_next(var_34);
                // dest_compact_blocks[block] = -1                                                <L 1392>
                wp::array_store(var_dest_compact_blocks, var_35, var_36);
                goto start_for_2;
            end_for_2:;
        }
        var_37 = wp::where(var_record_compact_blocks, var_35, var_28);
    }
}



extern "C" __global__ void _bsr_assign_padded_row_ranges_65d8f9a0_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_src_offsets,
    wp::array_t<wp::int32> var_src_row_counts,
    wp::array_t<wp::int32> var_dest_offsets,
    wp::array_t<wp::int32> var_dest_row_counts,
    wp::array_t<wp::int32> var_status)
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
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        wp::int32 var_4;
        wp::int32 var_5;
        wp::int32* var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        const wp::int32 var_9 = 1;
        wp::int32 var_10;
        wp::int32* var_11;
        wp::int32 var_12;
        wp::int32 var_13;
        wp::int32 var_14;
        bool var_15;
        const wp::int32 var_16 = 0;
        const wp::int32 var_17 = 0;
        const wp::int32 var_18 = 1;
        wp::int32 var_19;
        //---------
        // forward
        // def _bsr_assign_padded_row_ranges(                                                     <L 2283>
        // row = wp.tid()                                                                         <L 2290>
        var_0 = builtin_tid1d();
        // src_beg = src_offsets[row]                                                             <L 2292>
        var_1 = wp::address(var_src_offsets, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::copy(var_3);
        // src_end = _bsr_row_end(src_offsets, src_row_counts, row)                               <L 2293>
        var_4 = _bsr_row_end_0(var_src_offsets, var_src_row_counts, var_0);
        // src_count = src_end - src_beg                                                          <L 2294>
        var_5 = wp::sub(var_4, var_2);
        // dest_beg = dest_offsets[row]                                                           <L 2296>
        var_6 = wp::address(var_dest_offsets, var_0);
        var_8 = wp::load(var_6);
        var_7 = wp::copy(var_8);
        // dest_capacity_end = dest_offsets[row + 1]                                              <L 2297>
        var_10 = wp::add(var_0, var_9);
        var_11 = wp::address(var_dest_offsets, var_10);
        var_13 = wp::load(var_11);
        var_12 = wp::copy(var_13);
        // dest_count = dest_capacity_end - dest_beg                                              <L 2298>
        var_14 = wp::sub(var_12, var_7);
        // if src_count > dest_count:                                                             <L 2300>
        var_15 = (var_5 > var_14);
        if (var_15) {
            // dest_row_counts[row] = 0                                                           <L 2301>
            wp::array_store(var_dest_row_counts, var_0, var_16);
            // wp.atomic_max(status, 0, _BSR_STATUS_ROW_CAPACITY_EXCEEDED)                        <L 2302>
            var_19 = wp::atomic_max(var_status, var_17, var_18);
            // return                                                                             <L 2303>
            continue;
        }
        // dest_row_counts[row] = src_count                                                       <L 2305>
        wp::array_store(var_dest_row_counts, var_0, var_5);
    }
}



extern "C" __global__ void _bsr_fill_row_counts_from_offsets_707d6fbc_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_row_count,
    wp::array_t<wp::int32> var_offsets,
    wp::array_t<wp::int32> var_row_counts)
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
        const wp::int32 var_1 = 1;
        wp::int32 var_2;
        wp::int32* var_3;
        wp::int32* var_4;
        wp::int32 var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        //---------
        // forward
        // def _bsr_fill_row_counts_from_offsets(                                                 <L 675>
        // row = wp.tid()                                                                         <L 680>
        var_0 = builtin_tid1d();
        // row_counts[row] = offsets[row + 1] - offsets[row]                                      <L 681>
        var_2 = wp::add(var_0, var_1);
        var_3 = wp::address(var_offsets, var_2);
        var_4 = wp::address(var_offsets, var_0);
        var_6 = wp::load(var_3);
        var_7 = wp::load(var_4);
        var_5 = wp::sub(var_6, var_7);
        wp::array_store(var_row_counts, var_0, var_5);
    }
}



extern "C" __global__ void _bsr_copy_reblocked_capacity_counts_7df33e42_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_src_subrows,
    wp::int32 var_src_subcols,
    wp::int32 var_dest_subrows,
    wp::int32 var_src_row_count,
    wp::array_t<wp::int32> var_src_offsets,
    wp::array_t<wp::int32> var_dest_offsets)
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
        const wp::int32 var_1 = 0;
        bool var_2;
        const wp::int32 var_3 = 0;
        const wp::int32 var_4 = 0;
        wp::int32 var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        const wp::int32 var_9 = 1;
        wp::int32 var_10;
        wp::int32 var_11;
        wp::int32 var_12;
        const wp::int32 var_13 = 0;
        wp::int32 var_14;
        bool var_15;
        const wp::int32 var_16 = 1;
        wp::int32 var_17;
        wp::int32* var_18;
        wp::int32* var_19;
        wp::int32 var_20;
        wp::int32 var_21;
        wp::int32 var_22;
        wp::int32 var_23;
        wp::int32 var_24;
        const wp::int32 var_25 = 1;
        wp::int32 var_26;
        const wp::int32 var_27 = 1;
        wp::int32 var_28;
        //---------
        // forward
        // def _bsr_copy_reblocked_capacity_counts(                                               <L 2399>
        // dest_row = wp.tid()                                                                    <L 2407>
        var_0 = builtin_tid1d();
        // if dest_row == 0:                                                                      <L 2409>
        var_2 = (var_0 == var_1);
        if (var_2) {
            // dest_offsets[0] = 0                                                                <L 2410>
            wp::array_store(var_dest_offsets, var_4, var_3);
        }
        // dest_subrow_first = dest_row * dest_subrows                                            <L 2412>
        var_5 = wp::mul(var_0, var_dest_subrows);
        // src_row = dest_subrow_first // src_subrows                                             <L 2413>
        var_6 = wp::floordiv(var_5, var_src_subrows);
        // src_row_end = wp.min(src_row_count, (dest_subrow_first + dest_subrows + src_subrows - 1) // src_subrows)       <L 2414>
        var_7 = wp::add(var_5, var_dest_subrows);
        var_8 = wp::add(var_7, var_src_subrows);
        var_10 = wp::sub(var_8, var_9);
        var_11 = wp::floordiv(var_10, var_src_subrows);
        var_12 = wp::min(var_src_row_count, var_11);
        // block_count = int(0)                                                                   <L 2415>
        var_14 = wp::int(var_13);
        // while src_row < src_row_end:                                                           <L 2417>
        start_while_0:;
        var_15 = (var_6 < var_12);
        if ((var_15) == false) goto end_while_0;
            // block_count += (src_offsets[src_row + 1] - src_offsets[src_row]) * src_subcols       <L 2418>
            var_17 = wp::add(var_6, var_16);
            var_18 = wp::address(var_src_offsets, var_17);
            var_19 = wp::address(var_src_offsets, var_6);
            var_21 = wp::load(var_18);
            var_22 = wp::load(var_19);
            var_20 = wp::sub(var_21, var_22);
            var_23 = wp::mul(var_20, var_src_subcols);
            var_24 = wp::add(var_14, var_23);
            // src_row += 1                                                                       <L 2419>
            var_26 = wp::add(var_6, var_25);
            wp::assign(var_6, var_26);
            wp::assign(var_14, var_24);
        goto start_while_0;
        end_while_0:;
        // dest_offsets[dest_row + 1] = block_count                                               <L 2421>
        var_28 = wp::add(var_0, var_27);
        wp::array_store(var_dest_offsets, var_28, var_14);
    }
}



extern "C" __global__ void _bsr_extend_offsets_with_empty_rows_7fdffc90_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_old_row_count,
    wp::array_t<wp::int32> var_offsets)
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
        const wp::int32 var_0 = 1;
        wp::int32 var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        wp::int32* var_4;
        wp::int32 var_5;
        wp::int32 var_6;
        //---------
        // forward
        // def _bsr_extend_offsets_with_empty_rows(                                               <L 685>
        // row = old_row_count + 1 + wp.tid()                                                     <L 689>
        var_1 = wp::add(var_old_row_count, var_0);
        var_2 = builtin_tid1d();
        var_3 = wp::add(var_1, var_2);
        // offsets[row] = offsets[old_row_count]                                                  <L 690>
        var_4 = wp::address(var_offsets, var_old_row_count);
        var_6 = wp::load(var_4);
        var_5 = wp::copy(var_6);
        wp::array_store(var_offsets, var_3, var_5);
    }
}



extern "C" __global__ void _bsr_axpy_padded_finalize_8da54531_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_y_row_counts,
    wp::array_t<wp::int32> var_row_block_counts)
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
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        const wp::int32 var_4 = 0;
        bool var_5;
        const wp::int32 var_6 = 0;
        //---------
        // forward
        // def _bsr_axpy_padded_finalize(                                                         <L 3579>
        // row = wp.tid()                                                                         <L 3583>
        var_0 = builtin_tid1d();
        // block_count = row_block_counts[row]                                                    <L 3585>
        var_1 = wp::address(var_row_block_counts, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::copy(var_3);
        // if block_count < 0:                                                                    <L 3587>
        var_5 = (var_2 < var_4);
        if (var_5) {
            // y_row_counts[row] = 0                                                              <L 3588>
            wp::array_store(var_y_row_counts, var_0, var_6);
        }
        if (!var_5) {
            // y_row_counts[row] = block_count                                                    <L 3590>
            wp::array_store(var_y_row_counts, var_0, var_2);
        }
    }
}



extern "C" __global__ void _bsr_axpy_padded_count_ba25bf52_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_x_offsets,
    wp::array_t<wp::int32> var_x_row_counts,
    wp::array_t<wp::int32> var_x_columns,
    wp::array_t<wp::int32> var_y_offsets,
    wp::array_t<wp::int32> var_y_row_counts,
    wp::array_t<wp::int32> var_y_columns,
    wp::array_t<wp::int32> var_row_block_counts,
    wp::array_t<wp::int32> var_status)
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
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        wp::int32 var_4;
        wp::int32* var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        wp::int32 var_8;
        const wp::int32 var_9 = 0;
        wp::int32 var_10;
        bool var_11;
        bool var_12;
        bool var_13;
        wp::int32* var_14;
        wp::int32 var_15;
        wp::int32 var_16;
        wp::int32* var_17;
        wp::int32 var_18;
        wp::int32 var_19;
        const wp::int32 var_20 = 1;
        wp::int32 var_21;
        bool var_22;
        const wp::int32 var_23 = 1;
        wp::int32 var_24;
        const wp::int32 var_25 = 1;
        wp::int32 var_26;
        bool var_27;
        const wp::int32 var_28 = 1;
        wp::int32 var_29;
        const wp::int32 var_30 = 1;
        wp::int32 var_31;
        wp::int32 var_32;
        wp::int32 var_33;
        wp::int32 var_34;
        wp::int32 var_35;
        wp::int32 var_36;
        wp::int32 var_37;
        wp::int32 var_38;
        wp::int32 var_39;
        wp::int32* var_40;
        wp::int32 var_41;
        wp::int32 var_42;
        const wp::int32 var_43 = 1;
        wp::int32 var_44;
        wp::int32* var_45;
        bool var_46;
        wp::int32 var_47;
        const wp::int32 var_48 = -1;
        const wp::int32 var_49 = 0;
        const wp::int32 var_50 = 1;
        wp::int32 var_51;
        //---------
        // forward
        // def _bsr_axpy_padded_count(                                                            <L 3470>
        // row = wp.tid()                                                                         <L 3480>
        var_0 = builtin_tid1d();
        // x_block = int(x_offsets[row])                                                          <L 3482>
        var_1 = wp::address(var_x_offsets, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::int(var_3);
        // x_end = _bsr_row_end(x_offsets, x_row_counts, row)                                     <L 3483>
        var_4 = _bsr_row_end_0(var_x_offsets, var_x_row_counts, var_0);
        // y_block = int(y_offsets[row])                                                          <L 3484>
        var_5 = wp::address(var_y_offsets, var_0);
        var_7 = wp::load(var_5);
        var_6 = wp::int(var_7);
        // y_end = _bsr_row_end(y_offsets, y_row_counts, row)                                     <L 3485>
        var_8 = _bsr_row_end_0(var_y_offsets, var_y_row_counts, var_0);
        // block_count = int(0)                                                                   <L 3487>
        var_10 = wp::int(var_9);
        // while x_block < x_end and y_block < y_end:                                             <L 3489>
        start_while_0:;
        var_12 = (var_2 < var_4);
        var_11 = var_12;
        if (var_11) {
            var_13 = (var_6 < var_8);
            var_11 = var_11 && var_13;
        }
        if ((var_11) == false) goto end_while_0;
            // x_col = x_columns[x_block]                                                         <L 3490>
            var_14 = wp::address(var_x_columns, var_2);
            var_16 = wp::load(var_14);
            var_15 = wp::copy(var_16);
            // y_col = y_columns[y_block]                                                         <L 3491>
            var_17 = wp::address(var_y_columns, var_6);
            var_19 = wp::load(var_17);
            var_18 = wp::copy(var_19);
            // block_count += 1                                                                   <L 3493>
            var_21 = wp::add(var_10, var_20);
            // if x_col == y_col:                                                                 <L 3494>
            var_22 = (var_15 == var_18);
            if (var_22) {
                // x_block += 1                                                                   <L 3495>
                var_24 = wp::add(var_2, var_23);
                // y_block += 1                                                                   <L 3496>
                var_26 = wp::add(var_6, var_25);
            }
            if (!var_22) {
                // elif x_col < y_col:                                                            <L 3497>
                var_27 = (var_15 < var_18);
                if (var_27) {
                    // x_block += 1                                                               <L 3498>
                    var_29 = wp::add(var_2, var_28);
                }
                if (!var_27) {
                    // y_block += 1                                                               <L 3500>
                    var_31 = wp::add(var_6, var_30);
                }
                var_32 = wp::where(var_27, var_29, var_2);
                var_33 = wp::where(var_27, var_6, var_31);
            }
            var_34 = wp::where(var_22, var_24, var_32);
            var_35 = wp::where(var_22, var_26, var_33);
            wp::assign(var_2, var_34);
            wp::assign(var_6, var_35);
            wp::assign(var_10, var_21);
        goto start_while_0;
        end_while_0:;
        // block_count += x_end - x_block                                                         <L 3502>
        var_36 = wp::sub(var_4, var_2);
        var_37 = wp::add(var_10, var_36);
        // block_count += y_end - y_block                                                         <L 3503>
        var_38 = wp::sub(var_8, var_6);
        var_39 = wp::add(var_37, var_38);
        // if y_offsets[row] + block_count > y_offsets[row + 1]:                                  <L 3505>
        var_40 = wp::address(var_y_offsets, var_0);
        var_42 = wp::load(var_40);
        var_41 = wp::add(var_42, var_39);
        var_44 = wp::add(var_0, var_43);
        var_45 = wp::address(var_y_offsets, var_44);
        var_47 = wp::load(var_45);
        var_46 = (var_41 > var_47);
        if (var_46) {
            // row_block_counts[row] = -1                                                         <L 3506>
            wp::array_store(var_row_block_counts, var_0, var_48);
            // wp.atomic_max(status, 0, _BSR_STATUS_ROW_CAPACITY_EXCEEDED)                        <L 3507>
            var_51 = wp::atomic_max(var_status, var_49, var_50);
        }
        if (!var_46) {
            // row_block_counts[row] = block_count                                                <L 3509>
            wp::array_store(var_row_block_counts, var_0, var_39);
        }
    }
}



extern "C" __global__ void _bsr_mm_list_coeffs_ea1f05b7_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::int32 var_copied_z_nnz,
    wp::int32 var_mm_nnz,
    wp::int32 var_x_nrow,
    wp::array_t<wp::int32> var_x_offsets,
    wp::array_t<wp::int32> var_x_row_counts,
    wp::array_t<wp::int32> var_x_columns,
    wp::array_t<wp::int32> var_y_offsets,
    wp::array_t<wp::int32> var_y_row_counts,
    wp::array_t<wp::int32> var_y_columns,
    wp::array_t<wp::int32> var_mm_row_min,
    wp::array_t<wp::int32> var_mm_offsets,
    wp::array_t<wp::int32> var_mm_rows,
    wp::array_t<wp::int32> var_mm_cols,
    wp::array_t<wp::int32> var_mm_src_blocks)
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
        wp::int32* var_2;
        wp::int32 var_3;
        wp::int32 var_4;
        wp::int32 var_5;
        const wp::int32 var_6 = -1;
        bool var_7;
        const wp::int32 var_8 = -1;
        const wp::int32 var_9 = -1;
        bool var_10;
        const wp::int32 var_11 = 1;
        wp::int32 var_12;
        bool var_13;
        wp::int32* var_14;
        bool var_15;
        wp::int32 var_16;
        const wp::str var_17 = "Number of potential `bsr_mm` blocks (%d) exceeded `max_nnz` (%d)\n";
        wp::int32* var_18;
        wp::int32 var_19;
        wp::int32 var_20;
        wp::int32 var_21;
        wp::int32* var_22;
        wp::int32 var_23;
        wp::int32 var_24;
        wp::int32 var_25;
        wp::int32* var_26;
        wp::int32 var_27;
        wp::int32 var_28;
        const wp::int32 var_29 = -1;
        bool var_30;
        wp::int32* var_31;
        wp::int32 var_32;
        wp::int32 var_33;
        wp::int32* var_34;
        wp::int32 var_35;
        wp::int32 var_36;
        wp::int32 var_37;
        wp::int32* var_38;
        wp::int32 var_39;
        wp::int32 var_40;
        wp::int32 var_41;
        wp::int32 var_42;
        const wp::int32 var_43 = -1;
        wp::int32 var_44;
        wp::int32 var_45;
        //---------
        // forward
        // def _bsr_mm_list_coeffs(                                                               <L 3950>
        // mm_block = wp.tid() + copied_z_nnz                                                     <L 3966>
        var_0 = builtin_tid1d();
        var_1 = wp::add(var_0, var_copied_z_nnz);
        // x_nnz = x_offsets[x_nrow]                                                              <L 3968>
        var_2 = wp::address(var_x_offsets, var_x_nrow);
        var_4 = wp::load(var_2);
        var_3 = wp::copy(var_4);
        // x_block = bsr_row_index(mm_offsets, x_nnz, mm_block)                                   <L 3970>
        var_5 = bsr_row_index_0(var_mm_offsets, var_3, var_1);
        // if x_block == -1:                                                                      <L 3972>
        var_7 = (var_5 == var_6);
        if (var_7) {
            // mm_cols[mm_block] = -1                                                             <L 3973>
            wp::array_store(var_mm_cols, var_1, var_8);
            // mm_rows[mm_block] = -1                                                             <L 3974>
            wp::array_store(var_mm_rows, var_1, var_9);
            // return                                                                             <L 3975>
            continue;
        }
        // if mm_block + 1 == mm_nnz and mm_nnz < mm_offsets[x_nnz]:                              <L 3977>
        var_12 = wp::add(var_1, var_11);
        var_13 = (var_12 == var_mm_nnz);
        var_10 = var_13;
        if (var_10) {
            var_14 = wp::address(var_mm_offsets, var_3);
            var_16 = wp::load(var_14);
            var_15 = (var_mm_nnz < var_16);
            var_10 = var_10 && var_15;
        }
        if (var_10) {
            // wp.printf(                                                                         <L 3978>
            // "Number of potential `bsr_mm` blocks (%d) exceeded `max_nnz` (%d)\n",              <L 3979>
            // mm_offsets[x_nnz] - copied_z_nnz,                                                  <L 3980>
            var_18 = wp::address(var_mm_offsets, var_3);
            var_20 = wp::load(var_18);
            var_19 = wp::sub(var_20, var_copied_z_nnz);
            // mm_nnz - copied_z_nnz,                                                             <L 3981>
            var_21 = wp::sub(var_mm_nnz, var_copied_z_nnz);
            printf(var_17, var_19, var_21);
        }
        // pos = mm_block - mm_offsets[x_block]                                                   <L 3984>
        var_22 = wp::address(var_mm_offsets, var_5);
        var_24 = wp::load(var_22);
        var_23 = wp::sub(var_1, var_24);
        // row = bsr_row_index(x_offsets, x_nrow, x_block, x_row_counts)                          <L 3986>
        var_25 = bsr_row_index_1(var_x_offsets, var_x_nrow, var_5, var_x_row_counts);
        // row_min_col = mm_row_min[row]                                                          <L 3988>
        var_26 = wp::address(var_mm_row_min, var_25);
        var_28 = wp::load(var_26);
        var_27 = wp::copy(var_28);
        // if row_min_col == -1:                                                                  <L 3989>
        var_30 = (var_27 == var_29);
        if (var_30) {
            // x_col = x_columns[x_block]                                                         <L 3990>
            var_31 = wp::address(var_x_columns, var_5);
            var_33 = wp::load(var_31);
            var_32 = wp::copy(var_33);
            // y_beg = y_offsets[x_col]                                                           <L 3991>
            var_34 = wp::address(var_y_offsets, var_32);
            var_36 = wp::load(var_34);
            var_35 = wp::copy(var_36);
            // y_block = y_beg + pos                                                              <L 3992>
            var_37 = wp::add(var_35, var_23);
            // col = y_columns[y_block]                                                           <L 3993>
            var_38 = wp::address(var_y_columns, var_37);
            var_40 = wp::load(var_38);
            var_39 = wp::copy(var_40);
            // src_block = x_block                                                                <L 3994>
            var_41 = wp::copy(var_5);
        }
        if (!var_30) {
            // col = row_min_col + pos                                                            <L 3996>
            var_42 = wp::add(var_27, var_23);
            // src_block = -1                                                                     <L 3997>
        }
        var_44 = wp::where(var_30, var_39, var_42);
        var_45 = wp::where(var_30, var_41, var_43);
        // mm_cols[mm_block] = col                                                                <L 3999>
        wp::array_store(var_mm_cols, var_1, var_44);
        // mm_rows[mm_block] = row                                                                <L 4000>
        wp::array_store(var_mm_rows, var_1, var_25);
        // mm_src_blocks[mm_block] = src_block                                                    <L 4001>
        wp::array_store(var_mm_src_blocks, var_1, var_45);
    }
}

