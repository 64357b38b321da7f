"""Verified and signed artifacts through the tools, on real captures of formats 15,
16 and 18: wrp-build seals and signs (reproducibly, also without a rebuild), and
every loading path refuses changed bytes, unsigned, re-hashed or foreign-signed
artifacts before the driver (no GPU here: an accepted artifact reaches the driver
and exits 4; a refused one exits 2 first). A small mutation campaign
(tests/gpu/mutation_campaign.py --no-gpu) checks that every hostile variant is
refused; the GPU machine runs the full one."""
import json
import os
import shutil
import subprocess
import sys

from common import BIN, ENV, local, main, run, tmpdir

OUT = tmpdir()
CAPTURES = {15: local("warp-1.17.0-h200/particles"), 16: local("warp-1.18.0-h200/ptx75/tiles"),
            18: local("warp-1.19.0-h200/default-sf/if_else")}
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def openssl_key(name):
    """A fresh Ed25519 key pair (openssl genpkey, as the README says): (private, public) paths."""
    key, pub = os.path.join(OUT, name + ".pem"), os.path.join(OUT, name + ".pub.pem")
    if not os.path.exists(key):
        subprocess.run(["openssl", "genpkey", "-algorithm", "ed25519", "-out", key], check=True)
        subprocess.run(["openssl", "pkey", "-in", key, "-pubout", "-out", pub], check=True)
    return key, pub


def build(fmt, name, *extra):
    out = os.path.join(OUT, name, name + ".wrp")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    r = run("wrp-build", CAPTURES[fmt], "--arch", "sm_90", "--ptx", "none", "-o", out, "--force", "-q", *extra)
    if r.returncode == 4 and "toolchain" in r.stderr:
        print("no CUDA toolchain (run scripts/setup):", r.stderr.strip())
        sys.exit(77)
    assert r.returncode == 0, r.stderr
    return out


def copy(wrp, name):
    dst = os.path.join(OUT, name, os.path.basename(wrp))
    shutil.rmtree(os.path.dirname(dst), ignore_errors=True)
    os.makedirs(os.path.dirname(dst))
    shutil.copy(wrp, dst)
    shutil.copytree(wrp[:-4] + "_modules", dst[:-4] + "_modules")
    return dst


