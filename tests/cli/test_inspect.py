"""wrp-inspect on the real captures (formats 15, 16 and 18): JSON compared field by
field with an independent reader, format-18 record facts, exit codes, and one-line
errors on corrupt copies."""
import hashlib
import json
import os
import random
import shutil

from common import captures, local, main, need_shared, parse_wrp, run, tmpdir, wrp

P17 = local("warp-1.17.0-h200/particles")
CUBIN16 = local("warp-1.18.0-h200/default/tiles")
SF19 = local("warp-1.19.0-h200/default-sf/tiles")
PTX19 = local("warp-1.19.0-h200/ptx75-sf/unique_adjoint")
BIN19 = local("warp-1.19.0-h200/binary-only/saxpy__default")


def test_json_matches_what_warp_wrote():
    names = captures()
    versions = set()
    for path in names:
        r = run("wrp-inspect", path, "--json", "--arch", "sm_75,sm_87,sm_90")
        j = json.loads(r.stdout)
        # --arch is a yes/no check: 0 SASS on every GPU, 1 some needs a JIT, 2 some cannot load it
        verdicts = set(j["load_summary"].values())
        assert r.returncode == (2 if "none" in verdicts else 0 if verdicts == {"sass"} else 1), (path, r.returncode, verdicts)
        for gpu, row in j["load_matrix"].items():
            worst = set(row.values()) | {j.get("conditions_load", {}).get(gpu, "sass")}
            cpu = j["device"] == "cpu"  # loads on no GPU, whatever its modules
            assert ("none" in worst or cpu) == (j["load_summary"][gpu] == "none"), (path, gpu)
        ref = parse_wrp(path)
        versions.add(ref["version"])
        assert j["format_version"] == ref["version"], path
        assert j["device"] == ref["device"], path
        assert j["target_arch"] == ref["target_arch"], path
        assert j.get("producer_version") == ref["producer"], path
        assert [(s["type"], s["size"]) for s in j["sections"]] == ref["sections"], path
        assert [m["file"] for m in j["modules"]] == [m["file"] for m in ref["modules"]], path
        for m, rm in zip(j["modules"], ref["modules"]):
            want = [(k["key"], k["forward"], k["backward"]) for k in ref["kernels"] if k["module_hash"] == rm["hash"]]
            assert [(k["key"], k["forward"], k["backward"]) for k in m["kernels"]] == want, path
            assert m["kind"] in ("ptx", "cubin", "fatbin", "object")
            assert sum(k["launches"] for k in m["kernels"]) >= 1, path
            if ref["version"] >= 18:
                rec = m["record"]
                assert rec["source_retained"] == bool(rm["source_file"]), path
                assert rec["binary_kind"] == ["none", "ptx", "cubin"][rm["kind"]], path
                folder = path[:-4] + "_modules"
                if rm["binary_digest"]:  # our own SHA-256 of the file, against what Warp recorded
                    ok = hashlib.sha256(open(os.path.join(folder, rm["file"]), "rb").read()).hexdigest() == rm["binary_digest"]
                    assert rec["binary_digest"] == ("match" if ok else "mismatch"), path
                else:
                    assert rec["binary_digest"] == "none"
        # region 0xFFFFFFFF: an array Warp did not track while capturing (no memory; -1 in the report)
        untracked = 0xFFFFFFFF
        assert [(b["name"], b["region"], b["bytes"]) for b in j["bindings"]] == \
            [(b["name"], -1, 0) if b["region"] == untracked else (b["name"], b["region"], ref["regions"][b["region"]])
             for b in ref["bindings"]], path
        assert j["ops"]["count"] == sum(j["ops"]["by_type"].values())
        assert set(j["load_matrix"]) == {"sm_75", "sm_87", "sm_90"}
    assert {15, 16, 18} <= versions, versions


