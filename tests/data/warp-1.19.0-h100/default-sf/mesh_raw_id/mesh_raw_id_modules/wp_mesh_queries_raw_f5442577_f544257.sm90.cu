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


// /work/main/tests/gpu/warp_replay.py:302
static CUDA_CALLABLE void query_mesh_0(
    wp::uint64 var_mesh,
    wp::vec_t<3, wp::float32> var_p,
    wp::int32 var_i,
    wp::array_t<wp::vec_t<3, wp::float32>> var_closest,
    wp::array_t<wp::float32> var_sign,
    wp::array_t<wp::int32> var_face,
    wp::array_t<wp::float32> var_winding,
    wp::array_t<wp::float32> var_ray_t,
    wp::array_t<wp::int32> var_ray_face,
    wp::array_t<wp::int32> var_box_count)
{
    //---------
    // primal vars
    const wp::float32 var_0 = 1000000.0;
    wp::mesh_query_point_t var_1;
    bool* var_2;
    bool var_3;
    wp::int32* var_4;
    wp::float32* var_5;
    wp::float32* var_6;
    wp::vec_t<3, wp::float32> var_7;
    wp::int32 var_8;
    wp::float32 var_9;
    wp::float32 var_10;
    wp::float32* var_11;
    wp::float32 var_12;
    wp::float32 var_13;
    wp::int32* var_14;
    wp::int32 var_15;
    wp::int32 var_16;
    bool var_17;
    const wp::float32 var_18 = 1000000.0;
    wp::mesh_query_point_t var_19;
    bool* var_20;
    bool var_21;
    wp::vec_t<3, wp::float32>* var_22;
    wp::int32* var_23;
    wp::float32* var_24;
    wp::float32* var_25;
    wp::vec_t<3, wp::float32> var_26;
    wp::int32 var_27;
    wp::float32 var_28;
    wp::float32 var_29;
    const wp::float32 var_30 = 0.0;
    wp::vec_t<3, wp::float32> var_31;
    wp::vec_t<3, wp::float32> var_32;
    wp::vec_t<3, wp::float32> var_33;
    bool var_34;
    const wp::float32 var_35 = 1000000.0;
    const wp::float32 var_36 = 2.0;
    const wp::float32 var_37 = 0.5;
    wp::mesh_query_point_t var_38;
    bool* var_39;
    bool var_40;
    wp::float32* var_41;
    wp::float32 var_42;
    wp::float32 var_43;
    bool var_44;
    const wp::float32 var_45 = 0.3;
    const wp::float32 var_46 = 1.0;
    const wp::float32 var_47 = -0.2;
    wp::vec_t<3, wp::float32> var_48;
    wp::vec_t<3, wp::float32> var_49;
    const wp::float32 var_50 = 1000000.0;
    wp::mesh_query_ray_t var_51;
    const wp::int32 var_52 = -1;
    bool* var_53;
    bool var_54;
    wp::float32* var_55;
    wp::float32 var_56;
    wp::float32 var_57;
    wp::int32* var_58;
    wp::int32 var_59;
    wp::int32 var_60;
    bool var_61;
    const wp::float32 var_62 = 0.2;
    wp::vec_t<3, wp::float32> var_63;
    wp::vec_t<3, wp::float32> var_64;
    const wp::float32 var_65 = 0.2;
    wp::vec_t<3, wp::float32> var_66;
    wp::vec_t<3, wp::float32> var_67;
    wp::mesh_query_aabb_t var_68;
    const wp::int32 var_69 = 0;
    wp::int32 var_70;
    const wp::int32 var_71 = 0;
    wp::int32 var_72;
    bool var_73;
    const wp::int32 var_74 = 1;
    wp::int32 var_75;
    //---------
    // forward
    // def query_mesh(mesh: wp.uint64, p: wp.vec3, i: int, closest: wp.array(dtype=wp.vec3), sign: wp.array(dtype=float),       <L 303>
    // q = wp.mesh_query_point(mesh, p, 1.0e6)                                                <L 306>
    var_1 = wp::mesh_query_point(var_mesh, var_p, var_0);
    // if q.result:                                                                           <L 307>
    var_2 = &((var_1).result);
    var_3 = wp::load(var_2);
    if (var_3) {
        // closest[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)                         <L 308>
        var_4 = &((var_1).face);
        var_5 = &((var_1).u);
        var_6 = &((var_1).v);
        var_8 = wp::load(var_4);
        var_9 = wp::load(var_5);
        var_10 = wp::load(var_6);
        var_7 = wp::mesh_eval_position(var_mesh, var_8, var_9, var_10);
        wp::array_store(var_closest, var_i, var_7);
        // sign[i] = q.sign                                                                   <L 309>
        var_11 = &((var_1).sign);
        var_13 = wp::load(var_11);
        var_12 = wp::copy(var_13);
        wp::array_store(var_sign, var_i, var_12);
        // face[i] = q.face                                                                   <L 310>
        var_14 = &((var_1).face);
        var_16 = wp::load(var_14);
        var_15 = wp::copy(var_16);
        wp::array_store(var_face, var_i, var_15);
    }
    var_17 = wp::load(var_2);
    // u = wp.mesh_query_point_no_sign(mesh, p, 1.0e6)                                        <L 311>
    var_19 = wp::mesh_query_point_no_sign(var_mesh, var_p, var_18);
    // if u.result:                                                                           <L 312>
    var_20 = &((var_19).result);
    var_21 = wp::load(var_20);
    if (var_21) {
        // closest[i] = closest[i] + wp.mesh_eval_position(mesh, u.face, u.u, u.v) * 0.0       <L 313>
        var_22 = wp::address(var_closest, var_i);
        var_23 = &((var_19).face);
        var_24 = &((var_19).u);
        var_25 = &((var_19).v);
        var_27 = wp::load(var_23);
        var_28 = wp::load(var_24);
        var_29 = wp::load(var_25);
        var_26 = wp::mesh_eval_position(var_mesh, var_27, var_28, var_29);
        var_31 = wp::mul(var_26, var_30);
        var_33 = wp::load(var_22);
        var_32 = wp::add(var_33, var_31);
        wp::array_store(var_closest, var_i, var_32);
    }
    var_34 = wp::load(var_20);
    // w = wp.mesh_query_point_sign_winding_number(mesh, p, 1.0e6, 2.0, 0.5)                  <L 314>
    var_38 = wp::mesh_query_point_sign_winding_number(var_mesh, var_p, var_35, var_36, var_37);
    // if w.result:                                                                           <L 315>
    var_39 = &((var_38).result);
    var_40 = wp::load(var_39);
    if (var_40) {
        // winding[i] = w.sign                                                                <L 316>
        var_41 = &((var_38).sign);
        var_43 = wp::load(var_41);
        var_42 = wp::copy(var_43);
        wp::array_store(var_winding, var_i, var_42);
    }
    var_44 = wp::load(var_39);
    // r = wp.mesh_query_ray(mesh, p, wp.normalize(wp.vec3(0.3, 1.0, -0.2)), 1.0e6)           <L 317>
    var_48 = wp::vec_t<3, wp::float32>(var_45, var_46, var_47);
    var_49 = wp::normalize(var_48);
    var_51 = wp::mesh_query_ray(var_mesh, var_p, var_49, var_50, var_52);
    // if r.result:                                                                           <L 318>
    var_53 = &((var_51).result);
    var_54 = wp::load(var_53);
    if (var_54) {
        // ray_t[i] = r.t                                                                     <L 319>
        var_55 = &((var_51).t);
        var_57 = wp::load(var_55);
        var_56 = wp::copy(var_57);
        wp::array_store(var_ray_t, var_i, var_56);
        // ray_face[i] = r.face                                                               <L 320>
        var_58 = &((var_51).face);
        var_60 = wp::load(var_58);
        var_59 = wp::copy(var_60);
        wp::array_store(var_ray_face, var_i, var_59);
    }
    var_61 = wp::load(var_53);
    // box = wp.mesh_query_aabb(mesh, p - wp.vec3(0.2), p + wp.vec3(0.2))                     <L 321>
    var_63 = wp::vec_t<3, wp::float32>(var_62);
    var_64 = wp::sub(var_p, var_63);
    var_66 = wp::vec_t<3, wp::float32>(var_65);
    var_67 = wp::add(var_p, var_66);
    var_68 = wp::mesh_query_aabb(var_mesh, var_64, var_67);
    // n = int(0)                                                                             <L 322>
    var_70 = wp::int(var_69);
    // f = int(0)                                                                             <L 323>
    var_72 = wp::int(var_71);
    // while wp.mesh_query_aabb_next(box, f):                                                 <L 324>
    start_while_0:;
    var_73 = wp::mesh_query_aabb_next(var_68, var_72);
    if ((var_73) == false) goto end_while_0;
        // n += 1                                                                             <L 325>
        var_75 = wp::add(var_70, var_74);
        wp::assign(var_70, var_75);
    goto start_while_0;
    end_while_0:;
    // box_count[i] = n                                                                       <L 326>
    wp::array_store(var_box_count, var_i, var_70);
}


