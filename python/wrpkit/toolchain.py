"""CUDA toolchains on demand: NVIDIA's compiler wheels of one release (nvJitLink, NVRTC,
nvFatbin) installed with pip into a per-user folder that wrp-build searches without any
variable. A Jetson target needs SASS from a compiler no newer than the board's driver
(CUDA 12.6 for JetPack 6), which a pip install of wrpkit alone does not bring.

    wrpkit toolchain list
    wrpkit toolchain install 12.6        # also: python -m wrpkit toolchain install 12.6
    wrpkit toolchain remove 12.6

Each release is pinned (_toolchain_pins.py: versions and SHA-256 of every wheel file) and
installed with ``pip --require-hashes``. The folder is ``$WRPKIT_TOOLCHAIN_HOME``, else
``$XDG_CACHE_HOME/wrpkit/toolchains``, else ``~/.cache/wrpkit/toolchains``; each release
in ``cuda-X.Y`` with a ``wrpkit-toolchain.json`` listing every file and its size, written
last, inside a temporary folder renamed into place: a folder without it, or whose files
differ from it, is damaged and installed again. One install per release at a time (a lock
file); a second job waits and then finds it installed. ``$WRPKIT_TOOLCHAIN_FIND_LINKS``
(a folder of wheels) installs without the network. pip is this Python's own (``-m pip``)
unless ``$WRPKIT_PIP`` names another pip command (words split as a shell does), for a
Python without pip or one that cannot start itself (an emulated one: the aarch64 check).
"""

from __future__ import annotations

import fcntl
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Optional

from ._toolchain_pins import PINS

MARKER = "wrpkit-toolchain.json"


class ToolchainError(Exception):
    """An install or removal failed; ``str(e)`` is one line saying what to do."""


def home() -> Path:
    """The per-user folder wrp-build searches (lib/wrpkit/toolchain/find.cpp: the same rule)."""
    if os.environ.get("WRPKIT_TOOLCHAIN_HOME"):
        return Path(os.environ["WRPKIT_TOOLCHAIN_HOME"])
    cache = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(cache) / "wrpkit" / "toolchains"


def _platform() -> str:
    machine = platform.machine()
    return {"arm64": "aarch64", "AMD64": "x86_64"}.get(machine, machine)


def _release(release: str) -> str:
    if release not in PINS:
        raise ToolchainError(f"wrpkit toolchain: CUDA {release} is not a release it knows; known: {', '.join(PINS)}")
    return release


def newest_up_to(at_most: str) -> str:
    """The newest pinned release of at_most's major that is not newer than it."""
    want = tuple(int(x) for x in at_most.split("."))
    fits = [r for r in PINS if int(r.split(".")[0]) == want[0] and tuple(int(x) for x in r.split(".")) <= want]
    if not fits:
        raise ToolchainError(f"wrpkit toolchain: no pinned CUDA release of {want[0]}.x is at most {at_most}")
    return max(fits, key=lambda r: tuple(int(x) for x in r.split(".")))


def download_bytes(release: str) -> int:
    """What an install downloads here: the largest of each wheel's files for this machine."""
    return sum(max((size for name, _, size in files if name.endswith(f"_{_platform()}.whl")), default=0)
               for _, _, files in PINS[_release(release)])


def state(release: str) -> str:
    """'installed', 'damaged' (a folder its marker does not describe) or 'absent'."""
    folder = home() / f"cuda-{release}"
    if not folder.exists():
        return "absent"
    try:
        marker = json.loads((folder / MARKER).read_text())
        ok = marker["release"] == release and all(
            (folder / f).is_file() and (folder / f).stat().st_size == size for f, size in marker["files"].items())
    except (OSError, ValueError, KeyError, TypeError):
        ok = False
    return "installed" if ok else "damaged"


def _requirements(release: str) -> str:
    lines = []
    for package, version, files in PINS[release]:
        hashes = " ".join(f"--hash=sha256:{sha}" for _, sha, _ in files)
        lines.append(f"{package}=={version} {hashes}")
    return "\n".join(lines) + "\n"


def _pip() -> list:
    own = os.environ.get("WRPKIT_PIP", "").strip()
    return shlex.split(own) if own else [sys.executable, "-m", "pip"]


