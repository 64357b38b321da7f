"""The CMake way for C++ users: `cmake --install` this build into a fresh prefix,
then build examples/ on its own with find_package(wrpkit) against that prefix
and run check_and_load on a real capture (exit 3 without a GPU, 0 with one).
Usage: test_cmake_install.py BUILD_DIR SOURCE_DIR"""
import os
import shutil
import subprocess
import sys
import tempfile


def run(cmd, **kw):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)
    assert p.returncode == 0, f"{' '.join(cmd)}: exit {p.returncode}\n{p.stdout}\n{p.stderr}"
    return p


def main(build, source):
    tmp = tempfile.mkdtemp(prefix="wrpkit-cmake-install-")
    prefix, examples = os.path.join(tmp, "prefix"), os.path.join(tmp, "examples")
    run(["cmake", "--install", build, "--prefix", prefix])
    for f in ("bin/wrp-build", "bin/wrp-inspect", "include/wrpkit/load/loader.hpp", "include/wrpkit/wrp_runtime.h", "lib/cmake/wrpkit/wrpkitConfig.cmake"):
        assert os.path.exists(os.path.join(prefix, f)), f
    # the installed tool finds the manifest built into it, not the source tree's file
    r = subprocess.run([os.path.join(prefix, "bin", "wrp-build"), "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and "built-in" in r.stdout, r.stdout
    run(["cmake", "-S", os.path.join(source, "examples"), "-B", examples, "-G", "Ninja", f"-DCMAKE_PREFIX_PATH={prefix}"])
    run(["cmake", "--build", examples])
    capture = os.path.join(source, "tests", "data", "warp-1.17.0-h200", "particles", "particles.wrp")
    check = subprocess.run([os.path.join(examples, "check_and_load"), capture], capture_output=True, text=True)
    assert (check.returncode == 3 and "no GPU to check on" in check.stderr) or check.returncode == 0, \
        (check.returncode, check.stdout, check.stderr)
    # replay.c: the runtime's C API from C, linked to the installed libwrpkit_runtime.so
    rep = subprocess.run([os.path.join(examples, "replay"), capture, "x"], capture_output=True, text=True)
    assert (rep.returncode == 4 and rep.stderr.startswith("replay: no NVIDIA driver")) or \
        (rep.returncode == 0 and rep.stdout.startswith("x: ")), (rep.returncode, rep.stdout, rep.stderr)
    shutil.rmtree(tmp)
    print(f"cmake install: examples built with find_package(wrpkit) from {prefix} (check_and_load exit "
          f"{check.returncode}, replay exit {rep.returncode})")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
