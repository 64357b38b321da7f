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


struct Frame_0081ba29
{
    wp::quat_t<wp::float32> rot;
    wp::vec_t<3, wp::float32> pos;
    wp::float32 scale;


    Frame_0081ba29() = default;
    CUDA_CALLABLE Frame_0081ba29(wp::quat_t<wp::float32> const& rot,
    wp::vec_t<3, wp::float32> const& pos = {},
    wp::float32 const& scale = {})
        : rot{rot}
        , pos{pos}
        , scale{scale}

    {
    }

    CUDA_CALLABLE Frame_0081ba29& operator += (const Frame_0081ba29& rhs)
    {    rot += rhs.rot;
    pos += rhs.pos;
    scale += rhs.scale;

        return *this;}

};

static CUDA_CALLABLE void adj_Frame_0081ba29(wp::quat_t<wp::float32> const&,
    wp::vec_t<3, wp::float32> const&,
    wp::float32 const&,
    wp::quat_t<wp::float32> & adj_rot,
    wp::vec_t<3, wp::float32> & adj_pos,
    wp::float32 & adj_scale,
    Frame_0081ba29 & adj_ret)
{
    adj_rot += adj_ret.rot;
    adj_pos += adj_ret.pos;
    adj_scale += adj_ret.scale;
}

// Required when compiling adjoints.
CUDA_CALLABLE Frame_0081ba29 add(const Frame_0081ba29& a, const Frame_0081ba29& b)
{
    return Frame_0081ba29();
}

CUDA_CALLABLE void adj_atomic_add(Frame_0081ba29* p, Frame_0081ba29 t)
{
    wp::adj_atomic_add(&p->rot, t.rot);
    wp::adj_atomic_add(&p->pos, t.pos);
    wp::adj_atomic_add(&p->scale, t.scale);
}




// /work/main/tests/gpu/warp_replay.py:35
static CUDA_CALLABLE wp::vec_t<3, wp::float32> drag_force_0(
    wp::vec_t<3, wp::float32> var_v,
    wp::float32 var_k)
{
    //---------
    // primal vars
    wp::float32 var_0;
    wp::float32 var_1;
    wp::float32 var_2;
    wp::vec_t<3, wp::float32> var_3;
    //---------
    // forward
    // def drag_force(v: wp.vec3, k: float):                                                  <L 36>
    // return -k * wp.length(v) * v                                                           <L 37>
    var_0 = wp::neg(var_k);
    var_1 = wp::length(var_v);
    var_2 = wp::mul(var_0, var_1);
    var_3 = wp::mul(var_2, var_v);
    return var_3;
}


// /work/main/tests/gpu/warp_replay.py:35
static CUDA_CALLABLE void adj_drag_force_0(
    wp::vec_t<3, wp::float32> var_v,
    wp::float32 var_k,
    wp::vec_t<3, wp::float32> & adj_v,
    wp::float32 & adj_k,
    wp::vec_t<3, wp::float32> & adj_ret)
{
    //---------
    // primal vars
    wp::float32 var_0;
    wp::float32 var_1;
    wp::float32 var_2;
    wp::vec_t<3, wp::float32> var_3;
    //---------
    // dual vars
    wp::float32 adj_0 = {};
    wp::float32 adj_1 = {};
    wp::float32 adj_2 = {};
    wp::vec_t<3, wp::float32> adj_3 = {};
    //---------
    // forward
    // def drag_force(v: wp.vec3, k: float):                                                  <L 36>
    // return -k * wp.length(v) * v                                                           <L 37>
    var_0 = wp::neg(var_k);
    var_1 = wp::length(var_v);
    var_2 = wp::mul(var_0, var_1);
    var_3 = wp::mul(var_2, var_v);
    goto label0;
    //---------
    // reverse
    label0:;
    adj_3 += adj_ret;
    wp::adj_mul(var_2, var_v, adj_2, adj_v, adj_3);
    wp::adj_mul(var_0, var_1, adj_0, adj_1, adj_2);
    wp::adj_length(var_v, var_1, adj_v, adj_1);
    wp::adj_neg(var_k, adj_k, adj_0);
    // adj: return -k * wp.length(v) * v                                                      <L 37>
    // adj: def drag_force(v: wp.vec3, k: float):                                             <L 36>
    return;
}



extern "C" __global__ void scale_by_013a5985_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_a,
    wp::float32 var_s)
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
        wp::float32 var_2;
        wp::float32 var_3;
        //---------
        // forward
        // def scale_by(a: wp.array(dtype=float), s: float):                                      <L 103>
        // i = wp.tid()                                                                           <L 104>
        var_0 = builtin_tid1d();
        // a[i] = a[i] * s                                                                        <L 105>
        var_1 = wp::address(var_a, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::mul(var_3, var_s);
        wp::array_store(var_a, var_0, var_2);
    }
}



extern "C" __global__ void scale_by_013a5985_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_a,
    wp::float32 var_s,
    wp::array_t<wp::float32> adj_a,
    wp::float32 adj_s)
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
        wp::float32 var_2;
        wp::float32 var_3;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::float32 adj_1 = {};
        wp::float32 adj_2 = {};
        wp::float32 adj_3 = {};
        //---------
        // forward
        // def scale_by(a: wp.array(dtype=float), s: float):                                      <L 103>
        // i = wp.tid()                                                                           <L 104>
        var_0 = builtin_tid1d();
        // a[i] = a[i] * s                                                                        <L 105>
        var_1 = wp::address(var_a, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::mul(var_3, var_s);
        // wp::array_store(var_a, var_0, var_2);
        //---------
        // reverse
        wp::adj_array_store(var_a, var_0, var_2, adj_a, adj_0, adj_2);
        wp::adj_mul(var_3, var_s, adj_1, adj_s, adj_2);
        wp::adj_address(var_a, var_0, adj_a, adj_0, adj_1);
        // adj: a[i] = a[i] * s                                                                   <L 105>
        // adj: i = wp.tid()                                                                      <L 104>
        // adj: def scale_by(a: wp.array(dtype=float), s: float):                                 <L 103>
        continue;
    }
}



extern "C" __global__ void tile_row_sums_1d4756c9_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_a,
    wp::array_t<wp::float32> var_out)
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
        wp::array_t<wp::float32> var_1;
        const wp::int32 var_2 = 64;
        wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<64>>> var_3 = wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<64>>>{};
        const wp::int32 var_4 = 0;
        wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<1>>> var_5 = wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<1>>>{};
        //---------
        // forward
        // def tile_row_sums(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):             <L 77>
        // row = wp.tid()                                                                         <L 78>
        var_0 = builtin_tid1d();
        // t = wp.tile_load(a[row], shape=TILE)                                                   <L 79>
        var_1 = wp::view(var_a, var_0);
        var_3 = wp::tile_load<wp::float32, true, false, 64>(var_1, var_4);
        // s = wp.tile_sum(t)                                                                     <L 80>
        var_5 = wp::tile_sum(var_3);
        // wp.tile_store(out, s, offset=row)                                                      <L 81>
        wp::tile_store<wp::float32, true, false>(var_out, var_0, var_5);
    }
}



