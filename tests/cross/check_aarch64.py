#!/usr/bin/env python3
"""The aarch64 tools, run under qemu-user, against the x86-64 build (build/bin):
   1. every binary is aarch64 code and the runtime stays under 2 MB stripped;
   2. wrp-inspect's text report and load matrix of every real capture are identical
      (the JSON printer: check_aarch64_wheel.py);
   3. wrp-run --help, its refusal of a capture as Warp saved it (exit 2) and, opted in, of
      a machine without a driver: exit 4, one line;
   4. wrp-build with the aarch64 CUDA wheels (.venv/aarch64) writes the same bytes as
      the x86-64 build with its own wheels, for PTX captures of Warp 1.17 and 1.18 and
      a Warp 1.19 capture built from its CUDA source (NVRTC, Warp's headers);
   5. the C API example (examples/replay.c) and check_and_load, built for aarch64, run.
Emulated timings are printed for information only.
usage: check_aarch64.py BUILD_AARCH64_DIR"""
import os
import subprocess
import sys
import tempfile

from cross_checks import ROOT, captures as all_captures, check, failures, run, tree_digest

X86 = os.path.join(ROOT, "build", "bin")
SYSROOT = "/usr/aarch64-linux-gnu"
WHEELS = os.path.join(ROOT, ".venv", "aarch64")


def emulated(binary, *args, env=None):
    # A clean environment: nothing of the x86-64 venv may serve the aarch64 tools.
    # WRPKIT_SERIAL_LOAD: qemu-user 7.2 here spins forever starting a thread, and a load
    # hashes a large memory section on one (integrity.hpp); real Arm hosts do not need it.
    base = {"PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir(), "WRPKIT_TOOLCHAINS": WHEELS,
            "WRPKIT_SERIAL_LOAD": "1",
            "WRPKIT_CACHE_DIR": os.path.join(tempfile.gettempdir(), "wrpkit-aarch64-cache")}
    return run(["qemu-aarch64", "-L", SYSROOT, binary, *args], dict(base, **(env or {})))


def captures():
    return all_captures(*[os.path.join(ROOT, "..", "shared", d) for d in ("fixtures", "fixtures-w119", "fixtures-cpu")])


