"""A replay joined to a caller's own CUDA graph (wrp_add_to_graph, and wrp_launch on a stream the
caller is capturing), on the GPU, with ctypes
and the CUDA driver only: the caller's graph sets the replay's input (a memset node: its
own work before), then the replay's nodes (a Warp while loop: conditional nodes made in the
caller's graph itself), then copies an output to the caller's buffer (a memcpy node: its
own work after). Launched ROUNDS times as one instantiated graph, against the same work
done ROUNDS times as separate steps on a stream (memset, wrp_launch, copy): the replay's
outputs and the caller's buffer must be the same bits, after the first launch and the last.

    python3 tests/gpu/join_graph.py LIBWRPKIT_RUNTIME.so ARTIFACT_DIR INPUT OUTPUT [VALUE] [ROUNDS]

INPUT: an int32 binding the caller sets to VALUE (default 5) before each replay; OUTPUT: a
binding it copies out after. Exit status 1 on any difference."""
import ctypes
import os
import sys

from wrp_ctypes import Runtime, artifact_in, check, cuda, read, size_t, u64


class MemsetParams(ctypes.Structure):  # CUDA_MEMSET_NODE_PARAMS
    _fields_ = [("dst", u64), ("pitch", size_t), ("value", ctypes.c_uint), ("elementSize", ctypes.c_uint),
                ("width", size_t), ("height", size_t)]


class Memcpy3D(ctypes.Structure):  # CUDA_MEMCPY3D
    _fields_ = [("srcXInBytes", size_t), ("srcY", size_t), ("srcZ", size_t), ("srcLOD", size_t),
                ("srcMemoryType", ctypes.c_int), ("srcHost", ctypes.c_void_p), ("srcDevice", u64),
                ("srcArray", ctypes.c_void_p), ("reserved0", ctypes.c_void_p), ("srcPitch", size_t),
                ("srcHeight", size_t), ("dstXInBytes", size_t), ("dstY", size_t), ("dstZ", size_t),
                ("dstLOD", size_t), ("dstMemoryType", ctypes.c_int), ("dstHost", ctypes.c_void_p),
                ("dstDevice", u64), ("dstArray", ctypes.c_void_p), ("reserved1", ctypes.c_void_p),
                ("dstPitch", size_t), ("dstHeight", size_t), ("WidthInBytes", size_t), ("Height", size_t),
                ("Depth", size_t)]


def alloc(n):
    p = u64()
    check(cuda.cuMemAlloc_v2(ctypes.byref(p), size_t(n)), "cuMemAlloc")
    check(cuda.cuMemsetD8_v2(p, 0, size_t(n)), "cuMemsetD8")
    return p.value


def rounds_of(rt, wrp, inp, out, rounds, prepare):
    """Loads the artifact and runs `rounds` rounds of the caller's work on one stream: `prepare(g,
    in_ptr, out_ptr, out_size, buf, stream)` gives one round and what to release after. Returns
    (the output, the caller's copy of it) after the first round and after the last."""
    g = rt.load(wrp)
    (in_ptr, _), (out_ptr, out_size) = rt.device_ptr(g, inp), rt.device_ptr(g, out)
    buf = alloc(out_size)
    stream = ctypes.c_void_p()
    check(cuda.cuStreamCreate(ctypes.byref(stream), 1), "cuStreamCreate")
    one_round, release = prepare(g, in_ptr, out_ptr, out_size, buf, stream)
    seen = []
    for i in range(rounds):
        one_round()
        if i in (0, rounds - 1):
            check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
            seen.append((read(out_ptr, out_size), read(buf, out_size)))
    release()
    cuda.cuMemFree_v2(u64(buf))
    rt.lib.wrp_unload(g)
    return seen[0], seen[-1]


def launched(graph, stream):
    """One round: a launch of the caller's graph, instantiated once; and its release."""
    exec_ = ctypes.c_void_p()
    check(cuda.cuGraphInstantiateWithFlags(ctypes.byref(exec_), graph, u64(0)), "cuGraphInstantiate")

    def release():
        cuda.cuGraphExecDestroy(exec_)
        cuda.cuGraphDestroy(graph)
    return lambda: check(cuda.cuGraphLaunch(exec_, stream), "cuGraphLaunch"), release


