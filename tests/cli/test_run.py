"""wrp-run without a GPU (CI): refusals are decided from the artifact before the
driver is touched (exit 3, naming the ops), a missing driver is exit 4 with one
line, bad input exit 2, a bad .npy exit 1. On the GPU machine tests/gpu/wrp-run-check
replays real captures (scripts/device-bundle run)."""
import os
import subprocess
from common import BIN, ENV, local, main, run, tmpdir


def have_gpu():
    return subprocess.run(["sh", "-c", "ldconfig -p | grep -q libcuda.so.1"]).returncode == 0


def test_refusals_and_errors():
    r = run("wrp-run", local("warp-1.17.0-h200/while_loop"))  # a capture as Warp saved it: refused by default
    assert r.returncode == 2 and "while_loop.wrp: has no wrpkit manifest, so nothing vouches for its bytes" in r.stderr \
        and "pass it through wrp-build once" in r.stderr and r.stderr.count("\n") == 1, r.stderr
    r = run("wrp-run", local("warp-1.17.0-h200/while_loop"), "--allow-unverified")
    assert r.returncode == 3 and "cannot replay this artifact: while (need wrp-run's helper kernels, which " \
        "wrp-build adds: rebuild the artifact with it)" in r.stderr, r.stderr
    assert r.stderr.count("\n") == 1, r.stderr
    r = run("wrp-run", local("cpu/saxpy_cpu_w119"), "--allow-unverified")
    assert r.returncode == 3 and "a CPU graph" in r.stderr, r.stderr
    r = run("wrp-run", "/etc/passwd")
    assert r.returncode == 2 and "not a Warp capture" in r.stderr, r.stderr
    bad = os.path.join(tmpdir(), "bad.npy")
    open(bad, "w").write("hello")
    r = run("wrp-run", local("warp-1.17.0-h200/particles"), "--set", f"x={bad}")
    assert r.returncode == 1 and "not a usable .npy file" in r.stderr, r.stderr
    r = run("wrp-run", local("warp-1.17.0-h200/particles"), "--get", "x")
    assert r.returncode == 1 and "expected NAME=FILE.npy" in r.stderr, r.stderr
    if not have_gpu():  # opted in: the isolated child meets the driver first, and says there is none
        r = run("wrp-run", local("warp-1.17.0-h200/particles"), "--allow-unverified")
        assert r.returncode == 4 and "wrpkit-module-probe: no NVIDIA driver" in r.stderr and r.stderr.count("\n") == 1, \
            r.stderr


def test_in_memory_load_checks_the_same():
    import shutil
    src = local("warp-1.17.0-h200/particles")
    lone = os.path.join(tmpdir(), "lone.wrp")
    shutil.copy(src, lone)  # no lone_modules/: wrp_load_from_memory gets no module files
    for args in ([lone], ["--in-memory", lone]):
        r = run("wrp-run", *args)
        assert r.returncode == 2 and "lone_modules/wp___main___48458f3.sm75.ptx is missing" in r.stderr, r.stderr
    bad = os.path.join(tmpdir(), "cut.wrp")
    open(bad, "wb").write(open(src, "rb").read()[:100])
    r = run("wrp-run", "--in-memory", bad)
    assert r.returncode == 2 and r.stderr.startswith(f"wrp-run: error: {bad}:"), r.stderr
    if not have_gpu():
        r = run("wrp-run", "--in-memory", "--allow-unverified", "--no-isolate", src)
        assert r.returncode == 4 and "no NVIDIA driver" in r.stderr, r.stderr


