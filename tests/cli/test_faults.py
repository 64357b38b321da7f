"""wrp-build under faults: killed at every named point and at random moments, many
builds sharing one cache at once, damaged cache entries, unwritable or full cache and
output locations, hostile names. The invariant everywhere: an artifact at the output
path is either the older one, intact, or the new one, complete; never a mix.

Each test prints a FIGURE line (counts) that the README's reliability table quotes."""
import hashlib
import os
import pathlib
import random
import resource
import shutil
import signal
import subprocess
import sys
import time

from common import ENV, BIN, local, main, parse_wrp, run, tmpdir

P17 = local("warp-1.17.0-h200/particles")        # one PTX module, format 15
W17 = local("warp-1.17.0-h200/while_loop")       # if/while graph: --split-families
INPUTS = [P17, local("warp-1.17.0-h200/unique_adjoint"), local("warp-1.17.0-h200/tiles"),
          local("warp-1.18.0-h200/ptx75/unique_adjoint")]
NEW, OLD = "sm_80,sm_90", "sm_75"
OUT = tmpdir()


def build(src, out, archs=NEW, *extra, env=None, **kw):
    cmd = [os.path.join(BIN, "wrp-build"), src, "--arch", archs, "-o", out, "--force", "-j", "2", *extra]
    return subprocess.run(cmd, capture_output=True, text=True, errors="replace", env=env or ENV, **kw)


def need_toolchain():
    r = build(P17, os.path.join(OUT, "probe.wrp"), "sm_90", "--no-cache")
    if r.returncode == 4:
        print("no CUDA toolchain (run scripts/setup):", r.stderr.strip())
        sys.exit(77)
    assert r.returncode == 0, r.stderr


def modules_dir(wrp):
    return wrp[:-4] + "_modules"


def snapshot(wrp):
    """(.wrp bytes, {file: bytes} of every file it names), None without a .wrp; raises if a named file is missing."""
    if not os.path.exists(wrp):
        return None
    files = {}
    for m in parse_wrp(wrp)["modules"]:
        for f in (m["file"], m.get("source_file")):
            if f:
                files[f] = open(os.path.join(modules_dir(wrp), f), "rb").read()
    return open(wrp, "rb").read(), files


def temporaries(folder):
    return [os.path.join(d, f) for d, dirs, files in os.walk(folder) for f in files + dirs if ".wrpkit-tmp" in f]


def reference(src, archs=NEW, name="ref"):
    out = os.path.join(OUT, f"{name}-{os.path.basename(src)}")
    r = build(src, out, archs, "--no-cache")
    assert r.returncode == 0, r.stderr
    return snapshot(out)


def fresh_dir(name):
    d = os.path.join(OUT, name)
    shutil.rmtree(d, ignore_errors=True)
    os.makedirs(d)
    return d


def assert_old_or_new(out, old, new, where):
    """What a kill may leave: the older artifact intact, or the new one complete; nothing half-written."""
    now = snapshot(out)
    assert now in (old, new), f"{where}: the artifact at {out} is neither the old nor the new one"
    if now is None:
        assert not os.path.exists(modules_dir(out)) or not os.listdir(modules_dir(out)), \
            f"{where}: {modules_dir(out)} holds files but no .wrp names them"
    else:
        assert run("wrp-inspect", out).returncode == 0, where
    return now


POINTS = ["compile", "cache-write", "pack", "emit-staged", "emit-file", "emit-committed"]


