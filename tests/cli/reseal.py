"""What an attacker without the key can do to a signed artifact: change bytes that
the replay reads (here one byte of the initial memory: wrong outputs, no error) and
write a fresh manifest line over them, keeping the old signature. Rewrites NAME.wrp
in place; every other byte and section is kept (the manifest is text, manifest.hpp).
  reseal.py NAME.wrp"""
import hashlib
import struct
import sys

MEMORY, MANIFEST = 2, 0x574B0003


def main(path):
    d = open(path, "rb").read()
    _, _, _, n, table = struct.unpack_from("<4sIIIQ", d, 0)
    entries = [struct.unpack_from("<IIQQQ", d, table + 32 * i) for i in range(n)]
    sections = [bytearray(d[o:o + s]) for _, _, o, s, _ in entries]
    types = [e[0] for e in entries]
    mem = sections[types.index(MEMORY)]
    mem[len(mem) - 1] ^= 1  # the last byte of the last region's initial data
    old = None
    lines = sections[types.index(MANIFEST)].decode().split("\n")
    for k, ln in enumerate(lines):
        w = ln.split(" ")
        if w[0] == "section" and int(w[1], 16) == MEMORY:
            lines[k] = f"section {w[1]} {w[2]} {len(mem)} {hashlib.sha256(mem).hexdigest()}"
            old = ln
    assert old, "no memory line in the manifest"
    sections[types.index(MANIFEST)] = bytearray("\n".join(lines).encode())
    off, table_bytes = 64 + 32 * n, b""
    for e, s in zip(entries, sections):
        table_bytes += struct.pack("<IIQQQ", e[0], e[1], off, len(s), len(s))
        off += len(s)
    header = bytearray(d[:64])
    struct.pack_into("<Q", header, 16, 64)
    open(path, "wb").write(bytes(header) + table_bytes + b"".join(bytes(s) for s in sections))


if __name__ == "__main__":
    main(sys.argv[1])
