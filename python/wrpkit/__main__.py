"""``python -m wrpkit``: the tools by name, and where they are.

    python -m wrpkit                       version, tools, how to call them
    python -m wrpkit build IN.wrp -o OUT.wrp --profile portable
    python -m wrpkit inspect OUT.wrp --arch sm_87,sm_90
    python -m wrpkit run OUT.wrp
    python -m wrpkit toolchain list|install X.Y|remove X.Y   (also the `wrpkit` command)
"""

from __future__ import annotations

import sys

from . import __version__, cmake_prefix
from ._tools import bin_dir, main

_TOOLS = {"build": "wrp-build", "inspect": "wrp-inspect", "run": "wrp-run"}


def _main(argv: list[str]) -> None:
    if argv[:1] == ["toolchain"]:
        from .toolchain import main as toolchain_main
        sys.exit(toolchain_main(argv[1:]))
    if argv and argv[0] in _TOOLS:
        sys.argv = [_TOOLS[argv[0]], *argv[1:]]
        main(_TOOLS[argv[0]])  # replaces this process
    if argv and argv[0] not in ("-h", "--help", "--version"):
        print(f"python -m wrpkit: unknown command '{argv[0]}'; expected one of: {', '.join(_TOOLS)}, toolchain",
              file=sys.stderr)
        sys.exit(1)
    print(f"wrpkit {__version__}")
    if argv[:1] == ["--version"]:
        return
    print(f"tools: {bin_dir()}")
    print(f"CMake package: {cmake_prefix()}")
    print("usage: python -m wrpkit {build|inspect|run} ARGS...   (the same as wrp-build, wrp-inspect, wrp-run)")
    print("       python -m wrpkit toolchain {list|install X.Y|remove X.Y}   (CUDA compilers on demand)")


def console_main() -> None:
    """The `wrpkit` command: `wrpkit toolchain ...` and the rest of python -m wrpkit."""
    _main(sys.argv[1:])


if __name__ == "__main__":
    _main(sys.argv[1:])
