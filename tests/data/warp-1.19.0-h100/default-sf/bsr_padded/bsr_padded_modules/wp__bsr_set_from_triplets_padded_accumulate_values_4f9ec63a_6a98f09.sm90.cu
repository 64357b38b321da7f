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


// /tmp/warp/1.19.0/warp/_src/sparse.py:0
static CUDA_CALLABLE wp::float32 _bsr_accumulate_triplet_value_0(
    wp::int32 var_block,
    wp::int32 var_i,
    wp::int32 var_j,
    wp::array_t<wp::int32> var_tpl_summed_offsets,
    wp::array_t<wp::int32> var_tpl_summed_indices,
    wp::array_t<wp::float32> var_tpl_values)
{
    //---------
    // primal vars
    const wp::int32 var_0 = 0;
    bool var_1;
    const wp::int32 var_2 = 0;
    const wp::int32 var_3 = 1;
    wp::int32 var_4;
    wp::int32* var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    wp::int32 var_8;
    wp::int32* var_9;
    wp::int32 var_10;
    wp::int32 var_11;
    wp::int32* var_12;
    wp::int32 var_13;
    wp::float32* var_14;
    wp::float32 var_15;
    wp::float32 var_16;
    const wp::int32 var_17 = 1;
    wp::int32 var_18;
    wp::range_t var_19;
    wp::int32 var_20;
    wp::int32* var_21;
    wp::int32 var_22;
    wp::float32* var_23;
    wp::float32 var_24;
    wp::float32 var_25;
    //---------
    // forward
    // def _bsr_accumulate_triplet_value(                                                     <L 1>
    // if block == 0:                                                                         <L 9>
    var_1 = (var_block == var_0);
    if (var_1) {
        // beg = 0                                                                            <L 10>
    }
    if (!var_1) {
        // beg = tpl_summed_offsets[block - 1]                                                <L 12>
        var_4 = wp::sub(var_block, var_3);
        var_5 = wp::address(var_tpl_summed_offsets, var_4);
        var_7 = wp::load(var_5);
        var_6 = wp::copy(var_7);
    }
    var_8 = wp::where(var_1, var_2, var_6);
    // end = tpl_summed_offsets[block]                                                        <L 13>
    var_9 = wp::address(var_tpl_summed_offsets, var_block);
    var_11 = wp::load(var_9);
    var_10 = wp::copy(var_11);
    // val = tpl_values[tpl_summed_indices[beg], i, j]                                        <L 15>
    var_12 = wp::address(var_tpl_summed_indices, var_8);
    var_13 = wp::load(var_12);
    var_14 = wp::address(var_tpl_values, var_13, var_i, var_j);
    var_16 = wp::load(var_14);
    var_15 = wp::copy(var_16);
    // for k in range(beg + 1, end):                                                          <L 16>
    var_18 = wp::add(var_8, var_17);
    var_19 = wp::range(var_18, var_10);
    start_for_0:;
        if (iter_cmp(var_19) == 0) goto end_for_0;
        var_20 = wp::iter_next(var_19);
        // val += tpl_values[tpl_summed_indices[k], i, j]                                     <L 17>
        var_21 = wp::address(var_tpl_summed_indices, var_20);
        var_22 = wp::load(var_21);
        var_23 = wp::address(var_tpl_values, var_22, var_i, var_j);
        var_25 = wp::load(var_23);
        var_24 = wp::add(var_15, var_25);
        wp::assign(var_15, var_24);
        goto start_for_0;
    end_for_0:;
    // return val                                                                             <L 19>
    return var_15;
}


