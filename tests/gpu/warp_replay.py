"""Stock Warp against wrpkit's artifacts, on a GPU machine (see tests/gpu/warp-replay).

  warp_replay.py capture DIR [--output ptx75|default] [--source-fallback]
                                  capture new graphs with stock Warp into DIR/NAME/NAME.wrp +
                                  recipe.json, then launch each captured graph once in the
                                  capturing process and save its outputs as DIR/NAME/expected.npz.
                                  --output ptx75 (the default here): PTX for compute_75;
                                  default: what Warp chooses (CUBIN for this GPU when the driver
                                  is older than Warp's NVRTC); --source-fallback: Warp 1.19's
                                  capture_save(..., source_fallback=True) keeps each module's .cu
  warp_replay.py expect WRP NPZ   load WRP with wp.capture_load, replay once, save every named
                                  output (dtype and shape from recipe.json beside it) to NPZ
  warp_replay.py replay WRP NPZ   load WRP, replay once, compare every output with NPZ;
                                  exit 0 when all match, 1 when one differs, 2 when it cannot load
  warp_replay.py time WRP         seconds for capture_load + the first replay, in this fresh
                                  process (Warp initialised first, not counted), and how many
                                  apic_guest_* files (Warp 1.19 compiling retained source on
                                  this GPU) the modules folder holds afterwards

Run `replay` in a fresh process with CUDA_DISABLE_PTX_JIT=1 and CUDA_CACHE_DISABLE=1 to
prove that nothing was JIT-compiled. The kernels here differ from shared/fixtures on
purpose: these are captures the unit tests never saw.
"""
import json
import os
import sys

import numpy as np
import warp as wp



# --- kernels -----------------------------------------------------------------

@wp.func
def drag_force(v: wp.vec3, k: float):
    return -k * wp.length(v) * v


@wp.kernel
def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float):
    i = wp.tid()
    f = wp.vec3(0.0, -9.8, 0.0) + drag_force(v[i], 0.1)
    v[i] = v[i] + f * dt
    p = x[i] + v[i] * dt
    if p[1] < 0.0:  # bounce off the ground
        p = wp.vec3(p[0], -p[1], p[2])
        v[i] = wp.vec3(v[i][0], -0.5 * v[i][1], v[i][2])
    x[i] = p


@wp.kernel
def histogram(values: wp.array(dtype=wp.int32), bins: wp.array(dtype=wp.int32)):
    i = wp.tid()
    b = values[i] % bins.shape[0]
    wp.atomic_add(bins, b, 1)


@wp.struct
class Frame:
    rot: wp.quat
    pos: wp.vec3
    scale: float