def test_killed_at_every_named_point():
    """WRPKIT_FAULT=POINT: SIGKILL at that point, with and without an older artifact at -o."""
    need_toolchain()
    new, old = reference(P17), reference(P17, OLD, "old")
    tried = 0
    for point in POINTS:
        for with_old in (False, True):
            d = fresh_dir(f"kill-{point}-{with_old}")
            out = os.path.join(d, "out.wrp")
            if with_old:
                assert build(P17, out, OLD, "--no-cache").returncode == 0
            cache = fresh_dir(f"kill-cache-{point}-{with_old}")
            r = build(P17, out, NEW, "--cache-dir", cache, env=dict(ENV, WRPKIT_FAULT=point))
            reached = r.returncode == -signal.SIGKILL
            # emit-file is reached only with an older artifact there (a fresh folder is staged whole)
            assert reached or (point == "emit-file" and not with_old), (point, with_old, r.returncode, r.stderr)
            tried += reached
            left = assert_old_or_new(out, old if with_old else None, new, f"{point} (older artifact: {with_old})")
            if point == "emit-committed":
                assert left == new, point
            elif reached:
                assert left == (old if with_old else None), point
            # The next build succeeds, equals the reference, and leaves nothing stale.
            r = build(P17, out, NEW, "--cache-dir", cache)
            assert r.returncode == 0, (point, r.stderr)
            assert snapshot(out) == new, point
            assert not temporaries(d), (point, temporaries(d))
            assert sorted(os.listdir(modules_dir(out))) == sorted(new[1]), (point, os.listdir(modules_dir(out)))
    print(f"FIGURE named kill points: {tried} kills at {len(POINTS)} points, 0 partial outputs")


