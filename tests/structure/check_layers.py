#!/usr/bin/env python3
"""Arrows point down only: every `#include "wrpkit/LAYER/..."` in lib/wrpkit/L/ names
L itself or a layer L may use (docs/architecture.md). CMake links each layer only to
those below, so a wrong arrow fails the link too; this names the file and line.
Also: the runtime's shared library holds no kernel source (only wrp-build compiles)."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Each layer and the layers it may include (directly or through them).
MAY_USE = {
    "base": set(),
    "formats": {"base"},
    "driver": {"base"},
    "helpers": {"formats", "base"},
    "toolchain": {"formats", "base"},
    "report": {"helpers", "driver", "formats", "base"},
    "build": {"toolchain", "report", "helpers", "driver", "formats", "base"},
    "runtime": {"helpers", "driver", "formats", "base"},
}
INCLUDE = re.compile(r'#include "wrpkit/([a-z_]+)/[^"]+"')


def main() -> int:
    lib = ROOT / "lib" / "wrpkit"
    problems = []
    found = {p.name for p in lib.iterdir() if p.is_dir()}
    if found != set(MAY_USE):
        problems.append(f"lib/wrpkit has folders {sorted(found)}, the layer table {sorted(MAY_USE)}: update both")
    for layer, allowed in MAY_USE.items():
        for f in sorted((lib / layer).rglob("*")):
            if f.suffix not in (".cpp", ".hpp", ".h"):
                continue
            for n, line in enumerate(f.read_text().splitlines(), 1):
                m = INCLUDE.match(line)
                if m and m.group(1) != layer and m.group(1) not in allowed:
                    problems.append(f"{f.relative_to(ROOT)}:{n}: layer {layer} includes {m.group(1)} "
                                    f"(it may use {', '.join(sorted(allowed)) or 'nothing'})")
    runtime = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None
    if runtime is not None:
        text = subprocess.run(["strings", str(runtime)], capture_output=True, text=True, check=True).stdout
        if "__global__" in text:
            problems.append(f"{runtime}: holds CUDA kernel source (__global__); it belongs to the build layer")
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
