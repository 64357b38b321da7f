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

cuda = ctypes.CDLL("libcuda.so.1")
u64, size_t = ctypes.c_uint64, ctypes.c_size_t


def check(rc, what):
    if rc:
        raise RuntimeError(f"{what}: CUDA error {rc}")


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


class Runtime:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.wrp_last_error.restype = ctypes.c_char_p

    def call(self, name, *args):
        if getattr(self.lib, name)(*args):
            raise RuntimeError(f"{name}: {self.lib.wrp_last_error().decode()}")

    def load(self, wrp):
        g = ctypes.c_void_p()
        self.call("wrp_load", wrp.encode(), 0, ctypes.byref(g))
        return g

    def device_ptr(self, g, name):
        ptr, size = u64(), u64()
        self.call("wrp_param_device_ptr", g, name.encode(), ctypes.byref(ptr), ctypes.byref(size))
        return ptr.value, size.value


def read(ptr, n):
    buf = ctypes.create_string_buffer(n)
    check(cuda.cuMemcpyDtoH_v2(buf, u64(ptr), size_t(n)), "cuMemcpyDtoH")
    return buf.raw


def alloc(n):
    p = u64()
    check(cuda.cuMemAlloc_v2(ctypes.byref(p), size_t(n)), "cuMemAlloc")
    check(cuda.cuMemsetD8_v2(p, 0, size_t(n)), "cuMemsetD8")
    return p.value


def joined(rt, ctx, wrp, inp, out, value, rounds):
    g = rt.load(wrp)
    (in_ptr, _), (out_ptr, out_size) = rt.device_ptr(g, inp), rt.device_ptr(g, out)
    buf = alloc(out_size)
    graph = ctypes.c_void_p()
    check(cuda.cuGraphCreate(ctypes.byref(graph), 0), "cuGraphCreate")
    before = ctypes.c_void_p()
    mp = MemsetParams(in_ptr, 0, value, 4, 1, 1)
    check(cuda.cuGraphAddMemsetNode(ctypes.byref(before), graph, None, size_t(0), ctypes.byref(mp), ctx),
          "cuGraphAddMemsetNode")
    deps = (ctypes.c_void_p * 1)(before)
    last = ctypes.c_void_p()
    rt.call("wrp_add_to_graph", g, graph, deps, size_t(1), ctypes.byref(last))
    cp = Memcpy3D()
    cp.srcMemoryType = cp.dstMemoryType = 2  # CU_MEMORYTYPE_DEVICE
    cp.srcDevice, cp.dstDevice = out_ptr, buf
    cp.WidthInBytes, cp.Height, cp.Depth = out_size, 1, 1
    after = ctypes.c_void_p()
    tail = (ctypes.c_void_p * 1)(last)
    check(cuda.cuGraphAddMemcpyNode(ctypes.byref(after), graph, tail, size_t(1), ctypes.byref(cp), ctx),
          "cuGraphAddMemcpyNode")
    exec_ = ctypes.c_void_p()
    check(cuda.cuGraphInstantiateWithFlags(ctypes.byref(exec_), graph, u64(0)), "cuGraphInstantiate")
    stream = ctypes.c_void_p()
    check(cuda.cuStreamCreate(ctypes.byref(stream), 1), "cuStreamCreate")
    first = None
    for i in range(rounds):
        check(cuda.cuGraphLaunch(exec_, stream), "cuGraphLaunch")
        if i == 0:
            check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
            first = (read(out_ptr, out_size), read(buf, out_size))
    check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
    result = (first, (read(out_ptr, out_size), read(buf, out_size)))
    cuda.cuGraphExecDestroy(exec_)
    cuda.cuGraphDestroy(graph)
    cuda.cuMemFree_v2(u64(buf))
    rt.lib.wrp_unload(g)
    return result


