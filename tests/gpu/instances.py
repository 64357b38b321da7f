"""Many instances of one load (wrp_instance), driven concurrently, on the GPU, with ctypes and
the CUDA driver only: for each artifact, THREADS instances of one wrp_load run in THREADS
threads at once, thread i replaying its instance i + 1 times (so where a replay carries state
forward, each ends elsewhere); every output must equal, bit for bit, that of a fresh
instance replayed as many times alone, one after another.

    python3 tests/gpu/instances.py LIBWRPKIT_RUNTIME.so [THREADS] ARTIFACT_DIR...

Exit status: the number of artifacts that failed."""
import ctypes
import os
import sys
import threading

from wrp_ctypes import Runtime, artifact_in, recipe_bindings, u64

def outputs(rt, g, names):
    """Each tracked binding's bytes, through wrp_get_param (untracked ones: no replay reads them)."""
    got = {}
    for n in names:
        size = u64()
        try:
            rt.call("wrp_param_size", g, n.encode(), ctypes.byref(size))
        except RuntimeError:
            continue
        buf = ctypes.create_string_buffer(size.value)
        rt.call("wrp_get_param", g, n.encode(), buf, size)
        got[n] = buf.raw
    return got


def replay(rt, g, times):
    for _ in range(times):
        rt.call("wrp_launch", g, None)
        rt.call("wrp_synchronize", g)


def one(rt, folder, threads):
    _, outs = recipe_bindings(folder)
    g = rt.load(artifact_in(folder))
    want = []
    for i in range(threads):  # alone, one after another
        inst = rt.instance(g)
        replay(rt, inst, i + 1)
        want.append(outputs(rt, inst, outs))
        rt.lib.wrp_unload(inst)
    instances = [rt.instance(g) for _ in range(threads)]
    got, errors = [None] * threads, []

    def drive(i):
        try:
            replay(rt, instances[i], i + 1)
            got[i] = outputs(rt, instances[i], outs)
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
