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



extern "C" __global__ void make_bsr_mv_kernel__locals__bsr_mv_kernel_9d8e24f8_cuda_kernel_forward(
    wp::launch_bounds_t<2> dim,
    wp::float32 var_alpha,
    wp::array_t<wp::int32> var_A_offsets,
    wp::array_t<wp::int32> var_A_row_counts,
    wp::array_t<wp::int32> var_A_columns,
    wp::array_t<wp::float32> var_A_values,
    wp::array_t<wp::float32> var_x,
    wp::float32 var_beta,
    wp::array_t<wp::float32> var_y)
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
        wp::shape_t* var_2;
        const wp::int32 var_3 = 1;
        wp::int32 var_4;
        wp::shape_t var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        const wp::int32 var_8 = 0;
        wp::float32 var_9;
        wp::float32 var_10;
        bool var_11;
        wp::int32* var_12;
        wp::int32 var_13;
        wp::int32 var_14;
        wp::int32 var_15;
        wp::range_t var_16;
        wp::int32 var_17;
        wp::int32* var_18;
        const wp::int32 var_19 = 2;
        wp::int32 var_20;
        wp::int32 var_21;
        const wp::int32 var_22 = 0;
        wp::float32* var_23;
        wp::int32 var_24;
        wp::float32* var_25;
        wp::float32 var_26;
        wp::float32 var_27;
        wp::float32 var_28;
        wp::float32 var_29;
        const wp::int32 var_30 = 1;
        wp::float32* var_31;
        wp::int32 var_32;
        wp::float32* var_33;
        wp::float32 var_34;
        wp::float32 var_35;
        wp::float32 var_36;
        wp::float32 var_37;
        wp::float32 var_38;
        wp::float32 var_39;
        bool var_40;
        wp::float32* var_41;
        wp::float32 var_42;
        wp::float32 var_43;
        wp::float32 var_44;
        wp::float32 var_45;
        //---------
        // forward
        // def bsr_mv_kernel(                                                                     <L 1>
        // row, subrow = wp.tid()                                                                 <L 11>
        builtin_tid2d(var_0, var_1);
        // block_rows = A_values.shape[1]                                                         <L 13>
        var_2 = &(var_A_values.shape);
        var_5 = wp::load(var_2);
        var_4 = wp::extract(var_5, var_3);
        // yi = row * block_rows + subrow                                                         <L 15>
        var_6 = wp::mul(var_0, var_4);
        var_7 = wp::add(var_6, var_1);
        // scalar_zero = type(alpha)(0)                                                           <L 18>
        var_9 = wp::float32(var_8);
        // v = scalar_zero                                                                        <L 19>
        var_10 = wp::copy(var_9);
        // if alpha != scalar_zero:                                                               <L 21>
        var_11 = (var_alpha != var_9);
        if (var_11) {
            // beg = A_offsets[row]                                                               <L 22>
            var_12 = wp::address(var_A_offsets, var_0);
            var_14 = wp::load(var_12);
            var_13 = wp::copy(var_14);
            // end = _bsr_row_end(A_offsets, A_row_counts, row)                                   <L 23>
            var_15 = _bsr_row_end_0(var_A_offsets, var_A_row_counts, var_0);
            // for block in range(beg, end):                                                      <L 24>
            var_16 = wp::range(var_13, var_15);
            start_for_0:;
                if (iter_cmp(var_16) == 0) goto end_for_0;
                var_17 = wp::iter_next(var_16);
                // xs = A_columns[block] * block_cols                                             <L 25>
                var_18 = wp::address(var_A_columns, var_17);
                var_21 = wp::load(var_18);
                var_20 = wp::mul(var_21, var_19);
                // for col in range(wp.static(block_cols)):                                       <L 26>
                // v += A_values[block, subrow, col] * x[xs + col]                                <L 27>
                var_23 = wp::address(var_A_values, var_17, var_1, var_22);
                var_24 = wp::add(var_20, var_22);
                var_25 = wp::address(var_x, var_24);
                var_27 = wp::load(var_23);
                var_28 = wp::load(var_25);
                var_26 = wp::mul(var_27, var_28);
                var_29 = wp::add(var_10, var_26);
                var_31 = wp::address(var_A_values, var_17, var_1, var_30);
                var_32 = wp::add(var_20, var_30);
                var_33 = wp::address(var_x, var_32);
                var_35 = wp::load(var_31);
                var_36 = wp::load(var_33);
                var_34 = wp::mul(var_35, var_36);
                var_37 = wp::add(var_29, var_34);
                wp::assign(var_10, var_37);
                goto start_for_0;
            end_for_0:;
            // v *= alpha                                                                         <L 28>
            var_38 = wp::mul(var_10, var_alpha);
        }
        var_39 = wp::where(var_11, var_38, var_10);
        // if beta != scalar_zero:                                                                <L 30>
        var_40 = (var_beta != var_9);
        if (var_40) {
            // v += beta * y[yi]                                                                  <L 31>
            var_41 = wp::address(var_y, var_7);
            var_43 = wp::load(var_41);
            var_42 = wp::mul(var_beta, var_43);
            var_44 = wp::add(var_39, var_42);
        }
        var_45 = wp::where(var_40, var_44, var_39);
        // y[yi] = v                                                                              <L 33>
        wp::array_store(var_y, var_7, var_45);
    }
}