def test_format_18_facts_and_where_it_loads():
    j = json.loads(run("wrp-inspect", SF19, "--json").stdout)
    assert j["producer_version"] == "1.19.0" and j["loads_in_warp"] == "Warp 1.19.0 only"
    rec = j["modules"][0]["record"]
    assert rec == dict(binary_kind="cubin", fallback_reason=0, source_retained=True, binary_digest="match",
                       source_digest="match", source_file="wp___main___f8b9300.sm90.cu", recipe="O3, fuse_fp"), rec
    txt = run("wrp-inspect", SF19).stdout
    assert "loads only in Warp 1.19.0" in txt and "retained (digest match)" in txt, txt
    j = json.loads(run("wrp-inspect", BIN19, "--json").stdout)
    assert j["modules"][0]["record"]["source_retained"] is False
    j16 = json.loads(run("wrp-inspect", CUBIN16, "--json").stdout)
    assert j16["loads_in_warp"] == "Warp 1.18" and "record" not in j16["modules"][0]
    assert json.loads(run("wrp-inspect", P17, "--json").stdout)["loads_in_warp"] == "Warp 1.16 to 1.18"


def test_digest_mismatch_and_missing_source_are_hazards():
    d = tmpdir()
    dst = os.path.join(d, "tiles")
    shutil.copytree(os.path.dirname(SF19), dst)
    os.chmod(os.path.join(dst, "tiles_modules"), 0o755)
    mods = os.path.join(dst, "tiles_modules")
    cu = [f for f in os.listdir(mods) if f.endswith(".cu")][0]
    cubin = [f for f in os.listdir(mods) if f.endswith(".cubin")][0]
    os.chmod(os.path.join(mods, cubin), 0o644)
    with open(os.path.join(mods, cubin), "ab") as f:
        f.write(b"\0")
    os.remove(os.path.join(mods, cu))
    j = json.loads(run("wrp-inspect", os.path.join(dst, "tiles.wrp"), "--json").stdout)
    codes = sorted(h["code"] for h in j["hazards"])
    assert codes == ["binary_digest_mismatch", "cubin_only", "source_missing"], codes
    assert "refuses" in [h for h in j["hazards"] if h["code"] == "binary_digest_mismatch"][0]["message"]


def test_known_facts_and_hazards():
    j = json.loads(run("wrp-inspect", CUBIN16, "--json", "--arch", "sm_87,sm_90").stdout)
    assert j["modules"][0]["kind"] == "cubin"
    # Warp 1.18's CUBIN: CUDA 13.4 SASS (ELF ABI 8, its toolkit note), loading on CUDA 13 drivers
    assert j["modules"][0]["images"] == [dict(kind="sass", arch="sm_90", size=j["modules"][0]["images"][0]["size"],
                                              compressed=False, elf_abi=8, compiler="13.4", min_driver="13.0")]
    assert j["min_driver"] == "13.0"
    assert [h["code"] for h in j["hazards"]] == ["cubin_only"]
    assert "source_fallback=True" in j["hazards"][0]["message"]
    f = j["modules"][0]["file"]
    assert j["load_matrix"]["sm_87"][f] == "none" and j["load_matrix"]["sm_90"][f] == "sass"
    j = json.loads(run("wrp-inspect", local("warp-1.17.0-h200/while_loop"), "--json").stdout)
    assert [h["code"] for h in j["hazards"]] == ["conditional_target_arch"]
    assert j["ops"]["by_type"] == {"kernel_launch": 1, "while": 1}
    # 1.19 builds condition kernels for the replay GPU: no such hazard
    j = json.loads(run("wrp-inspect", local("warp-1.19.0-h200/default-sf/while_loop"), "--json").stdout)
    assert "conditional_target_arch" not in [h["code"] for h in j["hazards"]]
    # PTX ISA 9.4 (Warp 1.18/1.19) needs a CUDA 13.4 driver to JIT
    j = json.loads(run("wrp-inspect", PTX19, "--json").stdout)
    floors = [h["message"] for h in j["hazards"] if h["code"] == "ptx_driver_floor"]
    assert len(floors) == 2 and all("CUDA 13.4" in m for m in floors), floors
    j = json.loads(run("wrp-inspect", P17, "--json").stdout)
    assert {k["key"]: k["launches"] for k in j["modules"][0]["kernels"]} == {"integrate": 20}
    assert j["hazards"] == []


