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
