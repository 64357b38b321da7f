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
import re
import sys
import sysconfig
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence, Union

from ._tools import ExitCode, WrpkitError, bin_dir, run_tool

__all__ = ["build", "inspect", "BuildReport", "Progress", "WrpkitError", "ExitCode", "cmake_prefix", "bin_dir",
           "__version__"]

def _version() -> str:
    """The installed distribution's version (CMakeLists.txt's project VERSION, via
    pyproject.toml); in a clone (scripts/setup's .venv), CMakeLists.txt's own."""
    try:
        from importlib.metadata import version

        return version("wrpkit")
    except Exception:
        pass
    cmake = Path(__file__).resolve().parent.parent.parent / "CMakeLists.txt"
    found = re.search(r"project\(wrpkit VERSION ([0-9.]+)", cmake.read_text()) if cmake.is_file() else None
    return found.group(1) if found else "0+unknown"


__version__ = _version()

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

    @property
    def cache(self) -> dict[str, Any]:
        """The build cache's counts: enabled, remote, hits (the local folder),
        remote_hits, misses (compiled)."""
        return self.raw["cache"]

    @property
    def compile_sources(self) -> list[dict[str, str]]:
        """Each image the build needed and where it came from: ``{"what", "from"}``
        with ``from`` one of "local", "remote", "compiled"."""
        return self.raw["compile_sources"]


def _arch_list(archs: Union[str, Iterable[str], None]) -> str | None:
    if archs is None:
        return None
    if isinstance(archs, str):
        return archs
    return ",".join(archs)


def _read_progress(fd: int, callback: Callable[[Progress], None], errors: list[BaseException]) -> None:
    with os.fdopen(fd, "r", encoding="utf-8", errors="replace") as stream:
        for line in stream:
            try:
                callback(Progress(**json.loads(line)))
            except BaseException as e:  # re-raised in the caller's thread
                errors.append(e)
                break  # closing the pipe cancels the build at its next progress event (wrp-build --progress-fd)


# The CLI's words in its one-line errors, as the Python API spells them.
_PYTHON_SPELLING = [
    (re.compile(r"--allow-cpu"), "allow_cpu=True"),
    (re.compile(r"--force"), "force=True"),
    (re.compile(r"--split-families"), "split_families=True"),
    (re.compile(r"--no-replay-helpers"), "replay_helpers=False"),
    (re.compile(r"--all-kernels"), "all_kernels=True"),
    (re.compile(r"--from (auto|source|binary)"), r'from_="\1"'),
    (re.compile(r"--ptx (lowest|none)"), r'ptx="\1"'),
    (re.compile(r"--arch\b"), "archs"),
    (re.compile(r"--profile\b"), "profile"),
    (re.compile(r"--warp DIR"), "warp=DIR"),
    (re.compile(r"--cuda (PATH|DIR)"), r"cuda=\1"),
    (re.compile(r"--targets\b"), "targets"),
    (re.compile(r"--min-driver ([0-9][0-9.]*[0-9])"), r'min_driver="\1"'),
    (re.compile(r"--min-driver"), "min_driver"),
]


def _in_python_words(e: WrpkitError) -> WrpkitError:
    """The tool's error as the API's user reads it: option names as keyword arguments."""
    message = e.message
    for pattern, spelling in _PYTHON_SPELLING:
        message = pattern.sub(spelling, message)
    return WrpkitError(e.tool, int(e.exit_code), message)