extern "C" __global__ void tile_row_sums_1d4756c9_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_a,
    wp::array_t<wp::float32> var_out,
    wp::array_t<wp::float32> adj_a,
    wp::array_t<wp::float32> adj_out)
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
        wp::array_t<wp::float32> var_1;
        const wp::int32 var_2 = 64;
        wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<64>>> var_3 = wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<64>>>{};
        const wp::int32 var_4 = 0;
        wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<1>>> var_5 = wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<1>>>{};
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::array_t<wp::float32> adj_1 = {};
        wp::int32 adj_2 = {};
        wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<64>>> adj_3{};
        wp::int32 adj_4 = {};
        wp::tile_register_t<wp::float32,wp::tile_layout_register_t<wp::tile_shape_t<1>>> adj_5{};
        //---------
        // forward
        // def tile_row_sums(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):             <L 77>
        // row = wp.tid()                                                                         <L 78>
        var_0 = builtin_tid1d();
        // t = wp.tile_load(a[row], shape=TILE)                                                   <L 79>
        var_1 = wp::view(var_a, var_0);
        var_3 = wp::tile_load<wp::float32, true, false, 64>(var_1, var_4);
        // s = wp.tile_sum(t)                                                                     <L 80>
        var_5 = wp::tile_sum(var_3);
        // wp.tile_store(out, s, offset=row)                                                      <L 81>
        // wp::tile_store<wp::float32, true, false>(var_out, var_0, var_5);
        //---------
        // reverse
        wp::adj_tile_store(var_out, var_0, var_5, adj_out, adj_0, adj_5);
        // adj: wp.tile_store(out, s, offset=row)                                                 <L 81>
        wp::adj_tile_sum(var_3, adj_3, adj_5);
        // adj: s = wp.tile_sum(t)                                                                <L 80>
        wp::adj_tile_load(var_1, var_4, adj_1, adj_4, adj_3);
        wp::adj_view(var_a, var_0, adj_a, adj_0, adj_1);
        // adj: t = wp.tile_load(a[row], shape=TILE)                                              <L 79>
        // adj: row = wp.tid()                                                                    <L 78>
        // adj: def tile_row_sums(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):        <L 77>
        continue;
    }
}



extern "C" __global__ void histogram_379f8001_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_values,
    wp::array_t<wp::int32> var_bins)
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
        wp::shape_t* var_2;
        const wp::int32 var_3 = 0;
        wp::int32 var_4;
        wp::shape_t var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        const wp::int32 var_8 = 1;
        wp::int32 var_9;
        //---------
        // forward
        // def histogram(values: wp.array(dtype=wp.int32), bins: wp.array(dtype=wp.int32)):       <L 53>
        // i = wp.tid()                                                                           <L 54>
        var_0 = builtin_tid1d();
        // b = values[i] % bins.shape[0]                                                          <L 55>
        var_1 = wp::address(var_values, var_0);
        var_2 = &(var_bins.shape);
        var_5 = wp::load(var_2);
        var_4 = wp::extract(var_5, var_3);
        var_7 = wp::load(var_1);
        var_6 = wp::mod(var_7, var_4);
        // wp.atomic_add(bins, b, 1)                                                              <L 56>
        var_9 = wp::atomic_add(var_bins, var_6, var_8);
    }
}



extern "C" __global__ void histogram_379f8001_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_values,
    wp::array_t<wp::int32> var_bins,
    wp::array_t<wp::int32> adj_values,
    wp::array_t<wp::int32> adj_bins)
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
        wp::shape_t* var_2;
        const wp::int32 var_3 = 0;
        wp::int32 var_4;
        wp::shape_t var_5;
        wp::int32 var_6;
        wp::int32 var_7;
        const wp::int32 var_8 = 1;
        wp::int32 var_9;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::int32 adj_1 = {};
        wp::shape_t adj_2 = {};
        wp::int32 adj_3 = {};
        wp::int32 adj_4 = {};
        wp::shape_t adj_5 = {};
        wp::int32 adj_6 = {};
        wp::int32 adj_7 = {};
        wp::int32 adj_8 = {};
        wp::int32 adj_9 = {};
        //---------
        // forward
        // def histogram(values: wp.array(dtype=wp.int32), bins: wp.array(dtype=wp.int32)):       <L 53>
        // i = wp.tid()                                                                           <L 54>
        var_0 = builtin_tid1d();
        // b = values[i] % bins.shape[0]                                                          <L 55>
        var_1 = wp::address(var_values, var_0);
        var_2 = &(var_bins.shape);
        var_5 = wp::load(var_2);
        var_4 = wp::extract(var_5, var_3);
        var_7 = wp::load(var_1);
        var_6 = wp::mod(var_7, var_4);
        // wp.atomic_add(bins, b, 1)                                                              <L 56>
        // var_9 = wp::atomic_add(var_bins, var_6, var_8);
        //---------
        // reverse
        wp::adj_atomic_add(var_bins, var_6, var_8, adj_bins, adj_6, adj_8, adj_9);
        // adj: wp.atomic_add(bins, b, 1)                                                         <L 56>
        wp::adj_mod(var_7, var_4, adj_1, adj_4, adj_6);
        adj_bins.shape = adj_2;
        wp::adj_address(var_values, var_0, adj_values, adj_0, adj_1);
        // adj: b = values[i] % bins.shape[0]                                                     <L 55>
        // adj: i = wp.tid()                                                                      <L 54>
        // adj: def histogram(values: wp.array(dtype=wp.int32), bins: wp.array(dtype=wp.int32)):  <L 53>
        continue;
    }
}



extern "C" __global__ void step_counter_3aa29f70_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_counter,
    wp::array_t<wp::float32> var_acc)
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
        const wp::int32 var_0 = 0;
        wp::float32* var_1;
        const wp::float32 var_2 = 1.5;
        wp::float32 var_3;
        wp::float32 var_4;
        const wp::float32 var_5 = 1.0;
        wp::float32 var_6;
        const wp::int32 var_7 = 0;
        const wp::int32 var_8 = 0;
        wp::int32* var_9;
        const wp::int32 var_10 = 1;
        wp::int32 var_11;
        wp::int32 var_12;
        const wp::int32 var_13 = 0;
        //---------
        // forward
        // def step_counter(counter: wp.array(dtype=wp.int32), acc: wp.array(dtype=float)):       <L 97>
        // acc[0] = acc[0] * 1.5 + 1.0                                                            <L 98>
        var_1 = wp::address(var_acc, var_0);
        var_4 = wp::load(var_1);
        var_3 = wp::mul(var_4, var_2);
        var_6 = wp::add(var_3, var_5);
        wp::array_store(var_acc, var_7, var_6);
        // counter[0] = counter[0] - 1                                                            <L 99>
        var_9 = wp::address(var_counter, var_8);
        var_12 = wp::load(var_9);
        var_11 = wp::sub(var_12, var_10);
        wp::array_store(var_counter, var_13, var_11);
    }
}



