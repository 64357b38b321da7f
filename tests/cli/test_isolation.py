"""Isolation of unverified input, without a GPU: a fake libcuda.so.1 (tests/fake_cuda)
whose module loader crashes like a real driver on a marked image. wrp-run refuses a
capture as Warp saved it unless --allow-unverified; opted in, its images are loaded by
wrpkit-module-probe first, so the crash kills the child and wrp-run refuses naming the
module (exit 2). With --no-isolate the same crash takes wrp-run itself down: what the
child is for."""
import os
import shutil
import signal

from common import BIN, ENV, local, main, run, tmpdir

FAKE_CUDA = os.path.join(os.path.dirname(BIN), "fake-cuda")
FAKE_ENV = dict(ENV, LD_LIBRARY_PATH=FAKE_CUDA + os.pathsep + ENV.get("LD_LIBRARY_PATH", ""))


def marked_capture(marker):
    """A copy of a real capture whose PTX module carries `marker` in a comment."""
    src = os.path.dirname(local("warp-1.17.0-h200/particles"))
    dst = os.path.join(tmpdir(), "particles")
    shutil.copytree(src, dst)
    modules = os.path.join(dst, "particles_modules")
    (ptx,) = [f for f in os.listdir(modules) if f.endswith(".ptx")]
    path = os.path.join(modules, ptx)
    text = open(path, "rb").read()
    nul = text.endswith(b"\0")  # Warp saves PTX with its terminator: the driver reads up to it
    open(path, "wb").write(text.rstrip(b"\0") + f"// {marker}\n".encode() + (b"\0" if nul else b""))
    return os.path.join(dst, "particles.wrp"), ptx


def test_a_driver_crash_in_the_child_is_a_refusal_naming_the_module():
    wrp, ptx = marked_capture("WRPKIT_FAKE_CRASH")
    r = run("wrp-run", wrp, env=FAKE_ENV)
    assert r.returncode == 2 and "has no wrpkit manifest" in r.stderr, r.stderr  # not opted in: never loaded
    r = run("wrp-run", wrp, "--allow-unverified", env=FAKE_ENV)
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert f"module {os.path.dirname(wrp)}/particles_modules/{ptx} crashed the CUDA driver (" in r.stderr, r.stderr
    assert "isolated child process" in r.stderr and r.stderr.count("\n") == 1, r.stderr
    r = run("wrp-run", wrp, "--allow-unverified", "--no-isolate", env=FAKE_ENV)
    assert r.returncode == -signal.SIGSEGV, (r.returncode, r.stderr)  # what the child spares the caller


def test_an_image_the_driver_refuses_in_the_child_is_named_with_its_error():
    wrp, ptx = marked_capture("WRPKIT_FAKE_REFUSE")
    r = run("wrp-run", wrp, "--allow-unverified", env=FAKE_ENV)
    assert r.returncode == 4 and f"loading module {os.path.dirname(wrp)}/particles_modules/{ptx}: the CUDA " \
        "driver refuses it (CUresult 200" in r.stderr, r.stderr


def test_images_the_child_loads_go_on_to_this_process():
    wrp, _ = marked_capture("nothing to see")
    r = run("wrp-run", wrp, "--allow-unverified", env=FAKE_ENV)
    # past the child, this process loads them too and stops at the first call the fake does not fake
    assert r.returncode == 4 and "CUDA_ERROR_FAKE_LIBCUDA" in r.stderr and "wrpkit-module-probe" not in r.stderr, \
        r.stderr


def test_a_missing_probe_says_how_to_opt_out():
    wrp, _ = marked_capture("nothing to see")
    env = dict(FAKE_ENV, WRPKIT_MODULE_PROBE=os.path.join(tmpdir(), "absent-probe"))
    r = run("wrp-run", wrp, "--allow-unverified", env=env)
    assert r.returncode == 4 and "cannot run" in r.stderr and "--no-isolate" in r.stderr, r.stderr


if __name__ == "__main__":
    main()
