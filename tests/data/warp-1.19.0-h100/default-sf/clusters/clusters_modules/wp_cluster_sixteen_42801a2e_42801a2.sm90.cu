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



extern "C" WP_CLUSTER_DIMS(16, 1, 1) __global__ void cluster_sixteen_0d90bb4e_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_a,
    wp::array_t<wp::float32> var_b)
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
        wp::float32* var_1;
        wp::float32* var_2;
        wp::float32* var_3;
        wp::float32 var_4;
        wp::float32 var_5;
        wp::float32 var_6;
        wp::float32 var_7;
        wp::float32 var_8;
        //---------
        // forward
        // def cluster_sixteen(a: wp.array(dtype=float), b: wp.array(dtype=float)):               <L 251>
        // i = wp.tid()                                                                           <L 252>
        var_0 = builtin_tid1d();
        // b[i] = b[i] + a[i] * a[i]                                                              <L 253>
        var_1 = wp::address(var_b, var_0);
        var_2 = wp::address(var_a, var_0);
        var_3 = wp::address(var_a, var_0);
        var_5 = wp::load(var_2);
        var_6 = wp::load(var_3);
        var_4 = wp::mul(var_5, var_6);
        var_8 = wp::load(var_1);
        var_7 = wp::add(var_8, var_4);
        wp::array_store(var_b, var_0, var_7);
    }
}



extern "C" WP_CLUSTER_DIMS(16, 1, 1) __global__ void cluster_sixteen_0d90bb4e_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_a,
    wp::array_t<wp::float32> var_b,
    wp::array_t<wp::float32> adj_a,
    wp::array_t<wp::float32> adj_b)
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
        wp::float32* var_1;
        wp::float32* var_2;
        wp::float32* var_3;
        wp::float32 var_4;
        wp::float32 var_5;
        wp::float32 var_6;
        wp::float32 var_7;
        wp::float32 var_8;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::float32 adj_1 = {};
        wp::float32 adj_2 = {};
        wp::float32 adj_3 = {};
        wp::float32 adj_4 = {};
        wp::float32 adj_5 = {};
        wp::float32 adj_6 = {};
        wp::float32 adj_7 = {};
        wp::float32 adj_8 = {};
        //---------
        // forward
        // def cluster_sixteen(a: wp.array(dtype=float), b: wp.array(dtype=float)):               <L 251>
        // i = wp.tid()                                                                           <L 252>
        var_0 = builtin_tid1d();
        // b[i] = b[i] + a[i] * a[i]                                                              <L 253>
        var_1 = wp::address(var_b, var_0);
        var_2 = wp::address(var_a, var_0);
        var_3 = wp::address(var_a, var_0);
        var_5 = wp::load(var_2);
        var_6 = wp::load(var_3);
        var_4 = wp::mul(var_5, var_6);
        var_8 = wp::load(var_1);
        var_7 = wp::add(var_8, var_4);
        // wp::array_store(var_b, var_0, var_7);
        //---------
        // reverse
        wp::adj_array_store(var_b, var_0, var_7, adj_b, adj_0, adj_7);
        wp::adj_add(var_8, var_4, adj_1, adj_4, adj_7);
        wp::adj_mul(var_5, var_6, adj_2, adj_3, adj_4);
        wp::adj_address(var_a, var_0, adj_a, adj_0, adj_3);
        wp::adj_address(var_a, var_0, adj_a, adj_0, adj_2);
        wp::adj_address(var_b, var_0, adj_b, adj_0, adj_1);
        // adj: b[i] = b[i] + a[i] * a[i]                                                         <L 253>
        // adj: i = wp.tid()                                                                      <L 252>
        // adj: def cluster_sixteen(a: wp.array(dtype=float), b: wp.array(dtype=float)):          <L 251>
        continue;
    }
}