extern "C" __global__ void step_counter_3aa29f70_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_counter,
    wp::array_t<wp::float32> var_acc,
    wp::array_t<wp::int32> adj_counter,
    wp::array_t<wp::float32> adj_acc)
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
        const wp::int32 var_0 = 0;
        wp::float32* var_1;
        const wp::float32 var_2 = 1.5;
        wp::float32 var_3;
        wp::float32 var_4;
        const wp::float32 var_5 = 1.0;
        wp::float32 var_6;
        const wp::int32 var_7 = 0;
        const wp::int32 var_8 = 0;
        wp::int32* var_9;
        const wp::int32 var_10 = 1;
        wp::int32 var_11;
        wp::int32 var_12;
        const wp::int32 var_13 = 0;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::float32 adj_1 = {};
        wp::float32 adj_2 = {};
        wp::float32 adj_3 = {};
        wp::float32 adj_4 = {};
        wp::float32 adj_5 = {};
        wp::float32 adj_6 = {};
        wp::int32 adj_7 = {};
        wp::int32 adj_8 = {};
        wp::int32 adj_9 = {};
        wp::int32 adj_10 = {};
        wp::int32 adj_11 = {};
        wp::int32 adj_12 = {};
        wp::int32 adj_13 = {};
        //---------
        // forward
        // def step_counter(counter: wp.array(dtype=wp.int32), acc: wp.array(dtype=float)):       <L 97>
        // acc[0] = acc[0] * 1.5 + 1.0                                                            <L 98>
        var_1 = wp::address(var_acc, var_0);
        var_4 = wp::load(var_1);
        var_3 = wp::mul(var_4, var_2);
        var_6 = wp::add(var_3, var_5);
        // wp::array_store(var_acc, var_7, var_6);
        // counter[0] = counter[0] - 1                                                            <L 99>
        var_9 = wp::address(var_counter, var_8);
        var_12 = wp::load(var_9);
        var_11 = wp::sub(var_12, var_10);
        // wp::array_store(var_counter, var_13, var_11);
        //---------
        // reverse
        wp::adj_array_store(var_counter, var_13, var_11, adj_counter, adj_13, adj_11);
        wp::adj_sub(var_12, var_10, adj_9, adj_10, adj_11);
        wp::adj_address(var_counter, var_8, adj_counter, adj_8, adj_9);
        // adj: counter[0] = counter[0] - 1                                                       <L 99>
        wp::adj_array_store(var_acc, var_7, var_6, adj_acc, adj_7, adj_6);
        wp::adj_add(var_3, var_5, adj_3, adj_5, adj_6);
        wp::adj_mul(var_4, var_2, adj_1, adj_2, adj_3);
        wp::adj_address(var_acc, var_0, adj_acc, adj_0, adj_1);
        // adj: acc[0] = acc[0] * 1.5 + 1.0                                                       <L 98>
        // adj: def step_counter(counter: wp.array(dtype=wp.int32), acc: wp.array(dtype=float)):  <L 97>
        continue;
    }
}



extern "C" __global__ void transform_points_68090728_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    Frame_0081ba29 var_frame,
    wp::array_t<wp::vec_t<3, wp::float32>> var_src,
    wp::mat_t<3, 3, wp::float32> var_m,
    wp::array_t<wp::vec_t<3, wp::float32>> var_dst)
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
        wp::vec_t<3, wp::float32>* var_1;
        wp::quat_t<wp::float32>* var_2;
        wp::transform_t<wp::float32> var_3;
        wp::vec_t<3, wp::float32> var_4;
        wp::quat_t<wp::float32> var_5;
        wp::vec_t<3, wp::float32>* var_6;
        wp::float32* var_7;
        wp::vec_t<3, wp::float32> var_8;
        wp::vec_t<3, wp::float32> var_9;
        wp::float32 var_10;
        wp::vec_t<3, wp::float32> var_11;
        wp::vec_t<3, wp::float32> var_12;
        //---------
        // forward
        // def transform_points(frame: Frame, src: wp.array(dtype=wp.vec3), m: wp.mat33, dst: wp.array(dtype=wp.vec3)):       <L 67>
        // i = wp.tid()                                                                           <L 68>
        var_0 = builtin_tid1d();
        // t = wp.transform(frame.pos, frame.rot)                                                 <L 69>
        var_1 = &((var_frame).pos);
        var_2 = &((var_frame).rot);
        var_4 = wp::load(var_1);
        var_5 = wp::load(var_2);
        var_3 = wp::transform_t<wp::float32>(var_4, var_5);
        // dst[i] = m @ wp.transform_point(t, src[i] * frame.scale)                               <L 70>
        var_6 = wp::address(var_src, var_0);
        var_7 = &((var_frame).scale);
        var_9 = wp::load(var_6);
        var_10 = wp::load(var_7);
        var_8 = wp::mul(var_9, var_10);
        var_11 = wp::transform_point(var_3, var_8);
        var_12 = wp::mul(var_m, var_11);
        wp::array_store(var_dst, var_0, var_12);
    }
}



