#!/usr/bin/env python3
"""The aarch64 wheel, installed the way an Arm host installs it, against the x86_64
wheel, both as scripts/wheel built them on this machine:
   1. an aarch64 CPython (Debian 12's, tests/cross/aarch64-python) run by qemu-user makes
      a venv, and pip running inside it installs the aarch64 wheel: pip itself decides
      that manylinux_2_28_aarch64 fits; its dependencies (the NVIDIA aarch64 wheels,
      warp-lang for Warp's headers), resolved for aarch64 by a platform-tagged download,
      are unpacked into the same venv by this machine's pip; `import wrpkit` works there;
   2. the same install of the x86_64 wheel into a fresh venv of this machine;
   3. every ELF in the installed package is aarch64 code, the runtime stays under 2 MB;
   4. every real capture in tests/data: wrp-inspect --json and its load matrix are
      identical; the smallest capture of each folder of captures (one per Warp release,
      output form and device: tests/data/RELEASE[/FORM]/NAME) through wrp-build
      (--arch sm_87,sm_90) writes identical bytes or refuses with the identical message
      and exit code (all 45 took 60 s emulated and 83 s native a run; the aarch64
      tool's work varies with the format and the module form, which the sample holds,
      and ctest builds every capture with x86-64 tools); each wheel's tools use the CUDA
      libraries of its own venv (aarch64: the NVIDIA aarch64 wheels) and Warp 1.19's
      headers from its own warp-lang. The two share one compile cache, the x86_64
      build filling it first: under qemu a compile costs 10-20x native, and what the
      aarch64 CUDA compilers make is checked without a cache on one capture of each
      kind by tests/cross/check_aarch64.py (scripts/test's packages stage), so here
      the aarch64 tool's own work (plan, cache, nvFatbin packing, emit, seal) is what
      runs for every capture;
   5. wrp-run --help, its refusal of unverified input (exit 2) and, opted in, without a driver
      (exit 4, one line);
   6. the Jetson profile with --fetch-toolchains: each wheel's wrp-build installs CUDA 12.6's
      wheels for its own machine with `wrpkit toolchain install` (emulated Python and pip for
      aarch64) and both write the same artifact.
The tools run directly under qemu-user. The Python API and the console scripts are
not run under emulation: they start the tools as subprocesses, and an aarch64
process can start another only where the kernel knows to hand Arm binaries to
qemu (binfmt_misc), which this machine and CI do not set up; the API is plain
Python over the tools (tests/package/test_wheel.py runs it against the x86_64 wheel).
Emulated timings are printed for information only.
usage: check_aarch64_wheel.py DIST_DIR"""
import concurrent.futures
import glob
import json
import os
import subprocess
import sys
import tempfile

from cross_checks import DATA, ROOT, captures, check, failures, run, tree_digest

WARP = "1.19.0"  # the release whose captures in tests/data are built from source
ARCHS = "sm_87,sm_90"  # Jetson Orin and Hopper (GH200's GPU)


def must(result, what):
    p = result[0] if isinstance(result, tuple) else result
    if p.returncode != 0:
        raise SystemExit(f"check_aarch64_wheel: {what}: exit {p.returncode}\n{p.stdout[-2000:]}\n{p.stderr[-2000:]}")
    return p


def clean_env(extra=None):
    """Nothing of the project's venv, toolkit or caches: each wheel's tools find what
    they load beside themselves, as on a user's machine."""
    env = {"PATH": "/usr/bin:/bin", "HOME": tempfile.gettempdir(), "LANG": "C.UTF-8",
           "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_CACHE_DIR": os.path.join(ROOT, "build", "pip-cache")}
    return dict(env, **(extra or {}))


def one_per_folder(caps):
    """The smallest capture (.wrp and its modules) of each folder holding captures."""
    def size(wrp):
        modules = wrp[:-4] + "_modules"
        files = [os.path.join(modules, f) for f in os.listdir(modules)] if os.path.isdir(modules) else []
        return sum(os.path.getsize(f) for f in [wrp, *files])
    folders = {}
    for c in caps:
        folders.setdefault(os.path.dirname(os.path.dirname(c)), []).append(c)
    return [min(cs, key=lambda c: (size(c), c)) for cs in folders.values()]


def site_packages(venv):
    return glob.glob(os.path.join(venv, "lib", "python3*", "site-packages"))[0]