def test_shared_fixture_facts():
    need_shared()
    j = json.loads(run("wrp-inspect", wrp("saxpy_ptx90"), "--json", "--arch", "sm_75").stdout)
    assert [h["code"] for h in j["hazards"]] == ["ptx_target_above_arch"]
    j = json.loads(run("wrp-inspect", wrp("wave_ptx75"), "--json").stdout)
    assert {k["key"]: k["launches"] for k in j["modules"][0]["kernels"]} == {"wave_solve": 16, "wave_displace": 1}


def test_markdown_for_ci_summaries():
    """--format markdown: the same verdicts as --json (and the same exit code), as a heading, a
    load-matrix table and a hazard list; --json and --format together are a usage error."""
    for cap in (local("warp-1.17.0-h200/particles"), local("warp-1.19.0-h100/default-sf/bsr_counted")):
        args = [cap, "--arch", "sm_75,sm_90"]
        md, js = run("wrp-inspect", *args, "--format", "markdown"), run("wrp-inspect", *args, "--json")
        assert md.returncode == js.returncode, (md.returncode, js.returncode, md.stderr)
        report = json.loads(js.stdout)
        lines = md.stdout.splitlines()
        assert lines[0] == f"### `{cap}`", lines[0]
        assert "| module | sm_75 | sm_90 |" in lines, md.stdout
        summary = report["load_summary"]
        assert f"| **the artifact** | **{summary['sm_75']}** | **{summary['sm_90']}** |" in lines, md.stdout
        for h in report["hazards"]:
            assert any(line.startswith(f"- `{h['code']}`") for line in lines), (h, md.stdout)
        assert ("No hazards." in lines) == (not report["hazards"]), md.stdout
        assert ("wrp-run: replays it without Warp." in lines) == (not report["wrp_run"]["blockers"]), md.stdout
    both = run("wrp-inspect", local("warp-1.17.0-h200/particles"), "--json", "--format", "markdown")
    assert both.returncode == 1, both.stderr


def test_usage_and_missing_files():
    assert run("wrp-inspect").returncode == 1
    assert run("wrp-inspect", P17, "--arch", "sm_bogus").returncode == 1
    r = run("wrp-inspect", "/nonexistent.wrp")
    assert r.returncode == 2 and "/nonexistent.wrp" in r.stderr
    d = tmpdir()
    shutil.copy(P17, d)
    r = run("wrp-inspect", os.path.join(d, "particles.wrp"))
    assert r.returncode == 2 and "particles_modules" in r.stderr, r.stderr


def test_corrupt_copies_give_one_line_errors():
    rng = random.Random(7)
    d = tmpdir()
    for path in [P17, CUBIN16, SF19, PTX19, BIN19, local("cpu/saxpy_cpu_w119")]:
        name = os.path.basename(path)[:-4]
        src = open(path, "rb").read()
        shutil.copytree(path[:-4] + "_modules", os.path.join(d, name + "_modules"), dirs_exist_ok=True)
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


def test_bindings_are_typed_by_the_kernel_that_reads_them():
    import json
    j = json.loads(run("wrp-inspect", "--json", local("warp-1.19.0-h100/default-sf/mesh_small")).stdout)
    types = {b["name"]: b["dtype"] for b in j["bindings"]}
    assert types["queries"] == "<f4[3]" and types["face"] == "<i4" and types["sign"] == "<f4", types
    j = json.loads(run("wrp-inspect", "--json", local("warp-1.17.0-h200/particles")).stdout)
    assert {b["dtype"] for b in j["bindings"]} == {""}, j["bindings"]  # PTX alone: no source says


if __name__ == "__main__":
    main()