// /tmp/warp/1.19.0/warp/_src/sparse.py:0
static CUDA_CALLABLE void adj__bsr_accumulate_triplet_value_0(
    wp::int32 var_block,
    wp::int32 var_i,
    wp::int32 var_j,
    wp::array_t<wp::int32> var_tpl_summed_offsets,
    wp::array_t<wp::int32> var_tpl_summed_indices,
    wp::array_t<wp::float32> var_tpl_values,
    wp::int32 & adj_block,
    wp::int32 & adj_i,
    wp::int32 & adj_j,
    wp::array_t<wp::int32> & adj_tpl_summed_offsets,
    wp::array_t<wp::int32> & adj_tpl_summed_indices,
    wp::array_t<wp::float32> & adj_tpl_values,
    wp::float32 & adj_ret)
{
    //---------
    // primal vars
    const wp::int32 var_0 = 0;
    bool var_1;
    const wp::int32 var_2 = 0;
    const wp::int32 var_3 = 1;
    wp::int32 var_4;
    wp::int32* var_5;
    wp::int32 var_6;
    wp::int32 var_7;
    wp::int32 var_8;
    wp::int32* var_9;
    wp::int32 var_10;
    wp::int32 var_11;
    wp::int32* var_12;
    wp::int32 var_13;
    wp::float32* var_14;
    wp::float32 var_15;
    wp::float32 var_16;
    const wp::int32 var_17 = 1;
    wp::int32 var_18;
    wp::range_t var_19;
    wp::int32 var_20;
    wp::int32* var_21;
    wp::int32 var_22;
    wp::float32* var_23;
    wp::float32 var_24;
    wp::float32 var_25;
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
    wp::int32 adj_13 = {};
    wp::float32 adj_14 = {};
    wp::float32 adj_15 = {};
    wp::float32 adj_16 = {};
    wp::int32 adj_17 = {};
    wp::int32 adj_18 = {};
    wp::range_t adj_19 = {};
    wp::int32 adj_20 = {};
    wp::int32 adj_21 = {};
    wp::int32 adj_22 = {};
    wp::float32 adj_23 = {};
    wp::float32 adj_24 = {};
    wp::float32 adj_25 = {};
    //---------
    // forward
    // def _bsr_accumulate_triplet_value(                                                     <L 1>
    // if block == 0:                                                                         <L 9>
    var_1 = (var_block == var_0);
    if (var_1) {
        // beg = 0                                                                            <L 10>
    }
    if (!var_1) {
        // beg = tpl_summed_offsets[block - 1]                                                <L 12>
        var_4 = wp::sub(var_block, var_3);
        var_5 = wp::address(var_tpl_summed_offsets, var_4);
        var_7 = wp::load(var_5);
        var_6 = wp::copy(var_7);
    }
    var_8 = wp::where(var_1, var_2, var_6);
    // end = tpl_summed_offsets[block]                                                        <L 13>
    var_9 = wp::address(var_tpl_summed_offsets, var_block);
    var_11 = wp::load(var_9);
    var_10 = wp::copy(var_11);
    // val = tpl_values[tpl_summed_indices[beg], i, j]                                        <L 15>
    var_12 = wp::address(var_tpl_summed_indices, var_8);
    var_13 = wp::load(var_12);
    var_14 = wp::address(var_tpl_values, var_13, var_i, var_j);
    var_16 = wp::load(var_14);
    var_15 = wp::copy(var_16);
    // for k in range(beg + 1, end):                                                          <L 16>
    var_18 = wp::add(var_8, var_17);
    var_19 = wp::range(var_18, var_10);
    // return val                                                                             <L 19>
    goto label2;
    //---------
    // reverse
    label2:;
    adj_15 += adj_ret;
    // adj: return val                                                                        <L 19>
    var_19 = wp::iter_reverse(var_19);
    start_for_0:;
        if (iter_cmp(var_19) == 0) goto end_for_0;
        var_20 = wp::iter_next(var_19);
    	adj_21 = {};
    	adj_22 = {};
    	adj_23 = {};
    	adj_24 = {};
    	adj_25 = {};
        // val += tpl_values[tpl_summed_indices[k], i, j]                                     <L 17>
        var_21 = wp::address(var_tpl_summed_indices, var_20);
        var_22 = wp::load(var_21);
        var_23 = wp::address(var_tpl_values, var_22, var_i, var_j);
        var_25 = wp::load(var_23);
        var_24 = wp::add(var_15, var_25);
        wp::assign(var_15, var_24);
        wp::adj_assign(var_15, var_24, adj_15, adj_24);
        wp::adj_add(var_15, var_25, adj_15, adj_23, adj_24);
        wp::adj_address(var_tpl_values, var_22, var_i, var_j, adj_tpl_values, adj_22, adj_i, adj_j, adj_23);
        wp::adj_address(var_tpl_summed_indices, var_20, adj_tpl_summed_indices, adj_20, adj_21);
        // adj: val += tpl_values[tpl_summed_indices[k], i, j]                                <L 17>
    	goto start_for_0;
    end_for_0:;
    wp::adj_add(var_8, var_17, adj_8, adj_17, adj_18);
    // adj: for k in range(beg + 1, end):                                                     <L 16>
    wp::adj_copy(var_16, adj_14, adj_15);
    wp::adj_address(var_tpl_values, var_13, var_i, var_j, adj_tpl_values, adj_13, adj_i, adj_j, adj_14);
    wp::adj_address(var_tpl_summed_indices, var_8, adj_tpl_summed_indices, adj_8, adj_12);
    // adj: val = tpl_values[tpl_summed_indices[beg], i, j]                                   <L 15>
    wp::adj_copy(var_11, adj_9, adj_10);
    wp::adj_address(var_tpl_summed_offsets, var_block, adj_tpl_summed_offsets, adj_block, adj_9);
    // adj: end = tpl_summed_offsets[block]                                                   <L 13>
    wp::adj_where(var_1, var_2, var_6, adj_1, adj_2, adj_6, adj_8);
    if (!var_1) {
        wp::adj_copy(var_7, adj_5, adj_6);
        wp::adj_address(var_tpl_summed_offsets, var_4, adj_tpl_summed_offsets, adj_4, adj_5);
        wp::adj_sub(var_block, var_3, adj_block, adj_3, adj_4);
        // adj: beg = tpl_summed_offsets[block - 1]                                           <L 12>
    }
    if (var_1) {
        // adj: beg = 0                                                                       <L 10>
    }
    // adj: if block == 0:                                                                    <L 9>
    // adj: def _bsr_accumulate_triplet_value(                                                <L 1>
    return;
}