def toolchains_on_demand(x86_venv, arm_venv, sysroot, pip_wheel, cache, tmp):
    """The Jetson profile on an Arm host: the aarch64 wrp-build, emulated, lacks CUDA 12.6,
    and --fetch-toolchains runs the emulated Python's `wrpkit toolchain install 12.6`, whose
    pip (emulated too) picks the aarch64 wheels by its own tags from the folder
    scripts/setup filled and checks them against the pinned hashes. An emulated process
    cannot start an Arm program itself (no binfmt_misc), but can start this machine's: a
    script that runs the emulated Python stands in for it (WRPKIT_PYTHON; WRPKIT_PIP: pip
    from its wheel, as step 1 ran it, the venv having none of its own). The
    x86_64 wheel's build of the same capture, with its own 12.6 installed the same way, fills
    the shared compile cache first, so the emulated build compiles nothing (emulated NVRTC:
    check_aarch64.py) and must write the same bytes."""
    capture = os.path.join(DATA, "warp-1.19.0-h100", "default-sf", "mesh_small", "mesh_small.wrp")
    python = os.path.join(tmp, "emulated-python")
    with open(python, "w") as f:
        f.write(f'#!/bin/sh\nexec qemu-aarch64 -L "{sysroot}" "{os.path.join(arm_venv, "bin", "python")}" "$@"\n')
    os.chmod(python, 0o755)
    builds = {}
    for name, venv, wheels, runner in (
            ("x86_64", x86_venv, os.path.join(ROOT, ".venv", "wheels"), []),
            ("aarch64", arm_venv, os.path.join(ROOT, ".venv", "wheels-aarch64"), ["qemu-aarch64", "-L", sysroot])):
        home, out = os.path.join(tmp, "toolchains-" + name), os.path.join(tmp, "orin-" + name)
        os.makedirs(out)
        own_python = python if runner else os.path.join(venv, "bin", "python")
        pip = f"{python} {os.path.join(pip_wheel, 'pip')}" if runner else f"{own_python} -m pip"
        env = clean_env({"WRPKIT_TOOLCHAIN_HOME": home, "WRPKIT_TOOLCHAIN_FIND_LINKS": wheels,
                         "WRPKIT_PYTHON": own_python, "WRPKIT_PIP": pip})
        tool = os.path.join(site_packages(venv), "wrpkit", "bin", "wrp-build")
        args = [capture, "--profile", "jetson-orin", "--fetch-toolchains", "--cache-dir", cache, "-j", "1", "-q", "-o",
                os.path.join(out, "m.wrp")]
        report = os.path.join(tmp, f"report-{name}.json")  # outside `out`, whose files are compared
        first, t = run([*runner, tool, *args, "--report", report], env)
        misses = json.load(open(report))["cache"]["misses"] if os.path.exists(report) else None
        lib = glob.glob(os.path.join(home, "cuda-12.6", "nvidia", "*", "lib", "libnvJitLink.so.12"))
        machine = subprocess.run(["readelf", "-h", *lib[:1]], capture_output=True, text=True).stdout
        check(first.returncode == 0 and "installing CUDA 12.6" in first.stderr and lib and
              ("AArch64" if runner else "X86-64") in machine and (misses == 0 or not runner),
              f"{name} wrp-build --profile jetson-orin --fetch-toolchains installs CUDA 12.6's {name} wheels and builds "
              f"({t:.0f} s{' emulated' if runner else ''}, {misses} compile cache misses)"
              f"{'' if first.returncode == 0 else ': ' + first.stderr[-300:]}")
        second, _ = run([*runner, tool, *args, "--force"], env)
        check(second.returncode == 0 and "installing" not in second.stderr,
              f"{name}: a second build installs nothing: {second.stderr.strip()[:200]!r}")
        builds[name] = tree_digest(out)
    inspect, _ = run([os.path.join(site_packages(x86_venv), "wrpkit", "bin", "wrp-inspect"), "--json",
                      os.path.join(tmp, "orin-aarch64", "m.wrp")], clean_env())
    sass = [i for m in json.loads(inspect.stdout or "{}").get("modules", []) for i in m["images"] if i["kind"] == "sass"]
    check(builds["x86_64"] == builds["aarch64"] and sass and all(i["compiler"] == "12.6" for i in sass),
          f"the two wheels' Orin builds are identical, SASS from CUDA 12.6: {[(i['arch'], i['compiler']) for i in sass]}")


