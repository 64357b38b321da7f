"""The build cache shared through servers a team already runs: real nginx (WebDAV PUT)
and redis-server started here on localhost. Two builds with separate local folders
share compiles through each (the second compiles nothing, same bytes); a server that
is down, stops mid-build, is slow, answers 500 or garbage, or is full never fails a
build (one warning, identical bytes); read-only writes nothing; credentials are never
printed."""
import filecmp
import json
import os
import subprocess
import sys
import textwrap

from cache_servers import Misbehaving, Nginx, Redis, free_port, which
from common import BIN, ENV, local, main, run, tmpdir

CAPTURE = local("warp-1.17.0-h200/particles")
ARCHS = "sm_75,sm_80,sm_86,sm_90"
SERVERS = []


def need_servers():
    missing = [n for n in ("nginx", "redis-server") if not which(n)]
    if missing:
        print(f"SKIP: {' and '.join(missing)} not installed (scripts/setup installs them)")
        sys.exit(77)


def build(out, name, cache, remote=None, *extra, env=None):
    os.makedirs(os.path.join(out, name), exist_ok=True)
    args = [CAPTURE, "--arch", ARCHS, "-j", "1", "-o", os.path.join(out, name, name + ".wrp"), "--json"]
    args += ["--no-cache"] if cache is None else ["--cache-dir", cache]
    if remote is not None:
        args += ["--cache-remote", remote]
    r = run("wrp-build", *args, *extra, env=env)
    if r.returncode == 4:
        print("SKIP: no CUDA toolchain (run scripts/setup):", r.stderr.strip())
        sys.exit(77)
    return r


def same_artifact(out, a, b):
    da, db = os.path.join(out, a), os.path.join(out, b)
    assert filecmp.cmp(os.path.join(da, a + ".wrp"), os.path.join(db, b + ".wrp"), shallow=False)
    ma, mb = os.path.join(da, a + "_modules"), os.path.join(db, b + "_modules")
    assert sorted(os.listdir(ma)) == sorted(os.listdir(mb))
    for f in os.listdir(ma):
        assert filecmp.cmp(os.path.join(ma, f), os.path.join(mb, f), shallow=False), f


def reference(out):
    r = build(out, "ref", None)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["compiles"]


def sources(r):
    return sorted({c["from"] for c in json.loads(r.stdout)["compile_sources"]})


def warnings(r):
    return [line for line in r.stderr.splitlines() if "remote build cache" in line]


def start(server):
    SERVERS.append(server)
    return server.start()


def share_through(out, url, tag):
    """Build A fills the server; build B, with an empty folder of its own, compiles nothing."""
    n = reference(out)
    a = build(out, f"a{tag}", os.path.join(out, f"cache-a{tag}"), url)
    assert a.returncode == 0 and not warnings(a), a.stderr
    assert sources(a) == ["compiled"] and json.loads(a.stdout)["cache"]["misses"] == n, a.stdout
    b = build(out, f"b{tag}", os.path.join(out, f"cache-b{tag}"), url)
    assert b.returncode == 0 and not warnings(b), b.stderr
    cache = json.loads(b.stdout)["cache"]
    assert sources(b) == ["remote"] and cache["misses"] == 0 and cache["remote_hits"] == n, b.stdout
    same_artifact(out, f"a{tag}", f"b{tag}")
    same_artifact(out, "ref", f"b{tag}")
    # the remote hits filled B's folder: a third build stays local
    c = build(out, f"c{tag}", os.path.join(out, f"cache-b{tag}"), url)
    assert sources(c) == ["local"] and json.loads(c.stdout)["cache"]["hits"] == n, c.stdout
    return n