def test_killed_at_random_moments():
    """SIGKILL at a random moment of an uncached build over an older artifact, many times."""
    need_toolchain()
    new, old = reference(P17), reference(P17, OLD, "old")
    d = fresh_dir("random-kill")
    out = os.path.join(d, "out.wrp")
    t0 = time.monotonic()
    assert build(P17, out, NEW, "--no-cache").returncode == 0
    span = time.monotonic() - t0
    rng = random.Random(int(os.environ.get("WRPKIT_TEST_SEED", "1")))
    kills = seen_old = seen_new = 0
    for _ in range(int(os.environ.get("WRPKIT_KILLS", "24"))):
        assert build(P17, out, OLD, "--no-cache").returncode == 0
        p = subprocess.Popen([os.path.join(BIN, "wrp-build"), P17, "--arch", NEW, "-o", out, "--force", "--no-cache"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
        time.sleep(rng.uniform(0, span * 1.1))
        p.send_signal(signal.SIGKILL)
        rc = p.wait()
        kills += rc == -signal.SIGKILL
        left = assert_old_or_new(out, old, new, f"random kill {kills}")
        seen_old += left == old
        seen_new += left == new
    r = build(P17, out, NEW, "--no-cache")
    assert r.returncode == 0 and snapshot(out) == new and not temporaries(d), r.stderr
    # Kills that all came after the build finished would prove nothing.
    assert kills >= 1, f"no kill landed mid-build in {seen_old + seen_new} attempts (build takes {span:.2f} s)"
    print(f"FIGURE random kills: {seen_old + seen_new} attempts, {kills} killed mid-build; {seen_old} left the older "
          f"artifact, {seen_new} the new one, 0 partial outputs")


def test_interrupted_split_families():
    """--split-families writes one artifact per family; a kill leaves each one old-or-new, the next build completes."""
    need_toolchain()
    archs = "sm_75,sm_90"
    d = fresh_dir("split")
    out = os.path.join(d, "out.wrp")
    r = build(W17, out, archs, "--split-families", "--no-cache")
    assert r.returncode == 0, r.stderr
    outs = sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith(".wrp"))
    assert len(outs) == 2, outs
    complete = {o: snapshot(o) for o in outs}
    for point in ("emit-staged", "emit-committed"):
        d2 = fresh_dir(f"split-{point}")
        out2 = os.path.join(d2, "out.wrp")
        r = build(W17, out2, archs, "--split-families", "--no-cache", env=dict(ENV, WRPKIT_FAULT=point))
        assert r.returncode == -signal.SIGKILL, r.returncode
        for o in outs:
            here = os.path.join(d2, os.path.basename(o))
            assert_old_or_new(here, None, complete[o], f"split {point}")
        r = build(W17, out2, archs, "--split-families", "--no-cache")
        assert r.returncode == 0, r.stderr
        for o in outs:
            assert snapshot(os.path.join(d2, os.path.basename(o))) == complete[o]
        assert not temporaries(d2)


def cache_entries(cache):
    """The entries (<2 hex>/<sha256>.bin), not the folder's lock, stats and config files."""
    return [os.path.join(dp, f) for dp, _, fs in os.walk(cache) for f in fs if dp != cache]


def entry_ok(path):
    """An entry as build_cache.cpp writes it: "WRPC2 <sha256(key)> <sha256(payload)>\\n" + payload, under <sha256(key)>.bin."""
    data = open(path, "rb").read()
    head, _, payload = data.partition(b"\n")
    fields = head.decode(errors="replace").split(" ")
    return (len(fields) == 3 and fields[0] == "WRPC2" and fields[1] == os.path.basename(path)[:-4]
            and fields[2] == hashlib.sha256(payload).hexdigest())


def test_concurrent_builds_share_one_cache():
    """8 builds at once (4 captures, each twice) into one cache: outputs equal serial builds; no torn entry."""
    need_toolchain()
    refs = {src: reference(src) for src in INPUTS}
    cache = fresh_dir("shared-cache")
    n, rounds, diffs = 2 * len(INPUTS), 2, 0
    for rnd in range(rounds):
        d = fresh_dir(f"concurrent-{rnd}")
        procs = []
        for i in range(n):
            src = INPUTS[i % len(INPUTS)]
            out = os.path.join(d, f"{i}.wrp")
            procs.append((src, out, subprocess.Popen(
                [os.path.join(BIN, "wrp-build"), src, "--arch", NEW, "-o", out, "-j", "1", "--cache-dir", cache],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)))
        for src, out, p in procs:
            _, err = p.communicate()
            assert p.returncode == 0, err
            assert "is damaged" not in err, err
            diffs += snapshot(out) != refs[src]
        entries = cache_entries(cache)
        assert entries and all(entry_ok(e) for e in entries), [e for e in entries if not entry_ok(e)]
        assert not temporaries(cache), temporaries(cache)
    assert diffs == 0
    # Eight builds of one output at once: they take turns, the result is complete.
    d = fresh_dir("same-output")
    out = os.path.join(d, "out.wrp")
    procs = [subprocess.Popen([os.path.join(BIN, "wrp-build"), P17, "--arch", NEW, "-o", out, "--force", "-j", "1",
                               "--cache-dir", cache], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)
             for _ in range(8)]
    for p in procs:
        _, err = p.communicate()
        assert p.returncode == 0, err
    assert snapshot(out) == refs[P17] and not temporaries(d)
    print(f"FIGURE concurrency: {n} builds x {rounds} rounds into one cache, {diffs} differences from serial builds, "
          f"{len(cache_entries(cache))} entries all intact; 8 builds of one output: complete")


def test_damaged_cache_entries_are_caught():
    """Flip, truncate, empty, foreign, swapped: each damaged entry is a miss, reported once, replaced, never packed."""
    need_toolchain()
    ref = reference(P17)
    cache = fresh_dir("damaged-cache")
    out = os.path.join(fresh_dir("damaged"), "out.wrp")
    assert build(P17, out, NEW, "--cache-dir", cache).returncode == 0
    injected = 0
    damage = [
        lambda b: b[:-1] + bytes([b[-1] ^ 1]),       # one payload bit
        lambda b: b[: len(b) // 2],                   # torn write
        lambda b: b"",                                # empty
        lambda b: b[:71] + b"0" * 64 + b"\n" + b"\x7fELF" + b"\0" * 60,  # foreign payload, wrong checksum
        lambda b: b[:72] + bytes([b[72] ^ 1]) + b[73:],  # checksum digit
    ]
    for round_, how in enumerate(damage):
        entries = cache_entries(cache)
        for e in entries:
            damaged = how(open(e, "rb").read())
            open(e, "wb").write(damaged)
            injected += 1
        r = build(P17, out, NEW, "--cache-dir", cache)
        assert r.returncode == 0, (round_, r.stderr)
        assert r.stderr.count("is damaged") == 1, (round_, r.stderr)  # reported once per build
        assert snapshot(out) == ref, round_                  # never packed
        assert all(entry_ok(e) for e in cache_entries(cache)), round_  # replaced
    # Two valid entries swapped: each checksum holds, but not under its key's name.
    a, b = sorted(cache_entries(cache))[:2]
    da, db = open(a, "rb").read(), open(b, "rb").read()
    open(a, "wb").write(db), open(b, "wb").write(da)
    injected += 2
    r = build(P17, out, NEW, "--cache-dir", cache)
    assert r.returncode == 0 and snapshot(out) == ref and r.stderr.count("is damaged") == 1, r.stderr
    assert all(entry_ok(e) for e in cache_entries(cache))
    print(f"FIGURE damaged cache entries: {injected} injected, {injected} caught (outputs equal the uncached build)")


def test_unwritable_cache_and_output():
    need_toolchain()
    ref = reference(P17)
    d = fresh_dir("unwritable")
    out = os.path.join(d, "out.wrp")
    # A cache that cannot be created (its parent is a file): the build goes on, one warning.
    blocker = os.path.join(d, "file")
    open(blocker, "w").write("x")
    r = build(P17, out, NEW, "--cache-dir", os.path.join(blocker, "cache"))
    assert r.returncode == 0 and snapshot(out) == ref, r.stderr
    assert r.stderr.count("build cache not written") == 1, r.stderr
    # A full cache (a 64 KiB tmpfs, where mounting is allowed) or a read-only one (not as root):
    # the build succeeds with one warning.
    small = os.path.join(d, "small-cache")
    os.makedirs(small)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small], capture_output=True).returncode == 0
    try:
        if mounted:
            r = build(P17, out, NEW, "--cache-dir", small)
            assert r.returncode == 0 and snapshot(out) == ref, r.stderr
            assert r.stderr.count("build cache not written") == 1, r.stderr
        else:
            print("note: no tmpfs mount here; the full-cache case ran only through the file size limit (test_full_disk)")
    finally:
        if mounted:
            subprocess.run(["umount", small])
    if os.geteuid() != 0:
        os.chmod(small, 0o555)
        r = build(P17, out, NEW, "--cache-dir", small)
        assert r.returncode == 0 and snapshot(out) == ref and r.stderr.count("build cache not written") == 1, r.stderr
    # An output folder nobody can write (even root cannot create files in /proc).
    r = build(P17, "/proc/wrpkit-test.wrp", NEW, "--no-cache")
    assert r.returncode == 5 and len(r.stderr.strip().splitlines()) == 1, (r.returncode, r.stderr)
    assert "/proc/wrpkit-test.wrp" in r.stderr, r.stderr
    # A missing output folder.
    r = build(P17, os.path.join(d, "no", "such", "out.wrp"), NEW, "--no-cache")
    assert r.returncode == 5 and "does not exist" in r.stderr, (r.returncode, r.stderr)


