"""Driver floors: SASS that the target's driver loads. A Warp 1.17 capture (CUDA 12.9)
gets CUDA 12 SASS (ELF ABI 7) with no profile, CUDA 13 SASS (ABI 8) for a 13.0 floor;
a 12.x floor with ISA 9.x PTX is refused in the plan; Jetson Orin on JetPack 6 gets
SASS from CUDA 12.6; outputs stay byte-reproducible; the cache keys on the toolchain.
The ABI of every image is read with cuobjdump (-xelf) and our own bytes check, not
from wrp-inspect alone."""
import glob
import json
import os
import struct
import subprocess

from common import Skip, cuobjdump, local, main, run, tmpdir

P17 = local("warp-1.17.0-h200/particles")  # warp-lang 1.17.0 from PyPI: PTX ISA 8.8, CUDA 12.9
T18 = local("warp-1.18.0-h200/ptx75/tiles")  # warp-lang 1.18.0: PTX ISA 9.4, CUDA 13.4
S19 = local("warp-1.19.0-h200/default-sf/tiles")  # warp-lang 1.19.0: CUBIN + retained .cu


def releases():
    r = run("wrp-build", P17, "--arch", "sm_90", "-o", os.path.join(tmpdir(), "probe.wrp"), "--no-cache", "--json")
    if r.returncode == 4:
        raise Skip("no CUDA 12 toolchain (scripts/setup installs 12.9, 12.6 and 13.4): " + r.stderr.strip())
    assert r.returncode == 0, r.stderr


def elf_headers(fatbin):
    """(arch, OS/ABI, ABI version, e_version) of every SASS image, as cuobjdump extracts them."""
    tool = cuobjdump()
    assert tool, "cuobjdump not found (scripts/setup installs it into .venv)"
    d = tmpdir()
    subprocess.run([tool, "-xelf", "all", fatbin], cwd=d, check=True, capture_output=True)
    out = []
    for f in sorted(glob.glob(os.path.join(d, "*.cubin"))):
        b = open(f, "rb").read()
        out.append((os.path.basename(f).split(".")[0], b[7], b[8], struct.unpack_from("<I", b, 20)[0]))
    return out


def module_file(wrp):
    d = wrp[:-4] + "_modules"
    return os.path.join(d, [f for f in os.listdir(d) if ".fatbin" in f][0])


def test_warp_117_capture_gets_cuda12_sass_and_13_with_a_13_floor():
    releases()
    out = tmpdir()
    a = os.path.join(out, "a.wrp")
    r = run("wrp-build", P17, "--arch", "sm_75,sm_87,sm_90", "-o", a, "--json", "--no-cache")
    assert r.returncode == 0, r.stderr
    o = json.loads(r.stdout)["outputs"][0]
    assert o["min_driver"] == "12.9" and "Warp's CUDA 12.9" in o["min_driver_from"], o
    assert {i["compiler"] for i in o["modules"][0]["images"] if i["kind"] == "sass"} == {"12.9"}, o
    heads = elf_headers(module_file(a))
    assert [h[0] for h in heads] == ["sm_75", "sm_87", "sm_90"], heads
    assert all(h[1:] == (51, 7, 129) for h in heads), heads  # OS/ABI 51, ABI 7, e_version 12.9
    j = json.loads(run("wrp-inspect", a, "--json").stdout)
    assert {(i["elf_abi"], i["compiler"]) for i in j["modules"][0]["images"] if i["kind"] == "sass"} == {(7, "12.9")}
    assert j["min_driver"] == "12.9" and j["wrpkit"]["min_driver"] == "12.9" and j["wrpkit"]["capture_cuda"] == "12.9"
    assert j["hazards"] == [], j["hazards"]
    b = os.path.join(out, "b.wrp")
    r = run("wrp-build", P17, "--arch", "sm_75,sm_90", "--min-driver", "13.0", "-o", b, "--json", "--no-cache")
    assert r.returncode == 0, r.stderr
    assert all(h[1:3] == (65, 8) for h in elf_headers(module_file(b))), elf_headers(module_file(b))
    j = json.loads(run("wrp-inspect", b, "--json").stdout)
    assert j["min_driver"] == "13.0"
    # Warp 1.17 runs on CUDA 12 drivers; that artifact does not: said as a hazard
    assert [h["code"] for h in j["hazards"]] == ["floor_above_warp"], j["hazards"]


