"""What wrp-run assumes of each Warp release's meshes (lib/wrpkit/replay/mesh_releases.cpp),
checked against the releases themselves. Run by hand when a release is added (it downloads
the warp-lang wheels, about 160 MB each; the result goes to docs/runs/):

    python3 tests/data/warp-meshes/mesh_facts.py [RELEASE...]   (default: every release the table names)

WARP_WHEELS=DIR takes the wheels from DIR where they are there (downloading the others into it).

For every release, from its PyPI wheel's warp/native:
  1. the declarations of wp::Mesh (mesh.h), wp::BVH and wp::BVHPackedNodeHalf (bvh.h),
     comments and blank lines aside, are the newest release's: the descriptors wrp-run's mesh
     kernels fill and Warp's kernels read;
  2. mesh.cu, bvh.cu and solid_angle.h (wp::SolidAngleProps and its maths) are byte for byte
     the newest release's (how a CUDA mesh is built at load);
  3. bvh.cpp's host tree builder (TopDownBVHBuilder and the reorder before the copy to the
     GPU) is the newest release's but for the depth at which a subtree becomes one leaf,
     which is read from it and must be the table's;
  4. with build/bin/wrp-build present, wrp-run's mesh kernels compiled against that release's
     headers have the same machine code (each kernel's .text section, sm_90) as
     against the newest release's.
Exit 0 when every fact holds, 1 otherwise."""
import hashlib
import os
import re
import struct
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TABLE = os.path.join(ROOT, "lib", "wrpkit", "replay", "mesh_releases.cpp")
MESH_CAPTURE = os.path.join(ROOT, "tests", "data", "warp-1.19.0-h100", "default-sf", "mesh_small", "mesh_small.wrp")
STRUCTS = {"mesh.h": ["Mesh"], "bvh.h": ["BVHPackedNodeHalf", "BVH"]}
SAME_FILES = ["mesh.cu", "bvh.cu", "solid_angle.h"]
LEAF_RULE = re.compile(r"if \(n <= bvh\.leaf_size \|\| depth >= BVH_QUERY_STACK_SIZE( - 1)?\)")
STACK = re.compile(r"#define BVH_QUERY_STACK_SIZE \((\d+)\)")


def table():
    """{release: leaf depth} as mesh_releases.cpp states it."""
    return {r: int(d) for r, d in re.findall(r'\{"(\d+\.\d+\.\d+)", (\d+)\}', open(TABLE).read())}


def native(release, tmp):
    """The release's warp/native folder, from its wheel (pip download)."""
    dest, wheels = os.path.join(tmp, release), os.environ.get("WARP_WHEELS", tmp)
    if not os.path.isdir(dest):
        if not any(f.startswith(f"warp_lang-{release}-") for f in os.listdir(wheels)):
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:",
                            "--platform", "manylinux_2_28_x86_64", "--python-version", "3.12", "-d", wheels,
                            f"warp-lang=={release}"], check=True)
        wheel = next(f for f in os.listdir(wheels) if f.startswith(f"warp_lang-{release}-"))
        with zipfile.ZipFile(os.path.join(wheels, wheel)) as z:
            z.extractall(dest, [n for n in z.namelist() if n.startswith("warp/native/") or n == "warp/config.py"])
    return os.path.join(dest, "warp", "native")


def declaration(text, name):
    """`struct NAME {...};` at the start of a line, without comments and blank lines."""
    m = re.search(r"^struct " + name + r" \{.*?^\};", text, re.S | re.M)
    if not m:
        return None
    body = re.sub(r"//[^\n]*", "", m.group(0))
    return "\n".join(line.rstrip() for line in body.splitlines() if line.strip())


def leaf_depth(bvh_cpp, bvh_h):
    rule, stack = LEAF_RULE.search(bvh_cpp), STACK.search(bvh_h)
    if not rule or not stack:
        return None
    return int(stack.group(1)) - (1 if rule.group(1) else 0)