def test_built_conditionals_carry_their_helpers():
    import json
    out = os.path.join(tmpdir(), "w.wrp")
    r = run("wrp-build", local("warp-1.17.0-h200/while_loop"), "--arch", "sm_90", "-o", out)
    assert r.returncode == 0 and "+ wrp-run's helper kernels (for while) for every target" in r.stdout, r.stderr
    j = json.loads(run("wrp-inspect", "--json", out).stdout)
    assert j["wrp_run"] == {"replays": True, "blockers": [], "helpers": ["sm_90", "compute_90"]}, j["wrp_run"]
    assert "wrp-run: replays it (no Warp needed; its helper kernels: sm_90 compute_90)" in run("wrp-inspect", out).stdout
    if not have_gpu():  # past the artifact checks: only the missing driver stops it
        r = run("wrp-run", out)
        assert r.returncode == 4 and "no NVIDIA driver" in r.stderr, r.stderr
    bare = os.path.join(tmpdir(), "bare.wrp")
    r = run("wrp-build", out, "--arch", "sm_90", "--no-replay-helpers", "-o", bare)
    assert r.returncode == 0 and "helper" not in r.stdout, r.stdout
    j = json.loads(run("wrp-inspect", "--json", bare).stdout)
    assert not j["wrp_run"]["replays"] and j["wrp_run"]["helpers"] == [], j["wrp_run"]


def test_built_algorithms_carry_their_kernels():
    """A real Warp 1.19 CUDA capture of radix sorts (no kernel module at all): refused as
    captured, replayable once wrp-build has added the helper kernels that stand in for CUB."""
    import json
    src = local("warp-1.19.0-h200/algorithms-sf/radix_sorts")
    r = run("wrp-inspect", src)
    assert "radix_sort (need wrp-run's helper kernels, which wrp-build adds" in r.stdout, r.stdout
    out = os.path.join(tmpdir(), "sorts.wrp")
    r = run("wrp-build", src, "--arch", "sm_75,sm_90", "-o", out)
    assert r.returncode == 0 and "+ wrp-run's helper kernels (for radix_sort) for every target" in r.stdout, r.stderr
    j = json.loads(run("wrp-inspect", "--json", out).stdout)
    assert j["wrp_run"]["replays"] and j["wrp_run"]["helpers"] == ["sm_75", "sm_90", "compute_75"], j["wrp_run"]
    if not have_gpu():
        r = run("wrp-run", out)
        assert r.returncode == 4 and "no NVIDIA driver" in r.stderr, r.stderr