def test_what_loads_under_which_driver():
    releases()
    out = tmpdir()
    a = os.path.join(out, "a.wrp")
    assert run("wrp-build", P17, "--arch", "sm_87,sm_90", "-o", a, "--no-cache").returncode == 0
    # CUDA 12.9 SASS: any 12.x driver on the desktop (minor-version compatibility), Orin only from 12.9
    r = run("wrp-inspect", a, "--arch", "sm_87,sm_90", "--driver", "12.2", "--json")
    assert r.returncode == 2 and json.loads(r.stdout)["load_summary"] == {"sm_87": "none", "sm_90": "sass"}, r.stdout
    assert run("wrp-inspect", a, "--arch", "sm_87,sm_90", "--driver", "12.9").returncode == 0
    assert run("wrp-inspect", a, "--arch", "sm_90", "--driver", "13.0").returncode == 0
    # Warp 1.18's CUBIN (CUDA 13.4 SASS) under a CUDA 12.8 driver: nothing loads it
    r = run("wrp-inspect", local("warp-1.18.0-h200/default/tiles"), "--arch", "sm_90", "--driver", "12.8")
    assert r.returncode == 2, r.stdout
    r = run("wrp-inspect", a, "--driver", "twelve", "--arch", "sm_90")
    assert r.returncode == 1 and "--driver twelve" in r.stderr, r.stderr


def test_a_12_floor_with_isa_9_ptx_is_refused_in_the_plan():
    out = tmpdir()
    o = os.path.join(out, "t.wrp")
    r = run("wrp-build", T18, "--arch", "sm_90", "--min-driver", "12.8", "-o", o, "-v")
    assert r.returncode == 3, r.stderr
    assert "PTX ISA 9.4" in r.stderr and "--min-driver 13.0" in r.stderr and "source_fallback=True" in r.stderr, r.stderr
    assert "compiled" not in r.stderr and not os.path.exists(o), r.stderr  # refused before any compile
    r = run("wrp-build", T18, "--arch", "sm_90", "--min-driver", "twelve", "-o", o)
    assert r.returncode == 1 and "--min-driver twelve" in r.stderr, r.stderr


def test_jetson_orin_on_jetpack_6():
    """The jetson-orin profile (cuda = "12.6"): SASS from CUDA 12.6 (no minor-version
    compatibility on Orin), from Warp 1.19's retained source; a 1.17 capture's ISA 8.8
    PTX no 12.6 compiler reads is refused with the fixes."""
    releases()
    out = tmpdir()
    o = os.path.join(out, "orin.wrp")
    r = run("wrp-build", S19, "--profile", "jetson-orin", "-o", o, "--json", "--no-cache")
    if r.returncode == 4 and "12.6" in r.stderr:
        raise Skip("no CUDA 12.6 toolchain in $WRPKIT_TOOLCHAINS (scripts/setup installs it): " + r.stderr.strip())
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["outputs"][0]["min_driver"] == "12.6"
    heads = elf_headers(module_file(o))
    assert heads == [("sm_87", 51, 7, 126)], heads
    assert run("wrp-inspect", o, "--arch", "sm_87", "--driver", "12.6").returncode == 0
    r = run("wrp-build", P17, "--profile", "jetson-orin", "-o", os.path.join(out, "p.wrp"))
    assert r.returncode == 3 and "cuda-compat-12-9" in r.stderr and "profile 'jetson-orin'" in r.stderr, r.stderr
    p = run("wrp-build", "--list-profiles").stdout
    assert "driver floor: CUDA 12.6" in p and "driver floor: the capture's" in p, p


def test_reproducible_and_the_cache_keys_on_the_toolchain():
    releases()
    out = tmpdir()
    cache = os.path.join(out, "cache")
    x, y = os.path.join(out, "x.wrp"), os.path.join(out, "y.wrp")
    for o in (x, y):
        assert run("wrp-build", P17, "--arch", "sm_80,sm_90", "-o", o, "--no-cache").returncode == 0
    assert open(x, "rb").read() == open(y, "rb").read()
    assert open(module_file(x), "rb").read() == open(module_file(y), "rb").read()
    first = run("wrp-build", P17, "--arch", "sm_80,sm_90", "-o", os.path.join(out, "c1.wrp"), "--cache-dir", cache, "--json")
    again = run("wrp-build", P17, "--arch", "sm_80,sm_90", "--min-driver", "13.0", "-o", os.path.join(out, "c2.wrp"),
                "--cache-dir", cache, "--json")
    # the same PTX and archs through another toolchain: no hit, CUDA 13 SASS
    assert json.loads(first.stdout)["cache"]["misses"] == 2 and json.loads(again.stdout)["cache"]["hits"] == 0, again.stdout
    assert all(h[1:3] == (65, 8) for h in elf_headers(module_file(os.path.join(out, "c2.wrp"))))
    third = run("wrp-build", P17, "--arch", "sm_80,sm_90", "-o", os.path.join(out, "c3.wrp"), "--cache-dir", cache, "--json")
    assert json.loads(third.stdout)["cache"]["hits"] == 2, third.stdout
    assert open(module_file(os.path.join(out, "c3.wrp")), "rb").read() == open(module_file(x), "rb").read()


if __name__ == "__main__":
    main()
