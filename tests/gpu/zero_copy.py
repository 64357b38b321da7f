"""Zero-copy bindings of the C API on the GPU (wrp_param_device_ptr, wrp_bind_param), with
ctypes and the CUDA driver only (no Warp): for each artifact, one replay through its own
regions is the reference; a second load gets every tracked binding bound to memory the
caller allocated (cuMemAlloc) and filled with the region's initial contents, is replayed,
and the outputs read straight from the caller's memory must be the reference's bits,
while the second load's own regions stay as they were loaded (nothing wrote them).

    python3 tests/gpu/zero_copy.py LIBWRPKIT_RUNTIME.so ARTIFACT_DIR...

Exit status: the number of artifacts that failed."""
import ctypes
import os
import sys

import numpy as np

from wrp_ctypes import Runtime, artifact_in, check, cuda, read, recipe_bindings, u64

# Scenes whose `loss` is a float sum by atomics (its order, so its last bits, vary run to run).
FLOAT_ATOMIC_LOSS = ("unique_adjoint", "tape_backward")


def one(rt, wrp_dir):
    wrp = artifact_in(wrp_dir)
    names, outs = recipe_bindings(wrp_dir)
    ref = rt.load(wrp)
    rt.call("wrp_launch", ref, None)
    rt.call("wrp_synchronize", ref)
    want = {}
    for n in outs:
        try:
            want[n] = read(*rt.device_ptr(ref, n))
        except RuntimeError:  # an untracked binding (region -1): no replay reads it
            pass
    rt.lib.wrp_unload(ref)
    g = rt.load(wrp)
    own, mine, by_address = {}, {}, {}
    for n in names:
        try:
            ptr, size = rt.device_ptr(g, n)
        except RuntimeError:
            continue
        if ptr in by_address:  # one array under two names: one region, bound once
            mine[n] = mine[by_address[ptr]]
            continue
        by_address[ptr] = n
        own[n] = (ptr, read(ptr, size))
        p = u64()
        check(cuda.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(max(size, 1))), "cuMemAlloc")
        check(cuda.cuMemcpyDtoD_v2(p, u64(ptr), ctypes.c_size_t(size)), "cuMemcpyDtoD")  # the initial contents
        try:
            rt.call("wrp_bind_param", g, n.encode(), p, u64(size))
        except RuntimeError as e:  # a mesh's points: refused by design
            print(f"  {n}: not bound ({e})")
            cuda.cuMemFree_v2(p)
            continue
        mine[n] = (p.value, size)
        assert rt.device_ptr(g, n) == (p.value, size)
    rt.call("wrp_launch", g, None)
    rt.call("wrp_synchronize", g)
    bad, close = [], []
    for n, w in want.items():
        got = read(*mine[n]) if n in mine else read(*rt.device_ptr(g, n))
        if got == w:
            continue
        # a float sum by atomics adds in any order, run to run (as tests/gpu/wrp-run-check allows)
        x, y = np.frombuffer(got[:len(got) // 4 * 4], np.float32), np.frombuffer(w[:len(w) // 4 * 4], np.float32)
        atomic = n == "loss" and any(scene in wrp_dir for scene in FLOAT_ATOMIC_LOSS)
        if atomic and np.allclose(x, y, 1e-5, 1e-6):
            close.append(f"{n} close (float atomics)")
        else:
            bad.append(f"{n} differs")
    for n, (ptr, before) in own.items():
        if n in mine and read(ptr, len(before)) != before:
            bad.append(f"{n}'s own region was written")
    rt.lib.wrp_unload(g)
    for ptr, _ in set(mine.values()):
        cuda.cuMemFree_v2(u64(ptr))
    label = os.path.basename(wrp_dir.rstrip("/"))
    bound = sorted(n for n in mine)
    verdict = "; ".join(bad) if bad else "equal the unbound replay" + "".join("; " + c for c in close)
    print(f"{'FAIL' if bad else 'ok  '} {label}: bound {', '.join(bound) or 'none'}; "
          f"{len(want)} output(s) read from the caller's memory: {verdict}")
    return bool(bad)


def main():
    rt = Runtime(sys.argv[1])
    rt.current_context()
    failures = 0
    refused = 0
    for d in sys.argv[2:]:
        try:
            failures += one(rt, d)
        except Exception as e:
            if "cannot replay this artifact" in str(e):  # wrp-run refuses it (meshes of older Warp, ...)
                refused += 1
                print(f"refused {os.path.basename(d.rstrip('/'))}")
                continue
            failures += 1
            print(f"FAIL {os.path.basename(d.rstrip('/'))}: {e}")
    n = len(sys.argv) - 2 - refused
    print(f"zero-copy: {n - failures} of {n} artifacts replay alike through bound memory ({refused} refused)")
    sys.exit(failures)


if __name__ == "__main__":
    main()
