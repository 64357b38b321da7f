"""What a new user meets first: the build cache made visible and bounded, --help and
--list-profiles, helper kernels only for the ops a graph has, wrp-run's binding
names checked before any driver, the clone's Python package."""
import json
import os
import subprocess
import sys

from common import ENV, Skip, local, main, run, tmpdir

ROOT = os.environ["WRPKIT_SOURCE_DIR"]
P17 = local("warp-1.17.0-h200/particles")
W17 = local("warp-1.17.0-h200/while_loop")


def need_toolchain(out):
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", os.path.join(out, "probe.wrp"), "--no-cache")
    if r.returncode == 4:
        print("SKIP: no CUDA toolchain (run scripts/setup):", r.stderr.strip())
        sys.exit(77)
    assert r.returncode == 0, r.stderr


def test_cache_hits_misses_stats_and_cap():
    out = tmpdir()
    need_toolchain(out)
    cache = os.path.join(out, "cache")
    first = run("wrp-build", P17, "--arch", "sm_80,sm_90", "-o", os.path.join(out, "a.wrp"), "--cache-dir", cache, "--json")
    assert first.returncode == 0, first.stderr
    assert json.loads(first.stdout)["cache"] == {"enabled": True, "remote": False, "hits": 0, "remote_hits": 0,
                                                 "misses": 2}, first.stdout
    again = run("wrp-build", P17, "--arch", "sm_80,sm_90", "-o", os.path.join(out, "b.wrp"), "--cache-dir", cache, "-v")
    assert again.returncode == 0, again.stderr
    assert "2 image(s): 0 compiled, 2 from the build cache" in again.stdout, again.stdout
    assert again.stderr.count("from the local cache:") == 2 and "compiled wp" not in again.stderr, again.stderr
    stats = run("wrp-build", "--cache-stats", "--cache-dir", cache)
    assert stats.returncode == 0 and "entries        2" in stats.stdout, stats.stdout
    assert "hits           2 (50%)" in stats.stdout and "misses         2" in stats.stdout, stats.stdout
    # a cap below one entry: trimmed at once, and every later build stays under it
    capped = run("wrp-build", "--cache-max-size", "1k", "--cache-dir", cache)
    assert capped.returncode == 0 and "entries        0" in capped.stdout and "of 1024 B" in capped.stdout, capped.stdout
    run("wrp-build", P17, "--arch", "sm_75", "-o", os.path.join(out, "c.wrp"), "--cache-dir", cache)
    assert "entries        0" in run("wrp-build", "--cache-stats", "--cache-dir", cache).stdout
    run("wrp-build", "--cache-max-size", "2G", "--cache-dir", cache)
    run("wrp-build", P17, "--arch", "sm_75", "-o", os.path.join(out, "d.wrp"), "--cache-dir", cache)
    cleared = run("wrp-build", "--cache-clear", "--cache-stats", "--cache-dir", cache)
    assert cleared.returncode == 0 and "removed 1 cache entries" in cleared.stdout, cleared.stdout
    assert "entries        0" in cleared.stdout and "hits           0" in cleared.stdout, cleared.stdout
    bad = run("wrp-build", "--cache-max-size", "lots", "--cache-dir", cache)
    assert bad.returncode == 1 and "expected a size" in bad.stderr, bad.stderr
    off = run("wrp-build", P17, "--arch", "sm_90", "-o", os.path.join(out, "e.wrp"), "--no-cache", "--json")
    assert json.loads(off.stdout)["cache"] == {"enabled": False, "remote": False, "hits": 0, "remote_hits": 0,
                                               "misses": 1}, off.stdout


