"""wrp-build on the real captures (Warp 1.17, 1.18 and 1.19: formats 15, 16, 18;
from PTX, CUBIN and retained CUDA source): images agree with cuobjdump, output is
deterministic, and every documented error case exits with its code."""
import json
import os
import re
import shutil
import subprocess
import sys

import hashlib

from common import BIN, ENV, FIXTURES, PTX75, local, main, need_shared, parse_wrp, run, tmpdir, wrp, cuobjdump

PORTABLE = ["sm_75", "sm_80", "sm_86", "sm_87", "sm_89", "sm_90", "sm_100", "sm_120"]
OUT = tmpdir()


P17 = local("warp-1.17.0-h200/particles")


def need_toolchain():
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", os.path.join(OUT, "probe.wrp"), "--force")
    if r.returncode == 4:
        print("no CUDA toolchain (run scripts/setup):", r.stderr.strip())
        sys.exit(77)
    assert r.returncode == 0, r.stderr


def cuobjdump_images(path):
    tool = cuobjdump()
    assert tool, "cuobjdump not found (scripts/setup installs it into .venv)"
    elf = subprocess.run([tool, "--list-elf", path], capture_output=True, text=True).stdout
    ptx = subprocess.run([tool, "--list-ptx", path], capture_output=True, text=True).stdout
    sass = re.findall(r"ELF file\s+\d+: .*\.(sm_\d+[af]?)\.cubin", elf)
    ptxs = ["compute_" + a[3:] for a in re.findall(r"PTX file\s+\d+: .*\.(sm_\d+[af]?)\.ptx", ptx)]
    return sorted(sass + ptxs)


def test_every_ptx_fixture_builds_for_portable_and_cuobjdump_agrees():
    need_shared()
    need_toolchain()
    assert cuobjdump(), "cuobjdump not found (scripts/setup installs it)"
    for name in PTX75:
        out = os.path.join(OUT, name + ".wrp")
        # a 1.17 dev build of CUDA 13.0: Orin's SASS needs a compiler no newer than the floor,
        # and no 13.0 toolchain is provisioned, so the floor is raised to the 13.4 one
        args = ["--profile", "portable", "-o", out, "--json", "--min-driver", "13.4"]
        if name.startswith("capture_while"):
            args = ["--arch", "sm_90", "-o", out, "--json"]
        r = run("wrp-build", wrp(name), *args)
        assert r.returncode == 0, (name, r.stderr)
        summary = json.loads(r.stdout)
        cw = name.startswith("capture_while")
        j = json.loads(run("wrp-inspect", out, "--json", "--arch", "sm_90" if cw else ",".join(PORTABLE)).stdout)
        if cw:  # informational: replays only on sm_9x, which is all it was built for
            assert [h["code"] for h in j["hazards"]] == ["conditional_target_arch"]
            assert "fails on" not in j["hazards"][0]["message"]
        else:
            assert j["hazards"] == [], (name, j["hazards"])
        for m in j["modules"]:
            assert m["kind"] == "fatbin" and m["file"].endswith(".fatbin")
            ours = sorted(i["arch"] for i in m["images"])
            theirs = cuobjdump_images(os.path.join(out[:-4] + "_modules", m["file"]))
            assert ours == theirs, (name, ours, theirs)
            if not name.startswith("capture_while"):
                assert ours == sorted(PORTABLE + ["compute_75"]), ours
        if not name.startswith("capture_while"):
            assert all(v == "sass" for row in j["load_matrix"].values() for v in row.values())
        assert "wrpkit" in j and j["wrpkit"]["targets"] == summary["outputs"][0]["targets"]


