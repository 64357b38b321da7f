"""What the GPU checks of the C API share (zero_copy.py, join_graph.py, instances.py): the
runtime (libwrpkit_runtime.so) and libcuda through ctypes, no Warp, no compiler."""
import ctypes
import json
import os

cuda = ctypes.CDLL("libcuda.so.1")
u64, size_t = ctypes.c_uint64, ctypes.c_size_t


def check(rc, what):
    if rc:
        raise RuntimeError(f"{what}: CUDA error {rc}")


class Runtime:
    """libwrpkit_runtime.so: each call raises RuntimeError with wrp_last_error on a failure."""

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

    def instance(self, g):
        out = ctypes.c_void_p()
        self.call("wrp_instance", g, ctypes.byref(out))
        return out

    def device_ptr(self, g, name):
        ptr, size = u64(), u64()
        self.call("wrp_param_device_ptr", g, name.encode(), ctypes.byref(ptr), ctypes.byref(size))
        return ptr.value, size.value

    def current_context(self):
        """wrp_init(0), and its primary context current in this thread (for cuMemAlloc and the like)."""
        self.call("wrp_init", 0)
        return primary_context_current()


def primary_context_current():
    """GPU 0's primary context (the one the runtime uses) current in this thread."""
    dev, ctx = ctypes.c_int(), ctypes.c_void_p()
    check(cuda.cuInit(0), "cuInit")
    check(cuda.cuDeviceGet(ctypes.byref(dev), 0), "cuDeviceGet")
    check(cuda.cuDevicePrimaryCtxRetain(ctypes.byref(ctx), dev), "cuDevicePrimaryCtxRetain")
    check(cuda.cuCtxSetCurrent(ctx), "cuCtxSetCurrent")
    return ctx


def read(ptr, size):
    """`size` bytes of device memory at `ptr`."""
    buf = ctypes.create_string_buffer(size)
    check(cuda.cuMemcpyDtoH_v2(buf, u64(ptr), size_t(size)), "cuMemcpyDtoH")
    return buf.raw


def artifact_in(folder):
    """The .wrp of an artifact's folder (.device-run/art/ID/)."""
    return next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".wrp"))


def recipe_bindings(folder):
    """(inputs and outputs, outputs) named by the capture's recipe.json beside the artifact."""
    r = json.load(open(os.path.join(folder, "recipe.json")))
    outs = list(r["outputs"]) if isinstance(r["outputs"], dict) else r["outputs"]
    return list(dict.fromkeys(r.get("inputs", []) + outs)), outs
