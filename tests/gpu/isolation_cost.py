#!/usr/bin/env python3
"""On the GPU machine, inside .device-run/ (scripts/device-bundle run): what isolating
unverified input costs. For each of the first N built artifacts, a copy without
wrp-build's sections (a capture as Warp saved it) is loaded by wrp-run with
--allow-unverified (module images loaded first in wrpkit-module-probe) and with
--allow-unverified --no-isolate; the built artifact itself is the verified reference.
Interleaved rounds, medians of wrp-run's own load_s and of the whole process's wall time.
  isolation_cost.py WRP_RUN ART_DIR [--artifacts N] [--rounds R]"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

from mutation_campaign import stripped_copy

MODES = {"verified": [], "unverified, isolated": ["--allow-unverified"],
         "unverified, in-process": ["--allow-unverified", "--no-isolate"]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wrp_run")
    ap.add_argument("art_dir")
    ap.add_argument("--artifacts", type=int, default=6)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    work = tempfile.mkdtemp()
    arts = []
    for d in sorted(os.listdir(args.art_dir)):
        wrps = [f for f in os.listdir(os.path.join(args.art_dir, d)) if f.endswith(".wrp")]
        if wrps and os.listdir(os.path.join(args.art_dir, d, os.path.splitext(wrps[0])[0] + "_modules")):
            wrp = os.path.join(args.art_dir, d, wrps[0])
            raw = stripped_copy(wrp, tempfile.mkdtemp(dir=work))
            # without wrp-build's helper kernels, graphs with if/while or algorithm ops do not replay
            if subprocess.run([args.wrp_run, raw, "--allow-unverified"], capture_output=True).returncode == 0:
                arts.append((d, wrp, raw))
        if len(arts) == args.artifacts:
            break
    print(f"{'artifact':44} {'mode':24} {'load_s':>8} {'process_s':>9}")
    worst = 1.0
    for name, built, raw in arts:
        times = {m: ([], []) for m in MODES}
        for _ in range(args.rounds):
            for mode, flags in MODES.items():
                t = time.monotonic()
                p = subprocess.run([args.wrp_run, built if mode == "verified" else raw, "--json", *flags],
                                   capture_output=True, text=True)
                wall = time.monotonic() - t
                if p.returncode != 0:
                    print(f"{name}: {mode}: exit {p.returncode}: {p.stderr.strip()[:200]}")
                    return 1
                times[mode][0].append(json.loads(p.stdout.splitlines()[-1])["load_s"])
                times[mode][1].append(wall)
        for mode in MODES:
            print(f"{name[:44]:44} {mode:24} {statistics.median(times[mode][0]):8.4f} "
                  f"{statistics.median(times[mode][1]):9.4f}")
        ratio = statistics.median(times["unverified, isolated"][0]) / statistics.median(times["verified"][0])
        worst = max(worst, ratio)
        print(f"{'':44} {'isolated / verified load':24} {ratio:8.2f}x")
    print(f"largest isolated/verified load ratio: {worst:.2f}x over {len(arts)} artifacts, {args.rounds} rounds each")
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