def test_captures_from_warp_1_17_wheel():
    """Captures stock warp-lang 1.17.0 made on the H200 (tests/data): PTX ISA 8.8, tiles, structs."""
    need_toolchain()
    data = os.path.join(os.environ["WRPKIT_SOURCE_DIR"], "tests", "data", "warp-1.17.0-h200")
    names = sorted(n for n in os.listdir(data) if os.path.isdir(os.path.join(data, n)))
    assert len(names) == 6, names
    for name in names:
        src = os.path.join(data, name, name + ".wrp")
        out = os.path.join(OUT, "w117_" + name + ".wrp")
        loop = name == "while_loop"
        r = run("wrp-build", src, "--profile", "portable", "-o", out, "--json", *(["--split-families"] if loop else []))
        assert r.returncode == 0, (name, r.stderr)
        outs = json.loads(r.stdout)["outputs"]
        if loop:  # one artifact per arch family, each with target_arch = its lowest arch; Tegra sm_87 alone
            assert [o["target_arch"] for o in outs] == [75, 80, 87, 90, 100, 120], outs
            assert [o["targets"] for o in outs][1:3] == [["sm_80", "sm_86", "sm_89"], ["sm_87"]], outs
            assert outs[2]["wrp"].endswith("w117_while_loop.sm87.wrp"), outs[2]["wrp"]
            continue
        j = json.loads(run("wrp-inspect", out, "--json", "--arch", ",".join(PORTABLE)).stdout)
        assert j["hazards"] == [], (name, j["hazards"])
        for m in j["modules"]:
            ours = sorted(i["arch"] for i in m["images"])
            assert ours == sorted(PORTABLE + ["compute_75"]), ours
            assert ours == cuobjdump_images(os.path.join(out[:-4] + "_modules", m["file"])), name


def sass_functions(fatbin):
    """Kernel entry names in every SASS image, by cuobjdump (independent of our readers)."""
    assert cuobjdump(), "cuobjdump not found (scripts/setup installs it into .venv)"
    out = subprocess.run([cuobjdump(), "--dump-elf-symbols", fatbin], capture_output=True, text=True).stdout
    # cuobjdump 13.0 prints STT_FUNC STB_GLOBAL STO_ENTRY, 13.5 FUNC GLOBAL DEFAULT ENTRY
    return set(re.findall(r"(?:STT_)?FUNC\s+(?:STB_)?GLOBAL\s+(?:\S+\s+)?(?:STO_)?ENTRY\s+(\S+)", out))


def test_only_launched_kernels_are_compiled():
    need_toolchain()
    out = os.path.join(OUT, "launched.wrp")
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", out, "--json")
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)["outputs"][0]["modules"][0]
    assert (m["kernels_built"], m["kernels_in_source"]) == (2, 12), m
    meta = json.loads(run("wrp-inspect", out, "--json").stdout)["modules"][0]["kernels"]
    named = {k["forward"] for k in meta} | {k["backward"] for k in meta if k["backward"]}
    fat = os.path.join(out[:-4] + "_modules", m["file"])
    assert sass_functions(fat) == named, (sass_functions(fat), named)
    full = os.path.join(OUT, "all_kernels.wrp")
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", full, "--json", "--all-kernels")
    assert r.returncode == 0, r.stderr
    m2 = json.loads(r.stdout)["outputs"][0]["modules"][0]
    assert (m2["kernels_built"], m2["kernels_in_source"]) == (12, 12) and m2["size"] > m["size"]
    assert len(sass_functions(os.path.join(full[:-4] + "_modules", m2["file"]))) == 12