def _check_choice(name: str, value: Any, choices: Sequence[str]) -> None:
    if value not in choices:
        raise ValueError(f"wrpkit.build: {name}={value!r}: expected one of {', '.join(map(repr, choices))}")


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
    min_driver: str | None = None,
    all_kernels: bool = False,
    replay_helpers: bool = True,
    allow_cpu: bool = False,
    warp: PathLike | None = None,
    cuda: PathLike | None = None,
    cache_dir: PathLike | None = None,
    no_cache: bool = False,
    cache_remote: str | list[str] | None = None,
    sign: PathLike | None = None,
    sign_only: bool = False,
    fetch_toolchains: bool = False,
    progress: Callable[[Progress], None] | None = None,
) -> BuildReport:
    """Builds ``src`` (a captured .wrp with its NAME_modules/) into ``out`` for
    every arch in ``archs`` ("sm_75,sm_90" or a list) or in ``profile`` of the
    targets manifest (``targets``, else $WRPKIT_TARGETS, else the built-in one).
    The options are wrp-build's (``from_`` is ``--from``). ``progress`` is called
    with a ``Progress`` as compiles and packs finish, on a helper thread, one call
    at a time. ``sign``: an Ed25519 private key (PEM) that signs the output
    (``--sign``); with ``sign_only``, ``src`` is a wrp-build output signed into
    ``out`` without rebuilding. ``fetch_toolchains``: install the CUDA releases the build
    lacks first (``--fetch-toolchains``; wrpkit.toolchain). ``cache_remote``: shared caches behind the local
    one (``--cache-remote``), a string in ccache's syntax or a list of its URLs
    ("http://cache/wrpkit|layout=bazel", "redis://host:6379|read-only"); None leaves
    $WRPKIT_CACHE_REMOTE to decide. Raises ``WrpkitError`` exactly when the CLI would fail."""
    _check_choice("ptx", ptx, ("lowest", "none"))
    _check_choice("compress", compress, ("none", "default", "size"))
    _check_choice("from_", from_, ("auto", "source", "binary"))
    if jobs is not None and (not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1):
        raise ValueError(f"wrpkit.build: jobs={jobs!r}: expected a whole number of at least 1")
    if archs is not None and profile is not None:
        raise ValueError("wrpkit.build: give archs or profile, not both")
    args = [os.fspath(src), "-o", os.fspath(out), "--json", "--ptx", ptx, "--compress", compress, "--from", from_]
    arch_list = _arch_list(archs)
    if arch_list is not None:
        args += ["--arch", arch_list]
    if profile is not None:
        args += ["--profile", profile]
    if jobs is not None:
        args += ["-j", str(jobs)]
    for flag, on in (("--force", force), ("--split-families", split_families), ("--all-kernels", all_kernels),
                     ("--allow-cpu", allow_cpu), ("--no-cache", no_cache), ("--no-replay-helpers", not replay_helpers),
                     ("--sign-only", sign_only), ("--fetch-toolchains", fetch_toolchains)):
        if on:
            args.append(flag)
    for option, value in (("--targets", targets), ("--warp", warp), ("--cuda", cuda), ("--cache-dir", cache_dir),
                          ("--min-driver", min_driver), ("--sign", sign)):
        if value is not None:
            args += [option, os.fspath(value)]
    if cache_remote is not None:
        args += ["--cache-remote", cache_remote if isinstance(cache_remote, str) else " ".join(cache_remote)]

    try:
        if progress is None:
            stdout = run_tool("wrp-build", args, env=_tool_env())
        else:
            read_fd, write_fd = os.pipe()
            errors: list[BaseException] = []
            reader = threading.Thread(target=_read_progress, args=(read_fd, progress, errors), daemon=True)
            reader.start()
            try:
                stdout = run_tool("wrp-build", [*args, "--progress-fd", str(write_fd)], progress_fd=write_fd,
                                  env=_tool_env())
            except WrpkitError:
                if not errors:
                    raise
            finally:
                os.close(write_fd)
                reader.join()
            if errors:  # the callback raised: the build stopped at its next progress event
                raise errors[0]
    except WrpkitError as e:
        raise _in_python_words(e) from None
    raw = json.loads(stdout)
    return BuildReport(raw["outputs"], raw["toolchain"], raw["jobs"], raw["compiles"], raw)


def _tool_env() -> dict[str, str]:
    """The tools' environment: this Python's site-packages named in
    $WRPKIT_SITE_PACKAGES, where they look for the NVIDIA wheels and warp-lang
    first, so a venv's packages are used even when the venv is not activated."""
    paths = sysconfig.get_paths()
    own = os.pathsep.join(dict.fromkeys(p for p in (paths["purelib"], paths["platlib"]) if p))
    inherited = os.environ.get("WRPKIT_SITE_PACKAGES")
    return dict(os.environ, WRPKIT_SITE_PACKAGES=f"{own}{os.pathsep}{inherited}" if inherited else own,
                WRPKIT_PYTHON=os.environ.get("WRPKIT_PYTHON", sys.executable))


def inspect(path: PathLike, archs: Union[str, Sequence[str], None] = None, *, verify: bool = False,
            trust: Sequence[PathLike] = (), driver: str | None = None) -> dict[str, Any]:
    """What an artifact holds (``wrp-inspect --json``; schema: docs/inspect-json.md),
    with a load matrix for ``archs`` when given (its verdict in ``load_matrix``; under a
    driver of CUDA release ``driver``, "12.6", when given). ``verify`` adds the ``verify``
    verdict (``--verify``: is every byte what wrp-build wrote?), ``trust`` the public
    keys (PEM files) one of which must have signed it; the report is returned either
    way (its ``verify.ok`` says)."""
    args = [os.fspath(path), "--json"]
    arch_list = _arch_list(archs)
    if arch_list is not None:
        args += ["--arch", arch_list]
    if driver is not None:
        args += ["--driver", driver]
    if trust and not verify:
        raise ValueError("wrpkit.inspect: trust needs verify=True")
    if verify:
        args.append("--verify")
    for key in trust:
        args += ["--trust", os.fspath(key)]
    # Exit 1 and 2 with a report are its verdict (JIT needed, cannot load, not verified), not an error.
    return json.loads(run_tool("wrp-inspect", args, env=_tool_env(), verdict_codes=(1, 2)))


def cmake_prefix() -> Path:
    """The prefix to give CMake (CMAKE_PREFIX_PATH) for find_package(wrpkit):
    the C++ library, its headers and CMake package installed with this wheel."""
    return Path(__file__).resolve().parent