def shards(out, url, which, count=4):
    """Shards `which` of `count` at once, as CI matrix jobs: each its own local folder."""
    procs = {}
    for i in which:
        args = [CAPTURE, "--arch", ARCHS, "-j", "1", "-o", os.path.join(out, f"s{i}", "x.wrp"), "--json",
                "--cache-dir", os.path.join(out, f"cache-s{i}"), "--cache-remote", url, "--shard", f"{i}/{count}"]
        procs[i] = subprocess.Popen([os.path.join(BIN, "wrp-build"), *args], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=ENV)
    reports = {}
    for i, p in procs.items():
        stdout, stderr = p.communicate()
        assert p.returncode == 0 and not warnings(subprocess.CompletedProcess([], 0, stdout, stderr)), stderr
        reports[i] = json.loads(stdout)
        assert reports[i]["outputs"] == [] and not os.path.exists(os.path.join(out, f"s{i}")), reports[i]
    return reports


def test_shards_compile_a_quarter_each_and_the_assemble_build_compiles_nothing():
    need_servers()
    out = tmpdir()
    redis = start(Redis(out))
    n = reference(out)
    reports = shards(out, redis.url(db=5), range(1, 5))
    here = [reports[i]["shard"]["jobs_here"] for i in range(1, 5)]
    assert all(r["shard"]["jobs_total"] == n for r in reports.values()) and sum(here) == n, (here, n)
    assert max(here) - min(here) <= 1, here  # dealt out in turn
    assert [r["cache"]["misses"] for r in reports.values()] == here, reports  # each compiled its own
    asm = build(out, "asm", os.path.join(out, "cache-asm"), redis.url(db=5))
    cache = json.loads(asm.stdout)["cache"]
    assert asm.returncode == 0 and cache["misses"] == 0 and cache["remote_hits"] == n, asm.stdout
    same_artifact(out, "ref", "asm")  # byte-identical to the single-machine build
    # a shard that failed (4 never ran): the assemble build compiles only its share
    reports = shards(out, redis.url(db=6), range(1, 4))
    lost = n - sum(r["shard"]["jobs_here"] for r in reports.values())
    late = build(out, "late", os.path.join(out, "cache-late"), redis.url(db=6))
    cache = json.loads(late.stdout)["cache"]
    assert late.returncode == 0 and lost > 0 and cache["misses"] == lost and cache["remote_hits"] == n - lost, \
        (lost, late.stdout)
    same_artifact(out, "ref", "late")


def test_http_layouts_share_compiles():
    need_servers()
    out = tmpdir()
    for layout, pattern in (("subdirs", lambda f: len(f.split("/")) == 3 and len(f.split("/")[1]) == 2),
                            ("flat", lambda f: len(f.split("/")) == 2 and len(f.split("/")[1]) == 64),
                            ("bazel", lambda f: f.startswith("cache/ac/") and len(f.split("/")[2]) == 64)):
        nginx = start(Nginx(out))
        os.makedirs(os.path.join(out, layout))
        n = share_through(os.path.join(out, layout), nginx.url() + f"|layout={layout}", layout)
        files = nginx.files()
        assert len(files) == n and all(pattern(f) for f in files), (layout, files)
        nginx.stop()


def test_https_checks_the_server_certificate():
    need_servers()
    out = tmpdir()
    nginx = start(Nginx(out, tls=True))
    # a certificate no CA vouches for: one warning, the build goes on
    r = build(out, "untrusted", os.path.join(out, "cache-u"), nginx.url())
    assert r.returncode == 0 and len(warnings(r)) == 1 and "certificate" in warnings(r)[0], r.stderr
    assert nginx.files() == [], nginx.files()
    n = share_through(out, nginx.url() + f"|ca-file={nginx.cert}", "tls")
    assert len(nginx.files()) == n, nginx.files()


def test_redis_shares_compiles_with_prefix_and_database():
    need_servers()
    out = tmpdir()
    redis = start(Redis(out))
    n = share_through(out, redis.url(db=3) + "|prefix=team-a", "r")
    keys = redis.keys(db=3)
    assert len(keys) == n and all(k.startswith("team-a:") and len(k) == len("team-a:") + 64 for k in keys), keys
    assert redis.keys(db=0) == []


