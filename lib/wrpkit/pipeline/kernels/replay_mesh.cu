// wrpkit: wrp-run's mesh kernels. wrp-build compiles this file with NVRTC against the
// native headers of the Warp release that made the capture (as it compiles the capture's
// own retained sources), so every structure below is laid out as that release's kernels
// read it and the solid-angle maths is that release's own. wrp-run builds each mesh at
// load with them, as Warp's loader does: triangle bounds here, the SAH tree on the host
// (replay/mesh_bvh.cpp), then the mesh descriptor, the average edge length and, for
// winding numbers, the tree's solid-angle data.
#define WP_NO_BFLOAT16
#define WP_TILE_BLOCK_DIM 256
#define WP_NO_CRT
#include "builtin.h"

// The bytes wrp-run allocates for one descriptor and for one node's solid-angle data.
extern "C" __device__ const unsigned long long wrpkit_mesh_sizes[2] = {sizeof(wp::Mesh), sizeof(wp::SolidAngleProps)};

#define MESH_STRIDE(i, n) for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); i += gridDim.x * blockDim.x)

// Each triangle's bounds, with Warp's own min and max (its compute_triangle_bounds).
extern "C" __global__ void wrpkit_mesh_bounds(int n, const wp::vec3* points, const int* indices, wp::vec3* lowers,
                                              wp::vec3* uppers)
{
    MESH_STRIDE(t, n) {
        wp::vec3 p = points[indices[t * 3]], q = points[indices[t * 3 + 1]], r = points[indices[t * 3 + 2]];
        lowers[t] = wp::min(wp::min(p, q), r);
        uppers[t] = wp::max(wp::max(p, q), r);
    }
}

// The descriptor Warp's kernels read through the mesh id, as Warp's loader fills it: 1-d
// arrays of the regions' data, the bounds, the tree (item bounds: the triangles').
extern "C" __global__ void wrpkit_mesh_init(wp::Mesh* m, wp::vec3* points, wp::vec3* velocities, int* indices,
                                            int num_points, int num_tris, wp::vec3* lowers, wp::vec3* uppers,
                                            wp::SolidAngleProps* solid_angles, wp::BVHPackedNodeHalf* node_lowers,
                                            wp::BVHPackedNodeHalf* node_uppers, int* parents, int* counts,
                                            int* primitives, int* root, int max_depth, int max_nodes, int num_nodes,
                                            int num_leaf_nodes, int leaf_size, int constructor)
{
    if (blockIdx.x != 0 || threadIdx.x != 0) return;
    wp::array_t<wp::vec3> p, v;
    wp::array_t<int> i;
    p.data = points;
    p.shape[0] = num_points;
    p.strides[0] = sizeof(wp::vec3);
    p.ndim = 1;
    if (velocities) {
        v.data = velocities;
        v.shape[0] = num_points;
        v.strides[0] = sizeof(wp::vec3);
        v.ndim = 1;
    }
    i.data = indices;
    i.shape[0] = num_tris * 3;
    i.strides[0] = sizeof(int);
    i.ndim = 1;
    wp::Mesh mesh(p, v, i, num_points, num_tris);
    mesh.lowers = lowers;
    mesh.uppers = uppers;
    mesh.solid_angle_props = solid_angles;
    wp::BVH& b = mesh.bvh;
    b.node_lowers = node_lowers;
    b.node_uppers = node_uppers;
    b.node_parents = parents;
    b.node_counts = counts;
    b.primitive_indices = primitives;
    b.max_depth = max_depth;
    b.max_nodes = max_nodes;
    b.num_nodes = num_nodes;
    b.num_leaf_nodes = num_leaf_nodes;
    b.root = root;
    b.item_lowers = lowers;
    b.item_uppers = uppers;
    b.item_groups = nullptr;
    b.num_items = num_tris;
    b.leaf_size = leaf_size;
    b.constructor_type = constructor;
    b.context = nullptr;
    *m = mesh;
}

// The mean over triangles of their three edge lengths (Warp's own sum of the lengths
// runs in CUB's order; this block adds in its own, so the last bits may differ: the value
// only widens the weld tolerance of mesh_query_point_sign_normal).
extern "C" __global__ void wrpkit_mesh_edge_length(int n, const wp::vec3* points, const int* indices, wp::Mesh* m)
{
    __shared__ float part[256];
    float sum = 0.0f;
    for (int t = threadIdx.x; t < n; t += blockDim.x) {
        wp::vec3 p = points[indices[t * 3]], q = points[indices[t * 3 + 1]], r = points[indices[t * 3 + 2]];
        sum += wp::length(p - q) + wp::length(p - r) + wp::length(q - r);
    }
    part[threadIdx.x] = sum;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) m->average_edge_length = n ? part[0] / (3 * n) : 0.0f;
}

// A leaf's solid-angle data: its triangles' combined in order; its bounds become the data's box.
__device__ void wrpkit_leaf_solid_angle(int node, wp::BVHPackedNodeHalf* lowers, wp::BVHPackedNodeHalf* uppers,
                                        const wp::vec3* points, const int* indices, const int* primitives,
                                        wp::SolidAngleProps* props)
{
    wp::SolidAngleProps acc;
    for (int k = lowers[node].i; k < (int)uppers[node].i; ++k) {
        int t = primitives[k];
        wp::SolidAngleProps one;
        wp::precompute_triangle_solid_angle_props(points[indices[t * 3]], points[indices[t * 3 + 1]],
                                                  points[indices[t * 3 + 2]], k == (int)lowers[node].i ? acc : one);
        if (k != (int)lowers[node].i) acc = wp::combine_precomputed_solid_angle_props(&acc, &one);
    }
    (wp::vec3&)lowers[node] = acc.box.lower;
    (wp::vec3&)uppers[node] = acc.box.upper;
    props[node] = acc;
}

// Winding-number support, bottom up as Warp's refit does it: one thread per leaf (the
// leaves come first), the second child to finish completes its parent (bounds the union
// of the children's, data combined from both). counts: zeroed before.
extern "C" __global__ void wrpkit_mesh_solid_angles(int num_leaves, const int* parents, int* counts,
                                                    wp::BVHPackedNodeHalf* lowers, wp::BVHPackedNodeHalf* uppers,
                                                    const wp::vec3* points, const int* indices, const int* primitives,
                                                    wp::SolidAngleProps* props)
{
    int node = blockIdx.x * blockDim.x + threadIdx.x;
    if (node >= num_leaves || !lowers[node].b) return;
    wrpkit_leaf_solid_angle(node, lowers, uppers, points, indices, primitives, props);
    for (int parent = parents[node]; parent != -1; parent = parents[node]) {
        __threadfence();
        if (atomicAdd(&counts[parent], 1) != 1) return;  // the first child to finish: its sibling goes on
        int left = lowers[parent].i, right = uppers[parent].i;
        (wp::vec3&)lowers[parent] = wp::min((wp::vec3&)lowers[left], (wp::vec3&)lowers[right]);
        (wp::vec3&)uppers[parent] = wp::max((wp::vec3&)uppers[left], (wp::vec3&)uppers[right]);
        wp::combine_precomputed_solid_angle_props(props[parent], &props[left], left != right ? &props[right] : nullptr);
        node = parent;
    }
}