def test_if_while_graph_gets_lowest_target_arch():
    """Up to 1.18 stock Warp builds if/while condition kernels as SASS for target_arch: one arch
    family per artifact, and a Tegra arch (Jetson Orin, sm_87) is a family of its own."""
    need_toolchain()
    loop = local("warp-1.17.0-h200/while_loop")
    out = os.path.join(OUT, "cw8.wrp")
    r = run("wrp-build", loop, "--arch", "sm_89,sm_80", "-o", out)
    assert r.returncode == 0, r.stderr
    j = json.loads(run("wrp-inspect", out, "--json").stdout)
    assert j["target_arch"] == 80 and j["header_target_arch"] == 80
    r = run("wrp-build", loop, "--profile", "portable", "-o", os.path.join(OUT, "cwp.wrp"))
    assert r.returncode == 3 and "--split-families" in r.stderr, r.stderr
    # sm_80 SASS does not run on a Jetson Orin: refused in the plan, nothing written
    r = run("wrp-build", loop, "--arch", "sm_80,sm_87", "-o", os.path.join(OUT, "orin.wrp"))
    assert r.returncode == 3 and "sm_8x, sm_87 (Tegra" in r.stderr and "--split-families" in r.stderr, r.stderr
    assert not os.path.exists(os.path.join(OUT, "orin.wrp"))
    r = run("wrp-build", loop, "--arch", "sm_80,sm_87,sm_90", "--split-families", "-o", os.path.join(OUT, "cws.wrp"))
    assert r.returncode == 0, r.stderr
    for fam, ta in (("sm8x", 80), ("sm87", 87), ("sm9x", 90)):
        j = json.loads(run("wrp-inspect", os.path.join(OUT, f"cws.{fam}.wrp"), "--json").stdout)
        assert j["target_arch"] == ta and j["header_target_arch"] == ta, (fam, j["target_arch"])
    # The load matrix tells the truth: the sm_8x artifact's condition kernels cannot run on sm_87
    r = run("wrp-inspect", os.path.join(OUT, "cws.sm8x.wrp"), "--json", "--arch", "sm_80,sm_86,sm_87")
    assert r.returncode == 2, r.stderr
    j = json.loads(r.stdout)
    assert j["conditions_load"] == {"sm_80": "sass", "sm_86": "sass", "sm_87": "none"}, j["conditions_load"]
    assert j["load_summary"] == {"sm_80": "sass", "sm_86": "sass", "sm_87": "none"}, j["load_summary"]
    assert "fails on sm_87" in j["hazards"][0]["message"], j["hazards"]
    text = run("wrp-inspect", os.path.join(OUT, "cws.sm87.wrp"), "--arch", "sm_80,sm_87").stdout
    assert re.search(r"if/while conditions\s+none\s+sass", text), text
    r = run("wrp-inspect", os.path.join(OUT, "cws.sm87.wrp"), "--arch", "sm_87")
    assert r.returncode == 0, r.stdout
    # Warp 1.18's default while capture (CUBIN for sm_90): both problems at once
    r = run("wrp-build", local("warp-1.18.0-h200/default/while_loop"), "--arch", "sm_87,sm_90",
            "-o", os.path.join(OUT, "w18.wrp"))
    assert r.returncode == 3 and "2 problems" in r.stderr and "CUBIN only" in r.stderr, r.stderr
    assert "sm_87 (Tegra" in r.stderr, r.stderr


def test_same_input_same_output():
    need_toolchain()
    a, b = os.path.join(OUT, "det_a.wrp"), os.path.join(OUT, "det_b.wrp")
    for out, jobs in ((a, "1"), (b, "4")):
        r = run("wrp-build", local("warp-1.17.0-h200/unique_adjoint"), "--profile", "portable", "-o", out, "-j", jobs,
                "--no-cache")
        assert r.returncode == 0, r.stderr
    assert open(a, "rb").read() == open(b, "rb").read()
    for f in os.listdir(a[:-4] + "_modules"):
        assert open(os.path.join(a[:-4] + "_modules", f), "rb").read() == \
            open(os.path.join(b[:-4] + "_modules", f), "rb").read(), f


def test_report_file_for_ci():
    """--report FILE: the --json report saved whole for a CI step, while the console gets the
    text (nothing with --quiet); a report that cannot be written is exit 5 naming --report."""
    need_toolchain()
    cap, out = local("warp-1.17.0-h200/particles"), os.path.join(OUT, "report.wrp")
    j = run("wrp-build", cap, "--arch", "sm_90", "-o", out, "--force", "--json")
    assert j.returncode == 0, j.stderr
    report = os.path.join(OUT, "report.json")
    for console in ([], ["--quiet"]):
        r = run("wrp-build", cap, "--arch", "sm_90", "-o", out, "--force", "--report", report, *console)
        assert r.returncode == 0, r.stderr
        assert (r.stdout == "") == bool(console) and not r.stdout.lstrip().startswith("{"), r.stdout
        saved, printed = json.load(open(report)), json.loads(j.stdout)
        assert saved.keys() == printed.keys() and saved["outputs"] == printed["outputs"], saved
    r = run("wrp-build", cap, "--arch", "sm_90", "-o", out, "--force", "--report", "/nonexistent/r.json")
    assert r.returncode == 5 and "--report /nonexistent/r.json" in r.stderr, (r.returncode, r.stderr)


def test_cubin_module_reused_or_refused():
    """Warp 1.18's default capture on a driver older than its NVRTC: CUBIN for sm_90 alone (format 16)."""
    need_toolchain()
    cub = local("warp-1.18.0-h200/default/tiles")
    out = os.path.join(OUT, "cub.wrp")
    r = run("wrp-build", cub, "--arch", "sm_90", "-o", out)
    assert r.returncode == 0, r.stderr
    j = json.loads(run("wrp-inspect", out, "--json").stdout)
    assert [i["arch"] for i in j["modules"][0]["images"]] == ["sm_90"]
    assert j["format_version"] == 16 and j["modules"][0]["file"].endswith(".fatbin")
    for archs in ("sm_87", "sm_75,sm_80,sm_90"):
        r = run("wrp-build", cub, "--arch", archs, "-o", os.path.join(OUT, "cub87.wrp"))
        assert r.returncode == 3, r.stderr
        assert 'cuda_output = "ptx"' in r.stderr and "source_fallback=True" in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
    assert "sm_75, sm_80" in r.stderr and "ptx_target_arch = 75" in r.stderr, r.stderr


