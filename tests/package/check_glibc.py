#!/usr/bin/env python3
"""Every ELF file in a wheel (or the ELF files named) asks glibc for symbol
versions no newer than GLIBC: the manylinux_2_X promise, checked on the bytes that
ship rather than trusted to the toolchain. Also refused: a versioned need of
libstdc++ or libgcc_s (GLIBCXX_, CXXABI_, GCC_), which no manylinux host is
promised to have at our version, and an ELF for another machine than the wheel's
tag names. Reads the .gnu.version_r section with pyelftools (auditwheel's).
usage: check_glibc.py 2.28 FILE.whl|ELF...   exit 0 ok, 1 a need too new"""
import io
import re
import sys
import zipfile

from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection

MACHINES = {"x86_64": "EM_X86_64", "aarch64": "EM_AARCH64"}


def needs(data):
    """(machine, {version name: library}) of one ELF image."""
    elf = ELFFile(io.BytesIO(data))
    found = {}
    for section in elf.iter_sections():
        if isinstance(section, GNUVerNeedSection):
            for verneed, auxes in section.iter_versions():
                for aux in auxes:
                    found[aux.name] = verneed.name
    return elf["e_machine"], found


def members(path):
    if path.endswith(".whl"):
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                data = z.read(name)
                if data[:4] == b"\x7fELF":
                    yield name, data
    else:
        yield path, open(path, "rb").read()


def version(text):
    return tuple(int(x) for x in text.split("."))


def main(limit, paths):
    bad = []
    for path in paths:
        tag = re.search(r"_(x86_64|aarch64)\.whl$", path)
        count, newest = 0, (0,)
        for name, data in members(path):
            count += 1
            machine, found = needs(data)
            if tag and machine != MACHINES[tag.group(1)]:
                bad.append(f"{path}: {name} is {machine}, the wheel is tagged {tag.group(1)}")
            for need, lib in sorted(found.items()):
                m = re.fullmatch(r"GLIBC_([0-9.]+)", need)
                if m:
                    newest = max(newest, version(m.group(1)))
                    if version(m.group(1)) > version(limit):
                        bad.append(f"{path}: {name} needs {need} ({lib}), newer than glibc {limit}")
                elif need.startswith(("GLIBCXX_", "CXXABI_", "GCC_")):
                    bad.append(f"{path}: {name} needs {need} ({lib}): the C++ runtime must be linked in")
        if count == 0:
            bad.append(f"{path}: no ELF file in it")
        print(f"check_glibc: {path}: {count} ELF file(s), newest glibc symbol version "
              f"{'.'.join(map(str, newest))} (limit {limit})")
    for line in bad:
        print("check_glibc: " + line, file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