def main():
    dist = os.path.abspath(sys.argv[1])
    arm_wheel = glob.glob(os.path.join(dist, "wrpkit-*-manylinux_2_28_aarch64.whl"))[0]
    x86_wheel = glob.glob(os.path.join(dist, "wrpkit-*-manylinux_2_28_x86_64.whl"))[0]
    sysroot = must(run([os.path.join(ROOT, "tests", "cross", "aarch64-python")]), "tests/cross/aarch64-python").stdout.strip()
    tmp = tempfile.mkdtemp(prefix="wrpkit-aarch64-wheel-")

    def emulated(binary, *args, cwd=None):  # WRPKIT_SERIAL_LOAD: check_aarch64.py says why
        return run(["qemu-aarch64", "-L", sysroot, binary, *args], clean_env({"WRPKIT_SERIAL_LOAD": "1"}), cwd)

    # 1. the aarch64 venv: its own pip (from pip's wheel, run by the emulated Python)
    #    installs from a folder of aarch64 wheels that this machine's pip downloads.
    wheelhouse = os.path.join(ROOT, "build", "aarch64-wheelhouse")
    # what the emulated Python accepts (glibc 2.36): pip download matches platform tags exactly
    platforms = [arg for v in range(17, 37) for arg in ("--platform", f"manylinux_2_{v}_aarch64")]
    must(run([sys.executable, "-m", "pip", "download", "-q", "-d", wheelhouse, "--only-binary=:all:",
              *platforms, "--platform", "manylinux2014_aarch64", "--python-version", "3.11", "--implementation", "cp",
              f"wrpkit[warp] @ file://{arm_wheel}", f"warp-lang=={WARP}", "pip"], clean_env()),
         "pip download of the aarch64 dependencies")
    os.remove(os.path.join(wheelhouse, os.path.basename(arm_wheel)))  # the wheel under test comes from dist/ only
    arm_venv = os.path.join(tmp, "venv-aarch64")
    python = os.path.join(sysroot, "usr", "bin", "python3.11")
    must(emulated(python, "-m", "venv", "--without-pip", arm_venv), "the aarch64 venv")
    pip_wheel = sorted(glob.glob(os.path.join(wheelhouse, "pip-*.whl")))[-1]
    # The wheel itself by the emulated pip (it decides from its own tags that the wheel fits);
    # its dependencies, which the platform-tagged download above resolved, unpacked by this
    # machine's pip into the same site-packages: emulated, unzipping their 400 MB took two
    # minutes and checked nothing more.
    p, t_pip = emulated(os.path.join(arm_venv, "bin", "python"), os.path.join(pip_wheel, "pip"), "install", "-q",
                        "--no-index", "--no-deps", arm_wheel)
    check(p.returncode == 0, f"pip in the emulated aarch64 venv installs {os.path.basename(arm_wheel)} "
                             f"({t_pip:.0f} s emulated){'' if p.returncode == 0 else ': ' + p.stderr[-500:]}")
    if p.returncode != 0:
        return 1
    deps = [w for w in glob.glob(os.path.join(wheelhouse, "*.whl")) if not os.path.basename(w).startswith("pip-")]
    must(run([sys.executable, "-m", "pip", "install", "-q", "--no-index", "--no-deps", "--only-binary=:all:",
              *platforms, "--python-version", "3.11", "--implementation", "cp", "--target",
              site_packages(arm_venv), *deps], clean_env()), "the aarch64 dependencies into the aarch64 venv")
    p, _ = emulated(os.path.join(arm_venv, "bin", "python"), "-c",
                    "import platform, wrpkit; print(platform.machine(), wrpkit.__version__, wrpkit.cmake_prefix())")
    check(p.returncode == 0 and p.stdout.startswith("aarch64 "), f"import wrpkit in the aarch64 venv: {p.stdout.strip()}")
    arm_prefix = os.path.join(site_packages(arm_venv), "wrpkit")

    # 2. the x86_64 wheel, the same way on this machine
    x86_venv = os.path.join(tmp, "venv-x86_64")
    must(run([sys.executable, "-m", "venv", x86_venv]), "the x86_64 venv")
    must(run([os.path.join(x86_venv, "bin", "python"), "-m", "pip", "install", "-q",
              f"wrpkit[warp] @ file://{x86_wheel}", f"warp-lang=={WARP}"], clean_env()), "pip install of the x86_64 wheel")
    x86_prefix = os.path.join(site_packages(x86_venv), "wrpkit")
    versions = {}
    for name, venv in (("x86_64", x86_venv), ("aarch64", arm_venv)):
        sp = site_packages(venv)
        versions[name] = sorted(d.split(".dist-info")[0] for d in os.listdir(sp)
                                if d.startswith(("nvidia_", "warp_lang")) and d.endswith(".dist-info"))
    check(versions["x86_64"] == versions["aarch64"], f"both venvs hold the same releases: {versions['aarch64']}")

    # 3. what the aarch64 wheel installed is Arm code; the runtime's size as installed
    elves = [p for p in glob.glob(os.path.join(arm_prefix, "**", "*"), recursive=True)
             if os.path.isfile(p) and open(p, "rb").read(4) == b"\x7fELF"]
    machines = {subprocess.run(["readelf", "-h", p], capture_output=True, text=True).stdout.split("Machine:")[1]
                .split("\n")[0].strip() for p in elves}
    check(len(elves) >= 4 and machines == {"AArch64"}, f"{len(elves)} ELF files in the aarch64 package: {machines}")
    size = os.path.getsize(os.path.join(arm_prefix, "lib", "libwrpkit_runtime.so"))
    check(size < 2_000_000, f"libwrpkit_runtime.so for aarch64 is {size / 2**20:.2f} MiB as installed (budget: 2 MB)")

    # 4. every real capture: the same report and the same build, each wheel with its own venv
    shared_cache = os.path.join(tmp, "compile-cache")

    def both(capture, build):
        out = []
        for args in (["--json"], ["--json", "--arch", ARCHS, "--driver", "12.6"]):
            x, _ = run([os.path.join(x86_prefix, "bin", "wrp-inspect"), *args, capture], clean_env())
            a, _ = emulated(os.path.join(arm_prefix, "bin", "wrp-inspect"), *args, capture)
            out.append(("inspect " + " ".join(args), (x.returncode, x.stdout, x.stderr) ==
                        (a.returncode, a.stdout, a.stderr)))
        if not build:
            return capture, out, None, 0.0, 0.0, ""
        with tempfile.TemporaryDirectory(dir=tmp) as work:
            os.makedirs(os.path.join(work, "x86"))
            os.makedirs(os.path.join(work, "arm"))
            # -j 1: under qemu-user two nvJitLink compiles in one process spin forever (emulation only)
            common = [capture, "--arch", ARCHS, "--cache-dir", shared_cache, "-j", "1", "-q", "--allow-cpu", "-o"]
            x, tx = run([os.path.join(x86_prefix, "bin", "wrp-build"), *common, "x86/out.wrp"], clean_env(), work)
            a, ta = emulated(os.path.join(arm_prefix, "bin", "wrp-build"), *common, "arm/out.wrp", cwd=work)
            same = (x.returncode, x.stderr.replace("x86/", "")) == (a.returncode, a.stderr.replace("arm/", "")) and \
                tree_digest(os.path.join(work, "x86")) == tree_digest(os.path.join(work, "arm"))
            out.append(("build", same))
            return capture, out, x.returncode, ta, tx, (x.stderr + a.stderr).strip()[:300]

    caps = captures()
    to_build = set(one_per_folder(caps))
    inspected = built = refused = 0
    t_arm = t_x86 = 0.0
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(2, os.cpu_count() or 1))) as pool:
        for capture, results, code, ta, tx, err in pool.map(lambda c: both(c, c in to_build), caps):
            t_arm += ta
            t_x86 += tx
            name = os.path.relpath(capture, DATA)
            for what, ok in results:
                if not ok:
                    check(False, f"{name}: {what} differs between the wheels: {err}")
            inspected += sum(ok for what, ok in results if what.startswith("inspect"))
            if code is not None and all(ok for _, ok in results):
                built += code == 0
                refused += code != 0
    check(inspected == 2 * len(caps), f"wrp-inspect --json: {inspected} of {2 * len(caps)} reports of {len(caps)} "
                                      "captures identical between the wheels")
    check(built + refused == len(to_build) and built > 0,
          f"wrp-build --arch {ARCHS}: {built} captures built to identical bytes, {refused} refused identically, "
          f"of {len(to_build)}, one per folder of captures ({t_arm:.0f} s emulated, {t_x86:.0f} s native)")

    # 5. wrp-run: its help, and no driver is exit 4 in one line
    p, _ = emulated(os.path.join(arm_prefix, "bin", "wrp-run"), "--help")
    check(p.returncode == 0 and "Exit codes" in p.stdout, "wrp-run --help")
    capture = os.path.join(DATA, "warp-1.17.0-h200", "particles", "particles.wrp")
    p, _ = emulated(os.path.join(arm_prefix, "bin", "wrp-run"), capture)
    check(p.returncode == 2 and "has no wrpkit manifest" in p.stderr and p.stderr.count("\n") == 1,
          f"wrp-run refuses a capture as Warp saved it: exit {p.returncode}, {p.stderr.strip()[:100]!r}")
    p, _ = emulated(os.path.join(arm_prefix, "bin", "wrp-run"), capture, "--allow-unverified", "--no-isolate")
    check(p.returncode == 4 and p.stderr.startswith("wrp-run: error: no NVIDIA driver") and p.stderr.count("\n") == 1,
          f"wrp-run without a driver: exit {p.returncode}, {p.stderr.strip()[:100]!r}")

    # 6. toolchains on demand on an Arm host
    toolchains_on_demand(x86_venv, arm_venv, sysroot, pip_wheel, shared_cache, tmp)

    print(f"{len(failures)} failed")
    if not failures:
        subprocess.run(["rm", "-rf", tmp])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
