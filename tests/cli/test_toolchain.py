"""Toolchains on demand (issue 35): `python -m wrpkit toolchain` installs a pinned CUDA
release's compiler wheels into a per-user folder that wrp-build searches, and
`wrp-build --fetch-toolchains` installs what a plan lacks. No download here: the wheels
come from the folder scripts/setup downloaded them into (.venv/wheels, through
$WRPKIT_TOOLCHAIN_FIND_LINKS); an empty folder plays the offline machine."""
import json
import os
import subprocess
import sys
import threading

from common import ENV, Skip, local, main, run, tmpdir

SOURCE = os.environ["WRPKIT_SOURCE_DIR"]
WHEELS = os.path.join(SOURCE, ".venv", "wheels")
sys.path.insert(0, os.path.join(SOURCE, "python"))
from wrpkit._toolchain_pins import PINS  # noqa: E402


def env(home, links=WHEELS):
    e = dict(ENV, WRPKIT_TOOLCHAIN_HOME=home, WRPKIT_TOOLCHAIN_FIND_LINKS=links, WRPKIT_PYTHON=sys.executable,
             PYTHONPATH=os.path.join(SOURCE, "python"))
    e.pop("WRPKIT_TOOLCHAINS", None)  # scripts/env's 12.6 and 13.4 must not be found
    return e


def toolchain(e, *args):
    return subprocess.run([sys.executable, "-m", "wrpkit", "toolchain", *args], capture_output=True, text=True, env=e)


def need_wheels():
    if not any(f.startswith("nvidia_nvjitlink_cu12-12.6.85") for f in os.listdir(WHEELS) if os.path.isdir(WHEELS)):
        raise Skip(f"{WHEELS} lacks CUDA 12.6's wheels: run scripts/setup")


def test_the_pins_cover_every_release_from_12_4_and_agree_with_setup():
    assert list(PINS)[0] == "12.4" and "12.6" in PINS and any(r.startswith("13.") for r in PINS), list(PINS)
    for release, pins in PINS.items():
        assert len(pins) == 3 and all(len(sha) == 64 for _, _, files in pins for _, sha, _ in files), release
        assert {p.replace("-cu12", "") for p, _, _ in pins} == {"nvidia-nvjitlink", "nvidia-cuda-nvrtc",
                                                               "nvidia-nvfatbin"}, release
    for line in open(os.path.join(SOURCE, "requirements-toolchains.txt")):
        if line.strip() and not line.startswith("#"):
            folder, *pkgs = line.split()
            pinned = {f"{p}=={v}" for p, v, _ in PINS[folder.removeprefix("cuda-")]}
            assert set(pkgs) == pinned, (folder, pkgs, pinned)


def test_install_list_damage_and_remove():
    need_wheels()
    e = env(tmpdir())
    r = toolchain(e, "install", "12.6")
    assert r.returncode == 0 and "installing CUDA 12.6: nvidia-nvjitlink-cu12==12.6.85" in r.stdout and " MB)" in r.stdout, \
        r.stdout + r.stderr
    home = e["WRPKIT_TOOLCHAIN_HOME"]
    marker = json.load(open(os.path.join(home, "cuda-12.6", "wrpkit-toolchain.json")))
    assert marker["release"] == "12.6" and any(f.endswith("libnvJitLink.so.12") for f in marker["files"]), marker
    assert "CUDA 12.6  installed" in toolchain(e, "list").stdout
    r = toolchain(e, "install", "12.6")  # a second time: nothing to do
    assert r.returncode == 0 and "is installed in" in r.stdout, r.stdout
    lib = next(os.path.join(home, "cuda-12.6", f) for f in marker["files"] if f.endswith("libnvJitLink.so.12"))
    open(lib, "r+b").truncate(1000)  # damaged: a file shorter than the marker says
    assert "CUDA 12.6  damaged" in toolchain(e, "list").stdout
    r = toolchain(e, "install", "12.6")
    assert r.returncode == 0 and "reinstalling (damaged) CUDA 12.6" in r.stdout, r.stdout
    assert os.path.getsize(lib) == marker["files"][os.path.relpath(lib, os.path.join(home, "cuda-12.6"))]
    r = toolchain(e, "remove", "12.6")
    assert r.returncode == 0 and not os.path.exists(os.path.join(home, "cuda-12.6")), r.stdout
    r = toolchain(e, "install", "11.8")
    assert r.returncode == 4 and "not a release it knows; known: 12.4" in r.stderr, r.stderr