def test_built_sparse_ops_carry_their_kernels():
    """A real Warp 1.19 CUDA capture of BSR from triplets and BSR transpose (ops 14, 15):
    refused as captured (no helpers), replayable once wrp-build has compiled the sparse
    helper kernels (by the toolchain's real NVRTC) into it."""
    import json
    src = local("warp-1.19.0-h100/default-sf/bsr")
    r = run("wrp-inspect", src)
    assert "bsr_from_triplets, bsr_transpose (need wrp-run's helper kernels, which wrp-build adds" in r.stdout, \
        r.stdout
    out = os.path.join(tmpdir(), "bsr.wrp")
    r = run("wrp-build", src, "--arch", "sm_90", "--ptx", "none", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "+ wrp-run's helper kernels (for bsr_from_triplets, bsr_transpose) for every target" in r.stdout, r.stdout
    j = json.loads(run("wrp-inspect", "--json", out).stdout)
    assert j["wrp_run"] == {"replays": True, "blockers": [], "helpers": ["sm_90"]}, j["wrp_run"]
    ops = json.loads(run("wrp-inspect", "--json", local("warp-1.19.0-h100/default-sf/bsr_padded")).stdout)["ops"]
    assert [(o["op"], o["padded"], o.get("source_padded")) for o in ops["bsr"]] == [
        ("bsr_from_triplets", False, None), ("bsr_transpose", True, True), ("bsr_transpose", True, True)], ops
    assert ops["bsr"][0]["count_on_device"] is False and ops["bsr"][0]["prunes_zeros"] is True, ops


def built_with_mesh_kernels(src, archs):
    """wrp-build's output of a mesh capture (--ptx none): it carries wrp-run's mesh kernels and
    wrp-run replays it by plan. Returns its wrp-inspect --json report."""
    import json
    out = os.path.join(tmpdir(), "mesh.wrp")
    r = run("wrp-build", src, "--arch", archs, "--ptx", "none", "-o", out)
    assert r.returncode == 0, r.stderr
    assert "+ wrp-run's mesh kernels (from Warp's headers) for every target" in r.stdout, r.stdout
    j = json.loads(run("wrp-inspect", "--json", out).stdout)
    assert j["wrp_run"]["replays"] and j["wrp_run"]["blockers"] == [], j["wrp_run"]
    assert "wrpkit-mesh" in [s["name"] for s in j["sections"]], j["sections"]
    return j


def test_built_meshes_carry_their_kernels():
    """A real Warp 1.19 mesh capture: refused as captured, replayable once wrp-build has compiled
    wrp-run's mesh kernels against Warp's headers (warp-lang 1.19.0, the test environment's);
    without a warp-lang, a warning and an artifact wrp-run refuses by name."""
    import json
    src = local("warp-1.19.0-h100/default-sf/mesh_small")
    r = run("wrp-inspect", src)
    assert "1 mesh(es) (need wrp-run's mesh kernels, which wrp-build compiles from Warp's headers: rebuild the " \
        "artifact with wrp-build where warp-lang==1.19.0 is installed)" in r.stdout, r.stdout
    built_with_mesh_kernels(src, "sm_90")
    elsewhere = os.path.join(tmpdir(), "nowarp.wrp")
    # --warp DIR is the only place looked in then: an empty folder holds no warp-lang
    r = run("wrp-build", src, "--from", "binary", "--arch", "sm_90", "--ptx", "none", "--warp", tmpdir(),
            "-o", elsewhere)
    assert r.returncode == 0 and "wrp-build: warning: building without wrp-run's mesh kernels (no NVRTC for sm_90 " \
        "with Warp's headers found)" in r.stderr, (r.returncode, r.stderr)
    j = json.loads(run("wrp-inspect", "--json", elsewhere).stdout)
    assert not j["wrp_run"]["replays"] and "mesh kernels" in j["wrp_run"]["blockers"][0], j["wrp_run"]


def test_a_warp_1_17_mesh_capture_builds_for_wrp_run():
    """A format-15 mesh capture (Warp 1.17.0.dev4, loaded by stock 1.16 to 1.18): its mesh
    kernels compile from the installed warp-lang's headers (1.19.0: the structures are the
    same), and the built artifact replays by plan (on the H100, to stock Warp's replay:
    docs/runs/2026-12-06-h100-meshes-1.17-1.18.txt)."""
    src = local("warp-1.17.0.dev4-h200/mesh_query_ptx75")
    r = run("wrp-inspect", src)
    assert "1 mesh(es) (need wrp-run's mesh kernels" in r.stdout and "warp-lang==1.19.0" in r.stdout, r.stdout
    j = built_with_mesh_kernels(src, "sm_75,sm_90")
    assert j["format_version"] == 15, j["format_version"]


def test_stock_warp_1_15_to_1_18_mesh_captures_build_for_wrp_run():
    """Captures by stock warp-lang 1.15.0 (format 14), 1.16.0 and 1.17.0 (15) and 1.18.0 (16) on an H100
    (PTX for compute_75, a CUBIN; a 352- and a 100,352-triangle mesh) build with wrp-run's mesh
    kernels; wrp-inspect lists the mesh as its record saves it. (The other captures of tests/data/
    warp-1.1{5,6,7,8}.0-h100 differ from these only in their output: the GPU check replays all.)"""
    cases = [("warp-1.15.0-h100/ptx75/mesh_small", 14, 352), ("warp-1.16.0-h100/ptx75/mesh_small", 15, 352),
             ("warp-1.17.0-h100/ptx75/mesh_small", 15, 352), ("warp-1.18.0-h100/default/mesh_small", 16, 352),
             ("warp-1.18.0-h100/ptx75/mesh_100k", 16, 100352)]
    for folder, fmt, triangles in cases:
        j = built_with_mesh_kernels(local(folder), "sm_90")
        assert j["format_version"] == fmt, (folder, j["format_version"])
        (mesh,) = j["mesh_records"]
        assert mesh["triangles"] == triangles and mesh["bvh_constructor"] == "sah", (folder, mesh)


if __name__ == "__main__":
    main()