def copy_capture(src, name, edit=None):
    """A copy of a capture under OUT (module files passed through `edit`)."""
    dst = os.path.join(OUT, name + ".wrp")
    shutil.copy(src, dst)
    mods = src[:-4] + "_modules"
    os.makedirs(dst[:-4] + "_modules", exist_ok=True)
    for f in os.listdir(mods):
        data = open(os.path.join(mods, f), "rb").read()
        open(os.path.join(dst[:-4] + "_modules", f), "wb").write(edit(f, data) if edit else data)
    return dst


def test_error_cases():
    need_toolchain()
    # PTX for compute_90 (as wp.config.ptx_target_arch = 90 writes) cannot be built for sm_75
    p90 = copy_capture(P17, "ptx90", lambda f, d: d.replace(b".target sm_75", b".target sm_90", 1))
    r = run("wrp-build", p90, "--arch", "sm_75", "-o", os.path.join(OUT, "p90.wrp"))
    assert r.returncode == 3 and "ptx_target_arch = 75" in r.stderr and "compute_90" in r.stderr, r.stderr
    assert not os.path.exists(os.path.join(OUT, "p90.wrp")) and not os.path.exists(os.path.join(OUT, "p90_modules"))
    r = run("wrp-build", P17, "--arch", "sm_101", "-o", os.path.join(OUT, "s101.wrp"))
    assert r.returncode == 1 and "renamed sm_101" in r.stderr and "sm_110" in r.stderr, r.stderr
    # every problem at once, and where an arch the user never typed came from: sm_70 is no
    # CUDA 13 target (a Warp 1.18 capture's floor), so no advice to recapture for it
    r = run("wrp-build", local("warp-1.18.0-h200/ptx75/tiles"), "--arch", "sm_70,sm_999", "-o", os.path.join(OUT, "s70.wrp"))
    assert r.returncode == 1 and "2 problems" in r.stderr and "sm_999" in r.stderr and "sm_70" in r.stderr, r.stderr
    assert "ptx_target_arch" not in r.stderr and "CUDA 12 floor" in r.stderr, r.stderr
    # a Warp 1.17 capture's floor is CUDA 12.9, whose compilers build sm_70 from compute_70 PTX
    r = run("wrp-build", P17, "--arch", "sm_70", "-o", os.path.join(OUT, "s70.wrp"))
    assert r.returncode == 3 and "ptx_target_arch = 70" in r.stderr, r.stderr
    r = run("wrp-build", local("warp-1.18.0-h200/default/tiles"), "-o", os.path.join(OUT, "dp.wrp"))
    assert r.returncode == 3 and "from the default profile 'portable'" in r.stderr, r.stderr
    r = run("wrp-build", P17, "--arch", "", "-o", os.path.join(OUT, "empty.wrp"))
    assert r.returncode == 1 and "empty" in r.stderr, r.stderr
    r = run("wrp-build", P17, "--profile", "nope", "-o", os.path.join(OUT, "x.wrp"))
    assert r.returncode == 1 and "portable" in r.stderr, r.stderr
    bad = os.path.join(OUT, "bad.toml")
    open(bad, "w").write('default = "a"\n[profiles.a]\narchs = []\n')
    r = run("wrp-build", P17, "--targets", bad, "-o", os.path.join(OUT, "x.wrp"))
    assert r.returncode == 1 and "empty" in r.stderr, r.stderr
    r = run("wrp-build", p90, "--arch", "sm_90", "-o", p90)
    assert r.returncode == 1 and "overwrite the input" in r.stderr, r.stderr
    out = os.path.join(OUT, "exists.wrp")
    assert run("wrp-build", P17, "--arch", "sm_90", "-o", out).returncode == 0
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", out)
    assert r.returncode == 1 and "--force" in r.stderr
    assert run("wrp-build", P17, "--arch", "sm_90", "-o", out, "--force").returncode == 0
    env = dict(ENV, WRPKIT_NO_TOOLCHAIN_SEARCH="1", CUDA_HOME="/nonexistent", CUDA_PATH="")
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", os.path.join(OUT, "nt.wrp"), env=env)
    assert r.returncode == 4 and "pip install" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