// /work/main/tests/gpu/warp_replay.py:302
static CUDA_CALLABLE void adj_query_mesh_0(
    wp::uint64 var_mesh,
    wp::vec_t<3, wp::float32> var_p,
    wp::int32 var_i,
    wp::array_t<wp::vec_t<3, wp::float32>> var_closest,
    wp::array_t<wp::float32> var_sign,
    wp::array_t<wp::int32> var_face,
    wp::array_t<wp::float32> var_winding,
    wp::array_t<wp::float32> var_ray_t,
    wp::array_t<wp::int32> var_ray_face,
    wp::array_t<wp::int32> var_box_count,
    wp::uint64 & adj_mesh,
    wp::vec_t<3, wp::float32> & adj_p,
    wp::int32 & adj_i,
    wp::array_t<wp::vec_t<3, wp::float32>> & adj_closest,
    wp::array_t<wp::float32> & adj_sign,
    wp::array_t<wp::int32> & adj_face,
    wp::array_t<wp::float32> & adj_winding,
    wp::array_t<wp::float32> & adj_ray_t,
    wp::array_t<wp::int32> & adj_ray_face,
    wp::array_t<wp::int32> & adj_box_count)
{
    //---------
    // primal vars
    const wp::float32 var_0 = 1000000.0;
    wp::mesh_query_point_t var_1;
    bool* var_2;
    bool var_3;
    wp::int32* var_4;
    wp::float32* var_5;
    wp::float32* var_6;
    wp::vec_t<3, wp::float32> var_7;
    wp::int32 var_8;
    wp::float32 var_9;
    wp::float32 var_10;
    wp::float32* var_11;
    wp::float32 var_12;
    wp::float32 var_13;
    wp::int32* var_14;
    wp::int32 var_15;
    wp::int32 var_16;
    bool var_17;
    const wp::float32 var_18 = 1000000.0;
    wp::mesh_query_point_t var_19;
    bool* var_20;
    bool var_21;
    wp::vec_t<3, wp::float32>* var_22;
    wp::int32* var_23;
    wp::float32* var_24;
    wp::float32* var_25;
    wp::vec_t<3, wp::float32> var_26;
    wp::int32 var_27;
    wp::float32 var_28;
    wp::float32 var_29;
    const wp::float32 var_30 = 0.0;
    wp::vec_t<3, wp::float32> var_31;
    wp::vec_t<3, wp::float32> var_32;
    wp::vec_t<3, wp::float32> var_33;
    bool var_34;
    const wp::float32 var_35 = 1000000.0;
    const wp::float32 var_36 = 2.0;
    const wp::float32 var_37 = 0.5;
    wp::mesh_query_point_t var_38;
    bool* var_39;
    bool var_40;
    wp::float32* var_41;
    wp::float32 var_42;
    wp::float32 var_43;
    bool var_44;
    const wp::float32 var_45 = 0.3;
    const wp::float32 var_46 = 1.0;
    const wp::float32 var_47 = -0.2;
    wp::vec_t<3, wp::float32> var_48;
    wp::vec_t<3, wp::float32> var_49;
    const wp::float32 var_50 = 1000000.0;
    wp::mesh_query_ray_t var_51;
    const wp::int32 var_52 = -1;
    bool* var_53;
    bool var_54;
    wp::float32* var_55;
    wp::float32 var_56;
    wp::float32 var_57;
    wp::int32* var_58;
    wp::int32 var_59;
    wp::int32 var_60;
    bool var_61;
    const wp::float32 var_62 = 0.2;
    wp::vec_t<3, wp::float32> var_63;
    wp::vec_t<3, wp::float32> var_64;
    const wp::float32 var_65 = 0.2;
    wp::vec_t<3, wp::float32> var_66;
    wp::vec_t<3, wp::float32> var_67;
    wp::mesh_query_aabb_t var_68;
    const wp::int32 var_69 = 0;
    wp::int32 var_70;
    const wp::int32 var_71 = 0;
    wp::int32 var_72;
    bool var_73;
    const wp::int32 var_74 = 1;
    wp::int32 var_75;
    //---------
    // dual vars
    wp::float32 adj_0 = {};
    wp::mesh_query_point_t adj_1 = {};
    bool adj_2 = {};
    bool adj_3 = {};
    wp::int32 adj_4 = {};
    wp::float32 adj_5 = {};
    wp::float32 adj_6 = {};
    wp::vec_t<3, wp::float32> adj_7 = {};
    wp::int32 adj_8 = {};
    wp::float32 adj_9 = {};
    wp::float32 adj_10 = {};
    wp::float32 adj_11 = {};
    wp::float32 adj_12 = {};
    wp::float32 adj_13 = {};
    wp::int32 adj_14 = {};
    wp::int32 adj_15 = {};
    wp::int32 adj_16 = {};
    bool adj_17 = {};
    wp::float32 adj_18 = {};
    wp::mesh_query_point_t adj_19 = {};
    bool adj_20 = {};
    bool adj_21 = {};
    wp::vec_t<3, wp::float32> adj_22 = {};
    wp::int32 adj_23 = {};
    wp::float32 adj_24 = {};
    wp::float32 adj_25 = {};
    wp::vec_t<3, wp::float32> adj_26 = {};
    wp::int32 adj_27 = {};
    wp::float32 adj_28 = {};
    wp::float32 adj_29 = {};
    wp::float32 adj_30 = {};
    wp::vec_t<3, wp::float32> adj_31 = {};
    wp::vec_t<3, wp::float32> adj_32 = {};
    wp::vec_t<3, wp::float32> adj_33 = {};
    bool adj_34 = {};
    wp::float32 adj_35 = {};
    wp::float32 adj_36 = {};
    wp::float32 adj_37 = {};
    wp::mesh_query_point_t adj_38 = {};
    bool adj_39 = {};
    bool adj_40 = {};
    wp::float32 adj_41 = {};
    wp::float32 adj_42 = {};
    wp::float32 adj_43 = {};
    bool adj_44 = {};
    wp::float32 adj_45 = {};
    wp::float32 adj_46 = {};
    wp::float32 adj_47 = {};
    wp::vec_t<3, wp::float32> adj_48 = {};
    wp::vec_t<3, wp::float32> adj_49 = {};
    wp::float32 adj_50 = {};
    wp::mesh_query_ray_t adj_51 = {};
    wp::int32 adj_52 = {};
    bool adj_53 = {};
    bool adj_54 = {};
    wp::float32 adj_55 = {};
    wp::float32 adj_56 = {};
    wp::float32 adj_57 = {};
    wp::int32 adj_58 = {};
    wp::int32 adj_59 = {};
    wp::int32 adj_60 = {};
    bool adj_61 = {};
    wp::float32 adj_62 = {};
    wp::vec_t<3, wp::float32> adj_63 = {};
    wp::vec_t<3, wp::float32> adj_64 = {};
    wp::float32 adj_65 = {};
    wp::vec_t<3, wp::float32> adj_66 = {};
    wp::vec_t<3, wp::float32> adj_67 = {};
    wp::mesh_query_aabb_t adj_68 = {};
    wp::int32 adj_69 = {};
    wp::int32 adj_70 = {};
    wp::int32 adj_71 = {};
    wp::int32 adj_72 = {};
    bool adj_73 = {};
    wp::int32 adj_74 = {};
    wp::int32 adj_75 = {};
    //---------
    // forward
    // def query_mesh(mesh: wp.uint64, p: wp.vec3, i: int, closest: wp.array(dtype=wp.vec3), sign: wp.array(dtype=float),       <L 303>
    // q = wp.mesh_query_point(mesh, p, 1.0e6)                                                <L 306>
    var_1 = wp::mesh_query_point(var_mesh, var_p, var_0);
    // if q.result:                                                                           <L 307>
    var_2 = &((var_1).result);
    var_3 = wp::load(var_2);
    if (var_3) {
        // closest[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)                         <L 308>
        var_4 = &((var_1).face);
        var_5 = &((var_1).u);
        var_6 = &((var_1).v);
        var_8 = wp::load(var_4);
        var_9 = wp::load(var_5);
        var_10 = wp::load(var_6);
        var_7 = wp::mesh_eval_position(var_mesh, var_8, var_9, var_10);
        // wp::array_store(var_closest, var_i, var_7);
        // sign[i] = q.sign                                                                   <L 309>
        var_11 = &((var_1).sign);
        var_13 = wp::load(var_11);
        var_12 = wp::copy(var_13);
        // wp::array_store(var_sign, var_i, var_12);
        // face[i] = q.face                                                                   <L 310>
        var_14 = &((var_1).face);
        var_16 = wp::load(var_14);
        var_15 = wp::copy(var_16);
        // wp::array_store(var_face, var_i, var_15);
    }
    var_17 = wp::load(var_2);
    // u = wp.mesh_query_point_no_sign(mesh, p, 1.0e6)                                        <L 311>
    var_19 = wp::mesh_query_point_no_sign(var_mesh, var_p, var_18);
    // if u.result:                                                                           <L 312>
    var_20 = &((var_19).result);
    var_21 = wp::load(var_20);
    if (var_21) {
        // closest[i] = closest[i] + wp.mesh_eval_position(mesh, u.face, u.u, u.v) * 0.0       <L 313>
        var_22 = wp::address(var_closest, var_i);
        var_23 = &((var_19).face);
        var_24 = &((var_19).u);
        var_25 = &((var_19).v);
        var_27 = wp::load(var_23);
        var_28 = wp::load(var_24);
        var_29 = wp::load(var_25);
        var_26 = wp::mesh_eval_position(var_mesh, var_27, var_28, var_29);
        var_31 = wp::mul(var_26, var_30);
        var_33 = wp::load(var_22);
        var_32 = wp::add(var_33, var_31);
        // wp::array_store(var_closest, var_i, var_32);
    }
    var_34 = wp::load(var_20);
    // w = wp.mesh_query_point_sign_winding_number(mesh, p, 1.0e6, 2.0, 0.5)                  <L 314>
    var_38 = wp::mesh_query_point_sign_winding_number(var_mesh, var_p, var_35, var_36, var_37);
    // if w.result:                                                                           <L 315>
    var_39 = &((var_38).result);
    var_40 = wp::load(var_39);
    if (var_40) {
        // winding[i] = w.sign                                                                <L 316>
        var_41 = &((var_38).sign);
        var_43 = wp::load(var_41);
        var_42 = wp::copy(var_43);
        // wp::array_store(var_winding, var_i, var_42);
    }
    var_44 = wp::load(var_39);
    // r = wp.mesh_query_ray(mesh, p, wp.normalize(wp.vec3(0.3, 1.0, -0.2)), 1.0e6)           <L 317>
    var_48 = wp::vec_t<3, wp::float32>(var_45, var_46, var_47);
    var_49 = wp::normalize(var_48);
    var_51 = wp::mesh_query_ray(var_mesh, var_p, var_49, var_50, var_52);
    // if r.result:                                                                           <L 318>
    var_53 = &((var_51).result);
    var_54 = wp::load(var_53);
    if (var_54) {
        // ray_t[i] = r.t                                                                     <L 319>
        var_55 = &((var_51).t);
        var_57 = wp::load(var_55);
        var_56 = wp::copy(var_57);
        // wp::array_store(var_ray_t, var_i, var_56);
        // ray_face[i] = r.face                                                               <L 320>
        var_58 = &((var_51).face);
        var_60 = wp::load(var_58);
        var_59 = wp::copy(var_60);
        // wp::array_store(var_ray_face, var_i, var_59);
    }
    var_61 = wp::load(var_53);
    // box = wp.mesh_query_aabb(mesh, p - wp.vec3(0.2), p + wp.vec3(0.2))                     <L 321>
    var_63 = wp::vec_t<3, wp::float32>(var_62);
    var_64 = wp::sub(var_p, var_63);
    var_66 = wp::vec_t<3, wp::float32>(var_65);
    var_67 = wp::add(var_p, var_66);
    var_68 = wp::mesh_query_aabb(var_mesh, var_64, var_67);
    // n = int(0)                                                                             <L 322>
    var_70 = wp::int(var_69);
    // f = int(0)                                                                             <L 323>
    var_72 = wp::int(var_71);
    // while wp.mesh_query_aabb_next(box, f):                                                 <L 324>
    // box_count[i] = n                                                                       <L 326>
    // wp::array_store(var_box_count, var_i, var_70);
    //---------
    // reverse
    wp::adj_array_store(var_box_count, var_i, var_70, adj_box_count, adj_i, adj_70);
    // adj: box_count[i] = n                                                                  <L 326>
    start_while_0:;
    var_73 = wp::mesh_query_aabb_next(var_68, var_72);
    if ((var_73) == false) goto end_while_0;
    adj_74 = {};
    adj_75 = {};
        // n += 1                                                                             <L 325>
        var_75 = wp::add(var_70, var_74);
        wp::assign(var_70, var_75);
        wp::adj_assign(var_70, var_75, adj_70, adj_75);
        wp::adj_add(var_70, var_74, adj_70, adj_74, adj_75);
        // adj: n += 1                                                                        <L 325>
    goto start_while_0;
    end_while_0:;
    // adj: while wp.mesh_query_aabb_next(box, f):                                            <L 324>
    // adj: f = int(0)                                                                        <L 323>
    // adj: n = int(0)                                                                        <L 322>
    wp::adj_add(var_p, var_66, adj_p, adj_66, adj_67);
    wp::adj_vec_t(var_65, adj_65, adj_66);
    wp::adj_sub(var_p, var_63, adj_p, adj_63, adj_64);
    wp::adj_vec_t(var_62, adj_62, adj_63);
    // adj: box = wp.mesh_query_aabb(mesh, p - wp.vec3(0.2), p + wp.vec3(0.2))                <L 321>
    if (var_61) {
        wp::adj_array_store(var_ray_face, var_i, var_59, adj_ray_face, adj_i, adj_59);
        wp::adj_copy(var_60, adj_58, adj_59);
        adj_51.face = adj_58;
        // adj: ray_face[i] = r.face                                                          <L 320>
        wp::adj_array_store(var_ray_t, var_i, var_56, adj_ray_t, adj_i, adj_56);
        wp::adj_copy(var_57, adj_55, adj_56);
        adj_51.t += adj_55;
        // adj: ray_t[i] = r.t                                                                <L 319>
    }
    adj_51.result = adj_53;
    // adj: if r.result:                                                                      <L 318>
    wp::adj_mesh_query_ray(var_mesh, var_p, var_49, var_50, var_52, var_51, adj_mesh, adj_p, adj_49, adj_50, adj_52, adj_51);
    wp::adj_normalize(var_48, var_49, adj_48, adj_49);
    wp::adj_vec_t(var_45, var_46, var_47, adj_45, adj_46, adj_47, adj_48);
    // adj: r = wp.mesh_query_ray(mesh, p, wp.normalize(wp.vec3(0.3, 1.0, -0.2)), 1.0e6)      <L 317>
    if (var_44) {
        wp::adj_array_store(var_winding, var_i, var_42, adj_winding, adj_i, adj_42);
        wp::adj_copy(var_43, adj_41, adj_42);
        adj_38.sign += adj_41;
        // adj: winding[i] = w.sign                                                           <L 316>
    }
    adj_38.result = adj_39;
    // adj: if w.result:                                                                      <L 315>
    wp::adj_mesh_query_point_sign_winding_number(var_mesh, var_p, var_35, var_36, var_37, var_38, adj_mesh, adj_p, adj_35, adj_36, adj_37, adj_38);
    // adj: w = wp.mesh_query_point_sign_winding_number(mesh, p, 1.0e6, 2.0, 0.5)             <L 314>
    if (var_34) {
        wp::adj_array_store(var_closest, var_i, var_32, adj_closest, adj_i, adj_32);
        wp::adj_add(var_33, var_31, adj_22, adj_31, adj_32);
        wp::adj_mul(var_26, var_30, adj_26, adj_30, adj_31);
        wp::adj_mesh_eval_position(var_mesh, var_27, var_28, var_29, adj_mesh, adj_23, adj_24, adj_25, adj_26);
        adj_19.v += adj_25;
        adj_19.u += adj_24;
        adj_19.face = adj_23;
        wp::adj_address(var_closest, var_i, adj_closest, adj_i, adj_22);
        // adj: closest[i] = closest[i] + wp.mesh_eval_position(mesh, u.face, u.u, u.v) * 0.0  <L 313>
    }
    adj_19.result = adj_20;
    // adj: if u.result:                                                                      <L 312>
    wp::adj_mesh_query_point_no_sign(var_mesh, var_p, var_18, var_19, adj_mesh, adj_p, adj_18, adj_19);
    // adj: u = wp.mesh_query_point_no_sign(mesh, p, 1.0e6)                                   <L 311>
    if (var_17) {
        wp::adj_array_store(var_face, var_i, var_15, adj_face, adj_i, adj_15);
        wp::adj_copy(var_16, adj_14, adj_15);
        adj_1.face = adj_14;
        // adj: face[i] = q.face                                                              <L 310>
        wp::adj_array_store(var_sign, var_i, var_12, adj_sign, adj_i, adj_12);
        wp::adj_copy(var_13, adj_11, adj_12);
        adj_1.sign += adj_11;
        // adj: sign[i] = q.sign                                                              <L 309>
        wp::adj_array_store(var_closest, var_i, var_7, adj_closest, adj_i, adj_7);
        wp::adj_mesh_eval_position(var_mesh, var_8, var_9, var_10, adj_mesh, adj_4, adj_5, adj_6, adj_7);
        adj_1.v += adj_6;
        adj_1.u += adj_5;
        adj_1.face = adj_4;
        // adj: closest[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)                    <L 308>
    }
    adj_1.result = adj_2;
    // adj: if q.result:                                                                      <L 307>
    wp::adj_mesh_query_point(var_mesh, var_p, var_0, var_1, adj_mesh, adj_p, adj_0, adj_1);
    // adj: q = wp.mesh_query_point(mesh, p, 1.0e6)                                           <L 306>
    // adj: def query_mesh(mesh: wp.uint64, p: wp.vec3, i: int, closest: wp.array(dtype=wp.vec3), sign: wp.array(dtype=float),  <L 303>
    return;
}



