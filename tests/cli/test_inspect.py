"""wrp-inspect on the real captures: JSON compared field by field with an
independent reader, exit codes, and one-line errors on corrupt copies."""
import json
import os
import random
import shutil

from common import ALL, main, parse_wrp, run, tmpdir, wrp


def test_json_matches_what_warp_wrote():
    for name in ALL:
        r = run("wrp-inspect", wrp(name), "--json", "--arch", "sm_75,sm_87,sm_90")
        assert r.returncode == 0, (name, r.stderr)
        j = json.loads(r.stdout)
        ref = parse_wrp(wrp(name))
        assert j["format_version"] == ref["version"], name
        assert j["device"] == ref["device"], name
        assert j["target_arch"] == ref["target_arch"], name
        assert [(s["type"], s["size"]) for s in j["sections"]] == ref["sections"], name
        assert [m["file"] for m in j["modules"]] == [m["file"] for m in ref["modules"]], name
        for m, rm in zip(j["modules"], ref["modules"]):
            want = [(k["key"], k["forward"], k["backward"]) for k in ref["kernels"] if k["module_hash"] == rm["hash"]]
            assert [(k["key"], k["forward"], k["backward"]) for k in m["kernels"]] == want, name
            assert m["kind"] in ("ptx", "cubin", "fatbin", "object")
            assert sum(k["launches"] for k in m["kernels"]) >= 1, name
        assert [(b["name"], b["region"], b["bytes"]) for b in j["bindings"]] == \
            [(b["name"], b["region"], ref["regions"][b["region"]]) for b in ref["bindings"]], name
        assert j["ops"]["count"] == sum(j["ops"]["by_type"].values())
        assert set(j["load_matrix"]) == {"sm_75", "sm_87", "sm_90"}


def test_known_facts_and_hazards():
    j = json.loads(run("wrp-inspect", wrp("saxpy_cubin_sm90"), "--json", "--arch", "sm_87,sm_90").stdout)
    assert j["modules"][0]["kind"] == "cubin"
    assert j["modules"][0]["images"] == [dict(kind="sass", arch="sm_90", size=j["modules"][0]["images"][0]["size"], compressed=False)]
    assert [h["code"] for h in j["hazards"]] == ["cubin_only"]
    f = j["modules"][0]["file"]
    assert j["load_matrix"]["sm_87"][f] == "none" and j["load_matrix"]["sm_90"][f] == "sass"
    j = json.loads(run("wrp-inspect", wrp("saxpy_ptx90"), "--json", "--arch", "sm_75").stdout)
    assert [h["code"] for h in j["hazards"]] == ["ptx_target_above_arch"]
    j = json.loads(run("wrp-inspect", wrp("capture_while_ptx75"), "--json").stdout)
    assert [h["code"] for h in j["hazards"]] == ["conditional_target_arch"]
    assert j["ops"]["by_type"] == {"kernel_launch": 1, "while": 1}
    j = json.loads(run("wrp-inspect", wrp("wave_ptx75"), "--json").stdout)
    assert {k["key"]: k["launches"] for k in j["modules"][0]["kernels"]} == {"wave_solve": 16, "wave_displace": 1}


def test_usage_and_missing_files():
    assert run("wrp-inspect").returncode == 1
    assert run("wrp-inspect", wrp("saxpy_ptx75"), "--arch", "sm_bogus").returncode == 1
    r = run("wrp-inspect", "/nonexistent.wrp")
    assert r.returncode == 2 and "/nonexistent.wrp" in r.stderr
    d = tmpdir()
    shutil.copy(wrp("saxpy_ptx75"), d)
    r = run("wrp-inspect", os.path.join(d, "saxpy_ptx75.wrp"))
    assert r.returncode == 2 and "saxpy_ptx75_modules" in r.stderr, r.stderr


def test_corrupt_copies_give_one_line_errors():
    rng = random.Random(7)
    d = tmpdir()
    for name in ALL:
        src = open(wrp(name), "rb").read()
        shutil.copytree(os.path.join(os.path.dirname(wrp(name)), name + "_modules"),
                        os.path.join(d, name + "_modules"), dirs_exist_ok=True)
        out = os.path.join(d, name + ".wrp")
        cuts = sorted(set(rng.randrange(len(src)) for _ in range(12)) | {0, 10, 63, 64, 100})
        for i, n in enumerate(cuts + list(range(20))):
            data = bytearray(src[:n]) if i < len(cuts) else bytearray(src)
            if i >= len(cuts):
                pos = rng.randrange(min(len(data), 1500))
                data[pos] ^= 1 << rng.randrange(8)
            open(out, "wb").write(data)
            r = run("wrp-inspect", out, "--json")
            assert r.returncode in (0, 2), (name, n, r.returncode, r.stderr)
            if r.returncode == 2:
                lines = r.stderr.strip().splitlines()
                assert len(lines) == 1 and out in lines[0], (name, r.stderr)


if __name__ == "__main__":
    main([test_json_matches_what_warp_wrote, test_known_facts_and_hazards, test_usage_and_missing_files,
          test_corrupt_copies_give_one_line_errors])