def test_help_and_profiles():
    h = run("wrp-build", "--help").stdout
    for words in ("Targets:", "Build cache:", "--ptx TEXT:{lowest,none}=lowest", "--from TEXT:{auto,source,binary}=auto",
                  "--compress TEXT:{none,default,size}=default", "Examples:", "--list-profiles"):
        assert words in h, words
    p = run("wrp-build", "--list-profiles")
    assert p.returncode == 0 and "(default: portable)" in p.stdout, p.stdout
    assert "jetson-orin" in p.stdout and "sm_75,sm_80,sm_86,sm_87,sm_89,sm_90,sm_100,sm_120" in p.stdout, p.stdout
    r = run("wrp-build", "-o", "x.wrp")
    assert r.returncode == 1 and "name the capture" in r.stderr, r.stderr
    w = run("wrp-run", "--help").stdout
    assert "--repeat UINT:UINT in [1 - 1000000]=1" in w and "--device INT=0" in w, w
    i = run("wrp-inspect", "--help").stdout
    assert "Examples:" in i and "On the deployment machine:" in i, i
    for tool in ("wrp-build", "wrp-inspect", "wrp-run"):
        v = run(tool, "--version")
        assert v.returncode == 0 and v.stdout.startswith(f"{tool} (wrpkit) "), (tool, v.stdout, v.stderr)
    r = run("wrp-inspect", P17, "--allow-jit")
    assert r.returncode == 1 and "--device" in r.stderr, r.stderr


def test_helpers_only_for_the_ops_the_graph_has():
    """A while loop needs the two condition setters, not the algorithm kernels."""
    out = tmpdir()
    need_toolchain(out)
    r = run("wrp-build", W17, "--arch", "sm_90", "-o", os.path.join(out, "w.wrp"), "--json", "--no-cache")
    assert r.returncode == 0, r.stderr
    o = json.loads(r.stdout)["outputs"][0]
    assert o["replay_helpers_for"] == ["while"] and 0 < o["replay_helpers_size"] < 20000, o["replay_helpers_size"]
    j = json.loads(run("wrp-inspect", os.path.join(out, "w.wrp"), "--json").stdout)
    assert j["wrp_run"]["replays"], j["wrp_run"]
    sorts = run("wrp-build", local("warp-1.19.0-h200/algorithms-sf/radix_sorts"), "--arch", "sm_90", "-o",
                os.path.join(out, "s.wrp"), "--json", "--no-cache")
    assert sorts.returncode == 0, sorts.stderr
    assert json.loads(sorts.stdout)["outputs"][0]["replay_helpers_size"] > o["replay_helpers_size"]


def test_wrp_run_checks_binding_names_before_the_driver():
    r = run("wrp-run", P17, "--get", "nope=/tmp/x.npy")
    assert r.returncode == 1 and "no binding named 'nope'" in r.stderr and "it has:" in r.stderr, r.stderr
    npy = os.path.join(tmpdir(), "small.npy")  # three float32 zeros, in NumPy's .npy 1.0 layout
    header = b"{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }"
    header += b" " * (64 - (10 + len(header) + 1) % 64) + b"\n"
    open(npy, "wb").write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header + bytes(12))
    names = json.loads(run("wrp-inspect", P17, "--json").stdout)["bindings"]
    r = run("wrp-run", P17, "--set", f"{names[0]['name']}={npy}")
    assert r.returncode == 1 and "the array holds 12 bytes" in r.stderr, r.stderr


def test_the_clone_python_package():
    """scripts/setup puts python/ on the clone's .venv path: import wrpkit and python -m wrpkit work there."""
    py = os.path.join(ROOT, ".venv", "bin", "python")
    if not os.path.exists(py):
        raise Skip("no .venv (scripts/setup makes it)")
    env = {k: v for k, v in ENV.items() if k not in ("VIRTUAL_ENV", "WRPKIT_BIN", "PYTHONPATH")}
    r = subprocess.run([py, "-m", "wrpkit"], capture_output=True, text=True, env=env)
    assert r.returncode == 0 and r.stdout.startswith("wrpkit ") and "tools:" in r.stdout, (r.stdout, r.stderr)
    r = subprocess.run([py, "-m", "wrpkit", "inspect", P17], capture_output=True, text=True, env=env)
    assert r.returncode == 0 and "Warp capture, format 15" in r.stdout, r.stderr
    r = subprocess.run([py, "-c", "import wrpkit; wrpkit.build('x.wrp', 'y.wrp', compress='max')"], capture_output=True,
                       text=True, env=env)
    assert r.returncode == 1 and "ValueError: wrpkit.build: compress='max'" in r.stderr, r.stderr


if __name__ == "__main__":
    main()
