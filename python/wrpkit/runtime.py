"""Replay a .wrp built by wrp-build from Python with the CUDA driver alone: no Warp, no
compiler, nothing to build. ctypes over the runtime the wheel ships (libwrpkit_runtime.so,
its C API: include/wrpkit/wrp_runtime.h); NumPy only for ``set``/``get``.

    import numpy as np, wrpkit.runtime
    g = wrpkit.runtime.load("sim.portable.wrp")
    g.set("x", np.arange(1024, dtype=np.float32))
    g.launch()
    y = g.get("y", np.float32)

    g.bind("x", torch_tensor)   # zero-copy: any __cuda_array_interface__ / CUDA __dlpack__ object
    g.launch(stream=torch.cuda.current_stream())

A .wrp names its bindings and their sizes, not their element types (Warp's own
``get_param`` takes the caller's typed array for the same reason): ``get`` returns the
dtype it is asked for, bytes (uint8) when none is given.
"""

from __future__ import annotations

import ctypes
import os
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from ._tools import ExitCode, WrpkitError, bin_dir

__all__ = ["load", "Graph", "library_path"]

PathLike = Union[str, os.PathLike]
_u64 = ctypes.c_uint64


class _LoadOptions(ctypes.Structure):  # wrp_load_options
    _fields_ = [("device", ctypes.c_int), ("require_verified", ctypes.c_int),
                ("trusted_keys", ctypes.POINTER(ctypes.c_char_p)), ("trusted_key_count", ctypes.c_size_t),
                ("allow_unverified", ctypes.c_int), ("no_isolation", ctypes.c_int)]


def library_path() -> Path:
    """libwrpkit_runtime.so beside the tools: the wheel's ``wrpkit/lib``, a clone's
    ``build/lib``; ``$WRPKIT_RUNTIME`` names another."""
    override = os.environ.get("WRPKIT_RUNTIME")
    return Path(override) if override else bin_dir().parent / "lib" / "libwrpkit_runtime.so"


_lib = None


def _runtime() -> ctypes.CDLL:
    global _lib
    if _lib is None:
        path = library_path()
        if not path.is_file():
            raise WrpkitError("wrpkit.runtime", ExitCode.TOOLCHAIN,
                              f"wrpkit.runtime: no runtime library at {path}; reinstall wrpkit (pip install wrpkit)")
        lib = ctypes.CDLL(os.fspath(path))
        lib.wrp_last_error.restype = ctypes.c_char_p
        lib.wrp_verification.restype = ctypes.c_int
        lib.wrp_unload.restype = None
        _lib = lib
    return _lib


def _call(name: str, *args: Any) -> None:
    lib = _runtime()
    status = getattr(lib, name)(*args)
    if status:
        message = (lib.wrp_last_error() or b"").decode(errors="replace")
        raise WrpkitError("wrpkit.runtime", status, f"wrpkit.runtime: {name}: {message}")


def _cuda_memory(obj: Any) -> tuple[int, int, Any]:
    """(device address, bytes, what keeps it alive) of a C-contiguous CUDA array."""
    cai = getattr(obj, "__cuda_array_interface__", None)
    if cai is not None:
        import numpy as np
        shape, itemsize = tuple(cai["shape"]), np.dtype(cai["typestr"]).itemsize
        strides = cai.get("strides")
        if strides is not None and tuple(strides) != _c_strides(shape, itemsize):
            raise ValueError("wrpkit.runtime: bind needs a C-contiguous array (its strides are not)")
        return int(cai["data"][0]), _count(shape) * itemsize, obj
    if hasattr(obj, "__dlpack__"):
        return _dlpack_memory(obj)
    raise TypeError(f"wrpkit.runtime: bind needs a CUDA array (__cuda_array_interface__ or __dlpack__), "
                    f"not {type(obj).__name__}")


def _count(shape: Sequence[int]) -> int:
    n = 1
    for d in shape:
        n *= int(d)
    return n


def _c_strides(shape: Sequence[int], itemsize: int) -> tuple[int, ...]:
    strides, step = [], itemsize
    for d in reversed(shape):
        strides.append(step)
        step *= int(d)
    return tuple(reversed(strides))


