"""wrpkit.warp.load's check before it hands an artifact to Warp (wrpkit.warp.check_gpu): for
the GPU it is about to load on, the artifact's bytes are what wrp-build wrote and every
module loads there as SASS; otherwise one WrpkitError naming the module, the GPU's arch,
what would happen and the wrp-build command that makes an artifact that loads there.
Runs in the clone's .venv (scripts/setup: python/ on its path, warp-lang installed);
wrpkit.warp.load itself on a GPU: the GPU checks."""
import os
import subprocess

from common import ENV, Skip, local, main, run, tmpdir

ROOT = os.environ["WRPKIT_SOURCE_DIR"]

CHECK = """
import sys, wrpkit.warp as w
try:
    w.check_gpu(sys.argv[1], sys.argv[2], sys.argv[3], allow_jit=sys.argv[4] == "jit")
    print("ok")
except w.WrpkitError as e:
    print(e.exit_code, e)
"""


def check_gpu(path, arch, driver, jit="sass"):
    py = os.path.join(ROOT, ".venv", "bin", "python")
    if not os.path.exists(py):
        raise Skip("no .venv (scripts/setup makes it)")
    env = {k: v for k, v in ENV.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    r = subprocess.run([py, "-c", CHECK, path, arch, driver, jit], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip()


def test_check_gpu_passes_sass_and_names_what_would_not_load():
    out = os.path.join(tmpdir(), "w.wrp")
    r = run("wrp-build", local("warp-1.19.0-h200/default-sf/while_loop"), "--from", "binary", "--arch", "sm_90",
            "--ptx", "none", "-o", out)
    assert r.returncode == 0, r.stderr
    assert check_gpu(out, "sm_90", "13.0") == "ok"
    msg = check_gpu(out, "sm_87", "12.6")
    assert msg.startswith("3 ") and "would be compiled from its retained CUDA source by Warp at load" in msg, msg
    assert f"(sm_87, a CUDA 12.6 driver); build an artifact that loads there: wrp-build {out} --arch sm_87 " \
           "--min-driver 12.6" in msg, msg
    assert check_gpu(out, "sm_87", "12.6", jit="jit") == "ok"  # allow_jit: Warp's own compile accepted
    module = next(f for f in os.listdir(out[:-4] + "_modules") if f.endswith(".cubin"))
    with open(os.path.join(out[:-4] + "_modules", module), "r+b") as f:
        f.write(b"XX")
    msg = check_gpu(out, "sm_90", "13.0")
    assert msg.startswith("2 ") and "differs from the wrpkit manifest" in msg, msg


if __name__ == "__main__":
    main()
