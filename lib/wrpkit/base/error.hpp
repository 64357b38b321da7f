// One error type for the whole library. Every failure a user can cause ends
// as a wrp::Error carrying a one-line message and the exit code the tools use.
#pragma once
#include <stdexcept>
#include <string>

namespace wrp {

// Exit codes shared by every tool, the one table: the C API's wrp_status, the Python
// package's ExitCode, README.md and each tool's --help are tested against it
// (tests/cli/test_exit_codes.py).
enum class Exit : int {
  ok = 0,
  usage = 1,      // bad command line, bad manifest
  bad_input = 2,  // the artifact (or a module in it) is malformed or unsafe
  target = 3,     // a requested target cannot be built from what the artifact holds
  toolchain = 4,  // CUDA toolchain or driver/GPU missing, or a compiler or driver call failed
  output = 5,     // the output cannot be written (read-only, full disk); nothing was left half-written
  internal = 70,  // a bug in wrpkit (EX_SOFTWARE): an exception no check anticipated
};

class Error : public std::runtime_error {
 public:
  Error(Exit code, std::string msg) : std::runtime_error(std::move(msg)), code_(code) {}
  Exit code() const { return code_; }

 private:
  Exit code_;
};

[[noreturn]] inline void fail(Exit code, std::string msg) { throw Error(code, std::move(msg)); }

// An input file's bytes break its format. The reader names the file, the field, the
// byte and the fault, but cannot say what to do: that depends on whose file it is (a
// capture, an artifact, a compiler's output), which the code that opened it knows and
// adds (see open_artifact).
class DamagedInput : public Error {
 public:
  explicit DamagedInput(std::string msg) : Error(Exit::bad_input, std::move(msg)) {}
};

[[noreturn]] inline void fail_damaged(std::string msg) { throw DamagedInput(std::move(msg)); }

// The caller gave up on the work (a progress reader that went away): parallel work
// stops taking new items, and nothing is written.
class Cancelled : public Error {
 public:
  explicit Cancelled(std::string msg) : Error(Exit::usage, std::move(msg)) {}
};

// Text quoted from a file (a name, a key) made printable and single-line, so an
// error that quotes a corrupt file stays one readable line.
inline std::string printable(std::string_view s) {
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f)
      out += char(c);
    else
      out += std::string("\\x") + hex[c >> 4] + hex[c & 15];
  }
  return out;
}

}  // namespace wrp
