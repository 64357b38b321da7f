"""Shared helpers for the CLI tests: tool paths, fixtures, a tiny .wrp reader."""
import os
import shutil
import struct
import subprocess
import sys
import tempfile

BIN = os.environ["WRPKIT_BIN"]
FIXTURES = os.environ["WRPKIT_FIXTURES"]
ALL = ["saxpy_ptx75", "wave_ptx75", "multi_module_ptx75", "tape_backward_ptx75",
       "capture_while_ptx75", "mesh_query_ptx75", "saxpy_ptx90", "saxpy_cubin_sm90"]
PTX75 = [f for f in ALL if f.endswith("ptx75")]
# Leak reports from inside the CUDA libraries are not ours to fix.
ENV = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:abort_on_error=1")


def wrp(name):
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
    ver, arch, nm, nk, nb, nmesh, nptr = struct.unpack_from("<7I", md, 0)
    off = 28
    modules = []
    for _ in range(nm):
        (h, name, fn), off = read_strs(md, off, 3)
        (march,) = struct.unpack_from("<I", md, off); off += 4
        modules.append(dict(hash=h, name=name, file=fn, target_arch=march))
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
    return dict(version=version, device="cpu" if device == 1 else "cuda", target_arch=arch, modules=modules,
                kernels=kernels, bindings=bindings, regions=regions,
                sections=[(t, len(b)) for t, b in secs.items()])


def tmpdir():
    return tempfile.mkdtemp(prefix="wrpkit-test-")


def main(tests):
    failed = 0
    for t in tests:
        try:
            t()
            print(f"PASS {t.__name__}")
        except SystemExit as e:
            if e.code == 77:
                print(f"SKIP {t.__name__}")
                sys.exit(77)
            raise
        except AssertionError as e:
            failed += 1
            print(f"FAIL {t.__name__}: {e}")
    print(f"{len(tests) - failed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