extern "C" __global__ void transform_points_68090728_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    Frame_0081ba29 var_frame,
    wp::array_t<wp::vec_t<3, wp::float32>> var_src,
    wp::mat_t<3, 3, wp::float32> var_m,
    wp::array_t<wp::vec_t<3, wp::float32>> var_dst,
    Frame_0081ba29 adj_frame,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_src,
    wp::mat_t<3, 3, wp::float32> adj_m,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_dst)
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
        wp::vec_t<3, wp::float32>* var_1;
        wp::quat_t<wp::float32>* var_2;
        wp::transform_t<wp::float32> var_3;
        wp::vec_t<3, wp::float32> var_4;
        wp::quat_t<wp::float32> var_5;
        wp::vec_t<3, wp::float32>* var_6;
        wp::float32* var_7;
        wp::vec_t<3, wp::float32> var_8;
        wp::vec_t<3, wp::float32> var_9;
        wp::float32 var_10;
        wp::vec_t<3, wp::float32> var_11;
        wp::vec_t<3, wp::float32> var_12;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::vec_t<3, wp::float32> adj_1 = {};
        wp::quat_t<wp::float32> adj_2 = {};
        wp::transform_t<wp::float32> adj_3 = {};
        wp::vec_t<3, wp::float32> adj_4 = {};
        wp::quat_t<wp::float32> adj_5 = {};
        wp::vec_t<3, wp::float32> adj_6 = {};
        wp::float32 adj_7 = {};
        wp::vec_t<3, wp::float32> adj_8 = {};
        wp::vec_t<3, wp::float32> adj_9 = {};
        wp::float32 adj_10 = {};
        wp::vec_t<3, wp::float32> adj_11 = {};
        wp::vec_t<3, wp::float32> adj_12 = {};
        //---------
        // forward
        // def transform_points(frame: Frame, src: wp.array(dtype=wp.vec3), m: wp.mat33, dst: wp.array(dtype=wp.vec3)):       <L 67>
        // i = wp.tid()                                                                           <L 68>
        var_0 = builtin_tid1d();
        // t = wp.transform(frame.pos, frame.rot)                                                 <L 69>
        var_1 = &((var_frame).pos);
        var_2 = &((var_frame).rot);
        var_4 = wp::load(var_1);
        var_5 = wp::load(var_2);
        var_3 = wp::transform_t<wp::float32>(var_4, var_5);
        // dst[i] = m @ wp.transform_point(t, src[i] * frame.scale)                               <L 70>
        var_6 = wp::address(var_src, var_0);
        var_7 = &((var_frame).scale);
        var_9 = wp::load(var_6);
        var_10 = wp::load(var_7);
        var_8 = wp::mul(var_9, var_10);
        var_11 = wp::transform_point(var_3, var_8);
        var_12 = wp::mul(var_m, var_11);
        // wp::array_store(var_dst, var_0, var_12);
        //---------
        // reverse
        wp::adj_array_store(var_dst, var_0, var_12, adj_dst, adj_0, adj_12);
        wp::adj_mul(var_m, var_11, adj_m, adj_11, adj_12);
        wp::adj_transform_point(var_3, var_8, adj_3, adj_8, adj_11);
        wp::adj_mul(var_9, var_10, adj_6, adj_7, adj_8);
        adj_frame.scale += adj_7;
        wp::adj_address(var_src, var_0, adj_src, adj_0, adj_6);
        // adj: dst[i] = m @ wp.transform_point(t, src[i] * frame.scale)                          <L 70>
        wp::adj_transform_t(var_4, var_5, adj_1, adj_2, adj_3);
        adj_frame.rot += adj_2;
        adj_frame.pos += adj_1;
        // adj: t = wp.transform(frame.pos, frame.rot)                                            <L 69>
        // adj: i = wp.tid()                                                                      <L 68>
        // adj: def transform_points(frame: Frame, src: wp.array(dtype=wp.vec3), m: wp.mat33, dst: wp.array(dtype=wp.vec3)):  <L 67>
        continue;
    }
}



extern "C" __global__ void add_vec_afe46eae_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::vec_t<3, wp::float32>> var_dst,
    wp::array_t<wp::vec_t<3, wp::float32>> var_src,
    wp::array_t<wp::float32> var_w)
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
        wp::vec_t<3, wp::float32>* var_1;
        wp::vec_t<3, wp::float32>* var_2;
        wp::shape_t* var_3;
        const wp::int32 var_4 = 0;
        wp::int32 var_5;
        wp::shape_t var_6;
        wp::int32 var_7;
        wp::float32* var_8;
        wp::vec_t<3, wp::float32> var_9;
        wp::vec_t<3, wp::float32> var_10;
        wp::float32 var_11;
        wp::vec_t<3, wp::float32> var_12;
        wp::vec_t<3, wp::float32> var_13;
        //---------
        // forward
        // def add_vec(dst: wp.array(dtype=wp.vec3), src: wp.array(dtype=wp.vec3), w: wp.array(dtype=float)):       <L 109>
        // i = wp.tid()                                                                           <L 110>
        var_0 = builtin_tid1d();
        // dst[i] = dst[i] + src[i] * w[i % w.shape[0]]                                           <L 111>
        var_1 = wp::address(var_dst, var_0);
        var_2 = wp::address(var_src, var_0);
        var_3 = &(var_w.shape);
        var_6 = wp::load(var_3);
        var_5 = wp::extract(var_6, var_4);
        var_7 = wp::mod(var_0, var_5);
        var_8 = wp::address(var_w, var_7);
        var_10 = wp::load(var_2);
        var_11 = wp::load(var_8);
        var_9 = wp::mul(var_10, var_11);
        var_13 = wp::load(var_1);
        var_12 = wp::add(var_13, var_9);
        wp::array_store(var_dst, var_0, var_12);
    }
}



extern "C" __global__ void add_vec_afe46eae_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::vec_t<3, wp::float32>> var_dst,
    wp::array_t<wp::vec_t<3, wp::float32>> var_src,
    wp::array_t<wp::float32> var_w,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_dst,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_src,
    wp::array_t<wp::float32> adj_w)
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
        wp::vec_t<3, wp::float32>* var_1;
        wp::vec_t<3, wp::float32>* var_2;
        wp::shape_t* var_3;
        const wp::int32 var_4 = 0;
        wp::int32 var_5;
        wp::shape_t var_6;
        wp::int32 var_7;
        wp::float32* var_8;
        wp::vec_t<3, wp::float32> var_9;
        wp::vec_t<3, wp::float32> var_10;
        wp::float32 var_11;
        wp::vec_t<3, wp::float32> var_12;
        wp::vec_t<3, wp::float32> var_13;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::vec_t<3, wp::float32> adj_1 = {};
        wp::vec_t<3, wp::float32> adj_2 = {};
        wp::shape_t adj_3 = {};
        wp::int32 adj_4 = {};
        wp::int32 adj_5 = {};
        wp::shape_t adj_6 = {};
        wp::int32 adj_7 = {};
        wp::float32 adj_8 = {};
        wp::vec_t<3, wp::float32> adj_9 = {};
        wp::vec_t<3, wp::float32> adj_10 = {};
        wp::float32 adj_11 = {};
        wp::vec_t<3, wp::float32> adj_12 = {};
        wp::vec_t<3, wp::float32> adj_13 = {};
        //---------
        // forward
        // def add_vec(dst: wp.array(dtype=wp.vec3), src: wp.array(dtype=wp.vec3), w: wp.array(dtype=float)):       <L 109>
        // i = wp.tid()                                                                           <L 110>
        var_0 = builtin_tid1d();
        // dst[i] = dst[i] + src[i] * w[i % w.shape[0]]                                           <L 111>
        var_1 = wp::address(var_dst, var_0);
        var_2 = wp::address(var_src, var_0);
        var_3 = &(var_w.shape);
        var_6 = wp::load(var_3);
        var_5 = wp::extract(var_6, var_4);
        var_7 = wp::mod(var_0, var_5);
        var_8 = wp::address(var_w, var_7);
        var_10 = wp::load(var_2);
        var_11 = wp::load(var_8);
        var_9 = wp::mul(var_10, var_11);
        var_13 = wp::load(var_1);
        var_12 = wp::add(var_13, var_9);
        // wp::array_store(var_dst, var_0, var_12);
        //---------
        // reverse
        wp::adj_array_store(var_dst, var_0, var_12, adj_dst, adj_0, adj_12);
        wp::adj_add(var_13, var_9, adj_1, adj_9, adj_12);
        wp::adj_mul(var_10, var_11, adj_2, adj_8, adj_9);
        wp::adj_address(var_w, var_7, adj_w, adj_7, adj_8);
        wp::adj_mod(var_0, var_5, adj_0, adj_5, adj_7);
        adj_w.shape = adj_3;
        wp::adj_address(var_src, var_0, adj_src, adj_0, adj_2);
        wp::adj_address(var_dst, var_0, adj_dst, adj_0, adj_1);
        // adj: dst[i] = dst[i] + src[i] * w[i % w.shape[0]]                                      <L 111>
        // adj: i = wp.tid()                                                                      <L 110>
        // adj: def add_vec(dst: wp.array(dtype=wp.vec3), src: wp.array(dtype=wp.vec3), w: wp.array(dtype=float)):  <L 109>
        continue;
    }
}



