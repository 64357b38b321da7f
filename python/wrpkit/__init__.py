"""wrpkit: NVIDIA Warp's captured graphs (.wrp), built for many GPUs ahead of time.

    import wrpkit
    report = wrpkit.build("sim.wrp", "sim.portable.wrp", profile="portable")
    info = wrpkit.inspect("sim.portable.wrp", archs=["sm_87", "sm_90"])

``build`` and ``inspect`` run the wrp-build and wrp-inspect tools shipped in this
package and return their JSON reports; a failure raises ``WrpkitError`` with the
tool's one-line message and exit code. ``wrpkit.warp.save_portable`` saves a
captured Warp graph and builds it in one call.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, Union

from ._tools import ExitCode, WrpkitError, bin_dir, run_tool

__all__ = ["build", "inspect", "BuildReport", "Progress", "WrpkitError", "ExitCode", "cmake_prefix", "bin_dir",
           "__version__"]

try:  # the installed distribution's version (CMakeLists.txt's project VERSION, via pyproject.toml)
    from importlib.metadata import version as _distribution_version

    __version__ = _distribution_version("wrpkit")
except Exception:  # imported from a source tree without being installed
    __version__ = "0+unknown"

PathLike = Union[str, os.PathLike]


@dataclass(frozen=True)
class Progress:
    """One progress event of a build: ``done`` of ``total`` items of ``stage``
    ("compile", "pack", "write", then "done") finished; ``current`` is the last
    item ("sim.ptx for sm_87"); ``elapsed_s`` counts from the build's start."""

    stage: str
    done: int
    total: int
    current: str
    elapsed_s: float


@dataclass
class BuildReport:
    """What ``wrp-build --json`` reports (README, "Use"): one entry in ``outputs``
    per artifact written (several with split_families), each with its modules
    and their images; ``raw`` is the whole JSON object."""

    outputs: list[dict[str, Any]]
    toolchain: str
    jobs: int
    compiles: int
    raw: dict[str, Any] = field(repr=False)

    @property
    def paths(self) -> list[Path]:
        """The .wrp files written."""
        return [Path(o["wrp"]) for o in self.outputs]


def _arch_list(archs: Union[str, Iterable[str], None]) -> str | None:
    if archs is None:
        return None
    if isinstance(archs, str):
        return archs
    return ",".join(archs)


def _read_progress(fd: int, callback: Callable[[Progress], None], errors: list[BaseException]) -> None:
    with os.fdopen(fd, "r", encoding="utf-8", errors="replace") as stream:
        for line in stream:
            if errors:
                continue  # keep draining so the tool never blocks on a full pipe
            try:
                callback(Progress(**json.loads(line)))
            except BaseException as e:  # re-raised in the caller's thread after the build
                errors.append(e)


def build(
    src: PathLike,
    out: PathLike,
    archs: Union[str, Sequence[str], None] = None,
    profile: str | None = None,
    ptx: str = "lowest",
    compress: str = "default",
    jobs: int | None = None,
    from_: str = "auto",
    *,
    force: bool = False,
    targets: PathLike | None = None,
    split_families: bool = False,
    all_kernels: bool = False,
    replay_helpers: bool = True,
    allow_cpu: bool = False,
    warp: PathLike | None = None,
    cuda: PathLike | None = None,
    cache_dir: PathLike | None = None,
    no_cache: bool = False,
    progress: Callable[[Progress], None] | None = None,
) -> BuildReport:
    """Builds ``src`` (a captured .wrp with its NAME_modules/) into ``out`` for
    every arch in ``archs`` ("sm_75,sm_90" or a list) or in ``profile`` of the
    targets manifest (``targets``, else $WRPKIT_TARGETS, else the built-in one).
    The options are wrp-build's (``from_`` is ``--from``). ``progress`` is called
    with a ``Progress`` as compiles and packs finish, on a helper thread, one call
    at a time. Raises ``WrpkitError`` exactly when the CLI would fail."""
    args = [os.fspath(src), "-o", os.fspath(out), "--json", "--ptx", ptx, "--compress", compress, "--from", from_]
    arch_list = _arch_list(archs)
    if arch_list is not None:
        args += ["--arch", arch_list]
    if profile is not None:
        args += ["--profile", profile]
    if jobs is not None:
        args += ["-j", str(jobs)]
    for flag, on in (("--force", force), ("--split-families", split_families), ("--all-kernels", all_kernels),
                     ("--allow-cpu", allow_cpu), ("--no-cache", no_cache), ("--no-replay-helpers", not replay_helpers)):
        if on:
            args.append(flag)
    for option, value in (("--targets", targets), ("--warp", warp), ("--cuda", cuda), ("--cache-dir", cache_dir)):
        if value is not None:
            args += [option, os.fspath(value)]

    if progress is None:
        stdout = run_tool("wrp-build", args)
    else:
        read_fd, write_fd = os.pipe()
        errors: list[BaseException] = []
        reader = threading.Thread(target=_read_progress, args=(read_fd, progress, errors), daemon=True)
        reader.start()
        try:
            stdout = run_tool("wrp-build", [*args, "--progress-fd", str(write_fd)], progress_fd=write_fd)
        finally:
            os.close(write_fd)
            reader.join()
        if errors:
            raise errors[0]
    raw = json.loads(stdout)
    return BuildReport(raw["outputs"], raw["toolchain"], raw["jobs"], raw["compiles"], raw)


def inspect(path: PathLike, archs: Union[str, Sequence[str], None] = None) -> dict[str, Any]:
    """What an artifact holds (``wrp-inspect --json``; schema: docs/inspect-json.md),
    with a load matrix for ``archs`` when given."""
    args = [os.fspath(path), "--json"]
    arch_list = _arch_list(archs)
    if arch_list is not None:
        args += ["--arch", arch_list]
    return json.loads(run_tool("wrp-inspect", args))


def cmake_prefix() -> Path:
    """The prefix to give CMake (CMAKE_PREFIX_PATH) for find_package(wrpkit):
    the C++ library, its headers and CMake package installed with this wheel."""
    return Path(__file__).resolve().parent