def main():
    build = os.path.abspath(sys.argv[1])
    tools = {t: os.path.join(build, "bin", t) for t in ("wrp-build", "wrp-inspect", "wrp-run", "replay",
                                                          "check_and_load")}
    runtime = os.path.join(build, "lib", "libwrpkit_runtime.so")

    # 1. aarch64 code; the runtime's size as shipped (stripped)
    for path in [*tools.values(), runtime]:
        head = subprocess.run(["readelf", "-h", path], capture_output=True, text=True).stdout
        check("AArch64" in head, f"{os.path.basename(path)} is aarch64 code")
    with tempfile.TemporaryDirectory() as tmp:
        stripped = os.path.join(tmp, "rt.so")
        subprocess.run(["aarch64-linux-gnu-strip", "-o", stripped, runtime], check=True)
        size = os.path.getsize(stripped)
        check(size < 2 * 1024 * 1024, f"libwrpkit_runtime.so is {size / 2**20:.2f} MiB stripped (budget: 2 MiB)")

    # 2. wrp-inspect: the same report, byte for byte, of every real capture. The text
    #    printer here; the JSON printer of the same report, with and without a load matrix,
    #    is compared between the two wheels by check_aarch64_wheel.py.
    caps = captures()
    same = 0
    t_emu = 0.0
    args = ["--arch", "sm_75,sm_87,sm_90,sm_110", "--driver", "12.6"]
    for c in caps:
        x, _ = run([os.path.join(X86, "wrp-inspect"), *args, c])
        a, dt = emulated(tools["wrp-inspect"], *args, c)
        t_emu += dt
        if (x.stdout, x.stderr, x.returncode) == (a.stdout, a.stderr, a.returncode):
            same += 1
        else:
            print(f"  differs: wrp-inspect {' '.join(args)} {c}")
    check(same == len(caps), f"wrp-inspect: {same} of {len(caps)} text reports with a load matrix identical "
                             f"to x86-64 ({t_emu:.1f} s emulated)")

    # 3. wrp-run: its help, and no driver is exit 4 in one line
    p, _ = emulated(tools["wrp-run"], "--help")
    check(p.returncode == 0 and "Exit codes" in p.stdout, "wrp-run --help")
    particles = os.path.join(ROOT, "tests", "data", "warp-1.17.0-h200", "particles", "particles.wrp")
    p, _ = emulated(tools["wrp-run"], particles)
    check(p.returncode == 2 and "has no wrpkit manifest" in p.stderr and p.stderr.count("\n") == 1,
          f"wrp-run refuses a capture as Warp saved it: exit {p.returncode}, {p.stderr.strip()[:120]!r}")
    p, _ = emulated(tools["wrp-run"], particles, "--allow-unverified", "--no-isolate")
    check(p.returncode == 4 and p.stderr.startswith("wrp-run: error: no NVIDIA driver") and p.stderr.count("\n") == 1,
          f"wrp-run without a driver: exit {p.returncode}, {p.stderr.strip()!r}")

    # 4. wrp-build: the same bytes as x86-64 (-j 1: under qemu-user two nvJitLink compiles in
    #    parallel spin forever, an emulation problem seen only there)
    builds = [(particles, ["--arch", "sm_75,sm_87,sm_90"]),
              (os.path.join(ROOT, "tests", "data", "warp-1.18.0-h200", "ptx75", "unique_adjoint", "unique_adjoint.wrp"),
               ["--arch", "sm_87,sm_90", "--ptx", "none"])]
    warp = subprocess.run([os.path.join(ROOT, ".venv", "bin", "python"), "-c",
                           "import importlib.util; print(importlib.util.find_spec('warp').submodule_search_locations[0])"],
                          capture_output=True, text=True).stdout.strip()
    builds.append((os.path.join(ROOT, "tests", "data", "warp-1.19.0-h200", "default-sf", "fills", "fills.wrp"),
                   ["--arch", "sm_87", "--warp", warp]))
    for capture, args in builds:
        with tempfile.TemporaryDirectory() as tmp:
            os.makedirs(os.path.join(tmp, "x86"))
            os.makedirs(os.path.join(tmp, "arm"))
            common = [capture, *args, "--no-cache", "-j", "1", "-q"]
            x, tx = run([os.path.join(X86, "wrp-build"), *common, "-o", os.path.join(tmp, "x86", "out.wrp")])
            a, ta = emulated(tools["wrp-build"], *common, "-o", os.path.join(tmp, "arm", "out.wrp"))
            ok = x.returncode == 0 and a.returncode == 0 and tree_digest(os.path.join(tmp, "x86")) == tree_digest(
                os.path.join(tmp, "arm"))
            check(ok, f"wrp-build {os.path.basename(capture)} {' '.join(args[:2])}: aarch64 bytes identical to x86-64 "
                      f"({ta:.1f} s emulated, {tx:.1f} s native){'' if ok else ': ' + a.stderr.strip()[:300]}")

    # 5. the C API example and the loader example, built for aarch64: the capture as Warp saved
    #    it is refused; a wrp-build output (built here by the x86-64 tool) reaches the driver
    p, _ = emulated(tools["replay"], particles, "x", env={"LD_LIBRARY_PATH": os.path.dirname(runtime)})
    check(p.returncode == 2 and "has no wrpkit manifest" in p.stderr,
          f"examples/replay.c for aarch64 refuses the raw capture: exit {p.returncode}, {p.stderr.strip()[:120]!r}")
    with tempfile.TemporaryDirectory() as tmp:
        built = os.path.join(tmp, "particles.wrp")
        run([os.path.join(X86, "wrp-build"), particles, "--arch", "sm_87", "--no-cache", "-q", "-o", built])
        p, _ = emulated(tools["replay"], built, "x", env={"LD_LIBRARY_PATH": os.path.dirname(runtime)})
    check(p.returncode == 4 and p.stderr.startswith("replay: no NVIDIA driver"),
          f"examples/replay.c for aarch64: exit {p.returncode}, {p.stderr.strip()[:120]!r}")
    p, _ = emulated(tools["check_and_load"], particles)
    check(p.returncode in (3, 4), f"examples/check_and_load for aarch64: exit {p.returncode} without a GPU")

    print(f"{len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
