"""The CMake way for C++ users: `cmake --install` this build into a fresh prefix,
then build examples/ on its own with find_package(wrpkit) against that prefix
and run check_and_load on a real capture (exit 3 without a GPU, 0 with one).
Usage: test_cmake_install.py BUILD_DIR SOURCE_DIR"""
import json
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    assert p.returncode == 0, f"{' '.join(cmd)}: exit {p.returncode}\n{p.stdout}\n{p.stderr}"
    return p


def check_artifact_rebuilds(examples, capture, prefix):
    """The artifact wrpkit_add_artifact made is wrp-build's, and it is remade only when its input changes."""
    artifact = os.path.join(examples, "artifacts", "sim.wrp")
    info = run([os.path.join(prefix, "bin", "wrp-inspect"), artifact, "--arch", "sm_87,sm_90", "--json"])
    report = json.loads(info.stdout)
    assert report.get("wrpkit") and set(report["load_summary"].values()) == {"sass"}, report.get("load_summary")
    assert os.path.isdir(artifact[:-4] + "_modules")
    again = run(["ninja", "-C", examples, "example_artifact"]).stdout  # a dry run would redo CMake's glob check
    assert "wrp-build example_artifact" not in again and "no work to do" in again, again
    os.utime(capture)
    assert "wrp-build example_artifact" in run(["ninja", "-C", examples, "example_artifact"]).stdout
    return artifact


def main(build, source):
    tmp = tempfile.mkdtemp(prefix="wrpkit-cmake-install-")
    prefix, examples = os.path.join(tmp, "prefix"), os.path.join(tmp, "examples")
    run(["cmake", "--install", build, "--prefix", prefix])
    for f in ("bin/wrp-build", "bin/wrp-inspect", "bin/wrpkit-module-probe", "include/wrpkit/load/loader.hpp", "include/wrpkit/wrp_runtime.h", "lib/cmake/wrpkit/wrpkitConfig.cmake"):
        assert os.path.exists(os.path.join(prefix, f)), f
    # the installed tool finds the manifest built into it, not the source tree's file
    r = subprocess.run([os.path.join(prefix, "bin", "wrp-build"), "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "built-in" in r.stdout, r.stdout
    # wrpkit_add_artifact on a copy of a real capture (touched below: never the repository's)
    capture = os.path.join(tmp, "capture", "particles.wrp")
    shutil.copytree(os.path.join(source, "tests", "data", "warp-1.17.0-h200", "particles"), os.path.dirname(capture))
    run(["cmake", "-S", os.path.join(source, "examples"), "-B", examples, "-G", "Ninja", f"-DCMAKE_PREFIX_PATH={prefix}",
         f"-DWRPKIT_EXAMPLE_CAPTURE={capture}"])
    run(["cmake", "--build", examples])
    artifact = check_artifact_rebuilds(examples, capture, prefix)
    check = subprocess.run([os.path.join(examples, "check_and_load"), capture], capture_output=True, text=True)
    assert (check.returncode == 3 and "no GPU to check on" in check.stderr) or check.returncode == 0, \
        (check.returncode, check.stdout, check.stderr)
    # replay.c: the runtime's C API from C, linked to the installed libwrpkit_runtime.so; the
    # capture as Warp saved it is refused (nothing vouches for it), the built artifact loads
    raw = subprocess.run([os.path.join(examples, "replay"), capture, "x"], capture_output=True, text=True)
    assert raw.returncode == 2 and "has no wrpkit manifest" in raw.stderr, (raw.returncode, raw.stderr)
    rep = subprocess.run([os.path.join(examples, "replay"), artifact, "x"], capture_output=True, text=True)
    assert (rep.returncode == 4 and rep.stderr.startswith("replay: no NVIDIA driver")) or \
        (rep.returncode == 0 and rep.stdout.startswith("x: ")), (rep.returncode, rep.stdout, rep.stderr)
    shutil.rmtree(tmp)
    print(f"cmake install: examples built with find_package(wrpkit) from {prefix} (check_and_load exit "
          f"{check.returncode}, replay exit {rep.returncode}); wrpkit_add_artifact built {os.path.basename(artifact)} "
          f"and rebuilt it only when the capture changed")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
