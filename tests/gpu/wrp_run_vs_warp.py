"""On the GPU machine: stock Warp and wrp-run replay the same built artifacts
with the same new inputs, and their outputs are compared.

  wrp_run_vs_warp.py WRP_RUN DIR...

Each DIR holds one artifact built by wrp-build (NAME.wrp + NAME_modules/) and
the capture's recipe.json. For every input binding the script makes new values
(dtype from the recipe's input_dtypes, else int32 for "counter" and float32 for
the rest; ints small, so loops stay short), then
  stock Warp: wp.capture_load, set_param of each input, one capture_launch,
              get_param of each output;
  wrp-run:    WRP_RUN NAME.wrp --set IN=in.npy ... --get OUT=out.npy ...
Outputs must be identical, or (float atomics add in another order) close to
rtol 1e-5. Exit status: the number of artifacts that differ or fail.
"""
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import warp as wp


def input_specs(recipe, sizes):
    specs = {}
    for name in recipe["inputs"]:
        if "input_dtypes" in recipe:
            specs[name] = np.dtype(recipe["input_dtypes"][name]["dtype"])
        else:
            specs[name] = np.dtype(np.int32 if name == "counter" else np.float32)
        if sizes[name] % specs[name].itemsize:
            raise SystemExit(f"{name}: {sizes[name]} bytes is no whole number of {specs[name]}")
    return specs


def new_inputs(specs, sizes, rng, whole=False):
    out = {}
    for name, dt in specs.items():
        n = sizes[name] // dt.itemsize
        if dt.kind in "iu":
            out[name] = rng.integers(0, 12, n).astype(dt)
        elif whole:  # sums of whole numbers do not depend on the order of addition
            out[name] = rng.integers(-8, 9, n).astype(dt)
        else:
            out[name] = rng.uniform(-2.0, 2.0, n).astype(dt)
    return out


def stock(wrp, inputs, outputs, d):
    g = wp.capture_load(wrp, device=d)
    for name, values in inputs.items():
        g.set_param(name, wp.array(values.view(np.uint8), dtype=wp.uint8, device=d))
    wp.capture_launch(g)
    wp.synchronize_device(d)
    got = {}
    for name in outputs:
        buf = wp.empty(g._params[name]["size"], dtype=wp.uint8, device=d)
        g.get_param(name, buf)
        got[name] = buf.numpy().tobytes()
    return got


def ours(wrp_run, wrp, inputs, outputs, tmp):
    args = [wrp_run, wrp]
    for name, values in inputs.items():
        np.save(os.path.join(tmp, f"in.{name}.npy"), values)
        args += ["--set", f"{name}={tmp}/in.{name}.npy"]
    for name in outputs:
        args += ["--get", f"{name}={tmp}/out.{name}.npy"]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode == 3:
        raise Refused(r.stderr.strip())
    if r.returncode:
        raise RuntimeError(f"wrp-run exit {r.returncode}: {r.stderr.strip()}")
    return {name: np.load(f"{tmp}/out.{name}.npy").tobytes() for name in outputs}


class Refused(Exception):
    """wrp-run refused the artifact (ops it does not replay, named): not a mismatch."""


def inspect(wrp_run, wrp):
    """wrp-inspect's report (beside wrp-run): whether wrp-run replays it, and its bindings."""
    tool = os.path.join(os.path.dirname(wrp_run), "wrp-inspect")
    return json.loads(subprocess.run([tool, "--json", wrp], capture_output=True, text=True, check=True).stdout)


def compare(recipe, a, b):
    notes, bad = [], 0
    outs = recipe["outputs"]  # older recipes (shared/fixtures) list names only: float32 assumed for "close"
    for name in outs:
        dt = np.dtype(outs[name]["dtype"]) if isinstance(outs, dict) else np.dtype(np.float32)
        if len(a[name]) % dt.itemsize:
            dt = np.dtype(np.uint8)
        x, y = np.frombuffer(a[name], dtype=dt), np.frombuffer(b[name], dtype=dt)
        if a[name] == b[name]:
            notes.append(f"{name} identical")
        elif dt.kind == "f" and np.allclose(x, y, rtol=1e-5, atol=1e-6):
            notes.append(f"{name} close (max |diff| {np.max(np.abs(x.astype(np.float64) - y)):.3g})")
        else:
            notes.append(f"{name} DIFFERS")
            bad += 1
    return bad, notes


def main():
    wrp_run, dirs = sys.argv[1], sys.argv[2:]
    wp.init()
    d = wp.get_device("cuda:0")
    print(f"stock Warp {wp.config.version}; wrp-run {wrp_run}")
    failures = compared = 0
    rng = np.random.default_rng(20261203)
    for folder in dirs:
        wrps = [f for f in os.listdir(folder) if f.endswith(".wrp")]
        recipe = json.load(open(os.path.join(folder, "recipe.json")))
        wrp = os.path.join(folder, wrps[0])
        label = os.path.basename(folder.rstrip("/"))
        # An artifact wrp-run refuses is not run by stock Warp either: one that reads through a
        # dangling address (mesh_raw_id) would leave this process's CUDA context unusable.
        report = inspect(wrp_run, wrp)
        if not report["wrp_run"]["replays"]:
            print(f"refused {label}: {'; '.join(report['wrp_run']['blockers'])[:160]}")
            continue
        # outputs Warp did not track (region -1) can be read by neither replay
        untracked = [b["name"] for b in report["bindings"] if b["region"] == -1]
        outputs = {k: v for k, v in recipe["outputs"].items() if k not in untracked} \
            if isinstance(recipe["outputs"], dict) else [k for k in recipe["outputs"] if k not in untracked]
        recipe = dict(recipe, outputs=outputs)
        try:
            g = wp.capture_load(wrp, device=d)
            sizes = {n: g._params[n]["size"] for n in recipe["inputs"]}
            del g
            inputs = new_inputs(input_specs(recipe, sizes), sizes, rng, recipe.get("whole_inputs", False))
            a = stock(wrp, inputs, recipe["outputs"], d)
            with tempfile.TemporaryDirectory() as tmp:
                b = ours(wrp_run, wrp, inputs, recipe["outputs"], tmp)
            bad, notes = compare(recipe, a, b)
            notes += [f"{k} not compared (untracked binding)" for k in untracked]
        except Refused as e:
            print(f"refused {label}: {str(e)[-160:]}")
            continue
        except Exception as e:
            bad, notes = 1, [f"ERROR {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"]
        failures += bad > 0
        compared += 1
        print(f"{'ok  ' if not bad else 'FAIL'} {label}: new inputs {', '.join(recipe['inputs'])}; {'; '.join(notes)}")
    print(f"summary: {compared - failures} of {compared} artifacts replay alike in stock Warp and wrp-run "
          f"({len(dirs) - compared} refused by wrp-run)")
    sys.exit(failures)


if __name__ == "__main__":
    main()
