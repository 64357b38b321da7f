"""One exit-code table: the library's `enum class Exit` (lib/wrpkit/base/error.hpp) is
the source; the C API's wrp_status, the Python package's ExitCode, the README's table and
every tool's --help must agree with it, and "no GPU or driver" is the same code (4)
from wrp-inspect --device and wrp-run."""
import os
import re
import sys

from common import BIN, local, main, run, Skip

SRC = os.environ["WRPKIT_SOURCE_DIR"]


def library_table():
    text = open(os.path.join(SRC, "lib", "wrpkit", "base", "error.hpp")).read()
    body = re.search(r"enum class Exit : int \{(.*?)\};", text, re.S).group(1)
    table = {name: int(value) for name, value in re.findall(r"(\w+) = (\d+)", body)}
    assert table.get("ok") == 0 and table.get("toolchain") == 4 and len(table) >= 6, table
    return table


def test_python_and_c_api_agree_with_the_library():
    lib = library_table()
    sys.path.insert(0, os.path.join(SRC, "python"))
    from wrpkit._tools import ExitCode
    assert {e.name.lower(): e.value for e in ExitCode} == lib, (dict(ExitCode.__members__), lib)
    header = open(os.path.join(SRC, "lib", "wrpkit", "wrp_runtime.h")).read()
    status = re.search(r"typedef enum \{(.*?)\} wrp_status;", header, re.S).group(1)
    c = {name: int(v) for name, v in re.findall(r"(WRP_\w+) = (\d+)", status)}
    assert c == {"WRP_OK": lib["ok"], "WRP_ERROR_USAGE": lib["usage"], "WRP_ERROR_BAD_INPUT": lib["bad_input"],
                 "WRP_ERROR_UNSUPPORTED": lib["target"], "WRP_ERROR_DRIVER": lib["toolchain"]}, c


def test_readme_and_help_name_only_library_codes():
    lib = set(library_table().values())
    readme = open(os.path.join(SRC, "README.md")).read()
    section = readme.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    rows = {int(m) for m in re.findall(r"^\| (\d+) \|", section, re.M)}
    assert rows == lib - {70}, rows  # 70 (internal error, a bug) is not a row
    for tool in ("wrp-build", "wrp-inspect", "wrp-run"):
        h = run(tool, "--help").stdout
        said = {int(m) for m in re.findall(r"\b(\d) (?:ok|usage|bad input|some|no GPU|the |a target|toolchain|every)", h)}
        assert said and said <= lib, (tool, said)


def test_no_gpu_is_one_code():
    if os.path.exists("/dev/nvidia0") or os.path.exists("/dev/nvidiactl"):
        raise Skip("this machine has an NVIDIA device; the no-GPU answer is checked where there is none")
    capture = local("warp-1.17.0-h200/tiles")
    inspect = run("wrp-inspect", capture, "--device", "0")
    replay = run("wrp-run", capture, "--allow-unverified", "--no-isolate")
    assert inspect.returncode == replay.returncode == 4, (inspect.returncode, inspect.stderr, replay.returncode, replay.stderr)
    assert "driver" in inspect.stderr.lower() and "driver" in replay.stderr.lower(), (inspect.stderr, replay.stderr)


if __name__ == "__main__":
    main()
