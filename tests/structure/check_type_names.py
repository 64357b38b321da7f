#!/usr/bin/env python3
"""No two headers of lib/ and tools/ define a class of the same name. Two definitions of one
name in one program break the one-definition rule silently: the linker keeps one inline member
(a destructor, say) for both, and the program runs the wrong one (wrp::BuildOutput was defined
by tools/command_lines.hpp and pipeline/build.hpp: every wrp-build of the sanitizer build
crashed while the GCC build, by luck, did not). Headers' namespace-level classes are the ones
several files share; a .cpp's own classes belong in an anonymous namespace.
    check_type_names.py [ROOT]"""
import pathlib
import re
import sys
from collections import defaultdict

DEFINITION = re.compile(r"^(?:struct|class) ([A-Za-z_]\w*)\b[^;]*$")  # column 0: namespace level


def main(root: pathlib.Path) -> int:
    where = defaultdict(list)
    for header in sorted(p for d in ("lib", "tools") for p in (root / d).rglob("*.hpp")):
        for number, line in enumerate(header.read_text(errors="replace").splitlines(), 1):
            m = DEFINITION.match(line)
            if m:
                where[m.group(1)].append(f"{header.relative_to(root)}:{number}")
    twice = {name: places for name, places in where.items() if len(places) > 1}
    for name, places in sorted(twice.items()):
        print(f"class {name} is defined in {' and '.join(places)}: rename one (the one-definition rule)")
    print(f"{sum(len(p) for p in where.values())} class definitions in headers, {len(twice)} name(s) twice")
    return 1 if twice else 0


if __name__ == "__main__":
    sys.exit(main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parents[2]))