def limited(max_bytes):
    def pre():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG instead
        resource.setrlimit(resource.RLIMIT_FSIZE, (max_bytes, max_bytes))
    return pre


def test_full_disk():
    """Writes fail part way (a file size limit, as a full disk would): exit 5, one line, old artifact intact."""
    need_toolchain()
    old = reference(P17, OLD, "old")
    full = 0
    for with_old in (False, True):
        d = fresh_dir(f"full-{with_old}")
        out = os.path.join(d, "out.wrp")
        if with_old:
            assert build(P17, out, OLD, "--no-cache").returncode == 0
        # The cache fills up too: the build still succeeds with one warning, unless the output does not fit.
        for limit in (4096, 60000):
            r = build(P17, out, NEW, "--cache-dir", os.path.join(d, "cache"), preexec_fn=limited(limit))
            assert r.returncode == 5, (limit, r.returncode, r.stderr)
            assert len(r.stderr.strip().splitlines()) <= 2 and "cannot write" in r.stderr, r.stderr
            assert snapshot(out) == (old if with_old else None)
            assert not temporaries(d), temporaries(d)
            full += 1
    print(f"FIGURE full disk: {full} builds failed cleanly (exit 5), 0 partial outputs")


def copy_of_p17(name):
    """A folder holding a copy of the particles capture, and the copy's .wrp."""
    d = fresh_dir(name)
    src_dir = os.path.join(d, "particles")
    shutil.copytree(os.path.dirname(P17), src_dir)
    return d, src_dir, os.path.join(src_dir, "particles.wrp")


