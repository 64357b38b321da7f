"""What a user would script without wrpkit: compile each retained .cu of a format-18
capture for each arch, one NVRTC call after another, with Warp's options (the same
library and options wrp-build uses). Used by tests/bench/source as the baseline and,
run as N shards at once (--shard K/N: every N-th compile from the K-th), for the floor:
each shard prints the CPU seconds spent inside nvrtcCompileProgram.
  nvrtc_loop.py [--shard K/N] NVRTC_LIB WARP_NATIVE_DIR ARCHS CU...   (ARCHS: 75,80,...)"""
import ctypes
import os
import sys

import time

args = sys.argv[1:]
shard, shards = 0, 1
if args[0] == "--shard":
    shard, shards = map(int, args[1].split("/"))
    args = args[2:]
lib, native, archs, sources = args[0], args[1], args[2].split(","), args[3:]
d = os.path.dirname(lib)
for f in os.listdir(d):
    if f.startswith("libnvrtc-builtins.so") and ".alt." not in f:
        ctypes.CDLL(os.path.join(d, f))
        break
n = ctypes.CDLL(lib)
# Warp 1.19's options for the recipe of these captures (O3, fuse_fp; see lib/wrpkit/formats/recipe.cpp)
base = ["--std=c++17", f"--include-path={native}", "--device-as-default-execution-space",
        "--extra-device-vectorization", "--restrict", "--diag-suppress=177,550", "-DWP_ENABLE_MATHDX=1",
        "-DNDEBUG", "-UWP_VERIFY_FP", "--fmad=true", "--Ofast-compile=0"]
total, cpu, i = 0, 0.0, -1
for cu in sources:
    src = open(cu, "rb").read()
    for a in archs:
        i += 1
        if i % shards != shard:
            continue
        prog = ctypes.c_void_p()
        assert n.nvrtcCreateProgram(ctypes.byref(prog), src, os.path.basename(cu).encode(), 0, None, None) == 0
        opts = [f"--gpu-architecture=sm_{a}"] + base
        arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
        c0 = time.process_time()
        assert n.nvrtcCompileProgram(prog, len(opts), arr) == 0, (cu, a)
        cpu += time.process_time() - c0
        size = ctypes.c_size_t()
        n.nvrtcGetCUBINSize(prog, ctypes.byref(size))
        total += size.value
        n.nvrtcDestroyProgram(ctypes.byref(prog))
print(f"cpu_s={cpu:.3f} sass_bytes={total}")
