"""Many instances of one load (wrp_instance), driven concurrently, on the GPU, with ctypes and
the CUDA driver only: for each artifact, THREADS instances of one wrp_load run in THREADS
threads at once, thread i replaying its instance i + 1 times (so where a replay carries state
forward, each ends elsewhere); every output must equal, bit for bit, that of a fresh
instance replayed as many times alone, one after another.

    python3 tests/gpu/instances.py LIBWRPKIT_RUNTIME.so [THREADS] ARTIFACT_DIR...

Exit status: the number of artifacts that failed."""
import ctypes
import json
import os
import sys
import threading

u64 = ctypes.c_uint64
cuda = ctypes.CDLL("libcuda.so.1")


class Runtime:
    def __init__(self, path):
        self.lib = ctypes.CDLL(path)
        self.lib.wrp_last_error.restype = ctypes.c_char_p

    def call(self, name, *args):
        if getattr(self.lib, name)(*args):
            raise RuntimeError(f"{name}: {self.lib.wrp_last_error().decode()}")

    def instance(self, g):
        out = ctypes.c_void_p()
        self.call("wrp_instance", g, ctypes.byref(out))
        return out

    def outputs(self, g, names):
        got = {}
        for n in names:
            size = u64()
            try:
                self.call("wrp_param_size", g, n.encode(), ctypes.byref(size))
            except RuntimeError:  # an untracked binding
                continue
            buf = ctypes.create_string_buffer(size.value)
            self.call("wrp_get_param", g, n.encode(), buf, size)
            got[n] = buf.raw
        return got

    def replay(self, g, times):
        for _ in range(times):
            self.call("wrp_launch", g, None)
            self.call("wrp_synchronize", g)


def one(rt, folder, threads):
    wrp = next(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".wrp"))
    r = json.load(open(os.path.join(folder, "recipe.json")))
    outs = list(r["outputs"]) if isinstance(r["outputs"], dict) else r["outputs"]
    g = ctypes.c_void_p()
    rt.call("wrp_load", wrp.encode(), 0, ctypes.byref(g))
    want = []
    for i in range(threads):  # alone, one after another
        inst = rt.instance(g)
        rt.replay(inst, i + 1)
        want.append(rt.outputs(inst, outs))
        rt.lib.wrp_unload(inst)
    instances = [rt.instance(g) for _ in range(threads)]
    got, errors = [None] * threads, []

    def drive(i):
        try:
            rt.replay(instances[i], i + 1)
            got[i] = rt.outputs(instances[i], outs)
        except Exception as e:  # noqa: BLE001: reported below
            errors.append(f"thread {i}: {e}")

    workers = [threading.Thread(target=drive, args=(i,)) for i in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    rt.lib.wrp_unload(g)  # the first load goes first: the instances stand on their own
    bad = list(errors)
    for i in range(threads):
        if got[i] is not None and got[i] != want[i]:
            bad.append(f"instance {i} ({i + 1} replays): {', '.join(k for k in want[i] if got[i].get(k) != want[i][k])}")
        rt.lib.wrp_unload(instances[i])
    distinct = len({tuple(sorted(w.items())) for w in want})
    label = os.path.basename(folder.rstrip("/"))
    print(f"{'FAIL' if bad else 'ok  '} {label}: {threads} instances in {threads} threads at once, "
          f"{len(outs)} output(s) each {'differ: ' + '; '.join(bad) if bad else 'equal to replays alone'} "
          f"({distinct} distinct results)")
    return bool(bad)


def main():
    rt = Runtime(sys.argv[1])
    threads = int(sys.argv[2])
    rt.call("wrp_init", 0)
    failures = sum(one(rt, d, threads) for d in sys.argv[3:])
    print(f"instances: {len(sys.argv) - 3 - failures} of {len(sys.argv) - 3} artifacts alike")
    sys.exit(failures)


if __name__ == "__main__":
    main()
