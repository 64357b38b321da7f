"""Running the wrpkit tools that ship inside this package (wrpkit/bin).

The Python API runs the C++ tools as subprocesses rather than binding the
library: a build already runs in several processes (NVRTC workers are copies
of wrp-build), a tool starts in milliseconds against builds of seconds, and
with no extension module one wheel serves every Python 3 version.
"""

from __future__ import annotations

import enum
import os
import subprocess
import sys
from pathlib import Path


class ExitCode(enum.IntEnum):
    """The tools' documented exit codes (README, "Exit codes")."""

    OK = 0
    USAGE = 1  # bad option or manifest, existing output without force, output onto the input
    BAD_INPUT = 2  # malformed or unsafe artifact, CPU graph without allow_cpu, ...
    TARGET = 3  # a requested target cannot be built; wrp-run: ops it cannot replay
    TOOLCHAIN = 4  # CUDA libraries or driver/GPU missing or failed, Warp headers of another release
    OUTPUT = 5  # the output cannot be written; nothing was left half-written
    INTERNAL = 70  # a bug in wrpkit: please report it


class WrpkitError(Exception):
    """A tool failed. ``str(e)`` is the tool's one-line error, exactly as the CLI
    prints it; ``exit_code`` is the CLI's exit code (``ExitCode`` where known)."""

    def __init__(self, tool: str, exit_code: int, message: str):
        super().__init__(message)
        self.tool = tool
        try:
            self.exit_code: int = ExitCode(exit_code)
        except ValueError:
            self.exit_code = exit_code
        self.message = message


def bin_dir() -> Path:
    """The folder holding wrp-build and wrp-inspect: the package's own ``bin`` (the
    wheel), else, for the package of a clone (scripts/setup puts python/ on the
    clone's .venv path), the clone's ``build/bin``. ``$WRPKIT_BIN`` overrides both."""
    override = os.environ.get("WRPKIT_BIN")
    if override:
        return Path(override)
    own = Path(__file__).resolve().parent / "bin"
    clone_build = Path(__file__).resolve().parent.parent.parent / "build" / "bin"
    if not own.is_dir() and (clone_build / "wrp-build").is_file():
        return clone_build
    return own


def tool_path(tool: str) -> Path:
    path = bin_dir() / tool
    if not path.is_file():
        raise WrpkitError(tool, ExitCode.TOOLCHAIN, f"{tool}: not found at {path}; reinstall wrpkit (pip install wrpkit)")
    return path


def error_from(tool: str, returncode: int, stderr: str) -> WrpkitError:
    """The tool's error line (the last line naming an error; all of stderr when none does)."""
    lines = [ln for ln in stderr.splitlines() if ln.strip()]
    errors = [ln for ln in lines if ln.startswith(f"{tool}: error:") or ln.startswith(f"{tool}: internal error:")]
    if errors:
        message = errors[-1]
    elif lines:
        message = "\n".join(lines)
    elif returncode < 0:
        message = f"{tool}: killed by signal {-returncode}"
    else:
        message = f"{tool}: exit code {returncode}"
    return WrpkitError(tool, returncode, message)


def run_tool(tool: str, args: list[str], progress_fd: int | None = None, env: dict[str, str] | None = None,
             verdict_codes: tuple[int, ...] = ()) -> str:
    """Runs a tool; returns its stdout, raises WrpkitError with its error line.
    Warnings (stderr lines that are not the error) are passed on to sys.stderr.
    ``verdict_codes``: exit codes that are a verdict printed with the report (wrp-inspect
    --arch / --verify), not an error, when the tool printed a report and no error line."""
    cmd = [str(tool_path(tool)), *args]
    pass_fds = (progress_fd,) if progress_fd is not None else ()
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, pass_fds=pass_fds, env=env)
    verdict = (proc.returncode in verdict_codes and proc.stdout.strip()
               and f"{tool}: error:" not in proc.stderr and f"{tool}: internal error:" not in proc.stderr)
    if proc.returncode != 0 and not verdict:
        raise error_from(tool, proc.returncode, proc.stderr)
    if proc.stderr:
        sys.stderr.write(proc.stderr)
    return proc.stdout


def main(tool: str) -> None:
    """Console entry point: replaces this Python process with the tool (which is told this
    Python, for wrp-build --fetch-toolchains to run `wrpkit toolchain install` with)."""
    path = tool_path(tool)
    os.environ.setdefault("WRPKIT_PYTHON", sys.executable)
    os.execv(path, [tool, *sys.argv[1:]])


def wrp_build_main() -> None:
    main("wrp-build")


def wrp_inspect_main() -> None:
    main("wrp-inspect")


def wrp_run_main() -> None:
    main("wrp-run")