def test_ptx_newer_than_the_compiler_is_refused_up_front():
    """warp-lang wheels built with a newer CUDA write a newer PTX ISA than the pinned toolchain reads."""
    need_toolchain()
    src = copy_capture(P17, "newisa", lambda f, d: d.replace(b".version 8.8", b".version 9.9", 1))
    out = os.path.join(OUT, "newisa_out.wrp")
    r = run("wrp-build", src, "--arch", "sm_90", "-o", out)
    assert r.returncode == 4, r.stderr
    assert "PTX ISA 9.9" in r.stderr and "CUDA 13.9" in r.stderr and "nvidia-nvjitlink" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not os.path.exists(out)


def test_ptxas_and_fatbinary_fallbacks_and_compress_modes():
    need_toolchain()
    sizes = {}
    for mode in ("none", "default", "size"):
        out = os.path.join(OUT, f"c_{mode}.wrp")
        r = run("wrp-build", P17, "--arch", "sm_87,sm_90", "--compress", mode, "-o", out)
        assert r.returncode == 0, r.stderr
        sizes[mode] = sum(os.path.getsize(os.path.join(out[:-4] + "_modules", f)) for f in os.listdir(out[:-4] + "_modules"))
    assert sizes["none"] > sizes["default"] >= sizes["size"], sizes
    out = os.path.join(OUT, "tools.wrp")
    r = run("wrp-build", P17, "--arch", "sm_87,sm_90", "--compiler", "ptxas", "--packager", "fatbinary",
            "--no-cache", "-o", out, "--json")
    if r.returncode == 4:
        return  # ptxas/fatbinary executables not installed: nothing to compare
    assert r.returncode == 0, r.stderr
    s = json.loads(r.stdout)
    assert s["toolchain"].startswith("ptxas") and s["toolchain"].endswith("fatbinary"), s["toolchain"]
    j = json.loads(run("wrp-inspect", out, "--json").stdout)
    assert sorted(i["arch"] for i in j["modules"][0]["images"]) == ["compute_75", "sm_87", "sm_90"]
    assert j["hazards"] == []


def test_warp_1_18_ptx_captures():
    """Warp 1.18 with cuda_output="ptx": format 16, PTX ISA 9.4 (NVRTC 13.4), read by the 13.5 toolchain."""
    need_toolchain()
    for name in ("unique_adjoint", "tiles"):
        src = local("warp-1.18.0-h200/ptx75/" + name)
        out = os.path.join(OUT, "w118_" + name + ".wrp")
        r = run("wrp-build", src, "--profile", "portable", "-o", out, "--json")
        assert r.returncode == 0, (name, r.stderr)
        j = json.loads(run("wrp-inspect", out, "--json", "--arch", ",".join(PORTABLE)).stdout)
        assert j["format_version"] == 16
        # the embedded PTX keeps the capture's ISA 9.4: a CUDA 13.4 driver floor, reported
        assert {h["code"] for h in j["hazards"]} == {"ptx_driver_floor"}, j["hazards"]
        for m in j["modules"]:
            ours = sorted(i["arch"] for i in m["images"])
            assert ours == sorted(PORTABLE + ["compute_75"]), ours
            assert ours == cuobjdump_images(os.path.join(out[:-4] + "_modules", m["file"])), name
        mods = j["wrpkit"]["modules"]
        assert all(i["min_driver"] == "13.4" for m in mods for i in m["images"] if i["kind"] == "ptx"), mods
        assert all(v == "sass" for row in j["load_matrix"].values() for v in row.values())
        # --ptx none: no driver floor left, but nothing for GPUs newer than the targets
        r = run("wrp-build", src, "--profile", "portable", "--ptx", "none", "-o", out, "--force")
        assert r.returncode == 0, r.stderr
        codes = {h["code"] for h in json.loads(run("wrp-inspect", out, "--json").stdout)["hazards"]}
        assert codes == {"no_ptx_fallback"}, codes


SF19 = local("warp-1.19.0-h200/default-sf/tiles")


def need_warp_headers():
    r = run("wrp-build", SF19, "--arch", "sm_90", "--ptx", "none", "-o", os.path.join(OUT, "wprobe.wrp"), "--force")
    if r.returncode == 4 and "warp-lang" in r.stderr:
        raise AssertionError("warp-lang 1.19.0 is not installed (scripts/setup installs it): " + r.stderr)
    assert r.returncode == 0, r.stderr


