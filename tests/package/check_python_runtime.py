"""wrpkit.runtime (Python over the shipped runtime, no Warp) as a user's program meets it on
a machine without a GPU: the library is found in the package, every refusal the C API makes
before the driver is a WrpkitError with wrp-run's exit code and message, the driver's absence
is exit 4, and what bind() and launch() accept is checked before any call.
    python check_python_runtime.py BUILT.wrp RAW_UNSUPPORTED.wrp   (in the wheel's venv)
On a GPU machine the built artifact loads instead (tests/gpu/python_runtime.py replays it)."""
import ctypes
import os
import pathlib
import shutil
import subprocess
import sys

import numpy as np
import wrpkit
import wrpkit.runtime as rt


def refusal(call):
    try:
        call()
    except wrpkit.WrpkitError as e:
        return int(e.exit_code), str(e)
    raise AssertionError("no WrpkitError")


def has_gpu():
    return shutil.which("nvidia-smi") is not None and subprocess.run(["nvidia-smi"], capture_output=True).returncode == 0


class FakeCudaArray:
    def __init__(self, shape, typestr, strides=None, ptr=0x7F0000000000):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "strides": strides,
                                         "data": (ptr, False), "version": 3}


class FakeDlpackCuda:
    """A CUDA tensor as a DLPack producer (PyTorch, CuPy, JAX) hands it over: a "dltensor"
    capsule holding a DLManagedTensor (dlpack.h) on device type 2, made with ctypes."""

    def __init__(self, shape, bits, strides=None, ptr=0x7F0000001000, byte_offset=0):
        n = len(shape)
        self._shape = (ctypes.c_int64 * n)(*shape)
        self._strides = (ctypes.c_int64 * n)(*strides) if strides else None
        self._managed = rt._DLTensor(ptr, 2, 0, n, 2, bits, 1, self._shape,
                                     self._strides if self._strides else None, byte_offset)
        self._rest = (ctypes.c_void_p * 2)()  # DLManagedTensor's manager_ctx and deleter: NULL

    def __dlpack__(self, stream=None):
        new = ctypes.pythonapi.PyCapsule_New
        new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
        return new(ctypes.addressof(self._managed), b"dltensor", None)


def main(built, unsupported):
    path = rt.library_path()
    assert path.is_file() and path.parent.parent == pathlib.Path(wrpkit.__file__).parent, path

    code, msg = refusal(lambda: rt.load("/nonexistent/sim.wrp"))
    assert code == 2 and "/nonexistent/sim.wrp" in msg and msg.startswith("wrpkit.runtime: wrp_load_ex: "), msg
    code, msg = refusal(lambda: rt.load(unsupported))  # a capture as Warp saved it: refused by default
    assert code == 2 and "has no wrpkit manifest" in msg and "allow_unverified" in msg, (code, msg)
    code, msg = refusal(lambda: rt.load(unsupported, allow_unverified=True))
    assert code == 3 and "bsr_from_triplets" in msg, (code, msg)
    probe = pathlib.Path(wrpkit.__file__).parent / "bin" / "wrpkit-module-probe"  # isolates opted-in input
    assert probe.is_file() and os.access(probe, os.X_OK), probe
    if not has_gpu():
        code, msg = refusal(lambda: rt.load(built))
        assert code == 4 and "driver" in msg, (code, msg)

    # bind(): C-contiguous CUDA arrays only, sized from their interface
    assert rt._cuda_memory(FakeCudaArray((4, 3), "<f4"))[:2] == (0x7F0000000000, 48)
    assert rt._cuda_memory(FakeCudaArray((4, 3), "<f4", strides=(12, 4)))[:2] == (0x7F0000000000, 48)
    for bad, kind in ((FakeCudaArray((4, 3), "<f4", strides=(4, 16)), ValueError), (np.zeros(4), ValueError),
                      ([1, 2], TypeError)):
        try:
            rt._cuda_memory(bad)
            raise AssertionError(f"bind accepted {bad!r}")
        except kind as e:
            assert str(e).startswith("wrpkit.runtime: bind needs"), e
    # ... or a CUDA DLPack tensor (no __cuda_array_interface__: JAX's), its byte offset included
    assert rt._cuda_memory(FakeDlpackCuda((4, 3), 32, byte_offset=64))[:2] == (0x7F0000001040, 48)
    assert rt._cuda_memory(FakeDlpackCuda((4, 3), 16, strides=(3, 1)))[:2] == (0x7F0000001000, 24)
    for bad in (FakeDlpackCuda((4, 3), 32, strides=(1, 4)), np.zeros(4)):  # transposed; host memory
        try:
            rt._cuda_memory(bad)
            raise AssertionError(f"bind accepted {bad!r}")
        except ValueError as e:
            assert str(e).startswith("wrpkit.runtime: bind needs"), e
    # launch(stream=): None, an int CUstream, or an object with cuda_stream
    assert rt._stream_handle(None).value is None and rt._stream_handle(0x1234).value == 0x1234
    assert rt._stream_handle(type("S", (), {"cuda_stream": 0x99})()).value == 0x99
    try:
        rt._stream_handle("stream")
        raise AssertionError("launch accepted a str stream")
    except TypeError:
        pass
    print(f"wheel: wrpkit.runtime loads {path.name} from the package; refusals carry wrp-run's exit codes "
          f"(2 bad file, 2 unverified unless allowed, 3 unsupported ops{'' if has_gpu() else ', 4 no driver'}); "
          f"bind and launch arguments checked")


if __name__ == "__main__":
    main(*sys.argv[1:])