extern "C" __global__ void integrate_e1436163_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::vec_t<3, wp::float32>> var_x,
    wp::array_t<wp::vec_t<3, wp::float32>> var_v,
    wp::float32 var_dt)
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
        const wp::float32 var_1 = 0.0;
        const wp::float32 var_2 = -9.8;
        const wp::float32 var_3 = 0.0;
        wp::vec_t<3, wp::float32> var_4;
        wp::vec_t<3, wp::float32>* var_5;
        const wp::float32 var_6 = 0.1;
        wp::vec_t<3, wp::float32> var_7;
        wp::vec_t<3, wp::float32> var_8;
        wp::vec_t<3, wp::float32> var_9;
        wp::vec_t<3, wp::float32>* var_10;
        wp::vec_t<3, wp::float32> var_11;
        wp::vec_t<3, wp::float32> var_12;
        wp::vec_t<3, wp::float32> var_13;
        wp::vec_t<3, wp::float32>* var_14;
        wp::vec_t<3, wp::float32>* var_15;
        wp::vec_t<3, wp::float32> var_16;
        wp::vec_t<3, wp::float32> var_17;
        wp::vec_t<3, wp::float32> var_18;
        wp::vec_t<3, wp::float32> var_19;
        const wp::int32 var_20 = 1;
        wp::float32 var_21;
        const wp::float32 var_22 = 0.0;
        bool var_23;
        const wp::int32 var_24 = 0;
        wp::float32 var_25;
        const wp::int32 var_26 = 1;
        wp::float32 var_27;
        wp::float32 var_28;
        const wp::int32 var_29 = 2;
        wp::float32 var_30;
        wp::vec_t<3, wp::float32> var_31;
        wp::vec_t<3, wp::float32>* var_32;
        const wp::int32 var_33 = 0;
        wp::float32 var_34;
        wp::vec_t<3, wp::float32> var_35;
        const wp::float32 var_36 = -0.5;
        wp::vec_t<3, wp::float32>* var_37;
        const wp::int32 var_38 = 1;
        wp::float32 var_39;
        wp::vec_t<3, wp::float32> var_40;
        wp::float32 var_41;
        wp::vec_t<3, wp::float32>* var_42;
        const wp::int32 var_43 = 2;
        wp::float32 var_44;
        wp::vec_t<3, wp::float32> var_45;
        wp::vec_t<3, wp::float32> var_46;
        wp::vec_t<3, wp::float32> var_47;
        //---------
        // forward
        // def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float):       <L 41>
        // i = wp.tid()                                                                           <L 42>
        var_0 = builtin_tid1d();
        // f = wp.vec3(0.0, -9.8, 0.0) + drag_force(v[i], 0.1)                                    <L 43>
        var_4 = wp::vec_t<3, wp::float32>(var_1, var_2, var_3);
        var_5 = wp::address(var_v, var_0);
        var_8 = wp::load(var_5);
        var_7 = drag_force_0(var_8, var_6);
        var_9 = wp::add(var_4, var_7);
        // v[i] = v[i] + f * dt                                                                   <L 44>
        var_10 = wp::address(var_v, var_0);
        var_11 = wp::mul(var_9, var_dt);
        var_13 = wp::load(var_10);
        var_12 = wp::add(var_13, var_11);
        wp::array_store(var_v, var_0, var_12);
        // p = x[i] + v[i] * dt                                                                   <L 45>
        var_14 = wp::address(var_x, var_0);
        var_15 = wp::address(var_v, var_0);
        var_17 = wp::load(var_15);
        var_16 = wp::mul(var_17, var_dt);
        var_19 = wp::load(var_14);
        var_18 = wp::add(var_19, var_16);
        // if p[1] < 0.0:  # bounce off the ground                                                <L 46>
        var_21 = wp::extract(var_18, var_20);
        var_23 = (var_21 < var_22);
        if (var_23) {
            // p = wp.vec3(p[0], -p[1], p[2])                                                     <L 47>
            var_25 = wp::extract(var_18, var_24);
            var_27 = wp::extract(var_18, var_26);
            var_28 = wp::neg(var_27);
            var_30 = wp::extract(var_18, var_29);
            var_31 = wp::vec_t<3, wp::float32>(var_25, var_28, var_30);
            // v[i] = wp.vec3(v[i][0], -0.5 * v[i][1], v[i][2])                                   <L 48>
            var_32 = wp::address(var_v, var_0);
            var_35 = wp::load(var_32);
            var_34 = wp::extract(var_35, var_33);
            var_37 = wp::address(var_v, var_0);
            var_40 = wp::load(var_37);
            var_39 = wp::extract(var_40, var_38);
            var_41 = wp::mul(var_36, var_39);
            var_42 = wp::address(var_v, var_0);
            var_45 = wp::load(var_42);
            var_44 = wp::extract(var_45, var_43);
            var_46 = wp::vec_t<3, wp::float32>(var_34, var_41, var_44);
            wp::array_store(var_v, var_0, var_46);
        }
        var_47 = wp::where(var_23, var_31, var_18);
        // x[i] = p                                                                               <L 49>
        wp::array_store(var_x, var_0, var_47);
    }
}



