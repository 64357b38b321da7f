#!/usr/bin/env python3
"""On the GPU machine, inside .device-run/ (scripts/device-bundle run): hostile
variants of real built artifacts through wrp-run, the way a damaged copy or an
attacker would hand them over. Each mutant changes real bytes (no-ops are drawn
again) of the .wrp or of a module file: a byte flipped, a 32-bit field set to an
extreme (0, 1, 0x7fffffff, 0x80000000, 0xffffffff), the file cut short, or a run
of bytes zeroed. wrp-run replays it with --get of every output, under a timeout.

A run passes when every mutant is refused with exit 2 and a one-line message (no
crash, no hang, no exit 0 with any output, and no other exit: the driver never saw
the bytes). Writes one JSON line per mutant to OUT/mutants.jsonl and prints counts
by format and kind.

--unverified: wrp-build's sections (manifest, signature, helper kernels...) are stripped
first (a capture as Warp saved it: nothing to compare with; artifacts that then need
helpers are left out), the module files are mutated, and wrp-run is asked
with --allow-unverified (its module images loaded in an isolated child first; with
--no-isolate, in wrp-run itself). Wrong outputs are then possible by design; a pass is
no crash and no hang of wrp-run.
  mutation_campaign.py WRP_RUN ART_DIR OUT [--count N] [--seed S] [--jobs J] [--unverified [--no-isolate]]"""
import argparse, collections, concurrent.futures as cf, json, os, random, shutil, struct, subprocess, sys, tempfile
import zipfile

EXTREMES = [0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF]
KINDS = ["flip", "u32", "truncate", "zero"]
WRPKIT_SECTIONS = range(0x574B0001, 0x574B0006)  # provenance, helpers, manifest, signature, mesh kernels


def strip_wrpkit(path):
    """Rewrites NAME.wrp without wrp-build's sections (what stock Warp saves), every other section kept."""
    d = open(path, "rb").read()
    _, _, _, n, table = struct.unpack_from("<4sIIIQ", d, 0)
    entries = [struct.unpack_from("<IIQQQ", d, table + 32 * i) for i in range(n)]
    kept = [(e, d[e[2]:e[2] + e[3]]) for e in entries if e[0] not in WRPKIT_SECTIONS]
    off, table_bytes = 64 + 32 * len(kept), b""
    for e, data in kept:
        table_bytes += struct.pack("<IIQQQ", e[0], e[1], off, len(data), len(data))
        off += len(data)
    header = bytearray(d[:64])
    struct.pack_into("<I", header, 12, len(kept))
    struct.pack_into("<Q", header, 16, 64)
    open(path, "wb").write(bytes(header) + table_bytes + b"".join(data for _, data in kept))


def artifacts(art_dir):
    out = []
    for d in sorted(os.listdir(art_dir)):
        path = os.path.join(art_dir, d)
        wrps = [f for f in os.listdir(path) if f.endswith(".wrp")]
        if not wrps or not os.path.exists(os.path.join(path, "expected.npz")):
            continue
        wrp = os.path.join(path, wrps[0])
        fmt = int.from_bytes(open(wrp, "rb").read(8)[4:8], "little")
        names = zipfile.ZipFile(os.path.join(path, "expected.npz")).namelist()  # an .npz: NAME.npy per array
        out.append({"id": d, "wrp": wrp, "format": fmt, "outputs": [n[:-4] for n in names if n.endswith(".npy")]})
    return out


def run(wrp_run, wrp, outputs, outdir, extra=()):
    gets = [a for k in outputs for a in ("--get", f"{k}={outdir}/{k}.npy")]
    try:
        p = subprocess.run([wrp_run, wrp, *gets, *extra], capture_output=True, text=True, timeout=60)
        return p.returncode, p.stderr.strip()
    except subprocess.TimeoutExpired:
        return "timeout", ""


def outputs_of(outdir, names):
    return {k: open(f"{outdir}/{k}.npy", "rb").read() for k in names if os.path.exists(f"{outdir}/{k}.npy")}