def captured(rt, wrp, inp, out, value, rounds):
    """The same, the caller's graph made by stream capture: its memset, wrp_launch on the
    capturing stream (the replay joins the capture), its copy."""
    g = rt.load(wrp)
    (in_ptr, _), (out_ptr, out_size) = rt.device_ptr(g, inp), rt.device_ptr(g, out)
    buf = alloc(out_size)
    stream = ctypes.c_void_p()
    check(cuda.cuStreamCreate(ctypes.byref(stream), 1), "cuStreamCreate")
    check(cuda.cuStreamBeginCapture_v2(stream, 0), "cuStreamBeginCapture")  # global mode: the strictest
    check(cuda.cuMemsetD32Async(u64(in_ptr), ctypes.c_uint(value), size_t(1), stream), "cuMemsetD32Async")
    rt.call("wrp_launch", g, stream)
    check(cuda.cuMemcpyDtoDAsync_v2(u64(buf), u64(out_ptr), size_t(out_size), stream), "cuMemcpyDtoDAsync")
    graph = ctypes.c_void_p()
    check(cuda.cuStreamEndCapture(stream, ctypes.byref(graph)), "cuStreamEndCapture")
    exec_ = ctypes.c_void_p()
    check(cuda.cuGraphInstantiateWithFlags(ctypes.byref(exec_), graph, u64(0)), "cuGraphInstantiate")
    first = None
    for i in range(rounds):
        check(cuda.cuGraphLaunch(exec_, stream), "cuGraphLaunch")
        if i == 0:
            check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
            first = (read(out_ptr, out_size), read(buf, out_size))
    check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
    result = (first, (read(out_ptr, out_size), read(buf, out_size)))
    cuda.cuGraphExecDestroy(exec_)
    cuda.cuGraphDestroy(graph)
    cuda.cuMemFree_v2(u64(buf))
    rt.lib.wrp_unload(g)
    return result


def separate(rt, wrp, inp, out, value, rounds):
    g = rt.load(wrp)
    (in_ptr, _), (out_ptr, out_size) = rt.device_ptr(g, inp), rt.device_ptr(g, out)
    buf = alloc(out_size)
    stream = ctypes.c_void_p()
    check(cuda.cuStreamCreate(ctypes.byref(stream), 1), "cuStreamCreate")
    first = None
    for i in range(rounds):
        check(cuda.cuMemsetD32Async(u64(in_ptr), ctypes.c_uint(value), size_t(1), stream), "cuMemsetD32Async")
        rt.call("wrp_launch", g, stream)
        check(cuda.cuMemcpyDtoDAsync_v2(u64(buf), u64(out_ptr), size_t(out_size), stream), "cuMemcpyDtoDAsync")
        if i == 0:
            check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
            first = (read(out_ptr, out_size), read(buf, out_size))
    check(cuda.cuStreamSynchronize(stream), "cuStreamSynchronize")
    result = (first, (read(out_ptr, out_size), read(buf, out_size)))
    cuda.cuMemFree_v2(u64(buf))
    rt.lib.wrp_unload(g)
    return result


def main():
    lib, folder, inp, out = sys.argv[1:5]
    value = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    rounds = int(sys.argv[6]) if len(sys.argv) > 6 else 100
    rt = Runtime(lib)
    rt.call("wrp_init", 0)
    dev, ctx = ctypes.c_int(), ctypes.c_void_p()
    check(cuda.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    check(cuda.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    wrp = next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".wrp"))
    b = separate(rt, wrp, inp, out, value, rounds)
    label = os.path.basename(folder.rstrip("/"))
    bad = 0
    for how, make in (("wrp_add_to_graph", lambda: joined(rt, ctx, wrp, inp, out, value, rounds)),
                      ("stream capture", lambda: captured(rt, wrp, inp, out, value, rounds))):
        a = make()
        ok = a == b and a[0][0] == a[0][1]  # and the caller's copy came after the replay's output
        bad += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {label} ({how}): {inp} := {value}, {out} copied after; one caller graph "
              f"launched {rounds} times {'equals' if a == b else 'DIFFERS FROM'} {rounds} separate replays "
              f"({out} {a[1][0].hex()} vs {b[1][0].hex()}; first launch {a[0][0].hex()}, copied {a[0][1].hex()})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