def _pip_install(release: str, target: Path) -> None:
    req = target / "requirements.txt"
    req.write_text(_requirements(release))
    cmd = [*_pip(), "install", "--quiet", "--disable-pip-version-check", "--no-deps",
           "--only-binary=:all:", "--require-hashes", "--target", str(target / "site"), "-r", str(req)]
    find_links = os.environ.get("WRPKIT_TOOLCHAIN_FIND_LINKS")
    if find_links:
        cmd += ["--no-index", "--find-links", find_links]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as e:  # WRPKIT_PIP names nothing that runs
        raise ToolchainError(f"wrpkit toolchain: cannot run pip as `{shlex.join(_pip())}` ({e.strerror}); "
                             "set WRPKIT_PIP to a pip command that runs here") from None
    req.unlink()
    if "No module named pip" in p.stderr:
        raise ToolchainError(f"wrpkit toolchain: {_pip()[0]} has no pip; install pip into it "
                             "(python -m ensurepip) or set WRPKIT_PIP to a pip command")
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["pip failed"])[-1]
        raise ToolchainError(f"wrpkit toolchain: installing CUDA {release} failed (pip: {last.strip()}); run "
                             f"`wrpkit toolchain install {release}` where the package index can be reached, or "
                             f"point WRPKIT_TOOLCHAIN_FIND_LINKS at a folder holding its wheels")


def _write_marker(release: str, site: Path) -> None:
    files = {str(p.relative_to(site)): p.stat().st_size for p in sorted(site.rglob("*")) if p.is_file()}
    packages = {package: version for package, version, _ in PINS[release]}
    (site / MARKER).write_text(json.dumps({"release": release, "packages": packages, "files": files}, indent=1))


def resolve(release: str) -> str:
    """A pinned release for ``release``: itself; for a major ("13") its newest; for a release
    without wheels of its own (12.7), the newest pinned one before it, which its drivers load."""
    if release in PINS:
        return release
    if release.isdigit():
        return newest_up_to(f"{release}.99")
    try:
        return newest_up_to(release)
    except (ValueError, ToolchainError):
        return _release(release)  # names the known releases


def install(release: str, log=print) -> Path:
    """Installs CUDA ``release``'s pinned compiler wheels unless already there, intact."""
    release = resolve(release)
    root = home()
    root.mkdir(parents=True, exist_ok=True)
    final = root / f"cuda-{release}"
    with open(root / f".cuda-{release}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # a second job waits here, then finds it installed
        st = state(release)
        if st == "installed":
            log(f"wrpkit toolchain: CUDA {release} is installed in {final}")
            return final
        log(f"wrpkit toolchain: {'reinstalling (damaged)' if st == 'damaged' else 'installing'} CUDA {release}: "
            f"{', '.join(f'{p}=={v}' for p, v, _ in PINS[release])} ({download_bytes(release) / 1e6:.0f} MB) "
            f"into {final}")
        work = Path(tempfile.mkdtemp(prefix=f".cuda-{release}.", dir=root))
        try:
            _pip_install(release, work)
            _write_marker(release, work / "site")
            if final.exists():
                shutil.rmtree(final)
            os.rename(work / "site", final)  # whole or not at all
        finally:
            shutil.rmtree(work, ignore_errors=True)
        return final


def remove(release: str, log=print) -> None:
    _release(release)
    final = home() / f"cuda-{release}"
    if not final.exists():
        log(f"wrpkit toolchain: CUDA {release} is not installed")
        return
    with open(home() / f".cuda-{release}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # not while another job installs it
        shutil.rmtree(final, ignore_errors=True)
    log(f"wrpkit toolchain: removed CUDA {release} from {final}")


def listing() -> str:
    lines = [f"toolchains in {home()} (pinned releases; `wrpkit toolchain install X.Y`):"]
    for release in PINS:
        st = state(release)
        size = f"{download_bytes(release) / 1e6:.0f} MB download"
        lines.append(f"  CUDA {release:5} {st:9} {size}")
    return "\n".join(lines)


def main(argv: Optional[list] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    usage = "usage: wrpkit toolchain {list | install RELEASE | remove RELEASE}   (RELEASE: 12.6, or 13 for the newest)"
    try:
        if argv[:1] == ["list"]:
            print(listing())
            return 0
        if len(argv) >= 2 and argv[0] in ("install", "remove"):
            (install if argv[0] == "install" else remove)(argv[1])
            return 0
    except ToolchainError as e:
        print(str(e), file=sys.stderr)
        return 4
    print(usage, file=sys.stderr)
    return 1