extern "C" __global__ void integrate_e1436163_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::vec_t<3, wp::float32>> var_x,
    wp::array_t<wp::vec_t<3, wp::float32>> var_v,
    wp::float32 var_dt,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_x,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_v,
    wp::float32 adj_dt)
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
        const wp::float32 var_1 = 0.0;
        const wp::float32 var_2 = -9.8;
        const wp::float32 var_3 = 0.0;
        wp::vec_t<3, wp::float32> var_4;
        wp::vec_t<3, wp::float32>* var_5;
        const wp::float32 var_6 = 0.1;
        wp::vec_t<3, wp::float32> var_7;
        wp::vec_t<3, wp::float32> var_8;
        wp::vec_t<3, wp::float32> var_9;
        wp::vec_t<3, wp::float32>* var_10;
        wp::vec_t<3, wp::float32> var_11;
        wp::vec_t<3, wp::float32> var_12;
        wp::vec_t<3, wp::float32> var_13;
        wp::vec_t<3, wp::float32>* var_14;
        wp::vec_t<3, wp::float32>* var_15;
        wp::vec_t<3, wp::float32> var_16;
        wp::vec_t<3, wp::float32> var_17;
        wp::vec_t<3, wp::float32> var_18;
        wp::vec_t<3, wp::float32> var_19;
        const wp::int32 var_20 = 1;
        wp::float32 var_21;
        const wp::float32 var_22 = 0.0;
        bool var_23;
        const wp::int32 var_24 = 0;
        wp::float32 var_25;
        const wp::int32 var_26 = 1;
        wp::float32 var_27;
        wp::float32 var_28;
        const wp::int32 var_29 = 2;
        wp::float32 var_30;
        wp::vec_t<3, wp::float32> var_31;
        wp::vec_t<3, wp::float32>* var_32;
        const wp::int32 var_33 = 0;
        wp::float32 var_34;
        wp::vec_t<3, wp::float32> var_35;
        const wp::float32 var_36 = -0.5;
        wp::vec_t<3, wp::float32>* var_37;
        const wp::int32 var_38 = 1;
        wp::float32 var_39;
        wp::vec_t<3, wp::float32> var_40;
        wp::float32 var_41;
        wp::vec_t<3, wp::float32>* var_42;
        const wp::int32 var_43 = 2;
        wp::float32 var_44;
        wp::vec_t<3, wp::float32> var_45;
        wp::vec_t<3, wp::float32> var_46;
        wp::vec_t<3, wp::float32> var_47;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::float32 adj_1 = {};
        wp::float32 adj_2 = {};
        wp::float32 adj_3 = {};
        wp::vec_t<3, wp::float32> adj_4 = {};
        wp::vec_t<3, wp::float32> adj_5 = {};
        wp::float32 adj_6 = {};
        wp::vec_t<3, wp::float32> adj_7 = {};
        wp::vec_t<3, wp::float32> adj_8 = {};
        wp::vec_t<3, wp::float32> adj_9 = {};
        wp::vec_t<3, wp::float32> adj_10 = {};
        wp::vec_t<3, wp::float32> adj_11 = {};
        wp::vec_t<3, wp::float32> adj_12 = {};
        wp::vec_t<3, wp::float32> adj_13 = {};
        wp::vec_t<3, wp::float32> adj_14 = {};
        wp::vec_t<3, wp::float32> adj_15 = {};
        wp::vec_t<3, wp::float32> adj_16 = {};
        wp::vec_t<3, wp::float32> adj_17 = {};
        wp::vec_t<3, wp::float32> adj_18 = {};
        wp::vec_t<3, wp::float32> adj_19 = {};
        wp::int32 adj_20 = {};
        wp::float32 adj_21 = {};
        wp::float32 adj_22 = {};
        bool adj_23 = {};
        wp::int32 adj_24 = {};
        wp::float32 adj_25 = {};
        wp::int32 adj_26 = {};
        wp::float32 adj_27 = {};
        wp::float32 adj_28 = {};
        wp::int32 adj_29 = {};
        wp::float32 adj_30 = {};
        wp::vec_t<3, wp::float32> adj_31 = {};
        wp::vec_t<3, wp::float32> adj_32 = {};
        wp::int32 adj_33 = {};
        wp::float32 adj_34 = {};
        wp::vec_t<3, wp::float32> adj_35 = {};
        wp::float32 adj_36 = {};
        wp::vec_t<3, wp::float32> adj_37 = {};
        wp::int32 adj_38 = {};
        wp::float32 adj_39 = {};
        wp::vec_t<3, wp::float32> adj_40 = {};
        wp::float32 adj_41 = {};
        wp::vec_t<3, wp::float32> adj_42 = {};
        wp::int32 adj_43 = {};
        wp::float32 adj_44 = {};
        wp::vec_t<3, wp::float32> adj_45 = {};
        wp::vec_t<3, wp::float32> adj_46 = {};
        wp::vec_t<3, wp::float32> adj_47 = {};
        //---------
        // forward
        // def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float):       <L 41>
        // i = wp.tid()                                                                           <L 42>
        var_0 = builtin_tid1d();
        // f = wp.vec3(0.0, -9.8, 0.0) + drag_force(v[i], 0.1)                                    <L 43>
        var_4 = wp::vec_t<3, wp::float32>(var_1, var_2, var_3);
        var_5 = wp::address(var_v, var_0);
        var_8 = wp::load(var_5);
        var_7 = drag_force_0(var_8, var_6);
        var_9 = wp::add(var_4, var_7);
        // v[i] = v[i] + f * dt                                                                   <L 44>
        var_10 = wp::address(var_v, var_0);
        var_11 = wp::mul(var_9, var_dt);
        var_13 = wp::load(var_10);
        var_12 = wp::add(var_13, var_11);
        // wp::array_store(var_v, var_0, var_12);
        // p = x[i] + v[i] * dt                                                                   <L 45>
        var_14 = wp::address(var_x, var_0);
        var_15 = wp::address(var_v, var_0);
        var_17 = wp::load(var_15);
        var_16 = wp::mul(var_17, var_dt);
        var_19 = wp::load(var_14);
        var_18 = wp::add(var_19, var_16);
        // if p[1] < 0.0:  # bounce off the ground                                                <L 46>
        var_21 = wp::extract(var_18, var_20);
        var_23 = (var_21 < var_22);
        if (var_23) {
            // p = wp.vec3(p[0], -p[1], p[2])                                                     <L 47>
            var_25 = wp::extract(var_18, var_24);
            var_27 = wp::extract(var_18, var_26);
            var_28 = wp::neg(var_27);
            var_30 = wp::extract(var_18, var_29);
            var_31 = wp::vec_t<3, wp::float32>(var_25, var_28, var_30);
            // v[i] = wp.vec3(v[i][0], -0.5 * v[i][1], v[i][2])                                   <L 48>
            var_32 = wp::address(var_v, var_0);
            var_35 = wp::load(var_32);
            var_34 = wp::extract(var_35, var_33);
            var_37 = wp::address(var_v, var_0);
            var_40 = wp::load(var_37);
            var_39 = wp::extract(var_40, var_38);
            var_41 = wp::mul(var_36, var_39);
            var_42 = wp::address(var_v, var_0);
            var_45 = wp::load(var_42);
            var_44 = wp::extract(var_45, var_43);
            var_46 = wp::vec_t<3, wp::float32>(var_34, var_41, var_44);
            // wp::array_store(var_v, var_0, var_46);
        }
        var_47 = wp::where(var_23, var_31, var_18);
        // x[i] = p                                                                               <L 49>
        // wp::array_store(var_x, var_0, var_47);
        //---------
        // reverse
        wp::adj_array_store(var_x, var_0, var_47, adj_x, adj_0, adj_47);
        // adj: x[i] = p                                                                          <L 49>
        wp::adj_where(var_23, var_31, var_18, adj_23, adj_31, adj_18, adj_47);
        if (var_23) {
            wp::adj_array_store(var_v, var_0, var_46, adj_v, adj_0, adj_46);
            wp::adj_vec_t(var_34, var_41, var_44, adj_34, adj_41, adj_44, adj_46);
            wp::adj_extract(var_45, var_43, adj_42, adj_43, adj_44);
            wp::adj_address(var_v, var_0, adj_v, adj_0, adj_42);
            wp::adj_mul(var_36, var_39, adj_36, adj_39, adj_41);
            wp::adj_extract(var_40, var_38, adj_37, adj_38, adj_39);
            wp::adj_address(var_v, var_0, adj_v, adj_0, adj_37);
            wp::adj_extract(var_35, var_33, adj_32, adj_33, adj_34);
            wp::adj_address(var_v, var_0, adj_v, adj_0, adj_32);
            // adj: v[i] = wp.vec3(v[i][0], -0.5 * v[i][1], v[i][2])                              <L 48>
            wp::adj_vec_t(var_25, var_28, var_30, adj_25, adj_28, adj_30, adj_31);
            wp::adj_extract(var_18, var_29, adj_18, adj_29, adj_30);
            wp::adj_neg(var_27, adj_27, adj_28);
            wp::adj_extract(var_18, var_26, adj_18, adj_26, adj_27);
            wp::adj_extract(var_18, var_24, adj_18, adj_24, adj_25);
            // adj: p = wp.vec3(p[0], -p[1], p[2])                                                <L 47>
        }
        wp::adj_extract(var_18, var_20, adj_18, adj_20, adj_21);
        // adj: if p[1] < 0.0:  # bounce off the ground                                           <L 46>
        wp::adj_add(var_19, var_16, adj_14, adj_16, adj_18);
        wp::adj_mul(var_17, var_dt, adj_15, adj_dt, adj_16);
        wp::adj_address(var_v, var_0, adj_v, adj_0, adj_15);
        wp::adj_address(var_x, var_0, adj_x, adj_0, adj_14);
        // adj: p = x[i] + v[i] * dt                                                              <L 45>
        wp::adj_array_store(var_v, var_0, var_12, adj_v, adj_0, adj_12);
        wp::adj_add(var_13, var_11, adj_10, adj_11, adj_12);
        wp::adj_mul(var_9, var_dt, adj_9, adj_dt, adj_11);
        wp::adj_address(var_v, var_0, adj_v, adj_0, adj_10);
        // adj: v[i] = v[i] + f * dt                                                              <L 44>
        wp::adj_add(var_4, var_7, adj_4, adj_7, adj_9);
        adj_drag_force_0(var_8, var_6, adj_5, adj_6, adj_7);
        wp::adj_address(var_v, var_0, adj_v, adj_0, adj_5);
        wp::adj_vec_t(var_1, var_2, var_3, adj_1, adj_2, adj_3, adj_4);
        // adj: f = wp.vec3(0.0, -9.8, 0.0) + drag_force(v[i], 0.1)                               <L 43>
        // adj: i = wp.tid()                                                                      <L 42>
        // adj: def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float):  <L 41>
        continue;
    }
}