@wp.kernel
def transform_points(frame: Frame, src: wp.array(dtype=wp.vec3), m: wp.mat33, dst: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    t = wp.transform(frame.pos, frame.rot)
    dst[i] = m @ wp.transform_point(t, src[i] * frame.scale)


TILE = 64


@wp.kernel
def tile_row_sums(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    row = wp.tid()
    t = wp.tile_load(a[row], shape=TILE)
    s = wp.tile_sum(t)
    wp.tile_store(out, s, offset=row)


@wp.kernel(module="unique")
def scale_unique(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] * s + wp.sin(float(i))


@wp.kernel
def square_loss(x: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, x[i] * x[i] * 0.5)


@wp.kernel
def step_counter(counter: wp.array(dtype=wp.int32), acc: wp.array(dtype=float)):
    acc[0] = acc[0] * 1.5 + 1.0
    counter[0] = counter[0] - 1


@wp.kernel
def scale_by(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] * s


@wp.kernel
def add_vec(dst: wp.array(dtype=wp.vec3), src: wp.array(dtype=wp.vec3), w: wp.array(dtype=float)):
    i = wp.tid()
    dst[i] = dst[i] + src[i] * w[i % w.shape[0]]


@wp.kernel
def countdown_parity(counter: wp.array(dtype=wp.int32), odd: wp.array(dtype=wp.int32), log: wp.array(dtype=float)):
    c = counter[0]
    log[c % log.shape[0]] = log[c % log.shape[0]] + float(c)
    odd[0] = c % 2
    counter[0] = c - 1


# --- captures ----------------------------------------------------------------

def scene_particles(d):
    rng = np.random.default_rng(1)
    x = wp.array(rng.uniform(0.0, 2.0, (4096, 3)).astype(np.float32), dtype=wp.vec3, device=d)
    v = wp.array(rng.normal(0.0, 1.0, (4096, 3)).astype(np.float32), dtype=wp.vec3, device=d)

    def body():
        for _ in range(20):
            wp.launch(integrate, dim=x.shape[0], inputs=[x, v, 1.0 / 60.0], device=d)
    return body, {"x": x, "v": v}, {"x_out": x, "v_out": v}


def scene_histogram(d):
    vals = wp.array(np.arange(100000, dtype=np.int32) * 7919 % 100003, dtype=wp.int32, device=d)
    bins = wp.zeros(97, dtype=wp.int32, device=d)
    copy = wp.zeros(97, dtype=wp.int32, device=d)

    def body():
        bins.zero_()
        wp.launch(histogram, dim=vals.shape[0], inputs=[vals, bins], device=d)
        wp.copy(copy, bins)
    return body, {"values": vals}, {"bins": bins, "copy": copy}


def scene_transforms(d):
    rng = np.random.default_rng(2)
    src = wp.array(rng.normal(size=(8192, 3)).astype(np.float32), dtype=wp.vec3, device=d)
    dst = wp.zeros(8192, dtype=wp.vec3, device=d)
    f = Frame()
    f.rot = wp.quat_from_axis_angle(wp.vec3(0.0, 1.0, 0.0), 0.7)
    f.pos = wp.vec3(1.0, 2.0, 3.0)
    f.scale = 0.5
    m = wp.mat33(1.0, 0.2, 0.0, 0.0, 1.0, 0.3, 0.1, 0.0, 1.0)

    def body():
        wp.launch(transform_points, dim=src.shape[0], inputs=[f, src, m, dst], device=d)
    return body, {"src": src}, {"dst": dst}


def scene_tiles(d):
    a = wp.array(np.arange(256 * TILE, dtype=np.float32).reshape(256, TILE) % 13.0, dtype=float, device=d)
    out = wp.zeros(256, dtype=float, device=d)

    def body():
        wp.launch_tiled(tile_row_sums, dim=[256], inputs=[a, out], block_dim=TILE, device=d)
    return body, {"a": a}, {"out": out}


def scene_unique_and_adjoint(d):
    a = wp.array(np.linspace(-1.0, 1.0, 2048, dtype=np.float32), dtype=float, device=d)
    loss = wp.zeros(1, dtype=float, device=d)
    a_grad = wp.zeros(2048, dtype=float, device=d)
    loss_grad = wp.ones(1, dtype=float, device=d)

    def body():
        wp.launch(scale_unique, dim=a.shape[0], inputs=[a, 3.0], device=d)
        wp.launch(square_loss, dim=a.shape[0], inputs=[a, loss], device=d)
        wp.launch(square_loss, dim=a.shape[0], inputs=[a, loss], adj_inputs=[a_grad, loss_grad],
                  adjoint=True, device=d)
    return body, {"a": a}, {"a_out": a, "loss": loss, "a_grad": a_grad}


def scene_while(d):
    counter = wp.array([12], dtype=wp.int32, device=d)
    acc = wp.zeros(1, dtype=float, device=d)

    def body():
        wp.capture_while(counter, lambda: wp.launch(step_counter, dim=1, inputs=[counter, acc], device=d))
    return body, {"counter": counter}, {"acc": acc, "counter_out": counter}


def scene_if_else(d):
    flag = wp.array([1], dtype=wp.int32, device=d)
    no = wp.array([0], dtype=wp.int32, device=d)
    a = wp.array(np.linspace(0.5, 2.0, 1000, dtype=np.float32), dtype=float, device=d)

    def body():
        wp.capture_if(flag, on_true=lambda: wp.launch(scale_by, dim=a.shape[0], inputs=[a, 3.0], device=d),
                      on_false=lambda: wp.launch(scale_by, dim=a.shape[0], inputs=[a, -1.0], device=d))
        wp.capture_if(no, on_false=lambda: wp.launch(scale_by, dim=a.shape[0], inputs=[a, 0.5], device=d))
        wp.capture_if(flag, on_true=lambda: wp.launch(scale_by, dim=a.shape[0], inputs=[a, 2.0], device=d))
    return body, {"flag": flag, "no": no, "a": a}, {"a_out": a}


def scene_fills(d):
    # arr.fill_ of a non-zero value records a memtile op: 12-, 8- and 2-byte values, one at an odd offset
    v = wp.zeros(3000, dtype=wp.vec3, device=d)
    src = wp.array(np.arange(9000, dtype=np.float32).reshape(3000, 3), dtype=wp.vec3, device=d)
    w = wp.array(np.array([0.5, 1.5, 2.5], dtype=np.float32), dtype=float, device=d)
    big = wp.zeros(5000, dtype=wp.int64, device=d)
    half = wp.zeros(777, dtype=wp.float16, device=d)

    def body():
        v.fill_(wp.vec3(1.0, -2.0, 3.5))
        wp.launch(add_vec, dim=v.shape[0], inputs=[v, src, w], device=d)
        big.fill_(-1234567890123)
        half.fill_(0.75)
    return body, {"src": src, "w": w}, {"v": v, "big": big, "half": half}


def scene_nested(d):
    counter = wp.array([9], dtype=wp.int32, device=d)
    odd = wp.zeros(1, dtype=wp.int32, device=d)
    log = wp.zeros(4, dtype=float, device=d)
    acc = wp.zeros(16, dtype=float, device=d)

    def inner():
        wp.launch(countdown_parity, dim=1, inputs=[counter, odd, log], device=d)
        # the last pass (counter 1) is odd: the result needs both branches
        wp.capture_if(odd, on_true=lambda: wp.launch(scale_by, dim=acc.shape[0], inputs=[acc, 1.25], device=d),
                      on_false=lambda: acc.fill_(2.5))

    def body():
        wp.capture_while(counter, inner)
    return body, {"counter": counter}, {"log": log, "acc": acc, "counter_out": counter}


# --- ops wrp-run learned later (issue 33): thread-block clusters, BSR matrices, meshes.
# Warp 1.19 compiles a kernel with cluster_dim as __cluster_dims__(N, 1, 1) for sm_90
# and newer; a launch's blocks must make whole clusters (a max_blocks cap rounds down).

@wp.kernel(cluster_dim=2, module="unique")
def cluster_pairs(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] * s + float(i % 7)


@wp.kernel(cluster_dim=16, grid_stride=True, module="unique")
def cluster_sixteen(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    i = wp.tid()
    b[i] = b[i] + a[i] * a[i]


def scene_clusters(d):
    a = wp.array(np.linspace(-3.0, 3.0, 256 * 32, dtype=np.float32), dtype=float, device=d)
    b = wp.zeros(256 * 32, dtype=float, device=d)

    def body():
        wp.launch(cluster_pairs, dim=256 * 8, inputs=[a, 1.5], block_dim=256, device=d)  # 4 clusters of 2
        wp.launch(cluster_sixteen, dim=a.shape[0], inputs=[a, b], block_dim=256, device=d)  # 2 clusters of 16
        # capped at 20 blocks: Warp rounds down to one cluster of 16 that strides over all 32 blocks' work
        wp.launch(cluster_sixteen, dim=a.shape[0], inputs=[a, b], block_dim=256, max_blocks=20, device=d)
    return body, {"a": a}, {"a_out": a, "b": b}


def scene_bsr(d):
    import warp.sparse as sp
    rng = np.random.default_rng(21)
    n = 64
    # duplicates (summed), explicit zeros (pruned), 2x2 blocks
    rows = rng.integers(0, n, 600).astype(np.int32)
    cols = rng.integers(0, n, 600).astype(np.int32)
    rows[:50], cols[:50] = rows[50:100], cols[50:100]
    vals = whole(rng, -4, 5, (600, 2, 2), np.float32)
    vals[100:110] = 0.0
    r = wp.array(rows, dtype=int, device=d)
    c = wp.array(cols, dtype=int, device=d)
    v = wp.array(vals, dtype=wp.mat22, device=d)
    a = sp.bsr_zeros(n, n, block_type=wp.mat22, device=d)
    at = sp.bsr_zeros(n, n, block_type=wp.mat22, device=d)
    x = wp.array(whole(rng, -3, 4, (n, 2), np.float32), dtype=wp.vec2, device=d)
    y = wp.zeros(n, dtype=wp.vec2, device=d)
    yt = wp.zeros(n, dtype=wp.vec2, device=d)

    def body():
        sp.bsr_set_from_triplets(a, r, c, v)
        sp.bsr_mv(a, x, y)
        sp.bsr_set_transpose(at, a)
        sp.bsr_mv(at, x, yt)
    return body, {"rows": r, "cols": c, "vals": v, "x": x}, {
        "y": y, "yt": yt, "offsets": a.offsets, "columns": a.columns, "values": a.values,
        "t_offsets": at.offsets, "t_columns": at.columns, "t_values": at.values}


# The variants of Warp's two native sparse ops. Each matrix is sized by one run of the
# body before the capture, so the capture tracks every array (the `bsr` scene's
# matrices grow inside it: their columns and values are untracked); the outputs are
# then zeroed, so the graph's launch has to rebuild them. Padded matrices keep their
# offsets: those hold each row's capacity, an input of the ops.
def presized(d, body, outputs, keep=()):
    """body run once, then the dict outputs() names (arrays body may have reallocated), zeroed but `keep`."""
    body()
    wp.synchronize_device(d)
    outs = outputs()
    for name, a in outs.items():
        if name not in keep:
            a.zero_()
    return body, outs


def bsr_triplets(rng, d, n, m, k, block):
    rows = rng.integers(-2, n + 2, k).astype(np.int32)  # a few outside the matrix: dropped
    cols = rng.integers(0, m, k).astype(np.int32)
    rows[:60], cols[:60] = rows[60:120], cols[60:120]  # duplicates: summed
    vals = whole(rng, -4, 5, (k, *block), np.float32)
    vals[120:140] = 0.0  # explicit zeros: pruned
    mat = wp.types.matrix(shape=block, dtype=float)
    return (wp.array(rows, dtype=int, device=d), wp.array(cols, dtype=int, device=d),
            wp.array(vals, dtype=mat, device=d), mat)


def scene_bsr_counted(d):
    """A rectangular matrix of 2x3 blocks from a device-side triplet count (op 14 with
    tpl_nnz), out-of-range triplets, and its compact transpose (op 15)."""
    import warp.sparse as sp
    rng = np.random.default_rng(22)
    n, m = 48, 40
    r, c, v, mat = bsr_triplets(rng, d, n, m, 700, (2, 3))
    count = wp.array([650], dtype=int, device=d)  # only the first 650 triplets
    a = sp.bsr_zeros(n, m, block_type=mat, device=d)
    at = sp.bsr_zeros(m, n, block_type=wp.types.matrix(shape=(3, 2), dtype=float), device=d)
    x = wp.array(whole(rng, -3, 4, (m, 3), np.float32), dtype=wp.vec3, device=d)
    xt = wp.array(whole(rng, -3, 4, (n, 2), np.float32), dtype=wp.vec2, device=d)
    y, yt = wp.zeros(n, dtype=wp.vec2, device=d), wp.zeros(m, dtype=wp.vec3, device=d)

    def body():
        sp.bsr_set_from_triplets(a, r, c, v, count=count)
        sp.bsr_mv(a, x, y)
        sp.bsr_set_transpose(at, a)
        sp.bsr_mv(at, xt, yt)
    body, outs = presized(d, body, lambda: {
        "y": y, "yt": yt, "offsets": a.offsets, "columns": a.columns, "values": a.values,
        "t_offsets": at.offsets, "t_columns": at.columns, "t_values": at.values})
    return body, {"rows": r, "cols": c, "vals": v, "count": count, "x": x, "xt": xt}, outs


def scene_bsr_padded(d):
    """Padded matrices (row capacities): from triplets into one, its transpose into a padded
    destination (op 15 with source row counts), and a transpose into rows too small for
    some columns (those rows stay empty and the status says so)."""
    import warp.sparse as sp
    rng = np.random.default_rng(23)
    n, m = 40, 36
    r, c, v, mat = bsr_triplets(rng, d, n, m, 600, (2, 2))
    p = sp.bsr_zeros(n, m, block_type=mat, row_capacity=30, device=d)
    pt = sp.bsr_zeros(m, n, block_type=mat, row_capacity=30, device=d)
    tight = sp.bsr_zeros(m, n, block_type=mat, row_capacity=12, device=d)
    x = wp.array(whole(rng, -3, 4, (m, 2), np.float32), dtype=wp.vec2, device=d)
    xt = wp.array(whole(rng, -3, 4, (n, 2), np.float32), dtype=wp.vec2, device=d)
    y, yt = wp.zeros(n, dtype=wp.vec2, device=d), wp.zeros(m, dtype=wp.vec2, device=d)

    def body():
        sp.bsr_set_from_triplets(p, r, c, v, topology="padded")
        sp.bsr_mv(p, x, y)
        sp.bsr_set_transpose(pt, p, topology="padded")
        sp.bsr_mv(pt, xt, yt)
        sp.bsr_set_transpose(tight, p, topology="padded")
    body, outs = presized(d, body, lambda: {
        "y": y, "yt": yt, "p_offsets": p.offsets, "p_counts": p.row_counts, "p_columns": p.columns,
        "p_values": p.values, "pt_offsets": pt.offsets, "pt_counts": pt.row_counts, "pt_columns": pt.columns,
        "pt_values": pt.values, "tight_counts": tight.row_counts, "tight_values": tight.values,
        "tight_status": tight._status}, keep=("p_offsets", "pt_offsets"))  # status: made by the first run
    return body, {"rows": r, "cols": c, "vals": v, "x": x, "xt": xt}, outs


def scene_bsr_transpose(d):
    """Transposes of a matrix built before the capture, compact and padded, each followed by
    bsr_mv (op 15 alone): Warp 1.17 refuses bsr_set_from_triplets in a CUDA capture (it reads
    the block count back to the host), so its captures can hold BSR transposes only."""
    import warp.sparse as sp
    rng = np.random.default_rng(24)
    n, m = 44, 36
    r, c, v, mat = bsr_triplets(rng, d, n, m, 600, (2, 3))
    a = sp.bsr_zeros(n, m, block_type=mat, device=d)
    sp.bsr_set_from_triplets(a, r, c, v)
    tmat = wp.types.matrix(shape=(3, 2), dtype=float)
    at = sp.bsr_zeros(m, n, block_type=tmat, device=d)
    pt = sp.bsr_zeros(m, n, block_type=tmat, row_capacity=30, device=d)
    x = wp.array(whole(rng, -3, 4, (n, 2), np.float32), dtype=wp.vec2, device=d)
    yt, yp = wp.zeros(m, dtype=wp.vec3, device=d), wp.zeros(m, dtype=wp.vec3, device=d)

    def body():
        sp.bsr_set_transpose(at, a)
        sp.bsr_mv(at, x, yt)
        sp.bsr_set_transpose(pt, a, topology="padded")
        sp.bsr_mv(pt, x, yp)
    body, outs = presized(d, body, lambda: {
        "yt": yt, "yp": yp, "t_offsets": at.offsets, "t_columns": at.columns, "t_values": at.values,
        "pt_offsets": pt.offsets, "pt_counts": pt.row_counts, "pt_columns": pt.columns,
        "pt_values": pt.values}, keep=("pt_offsets",))
    return body, {"offsets": a.offsets, "columns": a.columns, "values": a.values, "x": x}, outs


# Warp 1.19 records a mesh (and patches its id at load) only for a parameter typed
# wp.handle; the raw-id scene passes the same id as a plain uint64, which Warp saves as a
# number: a dangling device address in the replay (wrp-inspect's raw_device_address).
# Each of these kernels is its own module (module="unique"), so a capture holds only what
# its scene launches.
@wp.func
def query_mesh(mesh: wp.uint64, p: wp.vec3, i: int, closest: wp.array(dtype=wp.vec3), sign: wp.array(dtype=float),
               face: wp.array(dtype=int), winding: wp.array(dtype=float), ray_t: wp.array(dtype=float),
               ray_face: wp.array(dtype=int), box_count: wp.array(dtype=int)):
    q = wp.mesh_query_point(mesh, p, 1.0e6)
    if q.result:
        closest[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        sign[i] = q.sign
        face[i] = q.face
    u = wp.mesh_query_point_no_sign(mesh, p, 1.0e6)
    if u.result:
        closest[i] = closest[i] + wp.mesh_eval_position(mesh, u.face, u.u, u.v) * 0.0
    w = wp.mesh_query_point_sign_winding_number(mesh, p, 1.0e6, 2.0, 0.5)
    if w.result:
        winding[i] = w.sign
    r = wp.mesh_query_ray(mesh, p, wp.normalize(wp.vec3(0.3, 1.0, -0.2)), 1.0e6)
    if r.result:
        ray_t[i] = r.t
        ray_face[i] = r.face
    box = wp.mesh_query_aabb(mesh, p - wp.vec3(0.2), p + wp.vec3(0.2))
    n = int(0)
    f = int(0)
    while wp.mesh_query_aabb_next(box, f):
        n += 1
    box_count[i] = n


@wp.kernel(module="unique")
def mesh_queries_handle(mesh: wp.handle, points: wp.array(dtype=wp.vec3), closest: wp.array(dtype=wp.vec3),
                        sign: wp.array(dtype=float), face: wp.array(dtype=int), winding: wp.array(dtype=float),
                        ray_t: wp.array(dtype=float), ray_face: wp.array(dtype=int), box_count: wp.array(dtype=int)):
    i = wp.tid()
    query_mesh(wp.uint64(mesh), points[i], i, closest, sign, face, winding, ray_t, ray_face, box_count)


@wp.kernel(module="unique")
def mesh_queries_raw(mesh: wp.uint64, points: wp.array(dtype=wp.vec3), closest: wp.array(dtype=wp.vec3),
                     sign: wp.array(dtype=float), face: wp.array(dtype=int), winding: wp.array(dtype=float),
                     ray_t: wp.array(dtype=float), ray_face: wp.array(dtype=int), box_count: wp.array(dtype=int)):
    i = wp.tid()
    query_mesh(mesh, points[i], i, closest, sign, face, winding, ray_t, ray_face, box_count)


def sphere_mesh(rings, segments):
    """A closed UV sphere of radius 1: 2 * rings * segments triangles (watertight for winding numbers)."""
    verts = [(0.0, 0.0, 1.0)]
    for i in range(1, rings):
        t = np.pi * i / rings
        for j in range(segments):
            p = 2.0 * np.pi * j / segments
            verts.append((np.sin(t) * np.cos(p), np.sin(t) * np.sin(p), np.cos(t)))
    verts.append((0.0, 0.0, -1.0))
    tris, last = [], len(verts) - 1
    ring = lambda i, j: 1 + (i - 1) * segments + j % segments  # noqa: E731
    for j in range(segments):
        tris.append((0, ring(1, j), ring(1, j + 1)))
        tris.append((last, ring(rings - 1, j + 1), ring(rings - 1, j)))
    for i in range(1, rings - 1):
        for j in range(segments):
            a, b, c, e = ring(i, j), ring(i, j + 1), ring(i + 1, j), ring(i + 1, j + 1)
            tris += [(a, c, b), (b, c, e)]
    return np.array(verts, dtype=np.float32), np.array(tris, dtype=np.int32).reshape(-1)


def mesh_scene(d, rings, segments, queries, kernel=None, **mesh_args):
    pts, idx = sphere_mesh(rings, segments)
    mesh = wp.Mesh(points=wp.array(pts, dtype=wp.vec3, device=d), indices=wp.array(idx, dtype=int, device=d),
                   support_winding_number=True, **mesh_args)
    rng = np.random.default_rng(31)
    q = wp.array(rng.uniform(-1.5, 1.5, (queries, 3)).astype(np.float32), dtype=wp.vec3, device=d)
    outs = {"closest": wp.zeros(queries, dtype=wp.vec3, device=d), "sign": wp.zeros(queries, dtype=float, device=d),
            "face": wp.zeros(queries, dtype=int, device=d), "winding": wp.zeros(queries, dtype=float, device=d),
            "ray_t": wp.zeros(queries, dtype=float, device=d), "ray_face": wp.zeros(queries, dtype=int, device=d),
            "box_count": wp.zeros(queries, dtype=int, device=d)}

    def body():
        wp.launch(kernel or mesh_queries_handle, dim=queries, inputs=[mesh.id, q, *outs.values()], device=d)
    body.keep = mesh  # the mesh must outlive the capture and its save
    return body, {"queries": q}, outs


def scene_mesh_small(d):
    return mesh_scene(d, 12, 16, 2000)


def scene_mesh_raw_id(d):
    return mesh_scene(d, 12, 16, 2000, kernel=mesh_queries_raw)


def scene_mesh_100k(d):
    return mesh_scene(d, 225, 224, 20000)  # 2 * 224 * 224 = 100,352 triangles


ISSUE33_SCENES = {"clusters": scene_clusters, "bsr": scene_bsr, "bsr_counted": scene_bsr_counted,
                  "bsr_transpose": scene_bsr_transpose, "bsr_padded": scene_bsr_padded,
                  "mesh_small": scene_mesh_small, "mesh_raw_id": scene_mesh_raw_id,
                  "mesh_100k": scene_mesh_100k}


# --- device-wide algorithms (Warp 1.19: scan, sums, sorts, run-length encode).
# Float inputs are whole numbers, so every summation order gives the same bits:
# wrp-run's kernels add in another order than CUB's. Sorted keys/values live in
# 2n-element arrays whose second half is sort scratch (its contents unspecified),
# so the first halves are copied out as the outputs.

def sized(n):
    """n, or at most 5000 with WARP_REPLAY_SMALL=1 (the small CPU captures kept in tests/data)."""
    return min(n, 5000) if os.environ.get("WARP_REPLAY_SMALL") == "1" else n


def whole(rng, lo, hi, n, dtype):
    return rng.integers(lo, hi, n).astype(dtype)


def scene_scans(d):
    rng = np.random.default_rng(11)
    i32 = wp.array(whole(rng, -1000, 1000, 5000, np.int32), dtype=wp.int32, device=d)
    i64 = wp.array(whole(rng, -2**40, 2**40, 1, np.int64), dtype=wp.int64, device=d)
    big = wp.array(whole(rng, 0, 3000, sized(1 << 20), np.int32), dtype=wp.int32, device=d)  # wraps past 2^31
    f32v = wp.array(whole(rng, -8, 9, (3001, 3), np.float32), dtype=wp.vec3, device=d)
    f64 = wp.array(whole(rng, -50, 51, 10000, np.float64), dtype=wp.float64, device=d)
    wide = wp.array(whole(rng, -8, 9, 8000, np.float32), dtype=float, device=d)
    outs = {"i32_incl": wp.zeros(5000, dtype=wp.int32, device=d), "i32_excl": wp.zeros(5000, dtype=wp.int32, device=d),
            "i64_excl": wp.zeros(1, dtype=wp.int64, device=d), "big_incl": wp.zeros(big.shape[0], dtype=wp.int32, device=d),
            "f32v_incl": wp.zeros(3001, dtype=wp.vec3, device=d), "f64_excl": wp.zeros(10000, dtype=wp.float64, device=d),
            "strided_incl": wp.zeros(4000, dtype=float, device=d)}

    def body():
        wp.launch(scale_by, dim=wide.shape[0], inputs=[wide, 2.0], device=d)  # kernels and algorithms in one graph
        wp.utils.array_scan(i32, outs["i32_incl"], inclusive=True)
        wp.utils.array_scan(i32, outs["i32_excl"], inclusive=False)
        wp.utils.array_scan(i64, outs["i64_excl"], inclusive=False)
        wp.utils.array_scan(big, outs["big_incl"], inclusive=True)
        wp.utils.array_scan(f32v, outs["f32v_incl"], inclusive=True)
        wp.utils.array_scan(f64, outs["f64_excl"], inclusive=False)
        wp.utils.array_scan(wide[::2], outs["strided_incl"], inclusive=True)  # an 8-byte input stride
    return body, {"i32": i32, "f32v": f32v, "f64": f64}, outs


def scene_sums(d):
    rng = np.random.default_rng(12)
    v = wp.array(whole(rng, -8, 9, (sized(100000), 3), np.float32), dtype=wp.vec3, device=d)
    w = wp.array(whole(rng, -4, 5, (sized(100000), 3), np.float32), dtype=wp.vec3, device=d)
    x = wp.array(whole(rng, -100, 101, 7, np.float64), dtype=wp.float64, device=d)
    m = wp.array(whole(rng, -8, 9, (64, 100), np.float32), dtype=float, device=d)
    outs = {"vsum": wp.zeros(1, dtype=wp.vec3, device=d), "xsum": wp.zeros(1, dtype=wp.float64, device=d),
            "inner": wp.zeros(1, dtype=float, device=d), "cols": wp.zeros((1, 100), dtype=float, device=d)}

    def body():
        wp.utils.array_sum(v, out=outs["vsum"])
        wp.utils.array_sum(x, out=outs["xsum"])
        wp.utils.array_inner(v, w, out=outs["inner"])
        wp.utils.array_sum(m, out=outs["cols"], axis=0)  # one strided sum per column
    return body, {"v": v, "w": w, "x": x}, outs


def sorted_pairs(d, keys, values, n, outs, name, **bits):
    k = wp.array(np.concatenate([keys, keys]), device=d)  # the second half: scratch, filled to show it is overwritten
    v = wp.array(np.concatenate([values, values]), device=d)
    outs[name + "_keys"] = wp.zeros(n, dtype=k.dtype, device=d)
    outs[name + "_values"] = wp.zeros(n, dtype=v.dtype, device=d)

    def sort():
        wp.utils.radix_sort_pairs(k, v, n, **bits)
        wp.copy(outs[name + "_keys"], k, count=n)
        wp.copy(outs[name + "_values"], v, count=n)
    return k, v, sort


def scene_radix_sorts(d):
    rng = np.random.default_rng(13)
    outs, steps, ins = {}, [], {}
    n = sized(100000)
    k, v, s = sorted_pairs(d, whole(rng, -500, 500, n, np.int32), np.arange(n, dtype=np.int32), n, outs, "i32")
    ins["i32_keys_in"], steps = k, steps + [s]
    f = rng.normal(0.0, 100.0, 4097).astype(np.float32)
    f[:6] = [-0.0, 0.0, np.inf, -np.inf, -0.0, 0.0]
    k, v, s = sorted_pairs(d, f, np.arange(4097, dtype=np.int32), 4097, outs, "f32")
    ins["f32_keys_in"], steps = k, steps + [s]
    k, v, s = sorted_pairs(d, whole(rng, -2**62, 2**62, 3000, np.int64), np.arange(3000, dtype=np.int64) * 3, 3000,
                           outs, "i64_v64")
    steps.append(s)
    u = whole(rng, 0, 2**32, sized(70000), np.uint32)
    k, v, s = sorted_pairs(d, u, np.arange(len(u), dtype=np.int32), len(u), outs, "u32_bits4_28", begin_bit=4, end_bit=28)
    steps.append(s)  # 24 bits: three 8-bit passes, an odd count
    k, v, s = sorted_pairs(d, rng.normal(size=9000), np.arange(9000, dtype=np.uint64), 9000, outs, "f64_v64")
    steps.append(s)
    k, v, s = sorted_pairs(d, np.array([7], dtype=np.int32), np.array([1], dtype=np.int32), 1, outs, "one")
    steps.append(s)

    def body():
        for s in steps:
            s()
    return body, ins, outs


def scene_segmented_sorts(d):
    rng = np.random.default_rng(14)
    n = 10000
    # segments: an empty one, a single element, a long one, many short ones; together they cover [0, n)
    bounds = [0, 0, 1, 6000] + list(range(6013, n, 13)) + [n]
    starts = wp.array(np.array(bounds[:-1], dtype=np.int32), device=d)  # ends inferred: starts[i + 1]
    keys = wp.array(np.concatenate([whole(rng, -50, 50, n, np.int32)] * 2), device=d)
    values = wp.array(np.tile(np.arange(n, dtype=np.int32), 2), device=d)
    fstarts = wp.array(np.array([0, 3000, 3000, 7000], dtype=np.int32), device=d)
    fends = wp.array(np.array([3000, 3000, 7000, n], dtype=np.int32), device=d)
    fk = wp.array(np.concatenate([rng.normal(size=n).astype(np.float32).round(1)] * 2), device=d)
    fv = wp.array(np.tile(np.arange(n, dtype=np.int32), 2), device=d)
    outs = {name: wp.zeros(n, dtype=a.dtype, device=d) for name, a in
            (("i32_keys", keys), ("i32_values", values), ("f32_keys", fk), ("f32_values", fv))}

    def body():
        wp.utils.segmented_sort_pairs(keys, values, n, starts)
        wp.utils.segmented_sort_pairs(fk, fv, n, fstarts, fends)
        for name, a in (("i32_keys", keys), ("i32_values", values), ("f32_keys", fk), ("f32_values", fv)):
            wp.copy(outs[name], a, count=n)
    return body, {"keys": keys, "fkeys": fk}, outs


def scene_runlength(d):
    rng = np.random.default_rng(15)
    cases = {"mixed": np.repeat(whole(rng, -5, 5, 4000, np.int32), rng.integers(1, 9, 4000))[:20000],
             "same": np.full(1000, 3, dtype=np.int32), "distinct": np.arange(777, dtype=np.int32) * 5,
             "one": np.array([42], dtype=np.int32)}
    ins, outs, calls = {}, {}, []
    for name, vals in cases.items():
        a = wp.array(vals, dtype=wp.int32, device=d)
        rv = wp.zeros(len(vals), dtype=wp.int32, device=d)
        rl = wp.zeros(len(vals), dtype=wp.int32, device=d)
        rc = wp.zeros(1, dtype=wp.int32, device=d)
        ins[name] = a
        outs.update({name + "_values": rv, name + "_lengths": rl, name + "_count": rc})
        calls.append((a, rv, rl, rc))

    def body():
        for a, rv, rl, rc in calls:
            wp.utils.runlength_encode(a, rv, rl, run_count=rc)
    return body, {"mixed": ins["mixed"]}, outs


ALGORITHM_SCENES = {"scans": scene_scans, "sums": scene_sums, "radix_sorts": scene_radix_sorts,
                    "segmented_sorts": scene_segmented_sorts, "runlength": scene_runlength}

SCENES = {"particles": scene_particles, "histogram": scene_histogram, "transforms": scene_transforms,
          "tiles": scene_tiles, "unique_adjoint": scene_unique_and_adjoint, "while_loop": scene_while,
          "if_else": scene_if_else, "fills": scene_fills, "nested": scene_nested, **ALGORITHM_SCENES,
          **ISSUE33_SCENES}


def capture(root, output="ptx75", source_fallback=False):
    if output == "ptx75":
        wp.config.cuda_output = "ptx"
        wp.config.ptx_target_arch = 75
    elif output != "default":
        raise SystemExit(f"--output {output}: expected ptx75 or default")
    save_kwargs = {"source_fallback": True} if source_fallback else {}
    wp.init()
    d = wp.get_device(os.environ.get("WARP_REPLAY_DEVICE", "cuda:0"))
    only = os.environ.get("WARP_REPLAY_SCENES")  # e.g. "if_else,fills": capture just these
    for name, make in SCENES.items():
        if only and name not in only.split(","):
            continue
        try:
            capture_scene(root, name, make, d, output, source_fallback, save_kwargs)
        except Exception as e:  # one scene Warp cannot capture must not cost the others
            print(f"scene {name} not captured: {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


def capture_scene(root, name, make, d, output, source_fallback, save_kwargs):
    body, inputs, outputs = make(d)
    wp.synchronize_device(d)
    wp.capture_begin(device=d, apic=True)
    try:
        body()
    finally:
        graph = wp.capture_end(device=d)
    folder = os.path.join(root, name)
    os.makedirs(folder, exist_ok=True)
    # an array in both inputs and outputs is bound under both names (one region)
    wp.capture_save(graph, os.path.join(folder, name + ".wrp"), inputs=inputs, outputs=outputs, **save_kwargs)
    recipe = {"warp_version": wp.config.version, "device": d.name, "arch": d.arch,
              "output": output, "source_fallback": source_fallback,
              # new inputs for such scenes must be whole numbers too (tests/gpu/wrp_run_vs_warp.py)
              "whole_inputs": name in ALGORITHM_SCENES,
              "inputs": list(inputs),
              "input_dtypes": {k: {"dtype": v.numpy().dtype.str, "shape": list(v.numpy().shape)}
                               for k, v in inputs.items()},
              "outputs": {k: {"dtype": v.numpy().dtype.str, "shape": list(v.numpy().shape)}
                          for k, v in outputs.items()},
              "files": sorted(os.listdir(os.path.join(folder, name + "_modules")))}
    json.dump(recipe, open(os.path.join(folder, "recipe.json"), "w"), indent=1)
    # The .wrp holds memory as it was at save time, before any replay, so one
    # launch here gives what one replay of the loaded graph must give.
    before = {k: v.numpy().copy() for k, v in outputs.items()}
    try:
        wp.capture_launch(graph)
        wp.synchronize_device(d)
        after = {k: v.numpy() for k, v in outputs.items()}
        # a replay that ran nothing must not pass: the graph has to change an output
        if all(np.array_equal(before[k], after[k]) for k in after):
            raise SystemExit(f"{name}: one launch changed no output; the scene tests nothing")
        np.savez(os.path.join(folder, "expected.npz"), **after)
        note = "expected.npz from the capture's own launch"
    except Exception as e:
        note = f"capture's own launch failed ({e}); use `expect` for expected outputs"
    print(f"captured {name}: {recipe['files']}; {note}")


def outputs_spec(wrp_path):
    """{param name: (dtype, shape)} from the capture's recipe.json (ours or the fixtures')."""
    folder = os.path.dirname(os.path.abspath(wrp_path))
    for probe in (folder, os.environ.get("WRPKIT_RECIPE_DIR", "")):
        p = os.path.join(probe, "recipe.json")
        if probe and os.path.exists(p):
            r = json.load(open(p))
            if isinstance(r["outputs"], dict):
                return {k: (np.dtype(v["dtype"]), tuple(v["shape"])) for k, v in r["outputs"].items()}
            return {k: None for k in r["outputs"]}
    raise SystemExit(f"{wrp_path}: no recipe.json beside it (set WRPKIT_RECIPE_DIR)")


def load_and_replay(wrp_path):
    wp.init()
    d = wp.get_device(os.environ.get("WARP_REPLAY_DEVICE", "cuda:0"))
    try:
        g = wp.capture_load(wrp_path, device=d)
        wp.capture_launch(g)
        wp.synchronize_device(d)
    except Exception as e:  # the stock loader's own message is the evidence
        print(f"LOAD FAILED {wrp_path}: {str(e).splitlines()[0] if str(e) else type(e).__name__}")
        sys.exit(2)
    got = {}
    for name in outputs_spec(wrp_path):
        size = g._params[name]["size"]
        buf = wp.empty(size, dtype=wp.uint8, device=d)
        try:
            g.get_param(name, buf)
        except RuntimeError:  # an array the capture did not track (the `bsr` scene's reallocated ones)
            continue
        got[name] = buf.numpy().tobytes()
    return got


def guest_files(wrp_path):
    folder = wrp_path[:-4] + "_modules"
    return sorted(f for f in os.listdir(folder) if f.startswith("apic_guest_"))


def time_load(wrp_path):
    import time
    wp.init()
    d = wp.get_device(os.environ.get("WARP_REPLAY_DEVICE", "cuda:0"))
    wp.synchronize_device(d)
    t0 = time.perf_counter()
    try:
        g = wp.capture_load(wrp_path, device=d)
        wp.capture_launch(g)
        wp.synchronize_device(d)
    except Exception as e:
        print(json.dumps({"wrp": wrp_path, "error": str(e).splitlines()[0] if str(e) else type(e).__name__}))
        sys.exit(2)
    dt = time.perf_counter() - t0
    print(json.dumps({"wrp": wrp_path, "load_and_first_replay_s": round(dt, 4), "guest_files": guest_files(wrp_path)}))


def main():
    cmd = sys.argv[1]
    if cmd == "capture":
        args = sys.argv[3:]
        output = args[args.index("--output") + 1] if "--output" in args else "ptx75"
        capture(sys.argv[2], output, "--source-fallback" in args)
    elif cmd == "expect":
        got = load_and_replay(sys.argv[2])
        spec = outputs_spec(sys.argv[2])
        np.savez(sys.argv[3], **{k: np.frombuffer(b, dtype=spec[k][0]).reshape(spec[k][1]) for k, b in got.items()})
    elif cmd == "time":
        time_load(sys.argv[2])
    elif cmd == "replay":
        got = load_and_replay(sys.argv[2])
        want = np.load(sys.argv[3])
        bad = 0
        for k in want.files:
            w = want[k]
            if k not in got:
                print(f"  {k}: not compared (the loaded graph has no memory for it: untracked at capture)")
                continue
            g = np.frombuffer(got[k][:w.nbytes], dtype=w.dtype).reshape(w.shape)
            if g.tobytes() == w.tobytes():
                note = "identical"
            elif np.allclose(g, w, rtol=1e-5, atol=1e-6):
                note = f"close (max |diff| {np.max(np.abs(g.astype(np.float64) - w)):.3g}: float atomics order)"
            else:
                note = f"DIFFERENT (max |diff| {np.max(np.abs(g.astype(np.float64) - w)):.3g})"
                bad += 1
            print(f"  {k}: {w.dtype}{list(w.shape)} {note}")
        guests = guest_files(sys.argv[2])
        if guests:  # Warp 1.19 compiled retained source on this GPU: a JIT at load
            print(f"  compiled on this GPU at load: {', '.join(guests)}")
        print(f"{'PASS' if not bad else 'FAIL'} {sys.argv[2]}")
        sys.exit(1 if bad else 0)
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main()