def test_warp_1_19_cubin_capture_built_from_its_source():
    """The default 1.19 capture on a 13.0 driver is CUBIN sm_90 only; with source_fallback=True
    wrp-build compiles the retained .cu with Warp's recipe for every target."""
    need_toolchain()
    need_warp_headers()
    out = os.path.join(OUT, "sf.wrp")
    r = run("wrp-build", SF19, "--arch", "sm_75,sm_80,sm_87,sm_90,sm_120", "--ptx", "none", "-o", out, "--json", "--no-cache")
    assert r.returncode == 0, r.stderr
    m = json.loads(r.stdout)["outputs"][0]["modules"][0]
    assert m["from"] == "source" and re.fullmatch(r"wp___main___f8b9300\.[0-9a-f]{8}\.fatbin\.cubin", m["file"]), m
    ref, built = parse_wrp(SF19), parse_wrp(out)
    assert built["version"] == 18 and built["producer"] == "1.19.0" and built["target_arch"] == 90
    rm, bm = ref["modules"][0], built["modules"][0]
    folder = out[:-4] + "_modules"
    fat = os.path.join(folder, bm["file"])
    assert bm["kind"] == 2 and bm["reason"] == 0 and bm["recipe"] == rm["recipe"]
    assert bm["binary_digest"] == hashlib.sha256(open(fat, "rb").read()).hexdigest()
    assert bm["source_file"] == rm["source_file"] and bm["source_digest"] == rm["source_digest"]
    assert open(os.path.join(folder, bm["source_file"]), "rb").read() == \
        open(os.path.join(SF19[:-4] + "_modules", rm["source_file"]), "rb").read()
    assert cuobjdump_images(fat) == ["sm_120", "sm_75", "sm_80", "sm_87", "sm_90"]
    named = {k["forward"] for k in ref["kernels"]} | {k["backward"] for k in ref["kernels"]}
    assert named <= sass_functions(fat), (named, sass_functions(fat))
    j = json.loads(run("wrp-inspect", out, "--json", "--arch", "sm_75,sm_87,sm_90,sm_120").stdout)
    assert j["hazards"] == [], j["hazards"]
    assert j["modules"][0]["record"]["binary_digest"] == "match"
    assert all(i["from"] == "source" for i in j["wrpkit"]["modules"][0]["images"])
    # the same input twice: the same bytes
    again = os.path.join(OUT, "sf2.wrp")
    assert run("wrp-build", SF19, "--arch", "sm_75,sm_80,sm_87,sm_90,sm_120", "--ptx", "none", "-o", again,
               "--no-cache").returncode == 0
    assert open(again, "rb").read() == open(out, "rb").read()
    assert open(os.path.join(again[:-4] + "_modules", bm["file"]), "rb").read() == open(fat, "rb").read()
    # --from binary cannot retarget it; for sm_90 it repacks the capture's own cubin
    r = run("wrp-build", SF19, "--arch", "sm_80", "--from", "binary", "-o", os.path.join(OUT, "fb.wrp"))
    assert r.returncode == 3 and "CUBIN only" in r.stderr, r.stderr
    r = run("wrp-build", SF19, "--arch", "sm_90", "--from", "binary", "-o", os.path.join(OUT, "fb.wrp"), "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["outputs"][0]["modules"][0]["from"] == "binary", r.stderr


def test_warp_1_19_records_keep_their_form():
    need_toolchain()
    # binary-only record (saved without source_fallback): stays binary-only, named .fatbin
    bo = local("warp-1.19.0-h200/binary-only/saxpy__default")
    out = os.path.join(OUT, "bo.wrp")
    r = run("wrp-build", bo, "--arch", "sm_90", "-o", out)
    assert r.returncode == 0, r.stderr
    m = parse_wrp(out)["modules"][0]
    assert m["file"].endswith(".fatbin") and (m["binary_digest"], m["source_file"], m["kind"], m["reason"]) == ("", "", 0, 1)
    assert m["recipe"] == bytes(16)
    assert os.listdir(out[:-4] + "_modules") == [m["file"]]
    r = run("wrp-build", bo, "--arch", "sm_80", "-o", os.path.join(OUT, "bo80.wrp"))
    assert r.returncode == 3 and "source_fallback=True" in r.stderr, r.stderr
    # a PTX record with source, built from its PTX: kind becomes CUBIN, name ends .cubin, .cu kept
    px = local("warp-1.19.0-h200/ptx75-sf/unique_adjoint")
    out = os.path.join(OUT, "px.wrp")
    r = run("wrp-build", px, "--arch", "sm_80,sm_90", "--from", "binary", "--ptx", "none", "-o", out, "--json")
    assert r.returncode == 0, r.stderr
    for m in parse_wrp(out)["modules"]:
        assert m["file"].endswith(".fatbin.cubin") and m["kind"] == 2 and m["source_file"], m
        assert os.path.exists(os.path.join(out[:-4] + "_modules", m["source_file"]))
    # if/while: 1.19 builds condition kernels for the replay GPU, so no family split and no target_arch stamp
    loop = local("warp-1.19.0-h200/default-sf/while_loop")
    out = os.path.join(OUT, "loop19.wrp")
    need_warp_headers()
    r = run("wrp-build", loop, "--arch", "sm_80,sm_90", "--ptx", "none", "-o", out, "--json")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["outputs"]) == 1 and parse_wrp(out)["target_arch"] == 90
    # CPU graphs, formats 16 and 18: copied through with --allow-cpu
    for cpu in ("cpu/saxpy_cpu_w118", "cpu/saxpy_cpu_w119"):
        src = local(cpu)
        r = run("wrp-build", src, "--arch", "sm_90", "-o", os.path.join(OUT, "cpu.wrp"))
        assert r.returncode == 2 and "--allow-cpu" in r.stderr, r.stderr
        r = run("wrp-build", src, "--arch", "sm_90", "--allow-cpu", "-o", os.path.join(OUT, "cpu.wrp"), "--force")
        assert r.returncode == 0, r.stderr
        assert open(os.path.join(OUT, "cpu.wrp"), "rb").read() == open(src, "rb").read()  # copied unchanged


