"""The pip package, installed the way users install it: a fresh virtualenv,
`pip install` of the wheel scripts/wheel made (dependencies from PyPI), then
the console tools, `import wrpkit` and the Python API on real captures, with
nothing of the project's own environment in reach (no .venv, no CUDA_HOME).

CLI and Python API must write byte-identical artifacts and report the same
inspection. Usage: python3 tests/package/test_wheel.py dist/wrpkit-*_x86_64.whl dist/wrpkit-*.tar.gz
(scripts/test's wheels stage builds them, its packages stage runs this)."""
import filecmp
import json
import os
import subprocess
import sys
import tempfile
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data")
PTX_CAPTURE = os.path.join(DATA, "warp-1.17.0-h200", "particles", "particles.wrp")
SOURCE_CAPTURE = os.path.join(DATA, "warp-1.19.0-h200", "default-sf", "tiles", "tiles.wrp")
WARP = "1.19.0"  # the release that wrote SOURCE_CAPTURE


def clean_env(venv):
    """What a user's shell in the activated venv has: no project venv, no toolkit."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "CUDA_HOME", "CUDA_PATH", "LD_LIBRARY_PATH", "PYTHONPATH", "WRPKIT_BIN",
                        "WRPKIT_TARGETS", "WRPKIT_WARP", "CONDA_PREFIX")}
    env["PATH"] = os.path.join(venv, "bin") + ":/usr/bin:/bin"
    env["VIRTUAL_ENV"] = venv
    return env


def run(cmd, env, cwd=None, check=True):
    p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and p.returncode != 0:
        raise AssertionError(f"{' '.join(cmd)}: exit {p.returncode}\n{p.stdout}\n{p.stderr}")
    return p


def same_artifact(a_wrp, b_wrp):
    assert filecmp.cmp(a_wrp, b_wrp, shallow=False), f"{a_wrp} and {b_wrp} differ"
    a_dir, b_dir = a_wrp[:-4] + "_modules", b_wrp[:-4] + "_modules"
    names = sorted(os.listdir(a_dir))
    assert names == sorted(os.listdir(b_dir)), (names, os.listdir(b_dir))
    for n in names:
        assert filecmp.cmp(os.path.join(a_dir, n), os.path.join(b_dir, n), shallow=False), n
    return names


def pip_install_sdist(tmp, sdist):
    """`pip install wrpkit-VERSION.tar.gz` into another fresh venv: what pip does where
    no wheel fits. It compiles with this machine's own compiler (no Zig); the tools
    and the package work there too."""
    venv = os.path.join(tmp, "venv-sdist")
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    env = clean_env(venv)
    # A unity build (the sdist's CMake option, as the wheels use) without optimization:
    # what is checked is that the sdist is complete, builds with this compiler and works,
    # not its speed; together they take 60% less compile time than -O3 file by file.
    unoptimized = [f"cmake.define.CMAKE_{lang}_FLAGS_RELEASE=-DNDEBUG" for lang in ("C", "CXX")]
    unity = ["cmake.define.CMAKE_UNITY_BUILD=ON", "cmake.define.CMAKE_UNITY_BUILD_BATCH_SIZE=16"]
    options = [arg for opt in [*unity, *unoptimized] for arg in ("-C", opt)]
    run([os.path.join(venv, "bin", "python"), "-m", "pip", "install", "-q", *options, sdist],
        dict(env, PIP_DISABLE_PIP_VERSION_CHECK="1"))
    assert "Exit codes" in run(["wrp-build", "--help"], env).stdout
    out = run([os.path.join(venv, "bin", "python"), "-c", "import wrpkit; print(wrpkit.__version__)"], env).stdout
    built = os.path.join(tmp, "dot", "particles.wrp")
    os.makedirs(os.path.dirname(built))
    run(["wrp-build", PTX_CAPTURE, "--arch", "sm_87,sm_90", "-o", built, "--no-cache"], env)
    assert os.path.isfile(built) and os.listdir(built[:-4] + "_modules")
    print(f"wheel: pip install of the sdist in a fresh venv: wrp-build --help, a real build, "
          f"import wrpkit {out.strip()}")
    prefix = run([os.path.join(venv, "bin", "python"), "-c", "import wrpkit; print(wrpkit.cmake_prefix())"],
                 env).stdout.strip()
    for header in (("wrpkit", "load", "loader.hpp"), ("wrpkit", "wrp_runtime.h")):
        assert os.path.isfile(os.path.join(prefix, "include", *header)), (prefix, header)
    for archive in ("libwrpkit_base.a", "libwrpkit_formats.a", "libwrpkit_pipeline.a", "libwrpkit_replay.a"):
        assert os.path.isfile(os.path.join(prefix, "lib", archive)), (prefix, archive)
    return prefix


def build_examples(build, prefix, env, artifact, cxx):
    """examples/ against an installed CMake package; returns check_and_load's exit
    code (cxx) or replay's. Without a GPU each says so; with one, both succeed."""
    run(["cmake", "-S", os.path.join(ROOT, "examples"), "-B", build, "-G", "Ninja", f"-DCMAKE_PREFIX_PATH={prefix}",
         "-DCMAKE_BUILD_TYPE=Release"], env)
    run(["cmake", "--build", build], env)
    assert os.path.isfile(os.path.join(build, "check_and_load")) == cxx, (build, cxx)
    rep = run([os.path.join(build, "replay"), artifact, "x"], env, check=False)
    assert (rep.returncode == 4 and rep.stderr.startswith("replay: no NVIDIA driver")) or \
        (rep.returncode == 0 and rep.stdout.startswith("x: ")), (rep.returncode, rep.stdout, rep.stderr)
    if not cxx:
        return rep.returncode
    check = run([os.path.join(build, "check_and_load"), artifact], env, check=False)
    # without a GPU it says so (exit 3); with one, every module loads as SASS (exit 0)
    assert (check.returncode == 3 and "no GPU to check on" in check.stderr) or check.returncode == 0, \
        (check.returncode, check.stdout, check.stderr)
    return check.returncode


