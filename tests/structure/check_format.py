#!/usr/bin/env python3
"""Every C and C++ source git tracks is formatted as .clang-format says (clang-format 14,
Debian 12's: another major formats some constructs differently, so it skips).
Fix with: clang-format -i FILE... (the kernels' .cu are left alone: their bytes are
embedded in wrp-build and key the compile cache)."""
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
SKIP = 77


def main() -> int:
    exe = shutil.which("clang-format-14") or shutil.which("clang-format")
    if not exe:
        print("SKIP: no clang-format (Debian: clang-format); scripts/setup installs it")
        return SKIP
    version = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout
    if not re.search(r"version 14\.", version):
        print(f"SKIP: {version.strip()} is not clang-format 14, which the tree is formatted with")
        return SKIP
    listed = subprocess.run(["git", "ls-files", "*.cpp", "*.hpp", "*.h", "*.c"], cwd=ROOT, capture_output=True,
                            text=True)
    if listed.returncode != 0:
        print("SKIP: not a git checkout")
        return SKIP
    files = [f for f in listed.stdout.split() if not f.startswith("tests/data/")]
    bad = []
    for i in range(0, len(files), 50):
        p = subprocess.run([exe, "--dry-run", "--Werror", *files[i:i + 50]], cwd=ROOT, capture_output=True, text=True)
        bad += sorted({line.split(":")[0] for line in p.stderr.splitlines() if ": error:" in line})
    for f in bad:
        print(f"{f}: not formatted; run clang-format -i {f}")
    print(f"{len(files)} files checked, {len(bad)} not formatted")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