def test_read_only_writes_nothing_and_still_reads():
    need_servers()
    out = tmpdir()
    nginx, redis = start(Nginx(out)), start(Redis(out))
    both = f"{nginx.url()}|read-only {redis.url()}|read-only"
    r = build(out, "ro", os.path.join(out, "cache-ro"), both)
    assert r.returncode == 0 and not warnings(r), r.stderr
    assert nginx.files() == [] and redis.keys() == [], (nginx.files(), redis.keys())
    assert not any(req.startswith("PUT") for req in nginx.requests()), nginx.requests()
    # filled by a trusted writer, a read-only runner gets the hits
    w = build(out, "w", os.path.join(out, "cache-w"), nginx.url())
    assert w.returncode == 0 and nginx.files(), w.stderr
    ro = build(out, "ro2", os.path.join(out, "cache-ro2"), f"{nginx.url()}|read-only")
    assert sources(ro) == ["remote"], ro.stdout
    same_artifact(out, "w", "ro2")


def check_survives(out, name, remote, expect_warning, n):
    r = build(out, name, os.path.join(out, "cache-" + name), remote)
    assert r.returncode == 0, (name, r.stderr)
    same_artifact(out, "ref", name)
    w = warnings(r)
    assert len(w) == 1 and expect_warning in w[0], (name, r.stderr)
    assert json.loads(r.stdout)["cache"]["misses"] == n, (name, r.stdout)
    # nothing a bad server sent reached the local folder: a local rebuild is identical
    again = build(out, name + "2", os.path.join(out, "cache-" + name))
    assert again.returncode == 0 and sources(again) == ["local"], (name, again.stdout)
    same_artifact(out, "ref", name + "2")
    return r


def test_bad_servers_never_fail_a_build():
    need_servers()
    out = tmpdir()
    n = reference(out)
    check_survives(out, "down", f"http://127.0.0.1:{free_port()}/cache", "failed", n)
    check_survives(out, "redisdown", f"redis://127.0.0.1:{free_port()}", "failed", n)
    stops = start(Misbehaving("ok", stop_after=2))
    check_survives(out, "stopped", stops.url(), "failed", n)
    slow = start(Misbehaving("ok", delay=3.0))
    r = check_survives(out, "slow", slow.url() + "|operation-timeout=200", "failed", n)
    assert "imeout" in r.stderr or "timed out" in r.stderr, r.stderr
    check_survives(out, "http500", start(Misbehaving("500")).url(), "HTTP 500", n)
    check_survives(out, "garbage", start(Misbehaving("garbage")).url(), "damaged", n)
    full = start(Nginx(out, fsize_limit=64))
    check_survives(out, "fulldisk", full.url(), "failed", n)
    redis_full = start(Redis(out, maxmemory=1))
    r = check_survives(out, "redisfull", redis_full.url(), "failed", n)
    assert "OOM" in r.stderr or "maxmemory" in r.stderr, r.stderr
    # a server killed between two builds: the second still builds, from its folder
    nginx = start(Nginx(out))
    assert build(out, "live", os.path.join(out, "cache-live"), nginx.url()).returncode == 0
    nginx.stop()
    dead = build(out, "dead", os.path.join(out, "cache-dead"), nginx.url())
    assert dead.returncode == 0 and len(warnings(dead)) == 1, dead.stderr
    same_artifact(out, "ref", "dead")


def test_credentials_are_used_and_never_printed():
    need_servers()
    out = tmpdir()
    redis = start(Redis(out, password="s3cret-pw"))
    url = f"redis://:s3cret-pw@127.0.0.1:{redis.port}"
    a = build(out, "a", os.path.join(out, "cache-a"), url)
    assert a.returncode == 0 and not warnings(a) and len(redis.keys()) > 0, a.stderr
    # from the environment, as a CI secret would come
    env = dict(os.environ, WRPKIT_CACHE_REMOTE=redis.url(), WRPKIT_CACHE_REMOTE_PASSWORD="s3cret-pw")
    b = build(out, "b", os.path.join(out, "cache-b"), None, env=env)
    assert b.returncode == 0 and sources(b) == ["remote"], b.stderr
    wrong = build(out, "w", os.path.join(out, "cache-w"), f"redis://:wrong-pw@127.0.0.1:{redis.port}", "-v")
    assert wrong.returncode == 0 and len(warnings(wrong)) == 1, wrong.stderr
    assert "***" in warnings(wrong)[0], wrong.stderr
    for r in (a, b, wrong):
        assert "s3cret-pw" not in r.stdout + r.stderr and "wrong-pw" not in r.stdout + r.stderr