extern "C" __global__ void mesh_queries_raw_bf4adba6_cuda_kernel_forward(
    wp::launch_bounds_t<1> dim,
    wp::uint64 var_mesh,
    wp::array_t<wp::vec_t<3, wp::float32>> var_points,
    wp::array_t<wp::vec_t<3, wp::float32>> var_closest,
    wp::array_t<wp::float32> var_sign,
    wp::array_t<wp::int32> var_face,
    wp::array_t<wp::float32> var_winding,
    wp::array_t<wp::float32> var_ray_t,
    wp::array_t<wp::int32> var_ray_face,
    wp::array_t<wp::int32> var_box_count)
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
        wp::vec_t<3, wp::float32> var_2;
        //---------
        // forward
        // def mesh_queries_raw(mesh: wp.uint64, points: wp.array(dtype=wp.vec3), closest: wp.array(dtype=wp.vec3),       <L 338>
        // i = wp.tid()                                                                           <L 341>
        var_0 = builtin_tid1d();
        // query_mesh(mesh, points[i], i, closest, sign, face, winding, ray_t, ray_face, box_count)       <L 342>
        var_1 = wp::address(var_points, var_0);
        var_2 = wp::load(var_1);
        query_mesh_0(var_mesh, var_2, var_0, var_closest, var_sign, var_face, var_winding, var_ray_t, var_ray_face, var_box_count);
    }
}



