#!/usr/bin/env python3
"""Arrows point down only: every `#include "wrpkit/LAYER/..."` in lib/wrpkit/L/ names
L itself or a layer L may use (docs/architecture.md). CMake links each layer only to
those below, so a wrong arrow fails the link too; this names the file and line.
Also: the runtime's shared library holds no kernel source (only wrp-build compiles), and
no installed header reaches toml++ (only the library's own *_toml.hpp, not installed, do)."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Each layer and the layers it may include (directly or through them).
MAY_USE = {
    "base": set(),
    "formats": {"base"},
    "trust": {"formats", "base"},
    "artifact": {"trust", "formats", "base"},
    "driver": {"base"},
    "load": {"artifact", "driver", "trust", "formats", "base"},
    "replay": {"artifact", "driver", "trust", "formats", "base"},
    "cache": {"base"},
    "toolchain": {"cache", "formats", "base"},
    "report": {"load", "replay", "artifact", "driver", "trust", "formats", "base"},
    "pipeline": {"toolchain", "cache", "report", "load", "replay", "artifact", "driver", "trust", "formats", "base"},
    "runtime": {"replay", "artifact", "driver", "trust", "formats", "base"},
}
INCLUDE = re.compile(r'#include "wrpkit/([a-z_]+)/[^"]+"')
ANY_INCLUDE = re.compile(r'#include [<"]([^">]+)[">]')


def toml_reachers(lib: pathlib.Path) -> list:
    """Installed headers that include toml++, directly or through another wrpkit header."""
    headers = {f"wrpkit/{h.relative_to(lib).as_posix()}": h for h in lib.rglob("*.hpp")}
    includes = {name: ANY_INCLUDE.findall(h.read_text()) for name, h in headers.items()}
    reaches = {}

    def reach(name, seen=()):
        if name not in reaches:
            reaches[name] = any(i.startswith("toml++") or (i in includes and i not in seen and reach(i, seen + (name,)))
                                for i in includes[name])
        return reaches[name]

    return sorted(n for n in headers if not n.endswith("_toml.hpp") and reach(n))


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
    for h in toml_reachers(lib):
        problems.append(f"lib/{h}: an installed header that reaches toml++; keep toml++ in a *_toml.hpp or a .cpp")
    runtime = pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else None
    if runtime is not None:
        text = subprocess.run(["strings", str(runtime)], capture_output=True, text=True, check=True).stdout
        if "__global__" in text:
            problems.append(f"{runtime}: holds CUDA kernel source (__global__); it belongs to the pipeline layer")
    for p in problems:
        print(p)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