def test_source_build_errors():
    need_toolchain()
    need_warp_headers()
    cu = [f for f in os.listdir(SF19[:-4] + "_modules") if f.endswith(".cu")][0]
    # an edited .cu: its digest no longer matches (Warp 1.19 refuses it too)
    edited = copy_capture(SF19, "edited", lambda f, d: d + b"// edited\n" if f == cu else d)
    r = run("wrp-build", edited, "--arch", "sm_90", "-o", os.path.join(OUT, "e.wrp"))
    assert r.returncode == 2 and "does not match the source digest" in r.stderr and "--from binary" in r.stderr, r.stderr
    # the .cu missing
    gone = copy_capture(SF19, "gone")
    os.remove(os.path.join(gone[:-4] + "_modules", cu))
    r = run("wrp-build", gone, "--arch", "sm_90", "-o", os.path.join(OUT, "g.wrp"))
    assert r.returncode == 2 and "is missing" in r.stderr, r.stderr
    # source NVRTC cannot compile (digest updated so only the compiler can object): its log, one line
    old = open(os.path.join(SF19[:-4] + "_modules", cu), "rb").read()
    broken = old + b"\nthis is not C++;\n"
    bad = copy_capture(SF19, "broken", lambda f, d: broken if f == cu else d)
    wrp_bytes = open(bad, "rb").read().replace(hashlib.sha256(old).hexdigest().encode(),
                                                hashlib.sha256(broken).hexdigest().encode())
    open(bad, "wb").write(wrp_bytes)
    r = run("wrp-build", bad, "--arch", "sm_90", "--no-cache", "-o", os.path.join(OUT, "b.wrp"))
    assert r.returncode == 4 and "NVRTC" in r.stderr and "this" in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not os.path.exists(os.path.join(OUT, "b.wrp"))
    # Warp headers of another release
    fake = os.path.join(OUT, "fakewarp", "warp")
    os.makedirs(os.path.join(fake, "native"), exist_ok=True)
    open(os.path.join(fake, "config.py"), "w").write('version: str = "1.18.0"\n')
    r = run("wrp-build", SF19, "--arch", "sm_90", "--warp", os.path.dirname(fake), "-o", os.path.join(OUT, "v.wrp"))
    assert r.returncode == 4 and "pip install warp-lang==1.19.0" in r.stderr, r.stderr
    r = run("wrp-build", SF19, "--arch", "sm_90", "--warp", "/nonexistent", "-o", os.path.join(OUT, "v.wrp"))
    assert r.returncode == 4 and "warp-lang" in r.stderr and "/nonexistent" in r.stderr, r.stderr
    # --from source on a capture that keeps none
    r = run("wrp-build", P17, "--arch", "sm_90", "--from", "source", "-o", os.path.join(OUT, "s.wrp"))
    assert r.returncode == 3 and "retains no CUDA source" in r.stderr, r.stderr