extern "C" __global__ void mesh_queries_raw_bf4adba6_cuda_kernel_backward(
    wp::launch_bounds_t<1> dim,
    wp::uint64 var_mesh,
    wp::array_t<wp::vec_t<3, wp::float32>> var_points,
    wp::array_t<wp::vec_t<3, wp::float32>> var_closest,
    wp::array_t<wp::float32> var_sign,
    wp::array_t<wp::int32> var_face,
    wp::array_t<wp::float32> var_winding,
    wp::array_t<wp::float32> var_ray_t,
    wp::array_t<wp::int32> var_ray_face,
    wp::array_t<wp::int32> var_box_count,
    wp::uint64 adj_mesh,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_points,
    wp::array_t<wp::vec_t<3, wp::float32>> adj_closest,
    wp::array_t<wp::float32> adj_sign,
    wp::array_t<wp::int32> adj_face,
    wp::array_t<wp::float32> adj_winding,
    wp::array_t<wp::float32> adj_ray_t,
    wp::array_t<wp::int32> adj_ray_face,
    wp::array_t<wp::int32> adj_box_count)
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
        wp::vec_t<3, wp::float32> var_2;
        //---------
        // dual vars
        wp::int32 adj_0 = {};
        wp::vec_t<3, wp::float32> adj_1 = {};
        wp::vec_t<3, wp::float32> adj_2 = {};
        //---------
        // forward
        // def mesh_queries_raw(mesh: wp.uint64, points: wp.array(dtype=wp.vec3), closest: wp.array(dtype=wp.vec3),       <L 338>
        // i = wp.tid()                                                                           <L 341>
        var_0 = builtin_tid1d();
        // query_mesh(mesh, points[i], i, closest, sign, face, winding, ray_t, ray_face, box_count)       <L 342>
        var_1 = wp::address(var_points, var_0);
        var_2 = wp::load(var_1);
        query_mesh_0(var_mesh, var_2, var_0, var_closest, var_sign, var_face, var_winding, var_ray_t, var_ray_face, var_box_count);
        //---------
        // reverse
        adj_query_mesh_0(var_mesh, var_2, var_0, var_closest, var_sign, var_face, var_winding, var_ray_t, var_ray_face, var_box_count, adj_mesh, adj_1, adj_0, adj_closest, adj_sign, adj_face, adj_winding, adj_ray_t, adj_ray_face, adj_box_count);
        wp::adj_address(var_points, var_0, adj_points, adj_0, adj_1);
        // adj: query_mesh(mesh, points[i], i, closest, sign, face, winding, ray_t, ray_face, box_count)  <L 342>
        // adj: i = wp.tid()                                                                      <L 341>
        // adj: def mesh_queries_raw(mesh: wp.uint64, points: wp.array(dtype=wp.vec3), closest: wp.array(dtype=wp.vec3),  <L 338>
        continue;
    }
}