def test_bad_remote_urls_are_usage_errors():
    out = tmpdir()
    for url, says in (("ftp://host/x", "http://, https:// or redis://"),
                      ("http://u:hunter2@host/c|layout=odd", "layout=odd"),
                      ("http://host:99999/c", "port"),
                      ("redis://host/notadb", "database number"),
                      ("http://u:hunter2@host/c|bogus=1", "unknown attribute bogus"),
                      ("http://host/c|operation-timeout=0", "milliseconds"),
                      ("https://host/c|ca-file=/nonexistent.pem", "ca-file=/nonexistent.pem: not a file"),
                      ("http://host/c|ca-file=/etc/hosts", "unknown attribute ca-file")):
        r = build(out, "x", os.path.join(out, "cache"), url)
        assert r.returncode == 1, (url, r.returncode, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and says in lines[0] and "hunter2" not in r.stderr, (url, r.stderr)
        assert os.listdir(os.path.join(out, "x")) == [], url
    r = run("wrp-build", CAPTURE, "--arch", "sm_90", "-o", os.path.join(out, "x", "x.wrp"), "--no-cache",
            "--cache-remote", "http://host/c")
    assert r.returncode == 1 and "--no-cache" in r.stderr, r.stderr


def test_cache_stats_per_layer():
    need_servers()
    out = tmpdir()
    nginx = start(Nginx(out))
    assert build(out, "a", os.path.join(out, "cache-a"), nginx.url()).returncode == 0
    b = build(out, "b", os.path.join(out, "cache-b"), nginx.url())
    n = json.loads(b.stdout)["compiles"]
    text = run("wrp-build", "--cache-dir", os.path.join(out, "cache-b"), "--cache-stats")
    assert text.returncode == 0, text.stderr
    assert "misses         " + str(n) in text.stdout, text.stdout  # the folder's: all missed locally
    assert f"remote hits    {n} (100%)" in text.stdout and "remote misses  0" in text.stdout, text.stdout
    os.makedirs(os.path.join(out, "c"))
    report = run("wrp-build", CAPTURE, "--arch", ARCHS, "-o", os.path.join(out, "c", "c.wrp"), "--cache-dir",
                 os.path.join(out, "cache-c"), "--cache-remote", nginx.url())
    assert report.returncode == 0, report.stderr
    assert f"{n} image(s): 0 compiled, 0 from the build cache, {n} from the remote cache" in report.stdout, report.stdout
    assert report.stdout.count("  remote   ") == n, report.stdout


def test_python_api_passes_the_remote():
    need_servers()
    out = tmpdir()
    redis = start(Redis(out))
    a = build(out, "a", os.path.join(out, "cache-a"), redis.url())
    assert a.returncode == 0, a.stderr
    code = textwrap.dedent(f"""
        import json, wrpkit
        r = wrpkit.build({CAPTURE!r}, {os.path.join(out, "api", "api.wrp")!r}, archs={ARCHS!r},
                         cache_dir={os.path.join(out, "cache-api")!r}, cache_remote=[{redis.url() + "|read-only"!r}])
        print(json.dumps({{"cache": r.cache, "from": sorted({{c["from"] for c in r.compile_sources}})}}))
    """)
    os.makedirs(os.path.join(out, "api"))
    env = dict(os.environ, PYTHONPATH=os.path.join(os.environ["WRPKIT_SOURCE_DIR"], "python"))
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["from"] == ["remote"] and got["cache"]["remote"] and got["cache"]["misses"] == 0, got
    same_artifact(out, "a", "api")


if __name__ == "__main__":
    try:
        main()
    finally:
        for s in SERVERS:
            s.stop()