extern "C" __global__ void countdown_parity_efdf71b2_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_counter,
    wp::array_t<wp::int32> var_odd,
    wp::array_t<wp::float32> var_log)
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
        const wp::int32 var_0 = 0;
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        wp::shape_t* var_4;
        const wp::int32 var_5 = 0;
        wp::int32 var_6;
        wp::shape_t var_7;
        wp::int32 var_8;
        wp::float32* var_9;
        wp::float32 var_10;
        wp::float32 var_11;
        wp::float32 var_12;
        wp::shape_t* var_13;
        const wp::int32 var_14 = 0;
        wp::int32 var_15;
        wp::shape_t var_16;
        wp::int32 var_17;
        const wp::int32 var_18 = 2;
        wp::int32 var_19;
        const wp::int32 var_20 = 0;
        const wp::int32 var_21 = 1;
        wp::int32 var_22;
        const wp::int32 var_23 = 0;
        //---------
        // forward
        // def countdown_parity(counter: wp.array(dtype=wp.int32), odd: wp.array(dtype=wp.int32), log: wp.array(dtype=float)):       <L 115>
        // c = counter[0]                                                                         <L 116>
        var_1 = wp::address(var_counter, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::copy(var_3);
        // log[c % log.shape[0]] = log[c % log.shape[0]] + float(c)                               <L 117>
        var_4 = &(var_log.shape);
        var_7 = wp::load(var_4);
        var_6 = wp::extract(var_7, var_5);
        var_8 = wp::mod(var_2, var_6);
        var_9 = wp::address(var_log, var_8);
        var_10 = wp::float(var_2);
        var_12 = wp::load(var_9);
        var_11 = wp::add(var_12, var_10);
        var_13 = &(var_log.shape);
        var_16 = wp::load(var_13);
        var_15 = wp::extract(var_16, var_14);
        var_17 = wp::mod(var_2, var_15);
        wp::array_store(var_log, var_17, var_11);
        // odd[0] = c % 2                                                                         <L 118>
        var_19 = wp::mod(var_2, var_18);
        wp::array_store(var_odd, var_20, var_19);
        // counter[0] = c - 1                                                                     <L 119>
        var_22 = wp::sub(var_2, var_21);
        wp::array_store(var_counter, var_23, var_22);
    }
}



