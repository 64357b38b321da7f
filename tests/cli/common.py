"""Shared helpers for the CLI tests: tool paths, captures, a tiny .wrp reader.

The captures the tests need are in the repository (tests/data). ../shared/fixtures*
beside the checkout are extra coverage: tests that read them say SKIP when absent."""
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time

BIN = os.environ["WRPKIT_BIN"]
FIXTURES = os.environ["WRPKIT_FIXTURES"]
DATA = os.path.join(os.environ["WRPKIT_SOURCE_DIR"], "tests", "data")
HAVE_SHARED = os.path.isdir(FIXTURES)
ALL = ["saxpy_ptx75", "wave_ptx75", "multi_module_ptx75", "tape_backward_ptx75",
       "capture_while_ptx75", "mesh_query_ptx75", "saxpy_ptx90", "saxpy_cubin_sm90"]
PTX75 = [f for f in ALL if f.endswith("ptx75")]


class Skip(Exception):
    """This test needs something that is not here (said, not failed)."""


def need_shared():
    if not HAVE_SHARED:
        raise Skip(f"{FIXTURES} is absent (extra coverage only)")


def local(folder):
    """A capture in tests/data by its folder, e.g. 'warp-1.17.0-h200/particles'."""
    d = os.path.join(DATA, folder)
    return os.path.join(d, os.path.basename(d) + ".wrp")


def wrps_under(root):
    out = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith(".wrp") and f[:-4] == os.path.basename(dirpath):
                out.append(os.path.join(dirpath, f))
    return sorted(out)


def captures():
    """Every real capture: tests/data, plus ../shared's fixture folders when present."""
    out = wrps_under(DATA)
    if HAVE_SHARED:
        for d in ("fixtures", "fixtures-w119", "fixtures-cpu"):
            out += wrps_under(os.path.join(os.path.dirname(FIXTURES), d))
    return out
# Leak reports from inside the CUDA libraries are not ours to fix.
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=1")


def wrp(name):
    """A capture in ../shared/fixtures (extra coverage: call need_shared() first)."""
    return os.path.join(FIXTURES, name, name + ".wrp")


def run(tool, *args, env=None):
    return subprocess.run([os.path.join(BIN, tool), *args], capture_output=True, text=True, errors="replace", env=env or ENV)


def cuobjdump():
    venv = os.environ.get("VIRTUAL_ENV", "")
    for c in [os.path.join(venv, "bin", "cuobjdump"),
              *[os.path.join(venv, "lib", d, "site-packages/nvidia/cu13/bin/cuobjdump")
                for d in (os.listdir(os.path.join(venv, "lib")) if venv and os.path.isdir(os.path.join(venv, "lib")) else [])],
              shutil.which("cuobjdump") or ""]:
        if c and os.path.exists(c):
            return c
    return None


def read_strs(buf, off, n):
    out = []
    for _ in range(n):
        (ln,) = struct.unpack_from("<I", buf, off)
        out.append(buf[off + 4:off + 4 + ln].decode())
        off += 4 + ln
    return out, off


def parse_wrp(path):
    """An independent reader of the fields wrp-inspect reports, per the format doc."""
    d = open(path, "rb").read()
    magic, version, flags, nsec, table = struct.unpack_from("<4sIIIQ", d, 0)
    device, = struct.unpack_from("<B", d, 24)
    secs = {}
    for i in range(nsec):
        t, f, o, s, u = struct.unpack_from("<IIQQQ", d, table + 32 * i)
        secs[t] = d[o:o + s]
    md = secs[1]
    (ver,) = struct.unpack_from("<I", md, 0)
    off, producer = 4, None
    if ver >= 18:
        (producer,), off = read_strs(md, off, 1)
    arch, nm, nk, nb, nmesh, nptr = struct.unpack_from("<6I", md, off)
    off += 24
    modules = []
    for _ in range(nm):
        (h, name, fn), off = read_strs(md, off, 3)
        (march,) = struct.unpack_from("<I", md, off); off += 4
        m = dict(hash=h, name=name, file=fn, target_arch=march)
        if ver >= 18:
            (bd, sf, sd), off = read_strs(md, off, 3)
            m.update(binary_digest=bd, source_file=sf, source_digest=sd, kind=md[off], reason=md[off + 1],
                     recipe=md[off + 2:off + 18])
            off += 18
        modules.append(m)
    kernels = []
    for _ in range(nk):
        (key, mh, fwd, bwd), off = read_strs(md, off, 4)
        off += 12
        kernels.append(dict(key=key, module_hash=mh, forward=fwd, backward=bwd))
    bindings = []
    for _ in range(nb):
        (name,), off = read_strs(md, off, 1)
        (rid,) = struct.unpack_from("<I", md, off); off += 4
        bindings.append(dict(name=name, region=rid))
    mem = secs[2]
    (nreg,) = struct.unpack_from("<I", mem, 0)
    off, regions = 4, {}
    for _ in range(nreg):
        rid, es, size, init = struct.unpack_from("<IIQB", mem, off)
        off += 24 + (size if init else 0)
        regions[rid] = size
    return dict(version=version, producer=producer, device="cpu" if device == 1 else "cuda", target_arch=arch, modules=modules,
                kernels=kernels, bindings=bindings, regions=regions,
                sections=[(t, len(b)) for t, b in secs.items()])


_made = []  # every tmpdir() of this run: removed when all tests pass, kept to look at otherwise


def tmpdir():
    d = tempfile.mkdtemp(prefix="wrpkit-test-")
    _made.append(d)
    return d


def discovered():
    """The calling test file's test_* functions, in the order they are defined: none can be
    left out of a hand-kept list."""
    import __main__
    return [f for name, f in vars(__main__).items() if name.startswith("test_") and callable(f)]


def main(tests=None):
    tests = discovered() if tests is None else tests
    failed = skipped = 0
    for t in tests:
        start = time.monotonic()
        try:
            t()
            print(f"PASS {t.__name__} ({time.monotonic() - start:.1f} s)")
        except Skip as e:
            skipped += 1
            print(f"SKIP {t.__name__}: {e}")
        except SystemExit as e:
            if e.code != 77:
                raise
            skipped += 1  # one test's skip never hides the others' results
            print(f"SKIP {t.__name__}")
        except AssertionError as e:
            failed += 1
            print(f"FAIL {t.__name__}: {e}")
    print(f"{len(tests) - failed - skipped} passed, {failed} failed, {skipped} skipped")
    if failed:
        print(f"temporary folders kept for a look: {' '.join(_made)}")
    else:
        for d in _made:
            shutil.rmtree(d, ignore_errors=True)
    # ctest shows 77 as "Skipped" (SKIP_RETURN_CODE): only when nothing ran and nothing failed.
    sys.exit(1 if failed else 77 if skipped == len(tests) else 0)
