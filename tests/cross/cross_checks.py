"""What the two aarch64 checks (check_aarch64.py: the cross build; check_aarch64_wheel.py:
the wheel) share: PASS/FAIL lines, timed runs, the real captures, and a folder's digest."""
import hashlib
import os
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")
failures = []


def check(ok, what):
    print(("PASS " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def run(cmd, env=None, cwd=None):
    t0 = time.monotonic()
    p = subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env, cwd=cwd)
    return p, time.monotonic() - t0


def captures(*tops):
    """Every capture (NAME/NAME.wrp) under tests/data and the folders given."""
    out = []
    for top in (DATA, *tops):
        for dirpath, _, files in os.walk(top):
            out += [os.path.join(dirpath, f) for f in files
                    if f.endswith(".wrp") and f[:-4] == os.path.basename(dirpath)]
    return sorted(out)


def tree_digest(folder):
    """{relative path: SHA-256} of every file under folder: two builds compare equal
    only if they wrote the same files with the same bytes."""
    h = {}
    for dirpath, _, files in os.walk(folder):
        for f in files:
            p = os.path.join(dirpath, f)
            h[os.path.relpath(p, folder)] = hashlib.sha256(open(p, "rb").read()).hexdigest()
    return h