extern "C" __global__ void countdown_parity_efdf71b2_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::int32> var_counter,
    wp::array_t<wp::int32> var_odd,
    wp::array_t<wp::float32> var_log,
    wp::array_t<wp::int32> adj_counter,
    wp::array_t<wp::int32> adj_odd,
    wp::array_t<wp::float32> adj_log)
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
        const wp::int32 var_0 = 0;
        wp::int32* var_1;
        wp::int32 var_2;
        wp::int32 var_3;
        wp::shape_t* var_4;
        const wp::int32 var_5 = 0;
        wp::int32 var_6;
        wp::shape_t var_7;
        wp::int32 var_8;
        wp::float32* var_9;
        wp::float32 var_10;
        wp::float32 var_11;
        wp::float32 var_12;
        wp::shape_t* var_13;
        const wp::int32 var_14 = 0;
        wp::int32 var_15;
        wp::shape_t var_16;
        wp::int32 var_17;
        const wp::int32 var_18 = 2;
        wp::int32 var_19;
        const wp::int32 var_20 = 0;
        const wp::int32 var_21 = 1;
        wp::int32 var_22;
        const wp::int32 var_23 = 0;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::int32 adj_1 = {};
        wp::int32 adj_2 = {};
        wp::int32 adj_3 = {};
        wp::shape_t adj_4 = {};
        wp::int32 adj_5 = {};
        wp::int32 adj_6 = {};
        wp::shape_t adj_7 = {};
        wp::int32 adj_8 = {};
        wp::float32 adj_9 = {};
        wp::float32 adj_10 = {};
        wp::float32 adj_11 = {};
        wp::float32 adj_12 = {};
        wp::shape_t adj_13 = {};
        wp::int32 adj_14 = {};
        wp::int32 adj_15 = {};
        wp::shape_t adj_16 = {};
        wp::int32 adj_17 = {};
        wp::int32 adj_18 = {};
        wp::int32 adj_19 = {};
        wp::int32 adj_20 = {};
        wp::int32 adj_21 = {};
        wp::int32 adj_22 = {};
        wp::int32 adj_23 = {};
        //---------
        // forward
        // def countdown_parity(counter: wp.array(dtype=wp.int32), odd: wp.array(dtype=wp.int32), log: wp.array(dtype=float)):       <L 115>
        // c = counter[0]                                                                         <L 116>
        var_1 = wp::address(var_counter, var_0);
        var_3 = wp::load(var_1);
        var_2 = wp::copy(var_3);
        // log[c % log.shape[0]] = log[c % log.shape[0]] + float(c)                               <L 117>
        var_4 = &(var_log.shape);
        var_7 = wp::load(var_4);
        var_6 = wp::extract(var_7, var_5);
        var_8 = wp::mod(var_2, var_6);
        var_9 = wp::address(var_log, var_8);
        var_10 = wp::float(var_2);
        var_12 = wp::load(var_9);
        var_11 = wp::add(var_12, var_10);
        var_13 = &(var_log.shape);
        var_16 = wp::load(var_13);
        var_15 = wp::extract(var_16, var_14);
        var_17 = wp::mod(var_2, var_15);
        // wp::array_store(var_log, var_17, var_11);
        // odd[0] = c % 2                                                                         <L 118>
        var_19 = wp::mod(var_2, var_18);
        // wp::array_store(var_odd, var_20, var_19);
        // counter[0] = c - 1                                                                     <L 119>
        var_22 = wp::sub(var_2, var_21);
        // wp::array_store(var_counter, var_23, var_22);
        //---------
        // reverse
        wp::adj_array_store(var_counter, var_23, var_22, adj_counter, adj_23, adj_22);
        wp::adj_sub(var_2, var_21, adj_2, adj_21, adj_22);
        // adj: counter[0] = c - 1                                                                <L 119>
        wp::adj_array_store(var_odd, var_20, var_19, adj_odd, adj_20, adj_19);
        wp::adj_mod(var_2, var_18, adj_2, adj_18, adj_19);
        // adj: odd[0] = c % 2                                                                    <L 118>
        wp::adj_array_store(var_log, var_17, var_11, adj_log, adj_17, adj_11);
        wp::adj_mod(var_2, var_15, adj_2, adj_15, adj_17);
        adj_log.shape = adj_13;
        wp::adj_add(var_12, var_10, adj_9, adj_10, adj_11);
        wp::adj_float(var_2, adj_2, adj_10);
        wp::adj_address(var_log, var_8, adj_log, adj_8, adj_9);
        wp::adj_mod(var_2, var_6, adj_2, adj_6, adj_8);
        adj_log.shape = adj_4;
        // adj: log[c % log.shape[0]] = log[c % log.shape[0]] + float(c)                          <L 117>
        wp::adj_copy(var_3, adj_1, adj_2);
        wp::adj_address(var_counter, var_0, adj_counter, adj_0, adj_1);
        // adj: c = counter[0]                                                                    <L 116>
        // adj: def countdown_parity(counter: wp.array(dtype=wp.int32), odd: wp.array(dtype=wp.int32), log: wp.array(dtype=float)):  <L 115>
        continue;
    }
}



extern "C" __global__ void square_loss_f9243cf6_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_x,
    wp::array_t<wp::float32> var_loss)
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
        wp::float32* var_2;
        wp::float32* var_3;
        wp::float32 var_4;
        wp::float32 var_5;
        wp::float32 var_6;
        const wp::float32 var_7 = 0.5;
        wp::float32 var_8;
        wp::float32 var_9;
        //---------
        // forward
        // def square_loss(x: wp.array(dtype=float), loss: wp.array(dtype=float)):                <L 91>
        // i = wp.tid()                                                                           <L 92>
        var_0 = builtin_tid1d();
        // wp.atomic_add(loss, 0, x[i] * x[i] * 0.5)                                              <L 93>
        var_2 = wp::address(var_x, var_0);
        var_3 = wp::address(var_x, var_0);
        var_5 = wp::load(var_2);
        var_6 = wp::load(var_3);
        var_4 = wp::mul(var_5, var_6);
        var_8 = wp::mul(var_4, var_7);
        var_9 = wp::atomic_add(var_loss, var_1, var_8);
    }
}



extern "C" __global__ void square_loss_f9243cf6_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::array_t<wp::float32> var_x,
    wp::array_t<wp::float32> var_loss,
    wp::array_t<wp::float32> adj_x,
    wp::array_t<wp::float32> adj_loss)
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
        wp::float32* var_2;
        wp::float32* var_3;
        wp::float32 var_4;
        wp::float32 var_5;
        wp::float32 var_6;
        const wp::float32 var_7 = 0.5;
        wp::float32 var_8;
        wp::float32 var_9;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::int32 adj_1 = {};
        wp::float32 adj_2 = {};
        wp::float32 adj_3 = {};
        wp::float32 adj_4 = {};
        wp::float32 adj_5 = {};
        wp::float32 adj_6 = {};
        wp::float32 adj_7 = {};
        wp::float32 adj_8 = {};
        wp::float32 adj_9 = {};
        //---------
        // forward
        // def square_loss(x: wp.array(dtype=float), loss: wp.array(dtype=float)):                <L 91>
        // i = wp.tid()                                                                           <L 92>
        var_0 = builtin_tid1d();
        // wp.atomic_add(loss, 0, x[i] * x[i] * 0.5)                                              <L 93>
        var_2 = wp::address(var_x, var_0);
        var_3 = wp::address(var_x, var_0);
        var_5 = wp::load(var_2);
        var_6 = wp::load(var_3);
        var_4 = wp::mul(var_5, var_6);
        var_8 = wp::mul(var_4, var_7);
        // var_9 = wp::atomic_add(var_loss, var_1, var_8);
        //---------
        // reverse
        wp::adj_atomic_add(var_loss, var_1, var_8, adj_loss, adj_1, adj_8, adj_9);
        wp::adj_mul(var_4, var_7, adj_4, adj_7, adj_8);
        wp::adj_mul(var_5, var_6, adj_2, adj_3, adj_4);
        wp::adj_address(var_x, var_0, adj_x, adj_0, adj_3);
        wp::adj_address(var_x, var_0, adj_x, adj_0, adj_2);
        // adj: wp.atomic_add(loss, 0, x[i] * x[i] * 0.5)                                         <L 93>
        // adj: i = wp.tid()                                                                      <L 92>
        // adj: def square_loss(x: wp.array(dtype=float), loss: wp.array(dtype=float)):           <L 91>
        continue;
    }
}

