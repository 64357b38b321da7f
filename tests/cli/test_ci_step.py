"""The CI step (ci/github/action.yml, ci/gitlab/wrpkit.gitlab-ci.yml run `python -m wrpkit.ci`)
on real captures with a fake GitHub environment: the artifacts are built and signed with the
secret key, the step outputs name them and their reports, the job summary holds each one's
load matrix; a capture that cannot be built fails the step with wrp-build's exit code and a
GitHub error annotation, and publishes nothing."""
import json
import os
import subprocess
import sys

from common import BIN, ENV, Skip, local, main, run, tmpdir

ROOT = os.environ["WRPKIT_SOURCE_DIR"]
CAPTURES = [local("warp-1.17.0-h200/particles"), local("warp-1.17.0-h200/unique_adjoint")]


def step(work, **inputs):
    """Runs the step in `work` as the action does; returns (result, outputs, summary)."""
    out, summary = os.path.join(work, "github_output"), os.path.join(work, "step_summary.md")
    # Releases the step fetches go to the test's folder, never the user's cache (where every
    # later wrp-build would find them).
    env = dict(ENV, PYTHONPATH=os.path.join(ROOT, "python"), WRPKIT_BIN=BIN, GITHUB_ACTIONS="true",
               GITHUB_OUTPUT=out, GITHUB_STEP_SUMMARY=summary,
               WRPKIT_TOOLCHAIN_HOME=os.path.join(work, "toolchains"), **inputs)
    r = subprocess.run([sys.executable, "-m", "wrpkit.ci"], cwd=work, env=env, capture_output=True, text=True)
    read = lambda p: open(p).read() if os.path.exists(p) else ""  # noqa: E731
    outputs = dict(line.split("=", 1) for line in read(out).splitlines())
    return r, outputs, read(summary)


def test_builds_signs_and_summarizes():
    work = tmpdir()
    key, pub = os.path.join(work, "k.pem"), os.path.join(work, "k.pub")
    subprocess.run(["openssl", "genpkey", "-algorithm", "ed25519", "-out", key], check=True)
    subprocess.run(["openssl", "pkey", "-in", key, "-pubout", "-out", pub], check=True)
    r, outputs, summary = step(work, WRPKIT_CAPTURES=" ".join(CAPTURES), WRPKIT_ARCHS="sm_87,sm_90",
                               WRPKIT_SIGN_KEY=open(key).read(), WRPKIT_OUT_DIR="dist")
    if r.returncode == 4:
        raise Skip(f"no CUDA toolchain (run scripts/setup): {r.stderr.strip()}")
    assert r.returncode == 0, r.stderr
    artifacts = outputs["artifacts"].split()
    assert artifacts == ["dist/particles.wrp", "dist/unique_adjoint.wrp"], outputs
    assert outputs["reports"].split() == ["dist/particles.report.json", "dist/unique_adjoint.report.json"], outputs
    for a in artifacts:
        v = run("wrp-inspect", os.path.join(work, a), "--verify", "--trust", pub)
        assert v.returncode == 0, v.stdout + v.stderr  # signed with the secret key
    assert not [f for f in os.listdir(os.path.join(work, "dist")) if f.endswith(".pem")]
    lines = summary.splitlines()
    assert lines[0] == "## wrpkit: deployment artifacts", summary
    assert [ln for ln in lines if ln.startswith("### ")] == ["### `dist/particles.wrp`", "### `dist/unique_adjoint.wrp`"]
    assert lines.count("| module | sm_87 | sm_90 |") == 2 and lines.count("| **the artifact** | **sass** | **sass** |") == 2


def test_a_capture_that_cannot_build_fails_the_step():
    work = tmpdir()
    r, outputs, summary = step(work, WRPKIT_CAPTURES=f"{CAPTURES[0]} {work}/missing.wrp", WRPKIT_ARCHS="sm_90")
    assert r.returncode == 2, (r.returncode, r.stderr)
    assert f"::error title=wrp-build missing.wrp::wrp-build: error: {work}/missing.wrp" in r.stdout, r.stdout
    assert outputs == {} and summary == "", (outputs, summary)
    r, _, _ = step(work, WRPKIT_CAPTURES="")
    assert r.returncode == 1 and "WRPKIT_CAPTURES names no capture" in r.stderr, r.stderr


def test_a_matrix_of_shards_then_an_assemble_step_that_compiles_nothing():
    from cache_servers import Redis, which
    if not which("redis-server"):
        raise Skip("redis-server not installed (scripts/setup installs it)")
    work = tmpdir()
    redis = Redis(work).start()
    try:
        inputs = dict(WRPKIT_CAPTURES=CAPTURES[0], WRPKIT_ARCHS="sm_75,sm_80,sm_87,sm_90",
                      WRPKIT_CACHE_REMOTE=redis.url())
        for i in (1, 2):
            shard_work = os.path.join(work, f"shard{i}")
            os.makedirs(shard_work)
            r, outputs, summary = step(shard_work, WRPKIT_SHARD=f"{i}/2", WRPKIT_CACHE_DIR=f"{shard_work}/cache",
                                       **inputs)
            assert r.returncode == 0 and f"particles.wrp: shard {i}/2 compiled " in r.stdout, r.stdout + r.stderr
            assert outputs == {"artifacts": "", "reports": "wrpkit-artifacts/particles.report.json"}, outputs
        r, outputs, _ = step(work, WRPKIT_CACHE_DIR=f"{work}/cache", **inputs)
        assert r.returncode == 0 and outputs["artifacts"] == "wrpkit-artifacts/particles.wrp", r.stderr
        cache = json.load(open(os.path.join(work, outputs["reports"])))["cache"]
        assert cache["misses"] == 0 and cache["remote_hits"] > 0, cache  # assembled from the shards' compiles
    finally:
        redis.stop()


def test_action_and_template_pass_what_the_step_reads():
    try:
        import yaml
    except ImportError:
        raise Skip("no PyYAML to read the CI files with")
    read = open(os.path.join(ROOT, "python", "wrpkit", "ci.py")).read()
    action = yaml.safe_load(open(os.path.join(ROOT, "ci", "github", "action.yml")))
    build = next(s for s in action["runs"]["steps"] if s.get("id") == "build")
    assert build["run"] == "python3 -m wrpkit.ci", build
    for name, value in build["env"].items():
        assert f'"{name}"' in read, f"action.yml sets {name}, which wrpkit.ci does not read"
        assert value == "${{ inputs.%s }}" % name[len("WRPKIT_"):].lower().replace("_", "-"), (name, value)
    assert set(action["inputs"]) - {"wrpkit-version"} == {n[7:].lower().replace("_", "-") for n in build["env"]}
    assert set(action["outputs"]) == {"artifacts", "reports"}
    gitlab = yaml.safe_load(open(os.path.join(ROOT, "ci", "gitlab", "wrpkit.gitlab-ci.yml")))[".wrpkit-build"]
    assert gitlab["script"][-1] == "python3 -m wrpkit.ci" and "wrpkit-summary.md" in gitlab["artifacts"]["paths"]


if __name__ == "__main__":
    main()