extern "C" __global__ void _bsr_set_from_triplets_padded_accumulate_values_112a6c30_cuda_kernel_forward(
    wp::launch_bounds_t<3> dim,
    wp::array_t<wp::int32> var_dest_compact_blocks,
    wp::array_t<wp::int32> var_dest_offsets,
    wp::int32 var_dest_nrow,
    wp::array_t<wp::int32> var_tpl_summed_offsets,
    wp::array_t<wp::int32> var_tpl_summed_indices,
    wp::array_t<wp::float32> var_values,
    wp::array_t<wp::float32> var_dest_values)
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
        const wp::int32 var_9 = -1;
        bool var_10;
        wp::float32 var_11;
        //---------
        // forward
        // def _bsr_set_from_triplets_padded_accumulate_values(                                   <L 1>
        // block, i, j = wp.tid()                                                                 <L 10>
        builtin_tid3d(var_0, var_1, var_2);
        // if block >= dest_offsets[dest_nrow]:                                                   <L 12>
        var_3 = wp::address(var_dest_offsets, var_dest_nrow);
        var_5 = wp::load(var_3);
        var_4 = (var_0 >= var_5);
        if (var_4) {
            // return                                                                             <L 13>
            continue;
        }
        // compact_block = dest_compact_blocks[block]                                             <L 15>
        var_6 = wp::address(var_dest_compact_blocks, var_0);
        var_8 = wp::load(var_6);
        var_7 = wp::copy(var_8);
        // if compact_block != -1:                                                                <L 16>
        var_10 = (var_7 != var_9);
        if (var_10) {
            // dest_values[block, i, j] = _bsr_accumulate_triplet_value(                          <L 17>
            // compact_block, i, j, tpl_summed_offsets, tpl_summed_indices, values                <L 18>
            var_11 = _bsr_accumulate_triplet_value_0(var_7, var_1, var_2, var_tpl_summed_offsets, var_tpl_summed_indices, var_values);
            // dest_values[block, i, j] = _bsr_accumulate_triplet_value(                          <L 17>
            wp::array_store(var_dest_values, var_0, var_1, var_2, var_11);
        }
    }
}



