"""wrpkit.runtime on the GPU, with NumPy and the CUDA driver only (no Warp, no compiler).

Replay: for each artifact, a replay through its own regions (g.launch, g.get) is the
reference; a second load gets every tracked binding bound zero-copy (g.bind) to a CUDA
array the caller owns (cuMemAlloc'd, exposed through __cuda_array_interface__, filled with
the region's initial contents), is replayed on a stream object with `cuda_stream`, and each
output read from the caller's array must be the reference's bits; an instance of it
(g.instance) must give them too.

Soak (--soak N): N cycles of load, set, launch, get and close of one artifact; host RSS and the
device's free memory sampled after the first 100 cycles and at the end must stay flat.

    PYTHONPATH=python WRPKIT_RUNTIME=LIB python3 tests/gpu/python_runtime.py ARTIFACT_DIR...
    PYTHONPATH=python WRPKIT_RUNTIME=LIB python3 tests/gpu/python_runtime.py --soak 10000 ARTIFACT_DIR

Exit status: the number of artifacts (or soaks) that failed."""
import ctypes
import os
import resource
import sys
import time

import numpy as np
import wrpkit
import wrpkit.runtime as rt
from wrp_ctypes import artifact_in, check, cuda, primary_context_current, read, recipe_bindings

FLOAT_ATOMIC_LOSS = ("unique_adjoint", "tape_backward")  # float sums by atomics: order varies


class CudaBytes:
    """Device memory the caller owns, as a CUDA array of bytes (what a PyTorch or CuPy
    array offers through the same interface)."""

    def __init__(self, size):
        self.ptr, self.size = ctypes.c_uint64(), size
        check(cuda.cuMemAlloc_v2(ctypes.byref(self.ptr), ctypes.c_size_t(max(size, 1))), "cuMemAlloc")
        self.__cuda_array_interface__ = {"shape": (size,), "typestr": "|u1", "data": (self.ptr.value, False),
                                         "strides": None, "version": 3}

    def upload(self, data):
        check(cuda.cuMemcpyHtoD_v2(self.ptr, data.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(data.nbytes)),
              "cuMemcpyHtoD")

    def download(self):
        return np.frombuffer(read(self.ptr.value, self.size), np.uint8)

    def free(self):
        cuda.cuMemFree_v2(self.ptr)


class Stream:
    """A CUDA stream the caller made, offered as Warp's and PyTorch's streams offer theirs."""

    def __init__(self):
        handle = ctypes.c_void_p()
        check(cuda.cuStreamCreate(ctypes.byref(handle), 1), "cuStreamCreate")
        self.cuda_stream = handle.value or 0


def outputs(g, names):
    got = {}
    for n in names:
        try:
            got[n] = g.get(n)
        except wrpkit.WrpkitError:  # an untracked binding (region -1): no replay writes it
            pass
    return got


def same(n, wrp_dir, got, want):
    if np.array_equal(got, want):
        return True
    x, y = got[:len(got) // 4 * 4].view(np.float32), want[:len(want) // 4 * 4].view(np.float32)
    return n == "loss" and any(s in wrp_dir for s in FLOAT_ATOMIC_LOSS) and np.allclose(x, y, 1e-5, 1e-6)


def replay(wrp_dir):
    wrp = artifact_in(wrp_dir)
    names, outs = recipe_bindings(wrp_dir)
    try:
        ref = rt.load(wrp)
    except wrpkit.WrpkitError as e:
        if e.exit_code != 3:
            raise
        print(f"SKIP {os.path.basename(wrp_dir.rstrip('/'))}: refused by name ({e})")  # what wrp-run cannot replay
        return True
    with ref:
        initial = outputs(ref, names)
        ref.launch()
        ref.synchronize()
        want = outputs(ref, outs)
    g = rt.load(wrp)
    mine, by_address = {}, {}
    for n, data in initial.items():
        ptr = g.device_ptr(n)[0]
        if ptr in by_address:  # one array under two names: one region, bound once
            continue
        by_address[ptr] = n
        buf = CudaBytes(data.nbytes)
        buf.upload(data)
        try:
            g.bind(n, buf)
        except wrpkit.WrpkitError as e:  # a mesh's points: refused by design
            print(f"  {n}: not bound ({e})")
            buf.free()
            continue
        mine[n] = buf
    stream = Stream()
    g.launch(stream=stream)  # the caller's stream: the caller waits for it (g.synchronize waits on the graph's own)
    check(cuda.cuStreamSynchronize(ctypes.c_void_p(stream.cuda_stream)), "cuStreamSynchronize")
    bad = []
    for n, w in want.items():
        alias = by_address.get(g.device_ptr(n)[0], n)
        got = mine[alias].download() if alias in mine else g.get(n)
        if not same(n, wrp_dir, got, w):
            bad.append(f"{n} differs")
    inst = g.instance()
    inst.launch()
    inst.synchronize()
    bad += [f"{n} differs in an instance" for n, w in want.items() if not same(n, wrp_dir, inst.get(n), w)]
    inst.close()
    verification = g.verification
    g.close()
    for buf in mine.values():
        buf.free()
    print(f"{'PASS' if not bad else 'FAIL'} {os.path.basename(wrp_dir.rstrip('/'))}: {len(mine)} binding(s) bound "
          f"zero-copy, {len(want)} output(s) {'as the reference' if not bad else ', '.join(bad)}; "
          f"an instance alike; {verification}")
    return not bad


def rss_mib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def free_mib():
    free, total = ctypes.c_size_t(), ctypes.c_size_t()
    check(cuda.cuMemGetInfo_v2(ctypes.byref(free), ctypes.byref(total)), "cuMemGetInfo")
    return free.value / 2**20


def soak(cycles, wrp_dir):
    wrp = artifact_in(wrp_dir)
    names, outs = recipe_bindings(wrp_dir)
    start, samples = time.time(), {}
    for i in range(1, cycles + 1):
        with rt.load(wrp) as g:
            for n, data in outputs(g, names).items():
                g.set(n, data)
            g.launch()
            outputs(g, outs)
        if i in (100, cycles):
            samples[i] = (rss_mib(), free_mib())
    (rss0, free0), (rss1, free1) = samples[100], samples[cycles]
    ok = rss1 - rss0 < 8 and abs(free1 - free0) < 2
    print(f"{'PASS' if ok else 'FAIL'} soak {os.path.basename(wrp_dir.rstrip('/'))}: {cycles} load/set/launch/get/"
          f"unload cycles in {time.time() - start:.1f} s; host RSS {rss0:.1f} -> {rss1:.1f} MiB, device free "
          f"{free0:.1f} -> {free1:.1f} MiB (cycle 100 -> {cycles})")
    return ok


def main(args):
    primary_context_current()  # for the caller's own allocations (CudaBytes) and cuMemGetInfo
    if args[:1] == ["--soak"]:
        return sum(not soak(int(args[1]), d) for d in args[2:])
    return sum(not replay(d) for d in args)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