def test_a_python_without_pip_is_told_to_get_pip_or_set_wrpkit_pip():
    need_wheels()
    bare = os.path.join(tmpdir(), "venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", bare], check=True)
    e = env(tmpdir())
    r = subprocess.run([os.path.join(bare, "bin", "python"), "-m", "wrpkit", "toolchain", "install", "12.6"],
                       capture_output=True, text=True, env=e)
    assert r.returncode == 4 and r.stderr.count("\n") == 1 and "has no pip; install pip into it" in r.stderr, r.stderr
    r = subprocess.run([os.path.join(bare, "bin", "python"), "-m", "wrpkit", "toolchain", "install", "12.6"],
                       capture_output=True, text=True, env=dict(e, WRPKIT_PIP=f"{sys.executable} -m pip"))
    assert r.returncode == 0 and "installing CUDA 12.6" in r.stdout, r.stdout + r.stderr
    r = toolchain(dict(e, WRPKIT_PIP="/nonexistent/pip --verbose"), "install", "12.4")
    assert r.returncode == 4 and "cannot run pip as `/nonexistent/pip --verbose` (No such file" in r.stderr, r.stderr


def test_two_jobs_installing_one_release_at_once_leave_it_whole():
    need_wheels()
    e = env(tmpdir())
    results = []
    jobs = [threading.Thread(target=lambda: results.append(toolchain(e, "install", "12.6"))) for _ in range(2)]
    for j in jobs:
        j.start()
    for j in jobs:
        j.join()
    assert [r.returncode for r in results] == [0, 0], [r.stderr for r in results]
    said = sorted("installing CUDA" in r.stdout for r in results)
    assert said == [False, True], [r.stdout for r in results]  # one installed, the other waited and found it
    assert "CUDA 12.6  installed" in toolchain(e, "list").stdout
    assert [f for f in os.listdir(e["WRPKIT_TOOLCHAIN_HOME"]) if not f.startswith(".cuda-12.6.lock")] == ["cuda-12.6"]


def test_wrp_build_fetches_what_the_jetson_profile_lacks_once_and_fails_offline_with_the_command():
    need_wheels()
    capture = local("warp-1.19.0-h100/default-sf/mesh_small")  # CUDA source: Orin's SASS from NVRTC 12.6
    out = os.path.join(tmpdir(), "m.wrp")
    offline = run("wrp-build", capture, "--profile", "jetson-orin", "-o", out, "--fetch-toolchains",
                  env=env(tmpdir(), links=tmpdir()))
    assert offline.returncode == 4 and offline.stderr.count("\n") == 1 and \
        "run `wrpkit toolchain install 12.6` where the package index can be reached" in offline.stderr, offline.stderr
    e = env(tmpdir())
    without = run("wrp-build", capture, "--profile", "jetson-orin", "-o", out, env=e)
    assert without.returncode == 4 and "wrpkit toolchain install 12.6 (or pass --fetch-toolchains)" in without.stderr, \
        without.stderr
    first = run("wrp-build", capture, "--profile", "jetson-orin", "-o", out, "--fetch-toolchains", env=e)
    assert first.returncode == 0 and "installing CUDA 12.6" in first.stderr and " MB) into " in first.stderr, \
        first.stderr
    sass = [i for m in json.loads(run("wrp-inspect", "--json", out).stdout)["modules"] for i in m["images"]
            if i["kind"] == "sass"]
    assert sass and all(i["arch"] == "sm_87" and i["compiler"] == "12.6" for i in sass), sass
    second = run("wrp-build", capture, "--profile", "jetson-orin", "-o", out, "--fetch-toolchains", "--force", env=e)
    assert second.returncode == 0 and "installing" not in second.stderr, second.stderr  # nothing downloaded again


if __name__ == "__main__":
    main()