def test_shared_w119_fixtures_build():
    """Extra coverage: every CUDA capture in ../shared/fixtures-w119 builds (from source where it has one)."""
    need_shared()
    need_toolchain()
    need_warp_headers()
    root = os.path.join(os.path.dirname(FIXTURES), "fixtures-w119")
    for name in sorted(os.listdir(root)):
        src = os.path.join(root, name, name + ".wrp")
        if not os.path.exists(src):
            continue
        archs = "sm_90" if name == "saxpy__default" else "sm_80,sm_90"
        out = os.path.join(OUT, "w119_" + name + ".wrp")
        r = run("wrp-build", src, "--arch", archs, "--ptx", "none", "-o", out, "--json")
        assert r.returncode == 0, (name, r.stderr)
        j = json.loads(run("wrp-inspect", out, "--json", "--arch", archs).stdout)
        # a binary-only record without PTX has nothing for newer GPUs; with source, 1.19 falls back to it
        want = ["no_ptx_fallback"] if name in ("saxpy__default", "saxpy__ptx75") else []
        assert [h["code"] for h in j["hazards"]] == want, (name, j["hazards"])
        assert all(v == "sass" for row in j["load_matrix"].values() for v in row.values()), name


def test_input_is_never_overwritten():
    """-o onto the input, through a symlink to it, or onto its modules folder: refused, input untouched."""
    need_toolchain()
    src = copy_capture(P17, "keep")
    before = open(src, "rb").read()
    link = os.path.join(OUT, "link.wrp")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(src, link)
    for out in (src, link, os.path.join(os.path.dirname(src), ".", "keep.wrp")):
        r = run("wrp-build", src, "--arch", "sm_90", "-o", out, "--force")
        assert r.returncode == 1 and "overwrite the input" in r.stderr, (out, r.stderr)
    assert open(src, "rb").read() == before and os.path.islink(link)


def test_progress_line_on_a_terminal_only():
    """A terminal gets one line redrawn in place and erased at the end; a pipe, --quiet
    and -v get none; --progress-fd gets JSON lines whatever stderr is."""
    import pty
    need_toolchain()
    src = local("warp-1.17.0-h200/particles")
    out = os.path.join(OUT, "progress.wrp")
    args = [os.path.join(BIN, "wrp-build"), src, "--arch", "sm_80,sm_90", "-o", out, "--force", "--no-cache", "-j", "1"]
    master, slave = pty.openpty()
    p = subprocess.run(args, stdout=subprocess.PIPE, stderr=slave, env=ENV)
    os.close(slave)
    tty = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        tty += chunk
    os.close(master)
    assert p.returncode == 0, tty
    text = tty.decode()
    assert "\r[2/2] compile wp___main___48458f3.sm75.ptx for sm_" in text, repr(text)
    assert "\r[1/1] pack " in text and text.endswith("\r\x1b[K"), repr(text)
    assert "\n" not in text.replace("\r\n", ""), repr(text)  # one line, never scrolled
    assert b"wrote " in p.stdout

    piped = run("wrp-build", *args[1:])
    assert piped.returncode == 0 and piped.stderr == "", piped.stderr
    quiet = run("wrp-build", *args[1:], "--quiet")
    assert quiet.returncode == 0 and quiet.stdout == "" and quiet.stderr == "", (quiet.stdout, quiet.stderr)

    read_fd, write_fd = os.pipe()
    r = subprocess.run([*args, "--quiet", "--progress-fd", str(write_fd)], capture_output=True, text=True, env=ENV,
                       pass_fds=(write_fd,))
    os.close(write_fd)
    with os.fdopen(read_fd) as f:
        events = [json.loads(line) for line in f]
    assert r.returncode == 0, r.stderr
    assert [(e["stage"], e["done"], e["total"]) for e in events] == [
        ("compile", 0, 2), ("compile", 1, 2), ("compile", 2, 2), ("pack", 0, 1), ("pack", 1, 1),
        ("write", 0, 1), ("write", 1, 1), ("done", 1, 1)], events
    assert all(b["elapsed_s"] >= a["elapsed_s"] for a, b in zip(events, events[1:])), events


if __name__ == "__main__":
    main()
