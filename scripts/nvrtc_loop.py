"""What a user would script without wrpkit: compile each retained .cu of a format-18
capture for each arch, one NVRTC call after another, with Warp's options (the same
library and options wrp-build uses). Used by scripts/bench-source as the baseline.
  nvrtc_loop.py NVRTC_LIB WARP_NATIVE_DIR ARCHS CU...   (ARCHS: 75,80,...)"""
import ctypes
import os
import sys

lib, native, archs, sources = sys.argv[1], sys.argv[2], sys.argv[3].split(","), sys.argv[4:]
d = os.path.dirname(lib)
for f in os.listdir(d):
    if f.startswith("libnvrtc-builtins.so") and ".alt." not in f:
        ctypes.CDLL(os.path.join(d, f))
        break
n = ctypes.CDLL(lib)
# Warp 1.19's options for the recipe of these captures (O3, fuse_fp; see lib/wrpkit/recipe.cpp)
base = ["--std=c++17", f"--include-path={native}", "--device-as-default-execution-space",
        "--extra-device-vectorization", "--restrict", "--diag-suppress=177,550", "-DWP_ENABLE_MATHDX=1",
        "-DNDEBUG", "-UWP_VERIFY_FP", "--fmad=true", "--Ofast-compile=0"]
total = 0
for cu in sources:
    src = open(cu, "rb").read()
    for a in archs:
        prog = ctypes.c_void_p()
        assert n.nvrtcCreateProgram(ctypes.byref(prog), src, os.path.basename(cu).encode(), 0, None, None) == 0
        opts = [f"--gpu-architecture=sm_{a}"] + base
        arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        assert n.nvrtcCompileProgram(prog, len(opts), arr) == 0, (cu, a)
        size = ctypes.c_size_t()
        n.nvrtcGetCUBINSize(prog, ctypes.byref(size))
        total += size.value
        n.nvrtcDestroyProgram(ctypes.byref(prog))
print(f"{len(sources)} module(s) x {len(archs)} arch(s): {total} bytes of SASS")