def mutate(data, kind, rng):
    b = bytearray(data)
    if kind == "flip":
        at = rng.randrange(len(b))
        b[at] ^= rng.randrange(1, 256)
        return bytes(b), f"byte {at} xor"
    if kind == "u32":
        at = rng.randrange(len(b) // 4) * 4
        b[at:at + 4] = rng.choice(EXTREMES).to_bytes(4, "little")
        return bytes(b), f"u32 at {at}"
    if kind == "truncate":
        at = rng.randrange(len(b))
        return bytes(b[:at]), f"cut at {at}"
    at = rng.randrange(len(b))
    n = rng.randrange(1, 257)
    b[at:at + n] = bytes(len(b[at:at + n]))
    return bytes(b), f"zero {n} at {at}"


def stripped_copy(wrp, into):
    dst = os.path.join(into, os.path.basename(wrp))
    shutil.copy(wrp, dst)
    shutil.copytree(os.path.splitext(wrp)[0] + "_modules", os.path.splitext(dst)[0] + "_modules")
    strip_wrpkit(dst)
    return dst


def one(args, a, baseline, i):
    rng = random.Random(args.seed * 1000003 + i)
    mods = os.path.splitext(a["wrp"])[0] + "_modules"
    has_files = bool(os.listdir(mods))  # a graph of copies and fills alone has no module file
    target = "wrp" if (rng.random() < 0.5 and not args.unverified) or not has_files else "module"
    kind = KINDS[i % len(KINDS)]
    work = tempfile.mkdtemp(dir=args.out)
    try:
        wrp = os.path.join(work, os.path.basename(a["wrp"]))
        shutil.copy(a["wrp"], wrp)
        shutil.copytree(mods, os.path.splitext(wrp)[0] + "_modules")
        files = sorted(os.listdir(mods))
        victim = wrp if target == "wrp" else os.path.join(os.path.splitext(wrp)[0] + "_modules", rng.choice(files))
        data = open(victim, "rb").read()
        for _ in range(100):  # a mutant changes bytes
            new, where = mutate(data, kind, rng)
            if new != data:
                break
        open(victim, "wb").write(new)
        extra = ("--in-memory",) if i % 5 == 4 else ()
        if args.unverified:
            extra += ("--allow-unverified",) + (("--no-isolate",) if args.no_isolate else ())
        rc, err = run(args.wrp_run, wrp, a["outputs"], work, extra)
        got = outputs_of(work, a["outputs"]) if rc == 0 else {}
        if rc == "timeout":
            verdict = "hang"
        elif rc < 0 or rc >= 128:
            verdict = "crash"
        elif rc == 0:
            verdict = "wrong output" if got != baseline else "accepted, same output"
        elif rc == 2 and err.count("\n") == 0 and err.startswith("wrp-run: error: "):
            verdict = "refused"
        else:
            verdict = f"exit {rc}"
        return {"i": i, "id": a["id"], "format": a["format"], "target": target, "file": os.path.basename(victim),
                "kind": kind, "where": where, "in_memory": bool(extra), "rc": rc, "verdict": verdict,
                "message": err[:400]}
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wrp_run")
    ap.add_argument("art_dir")
    ap.add_argument("out")
    ap.add_argument("--count", type=int, default=540)
    ap.add_argument("--seed", type=int, default=23)
    ap.add_argument("--jobs", type=int, default=4)
    ap.add_argument("--no-gpu", action="store_true", help="no baselines (every mutant must be refused anyway, "
                    "before the driver): for a machine without a GPU")
    ap.add_argument("--unverified", action="store_true", help="strip the manifest and signature, mutate module "
                    "files, replay with --allow-unverified")
    ap.add_argument("--no-isolate", action="store_true", help="with --unverified: load in wrp-run itself")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    arts, baselines = [], {}
    for a in artifacts(args.art_dir):
        if args.unverified:  # the stripped copy is the baseline and what every mutant starts from
            a["wrp"] = stripped_copy(a["wrp"], tempfile.mkdtemp(dir=args.out))
        work = tempfile.mkdtemp(dir=args.out)
        extra = ("--allow-unverified",) if args.unverified else ()
        rc, err = (0, "") if args.no_gpu else run(args.wrp_run, a["wrp"], a["outputs"], work, extra)
        if rc == 0:  # only artifacts wrp-run replays: the baseline every mutant is compared with
            arts.append(a)
            baselines[a["id"]] = outputs_of(work, a["outputs"])
        else:
            print(f"not replayed (exit {rc}), left out: {a['id']}: {err[:160]}")
        shutil.rmtree(work, ignore_errors=True)
    by_format = collections.Counter(a["format"] for a in arts)
    print(f"{len(arts)} artifacts replayed as baselines, by format: {dict(sorted(by_format.items()))}")
    if not arts:
        print("no artifact to mutate")
        return 1
    results = []
    with cf.ThreadPoolExecutor(args.jobs) as pool:
        futs = [pool.submit(one, args, arts[i % len(arts)], baselines[arts[i % len(arts)]["id"]], i)
                for i in range(args.count)]
        for f in futs:
            results.append(f.result())
    with open(os.path.join(args.out, "mutants.jsonl"), "w") as f:
        for r in results:
            f.write(json.dumps(r) + "\n")
    table = collections.Counter((r["format"], r["target"], r["kind"], r["verdict"]) for r in results)
    print("format target  kind      verdict                 count")
    for (fmt, target, kind, verdict), n in sorted(table.items()):
        print(f"{fmt:6} {target:7} {kind:9} {verdict:22} {n}")
    verdicts = collections.Counter(r["verdict"] for r in results)
    reasons = collections.Counter(
        "manifest or signature" if ("wrpkit manifest" in r["message"] or "wrpkit signature" in r["message"]
                                    or "manifest" in r["message"]) else "container read" for r in results
        if r["verdict"] == "refused")
    print(f"total {len(results)}: {dict(verdicts)}; refusals by what caught them: {dict(reasons)}")
    for r in results:
        if r["verdict"] != "refused" and (not args.unverified or r["verdict"] in ("crash", "hang")):
            print(f"NOT REFUSED: {json.dumps(r)}")
    if args.unverified:  # nothing vouches for the bytes: wrong outputs can pass; the process must survive
        return 0 if verdicts["crash"] == 0 and verdicts["hang"] == 0 else 1
    return 0 if verdicts["refused"] == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