extern "C" __global__ void _bsr_set_from_triplets_padded_accumulate_values_112a6c30_cuda_kernel_backward(
    wp::launch_bounds_t<3> dim,
    wp::array_t<wp::int32> var_dest_compact_blocks,
    wp::array_t<wp::int32> var_dest_offsets,
    wp::int32 var_dest_nrow,
    wp::array_t<wp::int32> var_tpl_summed_offsets,
    wp::array_t<wp::int32> var_tpl_summed_indices,
    wp::array_t<wp::float32> var_values,
    wp::array_t<wp::float32> var_dest_values,
    wp::array_t<wp::int32> adj_dest_compact_blocks,
    wp::array_t<wp::int32> adj_dest_offsets,
    wp::int32 adj_dest_nrow,
    wp::array_t<wp::int32> adj_tpl_summed_offsets,
    wp::array_t<wp::int32> adj_tpl_summed_indices,
    wp::array_t<wp::float32> adj_values,
    wp::array_t<wp::float32> adj_dest_values)
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
        const wp::int32 var_9 = -1;
        bool var_10;
        wp::float32 var_11;
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
        wp::float32 adj_11 = {};
        //---------
        // forward
        // def _bsr_set_from_triplets_padded_accumulate_values(                                   <L 1>
        // block, i, j = wp.tid()                                                                 <L 10>
        builtin_tid3d(var_0, var_1, var_2);
        // if block >= dest_offsets[dest_nrow]:                                                   <L 12>
        var_3 = wp::address(var_dest_offsets, var_dest_nrow);
        var_5 = wp::load(var_3);
        var_4 = (var_0 >= var_5);
        if (var_4) {
            // return                                                                             <L 13>
            goto label0;
        }
        // compact_block = dest_compact_blocks[block]                                             <L 15>
        var_6 = wp::address(var_dest_compact_blocks, var_0);
        var_8 = wp::load(var_6);
        var_7 = wp::copy(var_8);
        // if compact_block != -1:                                                                <L 16>
        var_10 = (var_7 != var_9);
        if (var_10) {
            // dest_values[block, i, j] = _bsr_accumulate_triplet_value(                          <L 17>
            // compact_block, i, j, tpl_summed_offsets, tpl_summed_indices, values                <L 18>
            var_11 = _bsr_accumulate_triplet_value_0(var_7, var_1, var_2, var_tpl_summed_offsets, var_tpl_summed_indices, var_values);
            // dest_values[block, i, j] = _bsr_accumulate_triplet_value(                          <L 17>
            // wp::array_store(var_dest_values, var_0, var_1, var_2, var_11);
        }
        //---------
        // reverse
        if (var_10) {
            wp::adj_array_store(var_dest_values, var_0, var_1, var_2, var_11, adj_dest_values, adj_0, adj_1, adj_2, adj_11);
            // adj: dest_values[block, i, j] = _bsr_accumulate_triplet_value(                     <L 17>
            adj__bsr_accumulate_triplet_value_0(var_7, var_1, var_2, var_tpl_summed_offsets, var_tpl_summed_indices, var_values, adj_7, adj_1, adj_2, adj_tpl_summed_offsets, adj_tpl_summed_indices, adj_values, adj_11);
            // adj: compact_block, i, j, tpl_summed_offsets, tpl_summed_indices, values           <L 18>
            // adj: dest_values[block, i, j] = _bsr_accumulate_triplet_value(                     <L 17>
        }
        // adj: if compact_block != -1:                                                           <L 16>
        wp::adj_copy(var_8, adj_6, adj_7);
        wp::adj_address(var_dest_compact_blocks, var_0, adj_dest_compact_blocks, adj_0, adj_6);
        // adj: compact_block = dest_compact_blocks[block]                                        <L 15>
        if (var_4) {
            label0:;
            // adj: return                                                                        <L 13>
        }
        wp::adj_address(var_dest_offsets, var_dest_nrow, adj_dest_offsets, adj_dest_nrow, adj_3);
        // adj: if block >= dest_offsets[dest_nrow]:                                              <L 12>
        // adj: block, i, j = wp.tid()                                                            <L 10>
        // adj: def _bsr_set_from_triplets_padded_accumulate_values(                              <L 1>
        continue;
    }
}

