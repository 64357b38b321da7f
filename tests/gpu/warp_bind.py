"""wrpkit.runtime with stock Warp's arrays bound zero-copy: for each artifact, the reference is a
replay through its own regions; a second load binds every tracked binding to a `wp.array` (uint8,
the region's initial contents; Warp's allocator, Warp's context) through its
__cuda_array_interface__, launches on Warp's stream (`cuda_stream`), and the outputs read with
`a.numpy()` must be the reference's bits.
    PYTHONPATH=python:WARP_SITE WRPKIT_RUNTIME=LIB python3 tests/gpu/warp_bind.py ARTIFACT_DIR...
Exit status: the number of artifacts that failed."""
import os
import sys

import numpy as np
import warp as wp
import wrpkit
import wrpkit.runtime as rt
from wrp_ctypes import artifact_in, recipe_bindings


def one(wrp_dir):
    wrp = artifact_in(wrp_dir)
    names, outs = recipe_bindings(wrp_dir)
    initial, want = {}, {}
    with rt.load(wrp) as ref:
        for n in names:
            try:
                initial[n] = ref.get(n)
            except wrpkit.WrpkitError:  # untracked binding
                pass
        ref.launch()
        ref.synchronize()
        want = {n: ref.get(n) for n in outs if n in initial}
    g = rt.load(wrp)
    arrays, by_address = {}, {}
    for n, data in initial.items():
        ptr = g.device_ptr(n)[0]
        if ptr in by_address:
            continue
        by_address[ptr] = n
        a = wp.array(data, dtype=wp.uint8, device="cuda:0")
        try:
            g.bind(n, a)
        except wrpkit.WrpkitError as e:  # a mesh's points: refused by design
            print(f"  {n}: not bound ({e})")
            continue
        arrays[n] = a
    stream = wp.get_stream("cuda:0")
    g.launch(stream=stream)
    wp.synchronize_stream(stream)
    bad = []
    for n, w in want.items():
        alias = by_address.get(g.device_ptr(n)[0], n)
        got = arrays[alias].numpy() if alias in arrays else g.get(n)
        if not np.array_equal(got, w):
            bad.append(n)
    g.close()
    print(f"{'PASS' if not bad else 'FAIL'} {os.path.basename(wrp_dir.rstrip('/'))}: {len(arrays)} wp.array(s) bound "
          f"zero-copy, {len(want)} output(s) {'as the reference' if not bad else 'differ: ' + ', '.join(bad)}")
    return not bad


if __name__ == "__main__":
    wp.init()
    print(f"warp {wp.config.version}, {wp.get_device('cuda:0').name}")
    sys.exit(sum(not one(d) for d in sys.argv[1:]))