def joined(rt, ctx, value):
    """The caller's graph built node by node: its memset, the replay by wrp_add_to_graph, its copy."""
    def prepare(g, in_ptr, out_ptr, out_size, buf, stream):
        graph = ctypes.c_void_p()
        check(cuda.cuGraphCreate(ctypes.byref(graph), 0), "cuGraphCreate")
        before = ctypes.c_void_p()
        mp = MemsetParams(in_ptr, 0, value, 4, 1, 1)
        check(cuda.cuGraphAddMemsetNode(ctypes.byref(before), graph, None, size_t(0), ctypes.byref(mp), ctx),
              "cuGraphAddMemsetNode")
        last = ctypes.c_void_p()
        rt.call("wrp_add_to_graph", g, graph, (ctypes.c_void_p * 1)(before), size_t(1), ctypes.byref(last))
        cp = Memcpy3D()
        cp.srcMemoryType = cp.dstMemoryType = 2  # CU_MEMORYTYPE_DEVICE
        cp.srcDevice, cp.dstDevice = out_ptr, buf
        cp.WidthInBytes, cp.Height, cp.Depth = out_size, 1, 1
        after = ctypes.c_void_p()
        check(cuda.cuGraphAddMemcpyNode(ctypes.byref(after), graph, (ctypes.c_void_p * 1)(last), size_t(1),
                                        ctypes.byref(cp), ctx), "cuGraphAddMemcpyNode")
        return launched(graph, stream)
    return prepare


def caller_work(rt, g, in_ptr, out_ptr, out_size, buf, stream, value):
    """The caller's memset, a replay (wrp_launch), the caller's copy, on its stream."""
    check(cuda.cuMemsetD32Async(u64(in_ptr), ctypes.c_uint(value), size_t(1), stream), "cuMemsetD32Async")
    rt.call("wrp_launch", g, stream)
    check(cuda.cuMemcpyDtoDAsync_v2(u64(buf), u64(out_ptr), size_t(out_size), stream), "cuMemcpyDtoDAsync")


def captured(rt, value):
    """The caller's graph made by stream capture of caller_work (the replay joins the capture)."""
    def prepare(g, in_ptr, out_ptr, out_size, buf, stream):
        check(cuda.cuStreamBeginCapture_v2(stream, 0), "cuStreamBeginCapture")  # global mode: the strictest
        caller_work(rt, g, in_ptr, out_ptr, out_size, buf, stream, value)
        graph = ctypes.c_void_p()
        check(cuda.cuStreamEndCapture(stream, ctypes.byref(graph)), "cuStreamEndCapture")
        return launched(graph, stream)
    return prepare


def separate(rt, value):
    """caller_work itself, every round: what one replay of the caller's graph must equal."""
    def prepare(g, in_ptr, out_ptr, out_size, buf, stream):
        return lambda: caller_work(rt, g, in_ptr, out_ptr, out_size, buf, stream, value), lambda: None
    return prepare


def main():
    lib, folder, inp, out = sys.argv[1:5]
    value = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    rounds = int(sys.argv[6]) if len(sys.argv) > 6 else 100
    rt = Runtime(lib)
    ctx = rt.current_context()
    wrp = artifact_in(folder)
    b = rounds_of(rt, wrp, inp, out, rounds, separate(rt, value))
    label = os.path.basename(folder.rstrip("/"))
    bad = 0
    for how, prepare in (("wrp_add_to_graph", joined(rt, ctx, value)), ("stream capture", captured(rt, value))):
        a = rounds_of(rt, wrp, inp, out, rounds, prepare)
        ok = a == b and a[0][0] == a[0][1]  # and the caller's copy came after the replay's output
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {label} ({how}): {inp} := {value}, {out} copied after; one caller graph "
              f"launched {rounds} times {'equals' if a == b else 'DIFFERS FROM'} {rounds} separate replays "
              f"({out} {a[1][0].hex()} vs {b[1][0].hex()}; first launch {a[0][0].hex()}, copied {a[0][1].hex()})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