def builder_without_rule(bvh_cpp):
    """The host builder (class TopDownBVHBuilder to the end of reorder_top_down_bvh) without
    comments, blank lines and the leaf rule; None when it is not there."""
    start, end = bvh_cpp.find("class TopDownBVHBuilder"), bvh_cpp.find("void bvh_refit_recursive")
    if start < 0 or end < start:
        return None
    body = LEAF_RULE.sub("LEAF_RULE", bvh_cpp[start:end])
    return "\n".join(line for line in (re.sub(r"//[^\n]*", "", x).rstrip() for x in body.splitlines()) if line)


def kernel_text(wrp_build, warp_dir, tmp, tag):
    """{(arch, section): sha256} of the .text sections of wrp-run's mesh kernels built against warp_dir."""
    out = os.path.join(tmp, f"mesh-{tag}.wrp")
    # --from binary: the capture's own module is repacked, only the mesh kernels are compiled
    subprocess.run([wrp_build, MESH_CAPTURE, "--from", "binary", "--arch", "sm_90", "--ptx", "none", "-o", out,
                    "--force", "-q", "--no-cache",
                    "--warp", os.path.dirname(warp_dir)], check=True)
    data = open(out, "rb").read()
    _, _, _, n, at = struct.unpack_from("<4sIIIQ", data, 0)
    for i in range(n):
        kind, _, off, size, _ = struct.unpack_from("<IIQQQ", data, at + 32 * i)
        if kind == 0x574B0005:  # the wrpkit-mesh section: a fatbin of ELF images
            return elf_texts(data[off:off + size])
    raise AssertionError(f"{out}: no wrpkit-mesh section")


def elf_texts(fatbin):
    """Every ELF image in an uncompressed fatbin: {(image, .text.* name): sha256}."""
    texts, start = {}, 0
    while (start := fatbin.find(b"\x7fELF\x02\x01", start)) >= 0:
        elf = fatbin[start:]
        shoff, = struct.unpack_from("<Q", elf, 0x28)
        entsize, count, names = struct.unpack_from("<HHH", elf, 0x3A)
        heads = [struct.unpack_from("<IIQQQQIIQQ", elf, shoff + i * entsize) for i in range(count)]
        strings = heads[names][4]
        for h in heads:
            name = elf[strings + h[0]:elf.index(b"\0", strings + h[0])].decode()
            if name.startswith(".text."):
                texts[(start, name)] = hashlib.sha256(elf[h[4]:h[4] + h[5]]).hexdigest()
        start += 4
    return {(i, name): digest for i, ((_, name), digest) in enumerate(sorted(texts.items()))}


def main(releases):
    want = table()
    releases = releases or sorted(want, key=lambda r: tuple(map(int, r.split("."))))
    newest = max(want, key=lambda r: tuple(map(int, r.split("."))))
    wrp_build = os.path.join(ROOT, "build", "bin", "wrp-build")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        ref = native(newest, tmp)
        ref_text = {f: open(os.path.join(ref, f)).read() for f in {*STRUCTS, *SAME_FILES, "bvh.cpp"}}
        ref_kernels = kernel_text(wrp_build, ref, tmp, newest) if os.path.exists(wrp_build) else None
        for release in releases:
            nat = native(release, tmp)
            text = {f: open(os.path.join(nat, f)).read() for f in ref_text}
            facts = []
            for f, names in STRUCTS.items():
                facts += [(f"{f} struct {n} as {newest}'s", declaration(text[f], n) is not None and
                           declaration(text[f], n) == declaration(ref_text[f], n)) for n in names]
            facts += [(f"{f} byte for byte {newest}'s", text[f] == ref_text[f]) for f in SAME_FILES]
            builder = builder_without_rule(text["bvh.cpp"])
            facts.append((f"bvh.cpp's tree builder {newest}'s but for the leaf depth",
                          builder is not None and builder == builder_without_rule(ref_text["bvh.cpp"])))
            depth = leaf_depth(text["bvh.cpp"], text["bvh.h"])
            facts.append((f"leaf depth {depth}, the table's {want.get(release)}", depth == want.get(release)))
            if ref_kernels is not None:
                same = kernel_text(wrp_build, nat, tmp, release) == ref_kernels
                facts.append((f"mesh kernels' machine code (sm_90) as with {newest}'s headers", same))
            for what, ok in facts:
                print(f"{'ok  ' if ok else 'FAIL'} warp-lang {release}: {what}")
                failed += not ok
    print(f"{failed} fact(s) failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