class _DLTensor(ctypes.Structure):  # dlpack.h: DLTensor
    _fields_ = [("data", ctypes.c_void_p), ("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32),
                ("ndim", ctypes.c_int32), ("code", ctypes.c_uint8), ("bits", ctypes.c_uint8),
                ("lanes", ctypes.c_uint16), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_KDL_CUDA = 2


def _dlpack_memory(obj: Any) -> tuple[int, int, Any]:
    capsule = obj.__dlpack__()
    get = ctypes.pythonapi.PyCapsule_GetPointer
    get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    t = _DLTensor.from_address(get(capsule, b"dltensor"))  # DLManagedTensor starts with its DLTensor
    if t.device_type != _KDL_CUDA:
        raise ValueError(f"wrpkit.runtime: bind needs CUDA memory; this DLPack tensor is on device type {t.device_type}")
    shape = [t.shape[i] for i in range(t.ndim)]
    itemsize = (t.bits * t.lanes + 7) // 8
    if t.strides and tuple(t.strides[i] * itemsize for i in range(t.ndim)) != _c_strides(shape, itemsize):
        raise ValueError("wrpkit.runtime: bind needs a C-contiguous tensor (its strides are not)")
    # The capsule is not consumed: kept with the binding, its deleter runs when the binding goes.
    return (t.data or 0) + t.byte_offset, _count(shape) * itemsize, (obj, capsule)


def _stream_handle(stream: Any) -> ctypes.c_void_p:
    """A CUstream: None (the graph's own), an int, or an object with ``cuda_stream``
    (Warp's and PyTorch's streams)."""
    if stream is None:
        return ctypes.c_void_p(None)
    handle = getattr(stream, "cuda_stream", stream)
    if not isinstance(handle, int):
        raise TypeError(f"wrpkit.runtime: launch(stream=...) takes an int CUstream or an object with "
                        f"cuda_stream, not {type(stream).__name__}")
    return ctypes.c_void_p(handle)


class Graph:
    """A loaded artifact (or an instance of one): its regions, modules and CUDA graph on
    one device. Calls on one Graph must not overlap; instances may run in their own threads."""

    def __init__(self, handle: ctypes.c_void_p, path: str, parent: Graph | None = None):
        self._handle, self.path = handle, path
        self._parent = parent  # an instance shares its parent's modules: keep it loaded
        self._bound: dict[str, Any] = {}

    @property
    def verification(self) -> str:
        """"unverified" (no wrpkit manifest), "verified" or "signed" (by a trusted key)."""
        return ("unverified", "verified", "signed")[_runtime().wrp_verification(self._live())]

    def size(self, name: str) -> int:
        """Bytes of binding ``name``."""
        size = _u64()
        _call("wrp_param_size", self._live(), name.encode(), ctypes.byref(size))
        return size.value

    def set(self, name: str, array: Any) -> None:
        """Copies ``array``'s bytes (a NumPy array or anything numpy.ascontiguousarray takes)
        into the binding; its size must be the binding's."""
        import numpy as np
        a = np.ascontiguousarray(array)
        _call("wrp_set_param", self._live(), name.encode(), a.ctypes.data_as(ctypes.c_void_p), _u64(a.nbytes))

    def dtype(self, name: str) -> Optional[tuple]:
        """(NumPy dtype, element shape) of binding ``name`` from the kernel that reads it:
        (float32, (3,)) for an array of wp.vec3; None where the artifact does not say (only
        Warp 1.19 captures saved with source_fallback keep the CUDA source that declares it)."""
        import numpy as np
        buf = ctypes.create_string_buffer(64)
        _call("wrp_param_dtype", self._live(), name.encode(), buf, ctypes.c_size_t(len(buf)))
        text = buf.value.decode()
        if not text:
            return None
        scalar, _, shape = text.partition("[")
        return np.dtype(scalar), tuple(int(n) for n in shape.rstrip("]").split(",") if n)

    def get(self, name: str, dtype: Any = None) -> Any:
        """The binding's contents as a NumPy array: of ``dtype`` (1-D) when given; else typed
        from the binding (``dtype(name)``: an array of wp.vec3 comes back as (n, 3) float32),
        and as bytes (uint8) where the artifact does not say what it holds."""
        import numpy as np
        shape: tuple = ()
        if dtype is None:
            known = self.dtype(name)
            dtype, shape = known if known else (np.uint8, ())
        dtype = np.dtype(dtype)
        size = self.size(name)
        item = dtype.itemsize * int(np.prod(shape, dtype=np.int64))
        if size % item:
            raise ValueError(f"wrpkit.runtime: binding {name!r} holds {size} bytes, not a whole number of {dtype}"
                             f"{list(shape) if shape else ''}")
        out = np.empty((size // item, *shape), dtype)
        _call("wrp_get_param", self._live(), name.encode(), out.ctypes.data_as(ctypes.c_void_p), _u64(size))
        return out

    def device_ptr(self, name: str) -> tuple[int, int]:
        """(device address, bytes) a replay reads and writes for the binding."""
        ptr, size = _u64(), _u64()
        _call("wrp_param_device_ptr", self._live(), name.encode(), ctypes.byref(ptr), ctypes.byref(size))
        return ptr.value, size.value

    def bind(self, name: str, array: Any) -> None:
        """Zero-copy: replays read and write ``array``'s CUDA memory instead of the binding's
        region (wrp_bind_param's rules: same size, 256-byte aligned, same device). The Graph
        keeps ``array`` alive while it is bound. ``None`` unbinds."""
        if array is None:
            _call("wrp_bind_param", self._live(), name.encode(), _u64(0), _u64(0))
            self._bound.pop(name, None)
            return
        ptr, nbytes, keep = _cuda_memory(array)
        _call("wrp_bind_param", self._live(), name.encode(), _u64(ptr), _u64(nbytes))
        self._bound[name] = keep

    def launch(self, stream: Any = None) -> None:
        """One replay, asynchronous, on ``stream`` (None: the graph's own). On a stream being
        captured, the replay joins the capture. ``synchronize``, ``get`` and ``set`` wait for the
        graph's own stream only: after a launch on yours, wait on yours first."""
        _call("wrp_launch", self._live(), _stream_handle(stream))

    def synchronize(self) -> None:
        _call("wrp_synchronize", self._live())

    def instance(self) -> Graph:
        """Another replay state (own regions, graph and stream) sharing the loaded modules."""
        out = ctypes.c_void_p()
        _call("wrp_instance", self._live(), ctypes.byref(out))
        return Graph(out, self.path, parent=self)

    def close(self) -> None:
        """Unloads now (also at garbage collection); the Graph is unusable after."""
        if self._handle is not None and self._handle.value:
            _runtime().wrp_unload(self._handle)
        self._handle = None
        self._bound.clear()

    def _live(self) -> ctypes.c_void_p:
        if self._handle is None:
            raise ValueError(f"wrpkit.runtime: {self.path}: the graph was closed")
        return self._handle

    def __enter__(self) -> Graph:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown: the library may be gone already
            pass


def load(path: PathLike, device: int = 0, trust: Union[PathLike, Sequence[PathLike], None] = None, *,
         allow_unverified: bool = False, isolate: bool = True, require_verified: bool = True) -> Graph:
    """Loads ``path`` (NAME.wrp with NAME_modules/ beside it) on CUDA device ``device``.
    Every byte is checked against the artifact's wrpkit manifest; one without (a capture as
    Warp saved it) is refused unless ``allow_unverified``, and then its module images are
    loaded in a child process first (``isolate``), so a CUDA driver crash on a damaged image
    is an error naming the module. ``trust``: Ed25519 public key files (PEM), one of which
    must have signed it (wrp-build --sign). ``require_verified`` is ignored: refusing
    unverified input is the default. Raises WrpkitError (exit_code: the C API's status, as wrp-run's
    exit codes) naming the file and what to do."""
    keys = [trust] if isinstance(trust, (str, os.PathLike)) else list(trust or [])
    pems = (ctypes.c_char_p * len(keys))(*[Path(k).read_bytes() for k in keys])  # alive through the call
    options = _LoadOptions(device, 1, ctypes.cast(pems, ctypes.POINTER(ctypes.c_char_p)) if keys else None, len(keys),
                           int(allow_unverified), int(not isolate))
    handle = ctypes.c_void_p()
    _call("wrp_load_ex", os.fsencode(path), ctypes.byref(options), ctypes.byref(handle))
    return Graph(handle, os.fspath(path))
