// One source per fuzz target, built two ways: with libFuzzer (WRPKIT_LIBFUZZER,
// clang, scripts/fuzz) each file is its own fuzzer; in the normal build all of
// them register into wrpkit-fuzz-replay, which runs saved inputs (seeds and the
// regression inputs in tests/fuzz/regressions) under ctest, gcc or clang.
//
// A target calls a reader on the input and lets only wrp::Error pass: any other
// exception, a crash or a sanitizer report is a finding.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <string_view>

#include "wrpkit/base/bytes.hpp"
#include "wrpkit/base/error.hpp"

namespace fuzz {

using Target = void (*)(wrp::ByteView input);
inline std::map<std::string, Target>& registry() {
  static std::map<std::string, Target> r;
  return r;
}
struct Register {
  Register(const char* name, Target t) { registry()[name] = t; }
};

// A property the target checks on accepted input; a violation is a finding.
[[noreturn]] void property_failed(const char* what);
#define FUZZ_CHECK(cond) ((cond) ? (void)0 : ::fuzz::property_failed(#cond " (" __FILE__ ")"))

// Runs `t`; a wrp::Error is the reader refusing bad input, which is the point, and
// the refusal is checked too: bad input's exit code (a targets manifest's: usage)
// and a message of one line, as the tools print it.
inline int run_one(Target t, const uint8_t* data, size_t size) {
  try {
    t(wrp::ByteView(data, size));
  } catch (const wrp::Error& e) {
    std::string_view message = e.what();
    bool one_line = !message.empty() && message.find('\n') == std::string_view::npos;
    bool refusal = e.code() == wrp::Exit::bad_input || e.code() == wrp::Exit::usage;
    if (!one_line || !refusal) std::fprintf(stderr, "refused with exit %d: [%s]\n", int(e.code()), e.what());
    FUZZ_CHECK(refusal);
    FUZZ_CHECK(one_line);
  }
  return 0;
}

}  // namespace fuzz

#ifdef WRPKIT_LIBFUZZER
#include <sanitizer/allocator_interface.h>

#include <cstdio>
#include <cstdlib>

namespace fuzz {
// No single allocation may be larger than the input justifies: a reader that
// trusts a count or a size field read from the file would allocate far more.
// The floor covers fixed costs (tables, the report); 16x covers copies.
// WRPKIT_FUZZ_ALLOC_FLOOR (bytes) lowers the floor so scripts/fuzz can check that the check fires.
inline size_t allocation_budget(size_t input_size) {
  static size_t floor = [] {
    auto* env = std::getenv("WRPKIT_FUZZ_ALLOC_FLOOR");
    return env ? size_t(std::strtoull(env, nullptr, 10)) : size_t(4) << 20;
  }();
  return std::max(floor, 16 * input_size);
}
inline size_t largest_allocation = 0;
inline bool tracking = false;
inline void on_malloc(const volatile void*, size_t n) {
  if (tracking && n > largest_allocation) largest_allocation = n;
}
inline void on_free(const volatile void*) {}
inline int run_tracked(Target t, const uint8_t* data, size_t size) {
  static bool installed = __sanitizer_install_malloc_and_free_hooks(on_malloc, on_free) != 0;
  (void)installed;
  largest_allocation = 0;
  tracking = true;
  run_one(t, data, size);
  tracking = false;
  if (largest_allocation > allocation_budget(size)) {
    std::fprintf(stderr, "fuzz property failed: one allocation of %zu bytes for a %zu-byte input\n", largest_allocation,
                 size);
    std::abort();
  }
  return 0;
}
}  // namespace fuzz

#define WRPKIT_FUZZ_TARGET(NAME)                                            \
  static void fuzz_##NAME(wrp::ByteView input);                             \
  extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) { \
    return ::fuzz::run_tracked(fuzz_##NAME, data, size);                    \
  }                                                                         \
  [[noreturn]] void fuzz::property_failed(const char* what) {               \
    fprintf(stderr, "fuzz property failed: %s\n", what);                    \
    abort();                                                                \
  }                                                                         \
  static void fuzz_##NAME(wrp::ByteView input)
#else
#define WRPKIT_FUZZ_TARGET(NAME)                               \
  static void fuzz_##NAME(wrp::ByteView input);                \
  static ::fuzz::Register register_##NAME(#NAME, fuzz_##NAME); \
  static void fuzz_##NAME(wrp::ByteView input)
#endif
