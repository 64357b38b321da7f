#!/usr/bin/env python3
"""On the GPU machine, inside .device-run/ (scripts/device-bundle run), NumPy and no Warp:
every built artifact replayed once through wrpkit.runtime, each output with an expected
value fetched with g.get(name) and no dtype, and its dtype and shape compared with
expected.npz's (Warp's own numpy() of the capture). Outputs whose binding the artifact does
not type (no CUDA source kept) must come back as bytes. Exit 1 on any difference.
  PYTHONPATH=../python WRPKIT_RUNTIME=lib/libwrpkit_runtime.so python3 typed_get.py [ART_DIR]"""
import os
import sys

import numpy as np
import wrpkit.runtime as rt


def main(art="art"):
    typed = untyped = flat = differ = skipped = 0
    for d in sorted(os.listdir(art)):
        wrps = [f for f in os.listdir(os.path.join(art, d)) if f.endswith(".wrp")]
        expected = os.path.join(art, d, "expected.npz")
        if not wrps or not os.path.exists(expected):
            continue
        try:
            g = rt.load(os.path.join(art, d, wrps[0]))
        except rt.WrpkitError:
            skipped += 1  # wrp-run refuses it (named by wrp-run-check)
            continue
        g.launch()
        g.synchronize()
        exp = np.load(expected)
        for k in exp.files:
            try:
                known = g.dtype(k)
            except rt.WrpkitError:
                continue  # an expected output with no binding
            got = g.get(k)
            if known is None:
                untyped += 1
                differ += got.dtype != np.uint8
                continue
            typed += 1
            if got.dtype == exp[k].dtype and got.ndim == 1 and got.size == exp[k].size and exp[k].ndim > 1:
                flat += 1
                print(f"flat   {d} {k}: got {got.dtype}{got.shape}, Warp's {exp[k].dtype}{exp[k].shape}")
            elif got.dtype != exp[k].dtype or got.shape != exp[k].shape:
                differ += 1
                print(f"DIFFER {d} {k}: got {got.dtype}{got.shape}, Warp's {exp[k].dtype}{exp[k].shape}")
        g.close()
    print(f"outputs typed from their binding: {typed} ({flat} of them flat: the kernel's view); untyped (bytes): "
          f"{untyped}; differing from Warp's numpy(): {differ}; artifacts not replayed: {skipped}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
