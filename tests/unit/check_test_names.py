"""ctest registers each doctest case by name (doctest_discover_tests) and runs it
with -tc=NAME. A ';' in a name is CMake's list separator: the name is cut there,
the filter matches no case, and the case silently never runs. Fail on any."""
import glob
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
bad = []
for path in sorted(glob.glob(os.path.join(here, "**", "*.cpp"), recursive=True)):
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        for name in re.findall(r'TEST_CASE\("([^"]*)"', line):
            if any(c in name for c in ";[]"):
                bad.append(f"{os.path.relpath(path, here)}:{n}: {name}")
if bad:
    print("test case names ctest cannot run (';', '[' or ']' in them): rename them\n  " + "\n  ".join(bad))
    sys.exit(1)
print(f"test case names: all usable by ctest")