def flip_module(wrp):
    mods = wrp[:-4] + "_modules"
    f = os.path.join(mods, sorted(n for n in os.listdir(mods) if not n.endswith((".cu", ".meta")))[0])
    b = bytearray(open(f, "rb").read())
    b[len(b) // 2] ^= 1
    open(f, "wb").write(b)
    return f


def reaches_driver(r):
    """No GPU here: an artifact that passed every check stops at the driver (exit 4)."""
    return r.returncode == 4 and "driver" in r.stderr or r.returncode == 0


def test_signed_builds_verify_and_are_reproducible():
    key, pub = openssl_key("release")
    for fmt in CAPTURES:
        a = build(fmt, f"signed{fmt}", "--sign", key)
        b = build(fmt, f"signed{fmt}b", "--sign", key)
        assert open(a, "rb").read() == open(b, "rb").read(), f"format {fmt}: signing is not reproducible"
        r = run("wrp-inspect", a, "--verify", "--trust", pub, "--json")
        assert r.returncode == 0, r.stdout + r.stderr
        rep = json.loads(r.stdout)
        assert rep["integrity"]["state"] == "verified" and rep["integrity"]["signature"] == "trusted", rep["integrity"]
        assert rep["verify"]["ok"], rep["verify"]
        assert reaches_driver(run("wrp-run", a, "--trust", pub, "--require-verified")), a
        # Re-signing an unsigned build without rebuilding gives the signed build's very bytes.
        plain = build(fmt, f"plain{fmt}")
        resigned = os.path.join(OUT, f"resigned{fmt}", f"resigned{fmt}.wrp")
        os.makedirs(os.path.dirname(resigned), exist_ok=True)
        r = run("wrp-build", plain, "--sign-only", "--sign", key, "-o", resigned, "--force")
        assert r.returncode == 0 and "signed with Ed25519 key" in r.stdout, r.stderr
        assert open(resigned, "rb").read() == open(a, "rb").read(), f"format {fmt}: --sign-only differs from --sign"
        assert sorted(os.listdir(resigned[:-4] + "_modules")) == sorted(os.listdir(a[:-4] + "_modules"))


def test_a_changed_byte_is_refused_by_every_tool():
    for fmt in CAPTURES:
        bad = copy(build(fmt, f"base{fmt}"), f"tampered{fmt}")
        changed = flip_module(bad)
        for args in ([], ["--in-memory"]):
            r = run("wrp-run", bad, *args)
            assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
            assert changed in r.stderr and "differs from the wrpkit manifest" in r.stderr, r.stderr
        r = run("wrp-inspect", bad, "--verify")
        assert r.returncode == 2 and "[module_digest_mismatch]" in r.stdout and "verify: FAIL" in r.stdout, r.stdout
        assert run("wrp-inspect", bad).returncode == 0  # without --verify: a hazard, the exit code as before
        r = run("wrp-build", bad, "--arch", "sm_90", "-o", os.path.join(OUT, f"rebuilt{fmt}.wrp"), "--force")
        assert r.returncode == 2 and "differs from the wrpkit manifest" in r.stderr, r.stderr  # no laundering
        key, _ = openssl_key("release")
        r = run("wrp-build", bad, "--sign-only", "--sign", key, "-o", os.path.join(OUT, f"signbad{fmt}.wrp"), "--force")
        assert r.returncode == 2, r.stderr


def test_trust_refuses_unsigned_foreign_and_rehashed_artifacts():
    key, pub = openssl_key("release")
    other, other_pub = openssl_key("attacker")
    capture = CAPTURES[15]  # a plain graph: wrp-run replays the capture itself
    for flags in ([], ["--require-verified"]):  # refused by default; the old flag says the same
        r = run("wrp-run", capture, *flags)
        assert r.returncode == 2 and "no wrpkit manifest" in r.stderr and "--allow-unverified" in r.stderr, r.stderr
    assert run("wrp-inspect", capture, "--verify").returncode == 2
    assert reaches_driver(run("wrp-run", capture, "--allow-unverified"))  # opted in: it loads
    r = run("wrp-run", capture, "--allow-unverified", "--trust", pub)  # a key asks for a signature still
    assert r.returncode == 2 and "--trust accepts only signed artifacts" in r.stderr, r.stderr
    unsigned = build(18, "unsigned18")
    r = run("wrp-run", unsigned, "--trust", pub)
    assert r.returncode == 2 and "is not signed" in r.stderr, r.stderr
    foreign = build(18, "foreign18", "--sign", other)
    r = run("wrp-run", foreign, "--trust", pub)
    assert r.returncode == 2 and "not among the 1 trusted key" in r.stderr, r.stderr
    assert reaches_driver(run("wrp-run", foreign, "--trust", pub, "--trust", other_pub))
    # An attacker changes the initial memory and re-hashes the manifest over the change:
    # intact as far as any manifest goes, refused by the signature only.
    signed = build(18, "signed18r", "--sign", key)
    bad = copy(signed, "rehashed18")
    subprocess.run([sys.executable, os.path.join(HERE, "reseal.py"), bad], check=True)
    assert reaches_driver(run("wrp-run", bad))  # without --trust no key says the manifest is not the signed one
    r = run("wrp-run", bad, "--trust", pub)
    assert r.returncode == 2 and "does not verify" in r.stderr, r.stderr
    r = run("wrp-inspect", bad, "--verify", "--trust", pub)
    assert r.returncode == 2 and "BAD signature" in r.stdout, r.stdout


def test_key_problems_are_refused_before_any_compile():
    out = os.path.join(OUT, "nokey.wrp")
    r = run("wrp-build", CAPTURES[15], "--arch", "sm_90", "-o", out, "--sign", os.path.join(OUT, "absent.pem"))
    assert r.returncode == 1 and "absent.pem" in r.stderr and not os.path.exists(out), r.stderr
    _, pub = openssl_key("release")
    r = run("wrp-build", CAPTURES[15], "--arch", "sm_90", "-o", out, "--sign", pub)
    assert r.returncode == 1 and "not a PEM private key" in r.stderr and not os.path.exists(out), r.stderr
    r = run("wrp-build", CAPTURES[15], "--sign-only", "-o", out)
    assert r.returncode == 1 and "--sign KEY.pem" in r.stderr, r.stderr
    r = run("wrp-run", CAPTURES[15], "--trust", os.path.join(OUT, "absent.pub"))
    assert r.returncode == 1, r.stderr


def test_mutants_of_real_artifacts_are_all_refused_before_the_driver():
    art = os.path.join(OUT, "art")
    for fmt in CAPTURES:
        d = os.path.join(art, f"f{fmt}")
        os.makedirs(d, exist_ok=True)
        name = os.path.basename(CAPTURES[fmt])[:-4]
        r = run("wrp-build", CAPTURES[fmt], "--arch", "sm_90", "--ptx", "none", "-o", os.path.join(d, name + ".wrp"),
                "--force", "-q")
        assert r.returncode == 0, r.stderr
        shutil.copy(os.path.join(os.path.dirname(CAPTURES[fmt]), "expected.npz"), d)
    p = subprocess.run([sys.executable, os.path.join(ROOT, "tests", "gpu", "mutation_campaign.py"),
                        os.path.join(BIN, "wrp-run"), art, os.path.join(OUT, "mutants"), "--count", "150", "--no-gpu",
                        "--jobs", "2"], capture_output=True, text=True, env=ENV)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-2000:]
    assert "total 150: {'refused': 150}" in p.stdout, p.stdout[-2000:]


if __name__ == "__main__":
    main()
