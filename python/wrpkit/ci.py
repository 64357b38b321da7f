"""python -m wrpkit.ci: the CI step's work (ci/github/action.yml, ci/gitlab/wrpkit.gitlab-ci.yml): build each capture
with wrp-build into one folder, sign it when a key is given, and publish what a reviewer reads:
each artifact's load matrix and hazards as Markdown (wrp-inspect --format markdown) in the job
summary, the JSON reports beside the artifacts, and the paths as step outputs.

Configured by environment variables, as CI systems pass inputs:
  WRPKIT_CAPTURES      capture .wrp files, separated by spaces or newlines (required)
  WRPKIT_PROFILE       a targets profile (default: wrp-build's) ... or
  WRPKIT_ARCHS         target archs, e.g. sm_87,sm_90
  WRPKIT_MIN_DRIVER    the oldest driver (CUDA release) the artifacts must load on
  WRPKIT_SIGN_KEY      an Ed25519 private key, PEM text (a CI secret): written to a private
                       temporary file for wrp-build --sign and removed after
  WRPKIT_CACHE_REMOTE  wrp-build --cache-remote
  WRPKIT_FETCH_TOOLCHAINS  "false" turns off wrp-build --fetch-toolchains (on: a Jetson profile's
                       CUDA 12.6 compilers are installed on first use, then cached)
  WRPKIT_SHARD         I/N: this matrix job compiles its share into WRPKIT_CACHE_REMOTE and writes
                       no artifact (wrp-build --shard); a last job without it assembles them
  WRPKIT_OUT_DIR       where the artifacts go (default: wrpkit-artifacts)
  GITHUB_STEP_SUMMARY, GITHUB_OUTPUT (GitHub sets them): the summary and the outputs
  `artifacts` (space-separated .wrp paths) and `reports` (their JSON reports); without them
  the summary goes to stdout. An error is also printed as a GitHub annotation (::error::).
Exit status: 0 when every capture built, else wrp-build's exit code of the first that did not.
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile

from ._tools import tool_path


def tool(name):
    return os.fspath(tool_path(name))  # the package's own tools, as wrpkit.build uses


def build_args(capture, out, report, key_file):
    args = [tool("wrp-build"), capture, "-o", out, "--force", "--quiet", "--report", report]
    if os.environ.get("WRPKIT_ARCHS"):
        args += ["--arch", os.environ["WRPKIT_ARCHS"]]
    elif os.environ.get("WRPKIT_PROFILE"):
        args += ["--profile", os.environ["WRPKIT_PROFILE"]]
    for env, option in (("WRPKIT_MIN_DRIVER", "--min-driver"), ("WRPKIT_CACHE_REMOTE", "--cache-remote")):
        if os.environ.get(env):
            args += [option, os.environ[env]]
    if key_file:
        args += ["--sign", key_file]
    if os.environ.get("WRPKIT_FETCH_TOOLCHAINS", "true").lower() not in ("0", "false", "no", "off"):
        args.append("--fetch-toolchains")
    if os.environ.get("WRPKIT_SHARD"):
        args += ["--shard", os.environ["WRPKIT_SHARD"]]
    return args


def summary_of(paths, targets):
    """wrp-inspect's Markdown of each artifact, with the load matrix over the archs it was built for."""
    parts = []
    for path in paths:
        r = subprocess.run([tool("wrp-inspect"), path, "--arch", ",".join(targets), "--format", "markdown"],
                           capture_output=True, text=True)
        parts.append(r.stdout if r.stdout else f"### `{path}`\n\n{r.stderr.strip()}\n")
    return "\n".join(parts)


def publish(summary, outputs):
    if os.environ.get("GITHUB_STEP_SUMMARY"):
        with open(os.environ["GITHUB_STEP_SUMMARY"], "a") as f:
            f.write(summary + "\n")
    else:
        print(summary)
    if os.environ.get("GITHUB_OUTPUT"):
        with open(os.environ["GITHUB_OUTPUT"], "a") as f:
            for key, values in outputs.items():
                f.write(f"{key}={' '.join(values)}\n")


def build_one(capture, out_dir, key_file):
    """(artifact paths, report path, targets) or raises SystemExit with wrp-build's code."""
    name = os.path.splitext(os.path.basename(capture))[0]
    out, report = os.path.join(out_dir, f"{name}.wrp"), os.path.join(out_dir, f"{name}.report.json")
    env = dict(os.environ, WRPKIT_PYTHON=os.environ.get("WRPKIT_PYTHON", sys.executable))  # for --fetch-toolchains
    r = subprocess.run(build_args(capture, out, report, key_file), capture_output=True, text=True, env=env)
    sys.stderr.write(r.stderr)  # warnings and errors, "wrp-build: warning: ..." as log matchers want
    if r.returncode:
        if os.environ.get("GITHUB_ACTIONS"):
            line = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else f"wrp-build exit {r.returncode}"
            print(f"::error title=wrp-build {os.path.basename(capture)}::{line}")
        raise SystemExit(r.returncode)
    rep = json.load(open(report))
    if rep.get("shard"):  # a share of the compiles, into the shared cache: nothing to publish
        s = rep["shard"]
        print(f"{os.path.basename(capture)}: shard {s['index']}/{s['count']} compiled {s['jobs_here']} of "
              f"{s['jobs_total']} job(s) into the shared cache")
        return [], report, []
    paths = [o["wrp"] for o in rep["outputs"]]
    targets = sorted({t for o in rep["outputs"] for t in o["targets"]}, key=lambda a: int(a[3:].rstrip("af")))
    return paths, report, targets


def main():
    captures = shlex.split(os.environ.get("WRPKIT_CAPTURES", ""))
    if not captures:
        sys.exit("wrpkit.ci: WRPKIT_CAPTURES names no capture")
    out_dir = os.environ.get("WRPKIT_OUT_DIR") or "wrpkit-artifacts"
    os.makedirs(out_dir, exist_ok=True)
    key_file = None
    with tempfile.TemporaryDirectory(prefix="wrpkit-ci-") as private:
        if os.environ.get("WRPKIT_SIGN_KEY", "").strip():
            key_file = os.path.join(private, "sign.pem")
            fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "w") as f:
                f.write(os.environ["WRPKIT_SIGN_KEY"].strip() + "\n")
        artifacts, reports, summary = [], [], ["## wrpkit: deployment artifacts\n"]
        for capture in captures:
            paths, report, targets = build_one(capture, out_dir, key_file)
            artifacts += paths
            reports.append(report)
            if paths:
                summary.append(summary_of(paths, targets))
    publish("\n".join(summary), {"artifacts": artifacts, "reports": reports})
    return 0


if __name__ == "__main__":
    sys.exit(main())
