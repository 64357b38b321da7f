"""Golden BVHs from stock Warp's own host builder (the SAH or median builder that Warp's
wp.Mesh runs at load for a CUDA mesh before it copies the tree to the GPU), for
tests/unit/replay/mesh_bvh_test.cpp. Run once per release, with that warp-lang installed
(no GPU needed: the meshes are built on the CPU by the same builder):

    PYTHONPATH=<site-packages with warp-lang X> python3 tests/data/warp-meshes/make_golden.py

It writes golden-X.toml here. The meshes: the two real H100 mesh captures' points and
triangles (read from their memory sections), a random triangle soup (soup_points.npy,
soup_indices.npy, kept here) whose first 200 triangles are one triangle repeated, for the
builder's zero-extent fallback, and "stairs": 36 triangles at 32^(i // 3) on axis i % 3,
whose SAH tree is a chain deep enough to reach the depth where the builder makes the rest
one leaf (31 in 1.19.0, 32 before). Warp builds each on the CPU (support_winding_number=False, so the
nodes hold the builder's own bounds); the tree is read back from Warp's host structures
(offsets of wp::Mesh and wp::BVH on x86-64, taken with offsetof from the releases' headers:
the same in 1.15.0 to 1.19.0) and written as a SHA-256 of each array plus the counts
(TOML: the C++ tests read it with toml++)."""
import ctypes
import hashlib
import json
import os
import struct

import numpy as np
import warp as wp

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.dirname(HERE)
# wp::Mesh (328 bytes): the BVH at 200. wp::BVH: node_lowers 0, node_uppers 8, node_parents 16,
# primitive_indices 32, max_depth 40, max_nodes 44, num_nodes 48, num_leaf_nodes 52, root 56.
MESH_BVH = 200


def regions_and_meshes(wrp):
    d = open(wrp, "rb").read()
    _, _, _, nsec, table = struct.unpack_from("<4sIIIQ", d, 0)
    secs = {}
    for i in range(nsec):
        t, _, o, s, _ = struct.unpack_from("<IIQQQ", d, table + 32 * i)
        secs[t] = d[o:o + s]
    mem = secs[2]
    (nreg,) = struct.unpack_from("<I", mem, 0)
    off, data = 4, {}
    for _ in range(nreg):
        rid, _, size, init = struct.unpack_from("<IIQB", mem, off)
        off += 24
        if init:
            data[rid] = mem[off:off + size]
            off += size
    return data


def soup():
    points, indices = os.path.join(HERE, "soup_points.npy"), os.path.join(HERE, "soup_indices.npy")
    if not os.path.exists(points):
        rng = np.random.default_rng(5)
        n = 3000
        centers = rng.uniform(-4, 4, (n, 1, 3))
        pts = (centers + rng.normal(0, 0.3, (n, 3, 3))).astype(np.float32)
        pts[:200] = pts[0]  # one triangle 200 times: equal centroids
        np.save(points, pts.reshape(-1, 3))
        np.save(indices, np.arange(3 * n, dtype=np.int32))
    return np.load(points), np.load(indices)


def stairs():
    """36 small triangles, the i-th at 32^(i // 3) on axis i % 3 (exact in float32): each SAH
    split peels off one triangle, so the tree is a chain cut at the leaf depth. The test
    builds the same ones."""
    pts = []
    for i in range(36):
        a = i % 3
        p = [0.0, 0.0, 0.0]
        p[a] = float(2 ** (5 * (i // 3)))
        q, r = list(p), list(p)
        q[(a + 1) % 3] = 0.25
        r[(a + 2) % 3] = 0.25
        pts += [p, q, r]
    return np.array(pts, dtype=np.float32), np.arange(3 * 36, dtype=np.int32)


def tree(points, indices, leaf_size, constructor="sah"):
    m = wp.Mesh(points=wp.array(points, dtype=wp.vec3, device="cpu"),
                indices=wp.array(indices, dtype=int, device="cpu"),
                support_winding_number=False, bvh_constructor=constructor, bvh_leaf_size=leaf_size)
    b = m.id + MESH_BVH
    ptr = lambda at: ctypes.c_uint64.from_address(b + at).value  # noqa: E731
    i32 = lambda at: ctypes.c_int32.from_address(b + at).value  # noqa: E731
    num_nodes, num_leaf, max_depth, max_nodes = i32(48), i32(52), i32(40), i32(44)
    root = ctypes.c_int32.from_address(ptr(56)).value
    n_tris = len(indices) // 3
    arr = lambda at, n, size: ctypes.string_at(ptr(at), n * size)  # noqa: E731
    out = {"constructor": constructor, "triangles": n_tris, "leaf_size": leaf_size, "num_nodes": num_nodes, "num_leaf_nodes": num_leaf,
           "max_depth": max_depth, "max_nodes": max_nodes, "root": root,
           "node_lowers": hashlib.sha256(arr(0, num_nodes, 16)).hexdigest(),
           "node_uppers": hashlib.sha256(arr(8, num_nodes, 16)).hexdigest(),
           "node_parents": hashlib.sha256(arr(16, num_nodes, 4)).hexdigest(),
           "primitive_indices": hashlib.sha256(arr(32, n_tris, 4)).hexdigest()}
    del m
    return out


def main():
    wp.init()
    golden = {"warp_version": wp.config.version}
    for name in ("mesh_small", "mesh_100k"):
        wrp = os.path.join(DATA, "warp-1.19.0-h100", "default-sf", name, name + ".wrp")
        data = regions_and_meshes(wrp)
        # the mesh record's regions (wrp-inspect --json mesh_records): points 9, indices 10 in both
        pts = np.frombuffer(data[9], dtype=np.float32).reshape(-1, 3)
        idx = np.frombuffer(data[10], dtype=np.int32)
        golden[name] = tree(pts, idx, 1)
        golden[name + "_median"] = tree(pts, idx, 1, "median")
    pts, idx = soup()
    golden["soup_leaf1"] = tree(pts, idx, 1)
    golden["soup_leaf4"] = tree(pts, idx, 4)
    golden["soup_median_leaf1"] = tree(pts, idx, 1, "median")
    golden["soup_median_leaf4"] = tree(pts, idx, 4, "median")
    pts, idx = stairs()
    golden["stairs"] = tree(pts, idx, 1)
    golden["stairs_median"] = tree(pts, idx, 1, "median")
    release = golden.pop("warp_version")
    out = os.path.join(HERE, f"golden-{release}.toml")
    with open(out, "w") as f:
        f.write(f"# written by make_golden.py with warp-lang {release}\n")
        for name, t in golden.items():
            f.write(f"\n[{name}]\n")
            for k, v in t.items():
                f.write(f"{k} = {json.dumps(v)}\n")
    print(open(out).read())


if __name__ == "__main__":
    main()
