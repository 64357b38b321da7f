"""One call for a Warp user to ship a captured graph: save it, build it.

    import warp as wp, wrpkit.warp
    with wp.ScopedCapture(apic=True) as capture: ...
    wrpkit.warp.save_portable(capture.graph, "sim.wrp", targets="portable", inputs=..., outputs=...)
"""

from __future__ import annotations

import inspect as _inspect
import os
import re
import shutil
import tempfile
from pathlib import Path
from typing import Any, Sequence, Union

from . import BuildReport, WrpkitError, build

# wrpkit.build's keyword arguments as named in its errors ("allow_cpu=True").
_BUILD_OPTION = re.compile(r"\b(allow_cpu|force|split_families|replay_helpers|all_kernels|from_|ptx)=(True|False|\"\w+\")")


def _is_arch_list(targets: Union[str, Sequence[str]]) -> bool:
    if not isinstance(targets, str):
        return True
    return all(part.strip().startswith("sm_") for part in targets.split(","))


def save_portable(
    graph: Any,
    path: Union[str, os.PathLike],
    targets: Union[str, Sequence[str]] = "portable",
    *,
    build_options: dict | None = None,
    **capture_save_kwargs: Any,
) -> BuildReport:
    """Saves ``graph`` with ``wp.capture_save`` (with ``source_fallback=True`` where
    the installed Warp has it, so CUBIN-only captures can still be retargeted) into
    a temporary folder beside ``path``, builds it with ``wrpkit.build`` into
    ``path`` (NAME.wrp + NAME_modules/), and removes the temporary capture.

    ``targets`` is a profile name of the targets manifest ("portable",
    "jetson-orin", ...) or archs ("sm_87,sm_90" or a list). ``build_options`` go
    to ``wrpkit.build`` (e.g. ``{"force": True, "ptx": "none"}``); every other
    keyword goes to ``wp.capture_save`` (``inputs``, ``outputs``, ...)."""
    import warp as wp

    out = Path(path)
    if out.suffix != ".wrp":
        out = out.with_name(out.name + ".wrp")
    if "source_fallback" not in capture_save_kwargs and "source_fallback" in _inspect.signature(
            wp.capture_save).parameters:
        capture_save_kwargs["source_fallback"] = True
    options = dict(build_options or {})
    if _is_arch_list(targets):
        options["archs"] = targets
    else:
        options["profile"] = targets
    out.parent.mkdir(parents=True, exist_ok=True)
    # Beside the output: same file system, and never inside the output's own folder.
    staging = Path(tempfile.mkdtemp(prefix=f".{out.stem}.capture-", dir=out.parent))
    try:
        captured = staging / out.name
        wp.capture_save(graph, str(captured), **capture_save_kwargs)
        try:
            return build(captured, out, **options)
        except WrpkitError as e:
            # The temporary capture is gone when the caller reads this: name what it was,
            # and the build options as save_portable takes them.
            message = e.message.replace(str(captured), f"the graph (as captured for {out})")
            message = _BUILD_OPTION.sub(lambda m: f"build_options={{'{m.group(1)}': {m.group(2)}}}", message)
            raise WrpkitError(e.tool, int(e.exit_code), message) from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


_VERDICTS = {"jit": "would be compiled by the driver's PTX JIT at load",
             "source": "would be compiled from its retained CUDA source by Warp at load (NVRTC)",
             "none": "cannot load (no SASS for this GPU and no PTX or source it can use)"}


def check_gpu(path: Union[str, os.PathLike], arch: str, driver: str, *, trust: Sequence[Union[str, os.PathLike]] = (),
              allow_jit: bool = False) -> None:
    """Checks ``path`` against a GPU of ``arch`` ("sm_87") under a driver of CUDA release
    ``driver`` ("12.6"), as ``load`` does before handing it to Warp: its bytes are what
    wrp-build wrote (when it has a wrpkit manifest, or ``trust`` keys are given: then it must
    be signed by one), and every module loads there as SASS (``allow_jit``: JIT or Warp's own
    source compile accepted). Raises ``WrpkitError`` (exit code 3 for a module, 2 for the bytes)
    with one line naming the module, the GPU's arch, what would happen and the wrp-build
    command that makes an artifact that loads there."""
    from . import inspect

    report = inspect(path, archs=[arch], driver=driver, verify=True, trust=trust)
    verdict = report.get("verify") or {}
    built = report.get("integrity", {}).get("state") != "unverified"  # a wrpkit manifest vouches for its bytes
    if (trust or built) and not verdict.get("ok", False):
        why = "; ".join(p.get("message", str(p)) if isinstance(p, dict) else str(p) for p in verdict.get("problems", []))
        raise WrpkitError("wrpkit.warp.load", 2, f"{path}: {why or 'its bytes are not what wrp-build wrote'}")
    row = report.get("load_matrix", {}).get(arch, {})
    for module, verdict in row.items():
        if verdict == "sass" or (allow_jit and verdict in ("jit", "source")):
            continue
        out = Path(path).with_name(Path(path).stem + f".{arch}.wrp")
        raise WrpkitError("wrpkit.warp.load", 3,
                          f"{path}: module {module} {_VERDICTS.get(verdict, verdict)} on this GPU ({arch}, a CUDA "
                          f"{driver} driver); build an artifact that loads there: wrp-build {path} --arch {arch} "
                          f"--min-driver {driver} -o {out}")


def load(path: Union[str, os.PathLike], device: Any = None, trust: Sequence[Union[str, os.PathLike]] = (), *,
         allow_jit: bool = False) -> Any:
    """``wp.capture_load(path, device=...)`` after ``check_gpu`` for the GPU it is about to
    load on (its arch and this machine's driver): one clear error up front instead of Warp
    failing inside its loader or compiling at every cold start. A CPU device is not checked."""
    import warp as wp

    d = wp.get_device(device)
    if not d.is_cpu:
        version = wp.get_cuda_driver_version()  # 13000 -> "13.0"
        check_gpu(path, f"sm_{d.arch}", f"{version // 1000}.{version % 1000 // 10}", trust=trust, allow_jit=allow_jit)
    return wp.capture_load(os.fspath(path), device=d)