def test_input_untouched_and_links():
    """-o beside the input, symlinked and hard-linked module files: the input is never written."""
    need_toolchain()
    d, src_dir, src = copy_of_p17("input")
    # A symlinked module file (read through the link) and a hard link to the .wrp.
    mod = os.path.join(src_dir, "particles_modules", os.listdir(os.path.join(src_dir, "particles_modules"))[0])
    real = os.path.join(d, "real-module")
    shutil.move(mod, real)
    os.symlink(real, mod)
    os.link(src, os.path.join(d, "hardlink.wrp"))

    def digest_tree():
        h = {}
        for dp, _, fs in os.walk(d):
            for f in fs:
                p = os.path.join(dp, f)
                h[os.path.relpath(p, d)] = (os.path.islink(p), hashlib.sha256(open(p, "rb").read()).hexdigest())
        return h
    before = digest_tree()
    out = os.path.join(src_dir, "built.wrp")  # beside the input, in its folder
    for _ in range(2):  # a fresh output, then a rebuild over it
        r = build(src, out, NEW, "--no-cache")
        assert r.returncode == 0, r.stderr
        after = {k: v for k, v in digest_tree().items() if k in before}
        assert after == before, set(after.items()) ^ set(before.items())
        assert not any(os.path.islink(os.path.join(modules_dir(out), f)) for f in os.listdir(modules_dir(out)))
    # -o onto a hard link of the input: outputs are new files renamed into place, so the
    # link is replaced and the input's own file (same inode) keeps its bytes.
    link = os.path.join(d, "hardlink.wrp")
    r = build(src, link, NEW, "--no-cache")
    assert r.returncode == 0, r.stderr
    assert os.stat(link).st_ino != os.stat(src).st_ino
    assert {k: v for k, v in digest_tree().items() if k in before and k != "hardlink.wrp"} == \
        {k: v for k, v in before.items() if k != "hardlink.wrp"}


def test_hostile_names_never_reach_a_shell():
    """A module file named with shell syntax, built with the external ptxas and fatbinary: no command runs."""
    need_toolchain()
    d, src_dir, src = copy_of_p17("hostile")
    name = parse_wrp(src)["modules"][0]["file"]          # wp___main___<hash7>.sm75.ptx
    stem = name.split(".")[0]
    evil = ";$(touch pwned)`touch pwned2`"[:len(stem)].ljust(len(stem), "x")
    data = open(src, "rb").read()
    assert data.count(stem.encode()) >= 1
    open(src, "wb").write(data.replace(stem.encode(), evil.encode()))
    mods = os.path.join(src_dir, "particles_modules")
    os.rename(os.path.join(mods, name), os.path.join(mods, name.replace(stem, evil)))
    ran = []
    for tools in (["--compiler", "ptxas", "--packager", "fatbinary"], ["--compiler", "nvjitlink"]):
        out = os.path.join(d, "out.wrp")
        r = build(src, out, NEW, "--no-cache", *tools, cwd=d)
        if r.returncode == 4 and "ptxas" in tools:
            continue  # the executables are not installed; the in-process path still runs below
        assert r.returncode == 0, r.stderr
        ran.append(tools[1])
        assert any(f.startswith(evil) for f in os.listdir(modules_dir(out)))
    for root in (d, os.getcwd(), "/tmp"):
        assert not os.path.exists(os.path.join(root, "pwned")) and not os.path.exists(os.path.join(root, "pwned2"))
    # And the library starts no shell at all.
    src_root = pathlib.Path(os.environ["WRPKIT_SOURCE_DIR"], "lib", "wrpkit")
    sources = [f for f in src_root.rglob("*") if f.suffix in (".cpp", ".hpp", ".h")]
    assert len(sources) > 50, sources  # the layers' folders were walked
    for f in sources:
        text = f.read_text()
        assert "system(" not in text and "popen(" not in text, f
    print(f"FIGURE hostile names: built with {', '.join(ran)}; no command ran")


if __name__ == "__main__":
    main()