def main(wheel, sdist):
    wheel = os.path.abspath(wheel)
    tmp = tempfile.mkdtemp(prefix="wrpkit-wheel-test-")
    sdist_prefix = pip_install_sdist(tmp, os.path.abspath(sdist))
    venv = os.path.join(tmp, "venv")
    subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    env = clean_env(venv)
    py = os.path.join(venv, "bin", "python")
    pip_env = dict(env, PIP_DISABLE_PIP_VERSION_CHECK="1")
    # wrpkit[warp] pulls warp-lang for source builds; the capture's own release is pinned beside it.
    run([py, "-m", "pip", "install", "-q", f"wrpkit[warp] @ file://{wheel}", f"warp-lang=={WARP}"], pip_env)

    # 1. the console tools and the package
    assert "Exit codes" in run(["wrp-build", "--help"], env).stdout
    assert "--json" in run(["wrp-inspect", "--help"], env).stdout
    prefix = run([py, "-c", "import wrpkit; print(wrpkit.cmake_prefix())"], env).stdout.strip()
    assert os.path.isfile(os.path.join(prefix, "lib", "cmake", "wrpkit", "wrpkitConfig.cmake")), prefix
    # the wheel's CMake package is the runtime's C API; the C++ library (built with Zig's
    # libc++, which a g++ program cannot link) comes from the sdist (pip_install_sdist)
    assert os.path.isfile(os.path.join(prefix, "include", "wrpkit", "wrp_runtime.h")), prefix
    assert not os.path.exists(os.path.join(prefix, "include", "wrpkit", "report")), prefix
    assert not [f for f in os.listdir(os.path.join(prefix, "lib")) if f.endswith(".a")], os.listdir(prefix + "/lib")
    # the tools carry their C++ dependencies: only glibc's libraries and the loader
    # (wrp-run: and the runtime library beside it, found through its RPATH)
    for tool in ("bin/wrp-build", "bin/wrp-inspect", "bin/wrp-run", "bin/wrpkit-module-probe", "lib/libwrpkit_runtime.so"):
        needed = run(["ldd", os.path.join(prefix, tool)], env).stdout
        for line in needed.splitlines():
            lib = line.split()[0]
            found = line.split("=> ")[1].split(" (")[0] if "=> " in line else ""
            assert lib.startswith(("linux-vdso", "libc.so", "libm.so", "/lib64/ld-linux", "libdl.so", "libpthread.so")) \
                or (lib == "libwrpkit_runtime.so" and os.path.realpath(found) ==
                    os.path.realpath(os.path.join(prefix, "lib", lib))), f"{tool} needs {line.strip()}"
    # the replay runtime stays under 2 MB (stripped, everything it needs linked in; hash.cpp says why it can)
    size = os.path.getsize(os.path.join(prefix, "lib", "libwrpkit_runtime.so"))
    assert size < 2_000_000, f"libwrpkit_runtime.so is {size} bytes, over the 2 MB it must stay under"
    # wrp-run: a capture as Warp saved it is refused unless allowed; allowed, its modules meet the
    # driver first in the wheel's wrpkit-module-probe (no GPU here: that child says so, exit 4)
    r = run(["wrp-run", PTX_CAPTURE], env, check=False)
    assert r.returncode == 2 and "has no wrpkit manifest" in r.stderr, (r.returncode, r.stderr)
    r = run(["wrp-run", PTX_CAPTURE, "--allow-unverified"], env, check=False)
    assert r.returncode == 0 or (r.returncode == 4 and "wrpkit-module-probe: " in r.stderr), (r.returncode, r.stderr)

    # 2. a real build through the CLI and through the API: identical bytes. The default
    # profile comes from the targets manifest built into the tools (no source tree here).
    work = os.path.join(tmp, "work")
    for d in ("cli", "api", "source", "source-cli", "orin"):
        os.makedirs(os.path.join(work, d))
    cli = run(["wrp-build", PTX_CAPTURE, "-o", "cli/particles.wrp", "--no-cache", "--json"], env, cwd=work)
    cli_report = json.loads(cli.stdout)
    api = textwrap.dedent(f"""
        import json, wrpkit
        events = []
        r = wrpkit.build({PTX_CAPTURE!r}, "api/particles.wrp", no_cache=True, progress=events.append)
        print(json.dumps({{"raw": r.raw, "paths": [str(p) for p in r.paths],
                          "events": [e.__dict__ for e in events]}}))
    """)
    api_out = json.loads(run([py, "-c", api], env, cwd=work).stdout)
    names = same_artifact(os.path.join(work, "cli", "particles.wrp"), os.path.join(work, "api", "particles.wrp"))
    assert api_out["paths"] == ["api/particles.wrp"], api_out["paths"]
    assert api_out["raw"]["compiles"] == cli_report["compiles"] > 0
    targets = cli_report["outputs"][0]["targets"]
    assert targets == ["sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_100", "sm_120"], targets
    stages = [e["stage"] for e in api_out["events"]]
    assert stages[0] == "compile" and stages[-1] == "done" and "pack" in stages, stages
    compiles = [e for e in api_out["events"] if e["stage"] == "compile"]
    assert compiles[-1]["done"] == compiles[-1]["total"] == cli_report["compiles"], compiles[-1]
    assert "nvJitLink" in cli_report["toolchain"], cli_report["toolchain"]
    print(f"wheel: CLI and API builds identical ({len(names)} module file(s), {cli_report['compiles']} compiles, "
          f"{cli_report['toolchain']})")

    # 3. inspect: the CLI's JSON and the API's dict are the same
    cli_inspect = json.loads(run(["wrp-inspect", "cli/particles.wrp", "--json", "--arch", "sm_87,sm_90"], env,
                                 cwd=work).stdout)
    api_inspect = json.loads(run([py, "-c", "import json, wrpkit; print(json.dumps(wrpkit.inspect("
                                  "'cli/particles.wrp', archs=['sm_87', 'sm_90'])))"], env, cwd=work).stdout)
    assert cli_inspect == api_inspect
    assert set(cli_inspect["load_matrix"]["sm_87"].values()) == {"sass"}, cli_inspect["load_matrix"]

    # 3b. wrpkit.runtime: the shipped runtime from Python, no Warp (replays on a GPU: tests/gpu)
    print(run([py, os.path.join(ROOT, "tests", "package", "check_python_runtime.py"),
               os.path.join(work, "cli", "particles.wrp"),
               os.path.join(DATA, "warp-1.19.0-h100", "default-sf", "bsr_counted", "bsr_counted.wrp")],
              env).stdout.strip())

    # 4. errors: one exception type, the CLI's message and exit code
    bad = run(["wrp-build", "missing.wrp", "-o", "x.wrp", "--arch", "sm_90"], env, cwd=work, check=False)
    api_err = run([py, "-c", textwrap.dedent("""
        import json, wrpkit
        try:
            wrpkit.build("missing.wrp", "x.wrp", archs=["sm_90"])
        except wrpkit.WrpkitError as e:
            print(json.dumps({"message": str(e), "code": int(e.exit_code), "name": e.exit_code.name}))
    """)], env, cwd=work)
    err = json.loads(api_err.stdout)
    assert err["code"] == bad.returncode == 2 and err["name"] == "BAD_INPUT", (err, bad.returncode)
    assert err["message"] == bad.stderr.strip(), (err["message"], bad.stderr)

    # 5. a source build (NVRTC from the wheels, Warp's headers from wrpkit[warp]) of a
    # Warp 1.19 capture whose modules are CUBINs for the H200 only
    src = run([py, "-c", textwrap.dedent(f"""
        import wrpkit
        r = wrpkit.build({SOURCE_CAPTURE!r}, "source/tiles.wrp", archs="sm_87,sm_90", from_="source", no_cache=True)
        print(r.outputs[0]["modules"][0]["from"], r.toolchain)
    """)], env, cwd=work).stdout
    assert src.startswith("source ") and "NVRTC" in src, src
    cli_src = run(["wrp-build", SOURCE_CAPTURE, "-o", "source-cli/tiles.wrp", "--arch", "sm_87,sm_90",
                   "--from", "source", "--no-cache"], env, cwd=work)
    same_artifact(os.path.join(work, "source", "tiles.wrp"), os.path.join(work, "source-cli", "tiles.wrp"))
    print(f"wheel: source build through the API and the CLI identical ({src.strip()})")
    # 5b. the same from the venv's python and its wrp-build without activating it: the
    # NVIDIA wheels and warp-lang beside the package are found (no VIRTUAL_ENV, no PATH)
    bare = {k: v for k, v in env.items() if k != "VIRTUAL_ENV"}
    bare["PATH"] = "/usr/bin:/bin"
    for folder in ("source-bare", "source-bare-cli"):
        os.makedirs(os.path.join(work, folder), exist_ok=True)
    run([py, "-c", textwrap.dedent(f"""
        import wrpkit
        wrpkit.build({SOURCE_CAPTURE!r}, "source-bare/tiles.wrp", archs="sm_87,sm_90", from_="source", no_cache=True)
    """)], bare, cwd=work)
    same_artifact(os.path.join(work, "source", "tiles.wrp"), os.path.join(work, "source-bare", "tiles.wrp"))
    run([os.path.join(venv, "bin", "wrp-build"), SOURCE_CAPTURE, "-o", "source-bare-cli/tiles.wrp", "--arch",
         "sm_87,sm_90", "--from", "source", "--no-cache"], bare, cwd=work)
    print("wheel: the same source build from the venv without activating it (API and CLI)")
    # 5c. toolchains on demand: the Jetson profile needs CUDA 12.6's compilers, which the wheel
    # does not bring; --fetch-toolchains installs them (from scripts/setup's wheels: no download)
    fetch_env = dict(env, WRPKIT_TOOLCHAIN_HOME=os.path.join(tmp, "toolchains"),
                     WRPKIT_TOOLCHAIN_FIND_LINKS=os.path.join(ROOT, ".venv", "wheels"))
    fetch_env.pop("WRPKIT_TOOLCHAINS", None)  # the project's own 12.6 must not be found
    assert "CUDA 12.6  absent" in run(["wrpkit", "toolchain", "list"], fetch_env).stdout
    orin = run(["wrp-build", SOURCE_CAPTURE, "--profile", "jetson-orin", "--fetch-toolchains", "-o", "orin/tiles.wrp",
                "--no-cache"], fetch_env, cwd=work)
    assert "installing CUDA 12.6" in orin.stderr, orin.stderr
    images = [i for m in json.loads(run(["wrp-inspect", "--json", "orin/tiles.wrp"], env, cwd=work).stdout)["modules"]
              for i in m["images"] if i["kind"] == "sass"]
    assert images and all(i["arch"] == "sm_87" and i["compiler"] == "12.6" for i in images), images
    again = run(["wrp-build", SOURCE_CAPTURE, "--profile", "jetson-orin", "--fetch-toolchains", "-o", "orin/tiles.wrp",
                 "--force", "--no-cache"], fetch_env, cwd=work)
    assert "installing" not in again.stderr, again.stderr
    print("wheel: --fetch-toolchains installed CUDA 12.6 once; the Orin SASS comes from it")
    # 6. wrpkit.warp.save_portable: capture_save + build in one call; stock Warp replays the
    # result. CPU here (CI has no GPU; a CPU graph goes through unchanged with allow_cpu).
    script = os.path.join(work, "save_portable.py")  # Warp reads kernels' source from their file
    with open(script, "w") as f:
        f.write(textwrap.dedent("""
        import numpy as np, warp as wp, wrpkit, wrpkit.warp
        wp.config.quiet = True

        @wp.kernel
        def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
            i = wp.tid()
            y[i] = a * x[i] + y[i]

        x = wp.full(8, 3.0, device="cpu")
        y = wp.zeros(8, device="cpu")
        with wp.ScopedCapture(device="cpu", apic=True) as capture:
            wp.launch(saxpy, dim=8, inputs=[x, y, 2.0], device="cpu")
        report = wrpkit.warp.save_portable(capture.graph, "saved/saxpy", inputs={"x": x}, outputs={"y": y},
                                           build_options={"allow_cpu": True})
        assert [str(p) for p in report.paths] == ["saved/saxpy.wrp"], report.paths
        graph = wp.capture_load("saved/saxpy.wrp", device="cpu")
        graph.set_param("x", wp.full(8, 3.0, device="cpu"))
        graph.set_param("y", wp.full(8, 1.0, device="cpu"))
        wp.capture_launch(graph)
        y2 = wp.zeros(8, device="cpu")
        graph.get_param("y", y2)
        assert np.allclose(y2.numpy(), 7.0), y2.numpy()
        print(wrpkit.inspect("saved/saxpy.wrp")["device"], sorted(__import__("os").listdir("saved")))
        """))
    saved = run([py, script], env, cwd=work).stdout.strip().splitlines()[-1]  # after Warp's banner
    assert saved == "cpu ['saxpy.wrp', 'saxpy_modules']", saved  # no staging folder left behind
    print("wheel: save_portable saved and built a CPU graph; stock Warp replayed it with new inputs (2*3+1 = 7)")

    # 7. the CMake packages: examples/ builds against the wheel's (replay.c, the C API)
    # and against the sdist's (check_and_load too, the C++ library, built by this g++)
    built = os.path.join(work, "cli", "particles.wrp")
    rep = build_examples(os.path.join(tmp, "examples-wheel"), prefix, env, built, cxx=False)
    check = build_examples(os.path.join(tmp, "examples-sdist"), sdist_prefix, env, built, cxx=True)
    print(f"wheel: examples/replay (C, the runtime's C API) built with find_package(wrpkit) from the wheel "
          f"(exit {rep}); check_and_load and replay from the sdist's package (exit {check})")
    print("wheel: all checks passed")
    subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
